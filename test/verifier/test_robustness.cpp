// Bad input to the single-process verifier: exceptions of any type, models without parameters,
// NaN and Inf, empty batches, exception text that is not UTF-8. None may abort, hang or give a
// false finding; each gets one clear finding of its own.
#include "helpers.h"
#include "models.h"

#include <nnlint/verify.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace nnlint_test {
namespace {

using nnlint::verify::check_module;
using nnlint::verify::check_replicas;
using nnlint::verify::Options;
using nnlint::verify::Report;

Options two_cpus() {
  Options o;
  o.devices = {torch::Device("cpu"), torch::Device("cpu")};
  return o;
}

struct ThrowsIntImpl : Cloneable<ThrowsIntImpl> {
  ThrowsIntImpl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor x) {
    if (x.size(0) > 0) throw 42;
    return fc(x);
  }
  Linear fc{nullptr};
};
TORCH_MODULE(ThrowsInt);

// log() of a value that is negative for most inputs: the first NaN is made by aten::log.
struct LogOfNegativeImpl : Cloneable<LogOfNegativeImpl> {
  LogOfNegativeImpl() { reset(); }
  void reset() override {
    fc = register_module("fc", Linear(8, 8));
    bn = register_module("bn", torch::nn::BatchNorm1d(8));
  }
  torch::Tensor forward(torch::Tensor x) { return bn(torch::log(fc(x) - 100.0)); }
  Linear fc{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};
TORCH_MODULE(LogOfNegative);

struct ThrowsBadUtf8Impl : Cloneable<ThrowsBadUtf8Impl> {
  ThrowsBadUtf8Impl() { reset(); }
  void reset() override { fc = register_module("fc", Linear(8, 8)); }
  torch::Tensor forward(torch::Tensor) { throw std::runtime_error("bad bytes \xff\xfe\xc3 in a message"); }
  Linear fc{nullptr};
};
TORCH_MODULE(ThrowsBadUtf8);

TEST(Robustness, ThrowOfANonExceptionIsAFinding) {
  Report r = keep(check_replicas(ThrowsInt(), torch::randn({4, 8}), two_cpus()));
  auto failed = with_rule(r, "nn-runtime-step-failed");
  ASSERT_EQ(failed.size(), 2u) << r.to_text();
  EXPECT_TRUE(mentions(failed, "not a std::exception")) << r.to_text();
  EXPECT_EQ(failed.size(), r.findings.size()) << r.to_text();
}

TEST(Robustness, ModelWithoutParametersPasses) {
  Report r = keep(check_replicas(NoParameters(), torch::randn({4, 8}), two_cpus()));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradient comparison"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("gradient comparison")->find("no trainable parameters"), std::string::npos);
}

TEST(Robustness, NanInTheInputIsBlamedOnTheInput) {
  torch::manual_seed(0);
  torch::Tensor x = torch::randn({6, 8});
  x[4][3] = std::numeric_limits<float>::quiet_NaN();
  Report r = keep(check_replicas(BatchNormNet(), x, two_cpus()));
  auto found = with_rule(r, "nn-runtime-non-finite");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_TRUE(mentions(found, "input 0 of the batch holds 1 NaN, 0 Inf of 48 values")) << r.to_text();
  EXPECT_TRUE(with_rule(r, "nn-runtime-gradient-mismatch").empty()) << "not BatchNorm's doing\n" << r.to_text();
  // BatchNorm in training also updates statistics that data_parallel drops: a finding of its own.
  EXPECT_EQ(found.size() + with_rule(r, "nn-runtime-lost-buffer-update").size(), r.findings.size()) << r.to_text();
}

TEST(Robustness, FirstOperatorThatMadeANanIsNamed) {
  torch::manual_seed(0);
  Report r = keep(check_replicas(LogOfNegative(), torch::randn({6, 8}), two_cpus()));
  auto found = with_rule(r, "nn-runtime-non-finite");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_EQ(found[0].op, "aten::log") << r.to_text();
  EXPECT_TRUE(mentions(found, "first operator that produced a non-finite value")) << r.to_text();
  EXPECT_EQ(found.size() + with_rule(r, "nn-runtime-lost-buffer-update").size(), r.findings.size()) << r.to_text();
}

TEST(Robustness, FiniteModelHasNoNonFiniteFinding) {
  torch::manual_seed(0);
  Report r = keep(check_replicas(Mlp(), torch::randn({6, 8}) * 1e3, two_cpus()));
  EXPECT_TRUE(r.ok()) << r.to_text();
}

TEST(Robustness, EmptyBatchIsAnError) {
  Report r = keep(check_replicas(Mlp(), torch::randn({0, 8}), two_cpus()));
  auto found = with_rule(r, "nn-runtime-empty-batch");
  ASSERT_EQ(found.size(), 1u) << r.to_text();
  EXPECT_TRUE(mentions(found, "no samples (shape [0, 8])")) << r.to_text();
  EXPECT_FALSE(r.ok());

  auto forward = [](torch::nn::Module& m, const std::vector<torch::Tensor>& in) {
    return std::vector<torch::Tensor>{dynamic_cast<MlpImpl&>(m).forward(in.at(0))};
  };
  Report none = keep(check_module(Mlp().ptr(), {}, forward, {}, two_cpus()));
  EXPECT_EQ(with_rule(none, "nn-runtime-empty-batch").size(), 1u) << none.to_text();
  Report null_model = keep(check_module(nullptr, {torch::randn({2, 8})}, forward, {}, two_cpus()));
  EXPECT_EQ(with_rule(null_model, "nn-runtime-step-failed").size(), 1u) << null_model.to_text();
}

TEST(Robustness, InvalidUtf8InAnExceptionKeepsJsonAndSarifValid) {
  Report r = keep(check_replicas(ThrowsBadUtf8(), torch::randn({4, 8}), two_cpus()));
  ASSERT_FALSE(r.ok());
  std::string json, sarif;
  ASSERT_NO_THROW(json = r.to_json());
  ASSERT_NO_THROW(sarif = r.to_sarif());
  auto j = nlohmann::json::parse(json);
  EXPECT_NE(j["findings"][0]["message"].get<std::string>().find("bad bytes"), std::string::npos);
  EXPECT_FALSE(nlohmann::json::parse(sarif, nullptr, /*allow_exceptions=*/false).is_discarded());
}

TEST(Robustness, GradientsAreReducedWhereTheModelIs) {
  Report r = keep(check_replicas(Mlp(), torch::randn({4, 8}), two_cpus()));
  ASSERT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradients reduced on"), nullptr) << r.to_text();
  EXPECT_EQ(r.info_value("gradients reduced on")->rfind("cpu (the model's own parameters", 0), 0u) << r.to_text();
}

}  // namespace
}  // namespace nnlint_test
