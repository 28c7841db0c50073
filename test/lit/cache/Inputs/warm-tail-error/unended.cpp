#include <torch/torch.h>
#include "unended.h"

int after = 1;
