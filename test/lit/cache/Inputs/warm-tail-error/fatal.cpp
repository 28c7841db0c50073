#include <torch/torch.h>
#include "fatal.h"

int after = 1;
