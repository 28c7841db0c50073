// A header that clears Qt's `slots` before LibTorch, as Qt users write.
#ifndef X_H
#define X_H
#undef slots
#include <torch/torch.h>
#define slots Q_SLOTS

struct XImpl : torch::nn::Module {
  XImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
};
#endif
