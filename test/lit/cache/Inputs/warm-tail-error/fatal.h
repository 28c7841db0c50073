#pragma once
#include <torch/torch.h>
#include "missing.h"
