// The verifier agrees with what C++ data_parallel really does on ordinary models: random draws
// and batch statistics are no gradient mismatch, buffer updates that data_parallel drops are
// named, and a defect inside such a model is still found. Two CPU replicas, or cuda:0 and
// cuda:1 where two GPUs are visible.
#include "helpers.h"
#include "models.h"
#include "replicas_fixture.h"

#include <nnlint/verify.h>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace nnlint_test {
namespace {

using nnlint::verify::Report;
using Fidelity = ReplicasTest;

const char* kMismatch = "nn-runtime-gradient-mismatch";
const char* kLostBuffer = "nn-runtime-lost-buffer-update";

TEST_P(Fidelity, DropoutModelPassesAndItsDropoutIsNamed) {
  Report r = check(DropoutMlp(), batch(6));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("random draws"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("random draws")->find("'drop' (torch::nn::DropoutImpl)"), std::string::npos) << r.to_text();
  ASSERT_NE(r.info_value("compared in eval mode"), nullptr) << r.to_text();
  EXPECT_EQ(*r.info_value("compared in eval mode"), "'drop' (torch::nn::DropoutImpl)") << r.to_text();
  EXPECT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();
}

TEST_P(Fidelity, DefectsInADropoutModelAreStillFound) {
  options.loss = [](const torch::Tensor& out) { return out.square().mean(); };
  Report r = check(DropoutUnusedHead(), batch(6));
  EXPECT_EQ(parameters(with_rule(r, "nn-unused-parameter")), (std::set<std::string>{"spare.weight", "spare.bias"}))
      << r.to_text();
  EXPECT_TRUE(with_rule(r, kMismatch).empty()) << r.to_text();

  Report aliased = check(Aliased(), batch(4));  // no dropout: the aliasing finding itself
  EXPECT_FALSE(with_rule(aliased, "nn-container-alias").empty()) << aliased.to_text();
}

TEST_P(Fidelity, FunctionalDropoutIsTracedToTheModuleThatCallsIt) {
  Report r = check(FunctionalDropout(), batch(6));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("random draws"), nullptr) << r.to_text();
  EXPECT_EQ(r.info_value("random draws")->rfind("the model (", 0), 0u) << r.to_text();

  auto quiet = DropoutMlp();
  quiet->drop->eval();  // no draws: nothing to explain, nothing switched
  Report no_draws = check(quiet, batch(6));
  EXPECT_TRUE(no_draws.ok()) << no_draws.to_text();
  EXPECT_EQ(no_draws.info_value("random draws"), nullptr) << no_draws.to_text();
  EXPECT_EQ(no_draws.info_value("compared in eval mode"), nullptr) << no_draws.to_text();
}

TEST_P(Fidelity, RandomDrawsInEveryModeSkipTheComparison) {
  Report r = check(NoisyInput(), batch(6));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradient comparison"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("gradient comparison")->find("aten::randn_like"), std::string::npos) << r.to_text();
}

TEST_P(Fidelity, LayerNormInEvalModeOverThreeSamplesPasses) {
  auto model = LayerNormHead();
  model->eval();
  Report r = check(model, batch(3));
  EXPECT_TRUE(r.ok()) << r.to_text();
  EXPECT_EQ(*r.info_value("shards"), "2, 1");
  EXPECT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();
}

TEST_P(Fidelity, BufferThatForwardOnlyReadsIsNoFinding) {
  Report r = check(ReadOnlyBuffer(), batch(4));
  EXPECT_TRUE(r.ok()) << r.to_text();
}

TEST_P(Fidelity, CounterBufferUpdateIsLost) {
  Report r = check(CounterBuffer(), batch(4));
  auto lost = with_rule(r, kLostBuffer);
  ASSERT_EQ(parameters(lost), (std::set<std::string>{"steps"})) << r.to_text();
  EXPECT_TRUE(mentions(lost, "replica(s) 0, 1")) << r.to_text();
  EXPECT_TRUE(mentions(lost, "check_ranks")) << r.to_text();
  EXPECT_EQ(lost.size(), r.findings.size()) << r.to_text();
  EXPECT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();

  options.devices = {options.devices[0]};  // one device: data_parallel runs the model itself, which keeps them
  Report one = check(CounterBuffer(), batch(4));
  EXPECT_TRUE(one.ok()) << one.to_text();
}

TEST_P(Fidelity, BatchNormInTrainingLosesItsStatisticsAndIsNoMismatch) {
  Report r = check(BatchNormNet(), batch(6));
  EXPECT_EQ(parameters(with_rule(r, kLostBuffer)),
            (std::set<std::string>{"bn.running_mean", "bn.running_var", "bn.num_batches_tracked"}))
      << r.to_text();
  EXPECT_TRUE(with_rule(r, kMismatch).empty()) << r.to_text();
  ASSERT_NE(r.info_value("batch statistics"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("batch statistics")->find("'bn' (torch::nn::BatchNorm1dImpl)"), std::string::npos);
  EXPECT_EQ(*r.info_value("compared in eval mode"), "'bn' (torch::nn::BatchNorm1dImpl)") << r.to_text();
}

TEST_P(Fidelity, BatchNormInEvalModePasses) {
  auto model = BatchNormNet();
  model->eval();
  Report r = check(model, batch(6));
  EXPECT_TRUE(r.ok()) << r.to_text();
}

TEST_P(Fidelity, ReductionOverTheBatchInForwardIsNoMismatch) {
  Report r = check(BatchCentred(), batch(6));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradient comparison"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("gradient comparison")->find("couples the samples"), std::string::npos) << r.to_text();
}

TEST_P(Fidelity, DeviceWithoutAnIndexInForwardIsNamed) {
  if (!cuda()) GTEST_SKIP() << "needs two CUDA devices";
  Report r = check(CudaMask(), batch(4));
  auto found = with_rule(r, "nn-runtime-made-on-other-device");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_EQ(found[0].replica, 1) << r.to_text();
  EXPECT_EQ(found[0].op, "aten::ones") << r.to_text();
  EXPECT_TRUE(mentions(found, "on cuda:0") && mentions(found, "cuda:1") && mentions(found, "x.options()"))
      << r.to_text();

  Report follows = check(CudaMask(/*use_input_device=*/true), batch(4));
  EXPECT_TRUE(follows.ok()) << follows.to_text();
}

INSTANTIATE_TEST_SUITE_P(Backends, Fidelity, ::testing::Values("cpu", "cuda"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace nnlint_test
