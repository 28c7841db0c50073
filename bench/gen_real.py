#!/usr/bin/env python3
"""Writes a few real-looking LibTorch source files for bench/workflows.sh, each
with its own include block (different LibTorch headers, standard headers in
different orders, a user header that includes LibTorch), the way files of real
projects differ: a model with a training step, an encoder with options, a
residual network in a header, a data-parallel trainer.

    gen_real.py OUT_DIR
"""
import os
import sys

MODEL_H = """#pragma once
#include <torch/torch.h>

#include <string>
#include <vector>

// A residual network, defined in a header the way many projects keep it.
struct BlockImpl : torch::nn::Module {
  BlockImpl(int64_t channels) {
    conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)));
    bn1 = register_module("bn1", torch::nn::BatchNorm2d(channels));
    conv2 = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(channels, channels, 3).padding(1)));
    bn2 = register_module("bn2", torch::nn::BatchNorm2d(channels));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto y = torch::relu(bn1(conv1(x)));
    return torch::relu(x + bn2(conv2(y)));
  }
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
};
TORCH_MODULE(Block);

struct ResNetImpl : torch::nn::Module {
  ResNetImpl(int64_t blocks, int64_t classes) {
    stem = register_module("stem", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 64, 7).stride(2).padding(3)));
    for (int64_t i = 0; i < blocks; ++i) body->push_back(Block(64));
    register_module("body", body);
    head = register_module("head", torch::nn::Linear(64, classes));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = body->forward(torch::relu(stem(x)));
    return head(torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1));
  }
  torch::nn::Conv2d stem{nullptr};
  torch::nn::Sequential body;
  torch::nn::Linear head{nullptr};
};
TORCH_MODULE(ResNet);
"""

FILES = {
    # A classifier and its training step; the block most tutorials start with.
    "classifier.cpp": """#include <torch/torch.h>
#include <iostream>
#include <memory>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t hidden, int64_t classes) {
    fc1 = register_module("fc1", torch::nn::Linear(in, hidden));
    drop = register_module("drop", torch::nn::Dropout(0.1));
    fc2 = register_module("fc2", torch::nn::Linear(hidden, classes));
  }
  torch::Tensor forward(torch::Tensor x) { return fc2(drop(torch::relu(fc1(x)))); }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::nn::Dropout drop{nullptr};
};
TORCH_MODULE(Classifier);

double train_step(Classifier &model, torch::optim::Optimizer &opt, const torch::Tensor &x, const torch::Tensor &y) {
  opt.zero_grad();
  auto loss = torch::nn::functional::cross_entropy(model(x), y);
  loss.backward();
  opt.step();
  return loss.item<double>();
}

int main() {
  Classifier model(784, 256, 10);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  auto x = torch::randn({32, 784});
  auto y = torch::randint(0, 10, {32});
  std::cout << train_step(model, opt, x, y) << std::endl;
}
""",
    # An encoder built from torch/nn.h and torch/optim.h only, with standard
    # headers first.
    "encoder.cpp": """#include <map>
#include <string>
#include <vector>
#include <torch/nn.h>
#include <torch/optim.h>

struct EncoderOptions {
  int64_t vocab = 1000, dim = 128, layers = 2;
};

struct EncoderImpl : torch::nn::Cloneable<EncoderImpl> {
  explicit EncoderImpl(EncoderOptions options) : options_(options) { reset(); }
  void reset() override {
    embed = register_module("embed", torch::nn::Embedding(options_.vocab, options_.dim));
    cells_.clear();
    for (int64_t i = 0; i < options_.layers; ++i)
      cells_.push_back(register_module("cell" + std::to_string(i), torch::nn::Linear(options_.dim, options_.dim)));
    norm = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({options_.dim})));
  }
  torch::Tensor forward(torch::Tensor tokens) {
    auto h = embed(tokens);
    for (auto &cell : cells_) h = h + torch::tanh(cell(h));
    return norm(h);
  }
  EncoderOptions options_;
  torch::nn::Embedding embed{nullptr};
  std::vector<torch::nn::Linear> cells_;
  torch::nn::LayerNorm norm{nullptr};
};
TORCH_MODULE(Encoder);

std::map<std::string, int64_t> sizes(Encoder &e) {
  std::map<std::string, int64_t> out;
  for (const auto &p : e->named_parameters()) out[p.key()] = p.value().numel();
  return out;
}
""",
    # The model lives in a user header; this file only trains it.
    "train_resnet.cpp": """#include "model.h"
#include <torch/torch.h>
#include <cstdio>

void train(ResNet &net, int steps) {
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  for (int s = 0; s < steps; ++s) {
    auto x = torch::randn({8, 3, 64, 64});
    auto y = torch::randint(0, 10, {8});
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(net(x), y);
    loss.backward();
    opt.step();
    std::printf("%d %f\\n", s, loss.item<float>());
  }
}
""",
    # Replicas of a model whose container is not registered, saved to disk.
    "parallel.cpp": """#include <torch/torch.h>
#include <torch/serialize.h>

#include <array>
#include <vector>

struct TowerImpl : torch::nn::Cloneable<TowerImpl> {
  TowerImpl() { reset(); }
  void reset() override {
    a = register_module("a", torch::nn::Linear(64, 64));
    b = register_module("b", torch::nn::Linear(64, 64));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &l : branches_) x = l(x);
    return a(x) + b(x);
  }
  torch::nn::Linear a{nullptr}, b{nullptr};
  std::vector<torch::nn::Linear> branches_{torch::nn::Linear(64, 64)};
};
TORCH_MODULE(Tower);

std::vector<std::shared_ptr<torch::nn::Module>> replicas(Tower &model, int n) {
  std::vector<std::shared_ptr<torch::nn::Module>> out;
  for (int i = 0; i < n; ++i) out.push_back(model->clone());
  torch::save(model, "tower.pt");
  return out;
}
""",
}


def main():
    out = os.path.abspath(sys.argv[1])
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "model.h"), "w") as f:
        f.write(MODEL_H)
    for name, text in FILES.items():
        with open(os.path.join(out, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
