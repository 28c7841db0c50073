// nnlint torch stub: a small, faithful stand-in for <torch/torch.h> of LibTorch 1.13 (Debian).
// See ../README.md. Defines NNLINT_TORCH_STUB so tests can tell the two apart when they must.
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "types.h"
#include "utils.h"
#include "cuda.h"
#include "nn.h"
#include "optim.h"
#include "serialize.h"
