// The fixture of the parameterised replica tests: two CPU replicas ("cpu") or cuda:0 and
// cuda:1 ("cuda", skipped without two GPUs).
#pragma once

#include "helpers.h"

#include <nnlint/verify.h>
#include <torch/torch.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nnlint_test {

class ReplicasTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (cuda() && torch::cuda::device_count() < 2) GTEST_SKIP() << "needs two CUDA devices";
    torch::manual_seed(0);
    options.devices = cuda() ? std::vector<torch::Device>{torch::Device("cuda:0"), torch::Device("cuda:1")}
                             : std::vector<torch::Device>{torch::Device("cpu"), torch::Device("cpu")};
  }
  bool cuda() const { return GetParam() == "cuda"; }
  torch::Device first() const { return options.devices[0]; }
  torch::Tensor batch(int64_t n, std::vector<int64_t> shape = {8}) {
    shape.insert(shape.begin(), n);
    return torch::randn(shape, torch::TensorOptions().device(first()));
  }
  template <class Holder>
  nnlint::verify::Report check(Holder model, const torch::Tensor& x) {
    model->to(first());
    return keep(nnlint::verify::check_replicas(model, x, options));
  }
  nnlint::verify::Options options;
};

}  // namespace nnlint_test
