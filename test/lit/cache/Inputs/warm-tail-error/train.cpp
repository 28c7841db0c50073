#include <torch/torch.h>

int main() { return torch::ones({2}).numel() == 2 ? 0 : 1; }
