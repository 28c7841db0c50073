// What data_parallel costs, measured on two GPUs (skipped with fewer): a model whose clone() takes
// most of the step gets nn-runtime-replication-cost, a convolution net on a large batch does not,
// and device 0's extra memory is broken down (the optimizer state, a checkpoint loaded there).
#include "helpers.h"
#include "models.h"

#include <nnlint/verify.h>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace nnlint_test {
namespace {

using nnlint::verify::check_replicas;
using nnlint::verify::Finding;
using nnlint::verify::Options;
using nnlint::verify::Report;

class TwoGpuCost : public ::testing::Test {
 protected:
  void SetUp() override {
    if (torch::cuda::device_count() < 2) GTEST_SKIP() << "needs two CUDA devices";
    torch::manual_seed(0);
    options.devices = {torch::Device("cuda:0"), torch::Device("cuda:1")};
  }
  Options options;
};

// The benchmark's model: 21 M parameters, a 3 ms step on one GPU, about 150 ms per clone().
TEST_F(TwoGpuCost, CloneDominatedMlpGetsTheWarningAndAdamStateIsNamed) {
  auto model = Mlp(1024, 1024, 20, 1024);
  model->to(torch::Device("cuda:0"));
  torch::optim::Adam adam(model->parameters(), torch::optim::AdamOptions(1e-3));
  options.optimizer = &adam;
  Report r = keep(check_replicas(model, torch::randn({256, 1024}, torch::Device("cuda:0")), options));
  auto cost = with_rule(r, "nn-runtime-replication-cost");
  ASSERT_EQ(cost.size(), 1u) << r.to_text();
  EXPECT_EQ(cost[0].level, "warning") << r.to_text();
  EXPECT_NE(cost[0].message.find("one process per GPU"), std::string::npos);
  auto memory = with_rule(r, "nn-runtime-device0-memory");
  ASSERT_EQ(memory.size(), 1u) << r.to_text();
  EXPECT_EQ(memory[0].level, "note");
  EXPECT_NE(memory[0].message.find("the largest part is the optimizer state (Adam), 160."), std::string::npos)
      << memory[0].message;
  EXPECT_EQ(r.findings.size(), 2u) << r.to_text();
}

// Few parameters, much compute. A process's first check also pays CUDA's lazy loading and
// cuDNN's set-up in the replicas' threads (a 535 ms replica step against 68 ms warm, measured on
// H200s): the thresholds do not depend on that step, so both checks pass.
TEST_F(TwoGpuCost, ConvNetOnALargeBatchGetsNoReplicationFinding) {
  auto model = ConvStack(128, 6);
  model->to(torch::Device("cuda:0"));
  torch::Tensor images = torch::randn({1536, 3, 64, 64}, torch::Device("cuda:0"));
  for (int call = 0; call < 2; ++call) {
    Report r = keep(check_replicas(model, images, options));
    EXPECT_TRUE(with_rule(r, "nn-runtime-replication-cost").empty()) << "call " << call << "\n" << r.to_text();
    EXPECT_TRUE(with_rule(r, "nn-runtime-device0-memory").empty()) << r.to_text();
    EXPECT_TRUE(r.ok()) << r.to_text();
    ASSERT_NE(r.info_value("step time"), nullptr) << r.to_text();
    EXPECT_NE(r.info_value("step time")->find("one device with the whole batch"), std::string::npos);
  }
}

// A checkpoint loaded without a device lands on the GPU it was saved from and stays there.
TEST_F(TwoGpuCost, CheckpointLoadedOntoGpuZeroIsNamed) {
  const std::string path = "/tmp/nnlint_cost_ckpt_" + std::to_string(::getpid()) + ".pt";
  torch::save(torch::ones({int64_t{32} << 20}, torch::Device("cuda:0")), path);  // 128 MiB
  torch::Tensor checkpoint;
  torch::load(checkpoint, path);
  std::remove(path.c_str());
  ASSERT_TRUE(checkpoint.is_cuda());
  auto model = Mlp(64, 256, 3, 64);
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, torch::randn({64, 64}, torch::Device("cuda:0")), options));
  auto memory = with_rule(r, "nn-runtime-device0-memory");
  ASSERT_EQ(memory.size(), 1u) << r.to_text();
  EXPECT_NE(memory[0].message.find("the largest part is other tensors already on cuda:0 before the step"),
            std::string::npos)
      << memory[0].message;
  EXPECT_NE(memory[0].message.find("a checkpoint loaded onto GPU 0"), std::string::npos) << memory[0].message;
  EXPECT_TRUE(r.ok()) << r.to_text();
}

}  // namespace
}  // namespace nnlint_test
