#pragma once
#include <torch/torch.h>

struct Options {
  int64_t width = 4;
};
