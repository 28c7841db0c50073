// check_ranks across real processes: 2, 3 and 4 ranks on this machine over Gloo and a TCPStore
// on loopback, each scenario in rank_worker.cpp. Every rank must get the same findings, and no
// scenario may hang: a rank that throws, stalls or exits is named by the others.
#include "launch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#ifndef NNLINT_RANK_WORKER
#error "NNLINT_RANK_WORKER must name the rank_worker binary"
#endif

namespace nnlint_test {
namespace {

using nlohmann::json;

constexpr int kDeadline = 100;  // seconds for a whole launch; CTest's timeout is above it

Launch run(const std::string& scenario, int world, std::vector<std::string> env = {}) {
  env.push_back("NNLINT_TIMEOUT_MS=20000");
  return launch_ranks(NNLINT_RANK_WORKER, scenario, world, kDeadline, env);
}

std::vector<json> with_rule(const json& report, const std::string& rule) {
  std::vector<json> out;
  for (const json& f : report["findings"])
    if (f["rule"] == rule) out.push_back(f);
  return out;
}

bool mentions(const std::vector<json>& fs, const std::string& text) {
  return std::any_of(fs.begin(), fs.end(),
                     [&](const json& f) { return f["message"].get<std::string>().find(text) != std::string::npos; });
}

// Every listed rank finished, wrote a report, and all have the same findings as rank 0.
void expect_same_reports(const Launch& l, std::vector<int> ranks = {}) {
  if (ranks.empty())
    for (size_t r = 0; r < l.ranks.size(); ++r) ranks.push_back(static_cast<int>(r));
  for (int r : ranks) {
    const RankResult& rr = l.ranks[static_cast<size_t>(r)];
    ASSERT_FALSE(rr.killed) << "rank " << r << " hung\n" << l.describe();
    ASSERT_TRUE(rr.report.is_object()) << "rank " << r << " wrote no report\n" << l.describe();
    EXPECT_EQ(rr.report["findings"], l.ranks[static_cast<size_t>(ranks.front())].report["findings"])
        << "rank " << r << " differs\n" << l.describe();
  }
}

class Ranks : public ::testing::TestWithParam<int> {};

TEST_P(Ranks, CleanModelPasses) {
  Launch l = run("clean", GetParam());
  expect_same_reports(l);
  const json& r = l.ranks[0].report;
  EXPECT_TRUE(r["ok"].get<bool>()) << l.describe();
  EXPECT_NE(r["info"]["gradient all-reduce"].get<std::string>().find("Gloo"), std::string::npos) << l.describe();
  EXPECT_NE(r["info"]["world"].get<std::string>().find(std::to_string(GetParam()) + " rank(s), TCPStore 127.0.0.1:"),
            std::string::npos)
      << l.describe();
}

TEST_P(Ranks, ParameterUsedOnEvenRanksOnly) {
  Launch l = run("partial_gradient", GetParam());
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-partial-gradient");
  ASSERT_EQ(found.size(), 2u) << l.describe();
  const std::string even = GetParam() == 2 ? "{0}" : GetParam() == 3 ? "{0, 2}" : "{0, 2}";
  const std::string odd = GetParam() == 4 ? "{1, 3}" : "{1}";
  EXPECT_TRUE(mentions(found, "'extra.weight' got a gradient on ranks " + even + " but not on " + odd)) << l.describe();
  EXPECT_EQ(found[0]["replica"], 1) << l.describe();
  EXPECT_EQ(found.size(), l.ranks[0].report["findings"].size()) << l.describe();
}

INSTANTIATE_TEST_SUITE_P(World, Ranks, ::testing::Values(2, 3, 4), [](const auto& info) {
  return std::to_string(info.param) + "ranks";
});

TEST(Ranks2, ParameterWithoutGradientOnAnyRank) {
  Launch l = run("unused_everywhere", 2);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-unused-parameter");
  ASSERT_EQ(found.size(), 2u) << l.describe();
  EXPECT_TRUE(mentions(found, "'head2.weight' got a gradient on no rank")) << l.describe();
  EXPECT_EQ(found.size(), l.ranks[0].report["findings"].size()) << l.describe();
}

TEST(Ranks3, DifferentModelsAreNamedWithoutAHang) {
  Launch l = run("different_models", 3);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-structure");
  ASSERT_FALSE(found.empty()) << l.describe();
  // Rank 1 is wider: layers.0.weight is [32, 8] there. Rank 2 has a third Linear.
  EXPECT_TRUE(mentions(found, "'layers.0.weight' is [16, 8] Float parameter on ranks {0, 2} and [32, 8] Float "
                              "parameter on ranks {1}"))
      << l.describe();
  EXPECT_TRUE(mentions(found, "'layers.4.weight' exists on ranks {2} but not on {0, 1}")) << l.describe();
  EXPECT_EQ(found.size(), l.ranks[0].report["findings"].size()) << "no step after a mismatch\n" << l.describe();
  EXPECT_NE(l.ranks[0].report["info"]["gradient all-reduce"].get<std::string>().find("skipped"), std::string::npos);
}

TEST(Ranks4, OneRankWithAnotherModelAmongFour) {
  Launch l = run("different_models", 4);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-structure");
  EXPECT_TRUE(mentions(found, "'layers.0.weight' is [16, 8] Float parameter on ranks {0, 2, 3} and [32, 8] Float "
                              "parameter on ranks {1}"))
      << l.describe();
  EXPECT_TRUE(mentions(found, "'layers.4.weight' exists on ranks {2} but not on {0, 1, 3}")) << l.describe();
}

TEST(Ranks2, WeightsNotBroadcastFromRankZero) {
  Launch l = run("not_broadcast", 2);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-initial-values");
  ASSERT_EQ(found.size(), 4u) << l.describe();  // two Linear layers, weight and bias
  EXPECT_TRUE(mentions(found, "'layers.0.weight' differs between ranks before the step: ranks {0} and {1}"))
      << l.describe();
}

TEST(Ranks3, RankThatThrowsANonExceptionIsNamed) {
  Launch l = run("throw_42", 3);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-failed");
  ASSERT_EQ(found.size(), 1u) << l.describe();
  EXPECT_EQ(found[0]["replica"], 1);
  EXPECT_TRUE(mentions(found, "rank 1: forward/backward threw: an exception that is not a std::exception"))
      << l.describe();
}

TEST(Ranks2, StalledRankIsNamedAfterTheTimeout) {
  Launch l = launch_ranks(NNLINT_RANK_WORKER, "slow_rank", 2, kDeadline, {"NNLINT_TIMEOUT_MS=2000"});
  ASSERT_FALSE(l.ranks[0].killed) << l.describe();
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-failed");
  ASSERT_EQ(found.size(), 1u) << l.describe();
  EXPECT_TRUE(mentions(found, "rank 1 did not reach 'step' within 2000 ms")) << l.describe();
  // The late rank ends too, without a collective that nobody joins.
  EXPECT_FALSE(l.ranks[1].killed) << l.describe();
  EXPECT_LT(l.seconds, 30) << l.describe();
}

TEST(Ranks3, RankThatNeverCallsIsNamed) {
  Launch l = launch_ranks(NNLINT_RANK_WORKER, "rank_exits", 3, kDeadline, {"NNLINT_TIMEOUT_MS=3000"});
  expect_same_reports(l, {0, 1});
  EXPECT_EQ(l.ranks[2].exit_code, 3);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-failed");
  ASSERT_EQ(found.size(), 1u) << l.describe();
  EXPECT_TRUE(mentions(found, "rank 2 did not reach 'setup' within 3000 ms")) << l.describe();
}

TEST(Ranks2, EmptyShardIsAnError) {
  Launch l = run("empty_shard", 2);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-empty-batch");
  ASSERT_EQ(found.size(), 1u) << l.describe();
  EXPECT_TRUE(mentions(found, "rank 1: input 0 of the rank's batch has no samples")) << l.describe();
  EXPECT_EQ(found.size(), l.ranks[0].report["findings"].size()) << l.describe();
}

TEST(Ranks2, NanOnOneRankIsTracedToItsInput) {
  Launch l = run("nan_input", 2);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-non-finite");
  ASSERT_EQ(found.size(), 1u) << l.describe();
  EXPECT_TRUE(mentions(found, "rank 1: input 0 of the batch holds 1 NaN")) << l.describe();
  EXPECT_EQ(found.size(), l.ranks[0].report["findings"].size()) << l.describe();
}

TEST(Ranks2, ModelWithoutParametersPasses) {
  Launch l = run("no_parameters", 2);
  expect_same_reports(l);
  EXPECT_TRUE(l.ranks[0].report["ok"].get<bool>()) << l.describe();
}

TEST(Ranks2, ProcessGroupThatDoesNotReduceIsFound) {
  Launch l = run("group_of_one", 2);
  expect_same_reports(l);
  auto found = with_rule(l.ranks[0].report, "nn-runtime-rank-allreduce");
  // The last bias's gradient of a sum loss is the batch size on every rank: equal without a sum.
  ASSERT_EQ(found.size(), 3u) << l.describe();
  EXPECT_TRUE(mentions(found, "the gradient of 'layers.0.weight' differs between ranks after the all-reduce"))
      << l.describe();
  EXPECT_FALSE(mentions(found, "'layers.2.bias'")) << l.describe();
  EXPECT_NE(l.ranks[0].report["info"]["gradient all-reduce"].get<std::string>().find("the program's process group"),
            std::string::npos);
}

TEST(Ranks2, CleanResidualNetworkPasses) {
  Launch l = run("clean_resnet", 2);
  expect_same_reports(l);
  EXPECT_TRUE(l.ranks[0].report["ok"].get<bool>()) << l.describe();
}

}  // namespace
}  // namespace nnlint_test
