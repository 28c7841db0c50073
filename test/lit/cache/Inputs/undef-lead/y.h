// A header that clears Qt's `slots` before LibTorch, as Qt users write.
#ifndef Y_H
#define Y_H
#undef slots
#include <torch/torch.h>
#define slots Q_SLOTS

struct YImpl : torch::nn::Module {
  YImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
};
#endif
