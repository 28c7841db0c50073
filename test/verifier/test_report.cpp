// Report formatting on hand-made findings (no torch in this file: it builds in a second).
#include <nnlint/report.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <set>

namespace {

using nnlint::verify::Finding;
using nnlint::verify::Report;

Report sample() {
  Report r;
  Finding f;
  f.rule = "nn-container-alias";
  f.message = "replica 1 (cuda:1): aten::linear reads parameter 'cells.0.weight' \"quoted\"\nsecond line";
  f.parameter = "cells.0.weight";
  f.op = "aten::linear";
  f.device = "cuda:1";
  f.replica = 1;
  r.findings.push_back(f);
  Finding g;
  g.rule = "nn-runtime-invalid-device";
  g.message = "Invalid device id cuda:7";
  r.findings.push_back(g);
  r.add_info("backend", "NCCL");
  return r;
}

TEST(Report, OkOnlyWithoutFindings) {
  Report r;
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.to_text().find("ok"), std::string::npos);
  EXPECT_FALSE(sample().ok());
}

TEST(Report, TextListsEveryFindingAndInfo) {
  std::string text = sample().to_text();
  EXPECT_NE(text.find("2 finding(s)"), std::string::npos) << text;
  EXPECT_NE(text.find("[nn-container-alias] replica 1 (cuda:1)"), std::string::npos) << text;
  EXPECT_NE(text.find("[nn-runtime-invalid-device] Invalid device id cuda:7"), std::string::npos) << text;
  EXPECT_NE(text.find("backend: NCCL"), std::string::npos) << text;
}

TEST(Report, JsonRoundTripsAllFields) {
  Report r = sample();
  auto j = nlohmann::json::parse(r.to_json());
  ASSERT_EQ(j["findings"].size(), 2u);
  EXPECT_EQ(j["findings"][0]["message"], r.findings[0].message);
  EXPECT_EQ(j["findings"][0]["parameter"], "cells.0.weight");
  EXPECT_EQ(j["findings"][0]["op"], "aten::linear");
  EXPECT_EQ(j["findings"][0]["device"], "cuda:1");
  EXPECT_EQ(j["findings"][0]["replica"], 1);
  EXPECT_EQ(j["findings"][1]["replica"], -1);
  EXPECT_EQ(j["info"]["backend"], "NCCL");
  EXPECT_EQ(j["ok"], false);
}

TEST(Report, SarifNamesRulesAndLogicalLocations) {
  auto s = nlohmann::json::parse(sample().to_sarif());
  EXPECT_EQ(s["version"], "2.1.0");
  const auto& run = s["runs"][0];
  std::set<std::string> ids;
  for (const auto& rule : run["tool"]["driver"]["rules"]) ids.insert(rule["id"]);
  EXPECT_TRUE(ids.count("nn-container-alias") && ids.count("nn-runtime-invalid-device"));
  ASSERT_EQ(run["results"].size(), 2u);
  EXPECT_EQ(run["results"][0]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"], "cells.0.weight");
  EXPECT_FALSE(run["results"][1].contains("locations"));  // nothing to point at
  EXPECT_EQ(run["invocations"][0]["properties"]["backend"], "NCCL");
}

}  // namespace
