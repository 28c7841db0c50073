// nnlint torch stub: torch/csrc/api/include/torch/cuda.h (torch::cuda is declared in types.h).
#pragma once
#include "types.h"
