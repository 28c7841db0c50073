#include <torch/torch.h>

int width();
