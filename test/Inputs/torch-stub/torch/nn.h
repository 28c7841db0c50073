// nnlint torch stub: torch/csrc/api/include/torch/nn.h.
#pragma once
#include "nn/cloneable.h"
#include "nn/functional.h"
#include "nn/module.h"
#include "nn/modules.h"
#include "nn/options.h"
#include "nn/pimpl.h"
