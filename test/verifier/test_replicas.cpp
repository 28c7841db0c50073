// The verifier on the test models, on two CPU replicas and (where two GPUs are visible) on
// cuda:0 and cuda:1. The same expectations hold on both, plus device checks on CUDA.
#include "helpers.h"
#include "models.h"
#include "replicas_fixture.h"

#include <nnlint/verify.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>

namespace nnlint_test {
namespace {

using nnlint::verify::check_module;
using nnlint::verify::check_replicas;
using nnlint::verify::Finding;
using nnlint::verify::Options;
using nnlint::verify::Report;
using Replicas = ReplicasTest;

TEST_P(Replicas, AliasedModelNamesSharedParametersAndReplica) {
  Report r = check(Aliased(), batch(4));
  auto alias = with_rule(r, "nn-container-alias");
  EXPECT_EQ(parameters(alias), (std::set<std::string>{"fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"}))
      << r.to_text();
  EXPECT_TRUE(std::any_of(alias.begin(), alias.end(), [](const Finding& f) { return f.replica == 1; })) << r.to_text();
  EXPECT_TRUE(mentions(alias, "of the original model")) << r.to_text();
  // The replicas' own fc1/fc2 get no gradient, but that is the alias's doing, not a second defect.
  EXPECT_TRUE(with_rule(r, "nn-unused-parameter").empty()) << r.to_text();
  if (cuda()) {
    // Replica 1 runs on cuda:1 with the original's tensors on cuda:0; PyTorch then throws.
    EXPECT_TRUE(mentions(alias, "replica 1 (cuda:1)") && mentions(alias, "(on cuda:0)")) << r.to_text();
    EXPECT_FALSE(with_rule(r, "nn-runtime-step-failed").empty()) << r.to_text();
  }
}

TEST_P(Replicas, UnregisteredContainerIsFound) {
  Report r = check(Unregistered(), batch(4));
  auto found = with_rule(r, "nn-unregistered-submodule");
  ASSERT_FALSE(found.empty()) << r.to_text();
  std::set<int> replicas;
  for (const Finding& f : found) replicas.insert(f.replica);
  EXPECT_EQ(replicas, (std::set<int>{0, 1})) << r.to_text();
  if (cuda()) EXPECT_TRUE(mentions(found, "on cpu")) << r.to_text();
}

TEST_P(Replicas, UnusedParameterIsNamed) {
  Report r = check(UnusedParam(), batch(4));
  EXPECT_EQ(parameters(r.findings), (std::set<std::string>{"head2.weight", "head2.bias"})) << r.to_text();
  EXPECT_EQ(with_rule(r, "nn-unused-parameter").size(), r.findings.size()) << r.to_text();
}

TEST_P(Replicas, OutputNotInLoss) {
  options.loss = [](const torch::Tensor& main) { return main.pow(2).mean(); };  // sees output 0 only
  Report r = check(TwoHeads(), batch(4));
  auto found = with_rule(r, "nn-output-not-in-loss");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_NE(found[0].message.find("output 1"), std::string::npos) << r.to_text();
  // aux's parameters get no gradient either: they are reported by name too.
  EXPECT_EQ(parameters(with_rule(r, "nn-unused-parameter")), (std::set<std::string>{"aux.weight", "aux.bias"}));

  options.loss = nullptr;  // default: the sum of every output
  Report all = check(TwoHeads(), batch(4));
  EXPECT_TRUE(all.ok()) << all.to_text();
}

TEST_P(Replicas, GeneralFormWithTwoInputs) {
  auto model = Mlp(8, 16, 2, 4);
  model->to(first());
  auto forward = [](torch::nn::Module& m, const std::vector<torch::Tensor>& in) {
    return std::vector<torch::Tensor>{dynamic_cast<MlpImpl&>(m).forward(in[0] * in[1])};
  };
  auto loss = [](const std::vector<torch::Tensor>& out) { return out[0].square().mean(); };
  Report r = keep(check_module(model.ptr(), {batch(6), batch(6)}, forward, loss, options));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("shards"), nullptr);
  EXPECT_EQ(*r.info_value("shards"), "3, 3");
}

TEST_P(Replicas, CleanResNetStylePasses) {
  Report r = check(ResNetStyle(), batch(6, {3, 8, 8}));
  EXPECT_TRUE(r.ok()) << r.to_text();
  // The comparison ran and the observer saw both passes of both replicas.
  ASSERT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();
  const std::string* ops = r.info_value("ops observed per replica");
  ASSERT_NE(ops, nullptr);
  EXPECT_EQ(ops->find(" 0 forward"), std::string::npos) << *ops;
  EXPECT_EQ(ops->find(" 0 backward"), std::string::npos) << *ops;
}

TEST_P(Replicas, UnevenSplits) {
  options.loss = [](const torch::Tensor& out) { return out.square().mean(); };
  Report gathered = check(Mlp(), batch(5));
  EXPECT_TRUE(gathered.ok()) << gathered.to_text();
  EXPECT_EQ(*gathered.info_value("shards"), "3, 2");

  // Averaging per-replica means weighs the 2-sample shard like the 3-sample one.
  options.per_replica_loss = true;
  Report averaged = check(Mlp(), batch(5));
  EXPECT_FALSE(with_rule(averaged, "nn-runtime-gradient-mismatch").empty()) << averaged.to_text();
  Report even = check(Mlp(), batch(4));
  EXPECT_TRUE(even.ok()) << even.to_text();

  options.per_replica_loss = false;
  Report single = check(Mlp(), batch(1));
  EXPECT_TRUE(single.ok()) << single.to_text();
  EXPECT_NE(single.info_value("shards")->find("fewer samples than devices"), std::string::npos);
}

TEST_P(Replicas, GradientOnSomeReplicasOnly) {
  Report r = check(DataDependent(), batch(5));
  auto found = with_rule(r, "nn-runtime-partial-gradient");
  EXPECT_EQ(parameters(found), (std::set<std::string>{"extra.weight", "extra.bias"})) << r.to_text();
  for (const Finding& f : found) EXPECT_EQ(f.replica, 1);
}

TEST_P(Replicas, ReplicaUsingAnotherReplicasTensor) {
  StaticCacheImpl::cache() = torch::Tensor();
  Report r = check(StaticCache(), batch(4));
  StaticCacheImpl::cache() = torch::Tensor();
  auto found = with_rule(r, "nn-runtime-replica-crosstalk");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_EQ(found[0].parameter, "fc.weight");
  EXPECT_TRUE(mentions(found, "of replica " + std::to_string(1 - found[0].replica))) << r.to_text();
}

TEST_P(Replicas, InvalidDeviceIds) {
  options.devices = {torch::Device("cuda:7"), torch::Device("cuda:8")};
  Report r = keep(check_replicas(Mlp(), torch::randn({4, 8}), options));
  auto found = with_rule(r, "nn-runtime-invalid-device");
  ASSERT_EQ(found.size(), 2u) << r.to_text();
  EXPECT_NE(found[0].message.find("Invalid device id cuda:7"), std::string::npos);
  ASSERT_NE(r.info_value("CUDA_VISIBLE_DEVICES"), nullptr);
}

TEST_P(Replicas, ModelOffTheFirstDeviceTrainsThere) {
  if (!cuda()) GTEST_SKIP() << "a CPU machine has one device";
  auto model = Mlp();
  model->to(torch::Device("cuda:1"));
  Report r = keep(check_replicas(model, batch(4), options));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradients reduced on"), nullptr) << r.to_text();
  EXPECT_EQ(r.info_value("gradients reduced on")->rfind("cuda:1", 0), 0u) << r.to_text();
}

TEST_P(Replicas, SingleDeviceMovesTheModel) {
  if (!cuda()) GTEST_SKIP() << "a CPU machine has one device";
  auto model = Mlp();
  model->to(torch::Device("cuda:0"));
  options.devices = {torch::Device("cuda:1")};
  Report r = keep(check_replicas(model, batch(4), options));
  auto found = with_rule(r, "nn-runtime-not-on-first-device");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_EQ(found[0].parameter, "layers.0.weight") << r.to_text();
  EXPECT_TRUE(mentions(found, "single device cuda:1 moves the model itself there")) << r.to_text();
  EXPECT_EQ(found.size(), r.findings.size()) << r.to_text();

  options.devices = {torch::Device("cuda:0")};  // already there: nothing moves
  Report stays = keep(check_replicas(model, batch(4), options));
  EXPECT_TRUE(stays.ok()) << stays.to_text();
}

TEST_P(Replicas, UserModelIsLeftUntouched) {
  auto model = BatchNormNet();
  model->to(first());
  model->bn->eval();  // one module in eval mode, the others in training mode
  auto before = model->bn->running_mean.clone();
  Report r = keep(check_replicas(model, batch(6), options));
  ASSERT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();
  EXPECT_TRUE(torch::equal(before, model->bn->running_mean));
  EXPECT_EQ(model->bn->num_batches_tracked.item<int64_t>(), 0);
  for (const auto& p : model->parameters()) EXPECT_FALSE(p.grad().defined());
  EXPECT_TRUE(model->is_training() && model->fc1->is_training() && !model->bn->is_training());

  model->bn->train();  // the comparison now switches modules to eval mode and back
  Report training = keep(check_replicas(model, batch(6), options));
  ASSERT_NE(training.info_value("compared in eval mode"), nullptr) << training.to_text();
  EXPECT_TRUE(torch::equal(before, model->bn->running_mean));
  EXPECT_TRUE(model->is_training() && model->fc1->is_training() && model->bn->is_training());
}

TEST_P(Replicas, ObserverIsQuiet) {
  ::testing::internal::CaptureStderr();
  check(Aliased(), batch(4));
  check(ResNetStyle(), batch(4, {3, 8, 8}));
  std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(err.find("RecordFunction"), std::string::npos) << err;
  EXPECT_EQ(err.find("Called inputs()"), std::string::npos) << err;
}

TEST_P(Replicas, CudaBackendUsesNcclAndMeasuresMemory) {
  if (!cuda()) GTEST_SKIP() << "CUDA only";
  Report r = check(Mlp(64, 256, 4, 64), batch(64, {64}));
  EXPECT_TRUE(r.ok()) << r.to_text();
#ifdef NNLINT_TEST_EXPECT_NCCL
  ASSERT_NE(r.info_value("backend"), nullptr);
  EXPECT_EQ(*r.info_value("backend"), "NCCL") << r.to_text();
  EXPECT_NE(r.info_value("NCCL"), nullptr);
  ASSERT_NE(r.info_value("peak memory"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("peak memory")->find("cuda:1"), std::string::npos);
  EXPECT_NE(r.info_value("device 0 memory"), nullptr);
#endif
}

INSTANTIATE_TEST_SUITE_P(Backends, Replicas, ::testing::Values("cpu", "cuda"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace nnlint_test
