// What a user sees: the GoogleTest macros' failure text, and JSON/SARIF of real reports.
// With NNLINT_SARIF_DIR set, the SARIF documents are also written there for schema validation
// (validate_sarif.py).
#include "models.h"

#include <nnlint/verify_gtest.h>

#include <gtest/gtest-spi.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>

namespace nnlint_test {
namespace {

nnlint::verify::Options cpu_options() {
  nnlint::verify::Options o;
  o.devices = {torch::Device("cpu"), torch::Device("cpu")};
  return o;
}

// EXPECT_NONFATAL_FAILURE cannot see locals, hence these helpers.
void expect_aliased_ok() { EXPECT_REPLICAS_OK(Aliased(), torch::randn({4, 8}), cpu_options()); }
void expect_clean_ok() { EXPECT_REPLICAS_OK(ResNetStyle(), torch::randn({4, 3, 8, 8}), cpu_options()); }

TEST(GtestMacros, PassOnCleanModel) { expect_clean_ok(); }

TEST(GtestMacros, FailOnAliasedModelWithTheReport) {
  EXPECT_NONFATAL_FAILURE(expect_aliased_ok(), "[nn-container-alias] replica 1 (cpu)");
  EXPECT_NONFATAL_FAILURE(expect_aliased_ok(), "'fc2.bias'");
}

nnlint::verify::Report report_of(const std::string& which) {
  if (which == "aliased") return nnlint::verify::check_replicas(Aliased(), torch::randn({4, 8}), cpu_options());
  if (which == "unregistered")
    return nnlint::verify::check_replicas(Unregistered(), torch::randn({4, 8}), cpu_options());
  if (which == "unused") return nnlint::verify::check_replicas(UnusedParam(), torch::randn({4, 8}), cpu_options());
  return nnlint::verify::check_replicas(ResNetStyle(), torch::randn({4, 3, 8, 8}), cpu_options());
}

class Outputs : public ::testing::TestWithParam<std::string> {};

TEST_P(Outputs, JsonAndSarifCarryEveryFinding) {
  auto report = report_of(GetParam());
  EXPECT_EQ(report.ok(), GetParam() == "clean") << report.to_text();

  auto json = nlohmann::json::parse(report.to_json());
  ASSERT_EQ(json["findings"].size(), report.findings.size());
  EXPECT_EQ(json["ok"], report.ok());
  for (size_t i = 0; i < report.findings.size(); ++i) {
    EXPECT_EQ(json["findings"][i]["rule"], report.findings[i].rule);
    EXPECT_EQ(json["findings"][i]["parameter"], report.findings[i].parameter);
  }

  auto sarif = nlohmann::json::parse(report.to_sarif());
  const auto& results = sarif["runs"][0]["results"];
  ASSERT_EQ(results.size(), report.findings.size());
  const auto& rules = sarif["runs"][0]["tool"]["driver"]["rules"];
  for (size_t i = 0; i < results.size(); ++i) {
    EXPECT_EQ(results[i]["ruleId"], report.findings[i].rule);
    EXPECT_EQ(rules[results[i]["ruleIndex"].get<size_t>()]["id"], report.findings[i].rule);
  }

  if (const char* dir = std::getenv("NNLINT_SARIF_DIR")) {
    std::ofstream(std::string(dir) + "/" + GetParam() + ".sarif") << report.to_sarif();
  }
}

INSTANTIATE_TEST_SUITE_P(Models, Outputs, ::testing::Values("aliased", "unregistered", "unused", "clean"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace nnlint_test
