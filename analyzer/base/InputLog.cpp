#include "base/InputLog.h"

namespace nnlint {
namespace {

struct Log {
  std::set<std::string> paths;
  bool known = true;
};

Log &inputLog() {
  static Log log;
  return log;
}

}  // namespace

void noteInput(const std::string &path) {
  if (!path.empty()) inputLog().paths.insert(path);
}

void noteUnknownInputs() { inputLog().known = false; }

const std::set<std::string> *notedInputs() { return inputLog().known ? &inputLog().paths : nullptr; }

}  // namespace nnlint
