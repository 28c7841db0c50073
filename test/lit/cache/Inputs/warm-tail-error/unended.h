#pragma once
#include <torch/torch.h>

struct Unended {}
