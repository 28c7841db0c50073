#pragma once

#include "base/SourcePoint.h"

#include <string>

namespace nnlint {

// A file that could not be analysed. A compile error has Clang's message and
// the place of the first error (`loc`); other problems have no place.
struct ToolError {
  std::string file;
  std::string message;
  SourcePoint loc;
  unsigned compileErrors = 0;
};

}  // namespace nnlint
