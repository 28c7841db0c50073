// Clears `slots`, which its first library header then defines: hoisted above
// the header, that library header's `slots` would be cleared again by this
// line, and the code below would see no `slots`.
#ifndef Z_H
#define Z_H
#undef slots
#include <defines-slots.h>
#include <torch/torch.h>

struct ZImpl : torch::nn::Module {
  ZImpl() {
#ifdef slots
    fc = register_module("fc", torch::nn::Linear(4, 4));
#else
    fc = torch::nn::Linear(4, 4);
#endif
  }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
#endif
