#include "errors.h"

#include <c10/util/Exception.h>

#include <exception>

namespace nnlint::verify::detail {

std::string current_exception_line() {
  std::string s;
  try {
    throw;
  } catch (const c10::Error& e) {
    s = e.what_without_backtrace();
  } catch (const std::exception& e) {
    s = e.what();
  } catch (...) {
    return "an exception that is not a std::exception (for example `throw 42`)";
  }
  return s.substr(0, s.find('\n'));
}

}  // namespace nnlint::verify::detail
