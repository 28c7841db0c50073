#ifndef GRAPH_H
#define GRAPH_H

class Trainer;

#ifdef USE_CUDA
#include <torch/torch.h>

struct GraphImpl : torch::nn::Module {
  explicit GraphImpl(Trainer *trainer);
  torch::Tensor forward(torch::Tensor x);
  torch::nn::Linear fc{nullptr};
};
#endif

#endif
