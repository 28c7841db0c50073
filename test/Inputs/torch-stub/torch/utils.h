// nnlint torch stub: torch/csrc/api/include/torch/utils.h (NoGradGuard etc. are declared in types.h).
#pragma once
#include "types.h"
