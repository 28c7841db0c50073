// One line describing the exception in flight, whatever was thrown (std::exception, c10::Error,
// or a value such as `throw 42`). Call only inside a catch block.
#pragma once

#include <string>

namespace nnlint::verify::detail {

std::string current_exception_line();

}  // namespace nnlint::verify::detail
