#pragma once
#include <torch/torch.h>

struct NetImpl : torch::nn::Module {
  NetImpl();
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear body{nullptr}, head{nullptr};
};

// A member of a type not declared: the class is not judged.
struct BrokenImpl : torch::nn::Module {
  BrokenImpl() { out = torch::nn::Linear(2, 2); }
  UnknownType broken;
  torch::nn::Linear out{nullptr};
};

// An undeclared name in an inline body: the rest of the class is judged.
struct HelperImpl : torch::nn::Module {
  HelperImpl() {
    out = register_module("out", torch::nn::Linear(2, 2));
    spare = torch::nn::Linear(2, 2);
  }
  torch::Tensor forward(torch::Tensor x) { return out(x) * undeclared_scale; }
  torch::nn::Linear out{nullptr}, spare{nullptr};
};
