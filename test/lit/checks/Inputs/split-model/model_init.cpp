#include "model.h"

SplitImpl::SplitImpl() {
  reset();
  cells_ = {fc1, fc2};
  extra_.push_back(torch::nn::Linear(8, 8));
  scale_ = torch::ones({1}, torch::requires_grad());
  register_buffer("steps", torch::zeros({1}));
}
