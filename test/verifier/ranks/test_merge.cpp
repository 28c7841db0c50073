// The merge of the ranks' facts, fed facts that only GPU machines produce: tensors on another
// rank's GPU after a load, two ranks on one GPU, memory on a GPU that is not the rank's own,
// the same facts spread over two nodes (where the same PCI id is another GPU), and a GPU that
// holds more than the others (a checkpoint loaded onto GPU 0 by every rank).
#include "ranks_balance.h"
#include "ranks_merge.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace nnlint_test {
namespace {

using nnlint::verify::Finding;
using nnlint::verify::Report;
using namespace nnlint::verify::detail;

const char* kGpu0 = "0000:06:00.0";
const char* kGpu1 = "0000:07:00.0";

Json tensor(const std::string& name, const std::string& device, const std::string& pci) {
  return {{"name", name}, {"signature", "[8, 8] Float parameter"}, {"device", device}, {"pci", pci}, {"hash", "h"}};
}

Json rank(int r, const std::string& host, const std::string& device, const std::string& pci,
          std::vector<Json> tensors, std::vector<Json> memory = {}) {
  return {{"rank", r},           {"local_rank", r}, {"host", host}, {"device", device}, {"pci", pci},
          {"error", ""},         {"structure_hash", "s"}, {"tensors", Json(tensors)},
          {"memory", Json(memory)}};
}

Json memory(const std::string& device, const std::string& pci, int64_t bytes) {
  return {{"device", device}, {"pci", pci}, {"bytes", bytes}};
}

std::vector<Finding> with_rule(const Report& r, const std::string& rule) {
  std::vector<Finding> out;
  std::copy_if(r.findings.begin(), r.findings.end(), std::back_inserter(out), [&](const Finding& f) { return f.rule == rule; });
  return out;
}

TEST(RankMerge, CheckpointLoadedOntoRankZerosGpu) {
  Payloads setup = {
      rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0), tensor("fc.bias", "cuda:0", kGpu0)},
           {memory("cuda:0", kGpu0, 1 << 20)}),
      rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:0", kGpu0), tensor("fc.bias", "cuda:0", kGpu0)},
           {memory("cuda:0", kGpu0, 4 << 20), memory("cuda:1", kGpu1, 0)})};
  Report r;
  merge_devices(setup, {}, r);
  auto device = with_rule(r, "nn-runtime-rank-device");
  ASSERT_EQ(device.size(), 1u) << r.to_text();
  EXPECT_EQ(device[0].replica, 1);
  EXPECT_EQ(device[0].parameter, "fc.weight");
  EXPECT_NE(device[0].message.find("rank 1: 'fc.weight' and 1 more tensors are on cuda:0, the GPU of rank 0, not on "
                                   "the rank's own cuda:1"),
            std::string::npos)
      << r.to_text();
  EXPECT_NE(device[0].message.find("nn-load-without-device"), std::string::npos);
  auto mem = with_rule(r, "nn-runtime-rank-memory");
  ASSERT_EQ(mem.size(), 1u) << r.to_text();
  EXPECT_NE(mem[0].message.find("rank 1 allocated 4.0 MiB on GPU 0000:06:00.0 (cuda:0 in its process), the GPU of "
                                "rank 0"),
            std::string::npos)
      << r.to_text();
  EXPECT_EQ(r.findings.size(), 2u) << r.to_text();
}

TEST(RankMerge, EachRankOnItsOwnGpuIsClean) {
  Payloads setup = {rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}, {memory("cuda:0", kGpu0, 9)}),
                    rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)},
                         {memory("cuda:0", kGpu0, 0), memory("cuda:1", kGpu1, 9)})};
  Payloads step = {Json{{"memory", Json::array({memory("cuda:0", kGpu0, 99)})}},
                   Json{{"memory", Json::array({memory("cuda:1", kGpu1, 99)})}}};
  Report r;
  merge_devices(setup, step, r);
  EXPECT_TRUE(r.ok()) << r.to_text();
}

TEST(RankMerge, StepPeakOnAnotherGpuIsReported) {
  Payloads setup = {rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}),
                    rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)})};
  Payloads step = {Json{{"memory", Json::array()}},
                   Json{{"memory", Json::array({memory("cuda:0", kGpu0, 3 << 20), memory("cuda:1", kGpu1, 1)})}}};
  Report r;
  merge_devices(setup, step, r);
  auto mem = with_rule(r, "nn-runtime-rank-memory");
  ASSERT_EQ(mem.size(), 1u) << r.to_text();
  EXPECT_EQ(mem[0].replica, 1);
}

TEST(RankMerge, TwoRanksOnOneGpu) {
  // CUDA_VISIBLE_DEVICES hid all but one GPU from both processes: both call it cuda:0.
  Payloads setup = {rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}),
                    rank(1, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)})};
  Report r;
  merge_devices(setup, {}, r);
  auto device = with_rule(r, "nn-runtime-rank-device");
  ASSERT_EQ(device.size(), 1u) << r.to_text();
  EXPECT_NE(device[0].message.find("ranks {0, 1} on node all use GPU 0000:06:00.0"), std::string::npos) << r.to_text();
}

TEST(RankMerge, SamePciIdOnTwoNodesIsTwoGpus) {
  Payloads setup = {rank(0, "node-a", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}),
                    rank(1, "node-b", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)})};
  Report r;
  merge_devices(setup, {}, r);
  EXPECT_TRUE(r.ok()) << r.to_text();
}

TEST(RankMerge, ParametersLeftOnTheCpu) {
  Payloads setup = {rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}),
                    rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cpu", "")})};
  Report r;
  merge_devices(setup, {}, r);
  auto device = with_rule(r, "nn-runtime-rank-device");
  ASSERT_EQ(device.size(), 1u) << r.to_text();
  EXPECT_NE(device[0].message.find("rank 1: 'fc.weight' is on cpu, not on the rank's own cuda:1"), std::string::npos)
      << r.to_text();
}

TEST(RankMerge, SmallAllocationsAreShownInBytes) {
  Payloads setup = {rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)}),
                    rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)},
                         {memory("cuda:0", kGpu0, 848)})};
  Report r;
  merge_devices(setup, {}, r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_NE(r.findings[0].message.find("allocated 848 bytes on GPU"), std::string::npos) << r.to_text();
}

constexpr int64_t kMiB = int64_t{1} << 20;

Json with_model_bytes(Json setup, int64_t bytes) {
  setup["model_bytes"] = bytes;
  return setup;
}

// Every rank loads a 128 MiB checkpoint onto cuda:0 and keeps it; each model (8 MiB) is on the
// rank's own GPU.
TEST(RankMemoryBalance, CheckpointOnGpuZeroByEveryRankNamesRankZero) {
  Payloads setup = {
      with_model_bytes(rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)},
                            {memory("cuda:0", kGpu0, 136 * kMiB), memory("cuda:1", kGpu1, 0)}),
                       8 * kMiB),
      with_model_bytes(rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)},
                            {memory("cuda:0", kGpu0, 128 * kMiB), memory("cuda:1", kGpu1, 8 * kMiB)}),
                       8 * kMiB)};
  Payloads step = {Json{{"memory", Json::array({memory("cuda:0", kGpu0, 140 * kMiB)})}},
                   Json{{"memory", Json::array({memory("cuda:0", kGpu0, 128 * kMiB), memory("cuda:1", kGpu1, 12 * kMiB)})}}};
  Report r;
  merge_memory_balance(setup, step, r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.rule, "nn-runtime-rank-memory-imbalance");
  EXPECT_EQ(f.replica, 0);
  EXPECT_EQ(f.level, "warning");
  for (const char* quoted : {"rank 0's GPU 0000:06:00.0 (cuda:0) holds 268.0 MiB at the step's peak, 256.0 MiB more "
                             "than the mean of the other ranks' GPUs (12.0 MiB",
                             "128.0 MiB of rank 1's tensors", "128.0 MiB that rank 0 holds outside its model",
                             "a checkpoint loaded onto cuda:0 by every process"})
    EXPECT_NE(f.message.find(quoted), std::string::npos) << quoted << "\n" << f.message;
}

TEST(RankMemoryBalance, OneRankKeepingACheckpointIsANoteNamingIt) {
  Payloads setup = {
      with_model_bytes(rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)},
                            {memory("cuda:0", kGpu0, 108 * kMiB)}),
                       8 * kMiB),
      with_model_bytes(rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)},
                            {memory("cuda:0", kGpu0, 0), memory("cuda:1", kGpu1, 8 * kMiB)}),
                       8 * kMiB),
      with_model_bytes(rank(2, "node", "cuda:2", "0000:08:00.0", {tensor("fc.weight", "cuda:2", "0000:08:00.0")},
                            {memory("cuda:2", "0000:08:00.0", 8 * kMiB)}),
                       8 * kMiB)};
  Report r;
  merge_memory_balance(setup, {}, r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_EQ(r.findings[0].replica, 0);
  EXPECT_EQ(r.findings[0].level, "note");
  EXPECT_NE(r.findings[0].message.find("100.0 MiB that rank 0 holds outside its model"), std::string::npos)
      << r.findings[0].message;
  EXPECT_TRUE(r.ok());
}

TEST(RankMemoryBalance, BalancedGpusAndSmallDifferencesGetNothing) {
  auto setup_with = [](int64_t gpu0_bytes) {
    return Payloads{with_model_bytes(rank(0, "node", "cuda:0", kGpu0, {tensor("fc.weight", "cuda:0", kGpu0)},
                                          {memory("cuda:0", kGpu0, gpu0_bytes)}),
                                     8 * kMiB),
                    with_model_bytes(rank(1, "node", "cuda:1", kGpu1, {tensor("fc.weight", "cuda:1", kGpu1)},
                                          {memory("cuda:1", kGpu1, 8 * kMiB)}),
                                     8 * kMiB)};
  };
  for (int64_t bytes : {8 * kMiB, 60 * kMiB}) {  // equal; 52 MiB more is under the 64 MiB floor
    Report r;
    merge_memory_balance(setup_with(bytes), {}, r);
    EXPECT_TRUE(r.findings.empty()) << r.to_text();
  }
  Report r;
  merge_memory_balance(setup_with(80 * kMiB), {}, r);
  EXPECT_EQ(r.findings.size(), 1u) << r.to_text();
}

TEST(RankMemoryBalance, CpuRanksGetNothing) {
  Payloads setup = {rank(0, "node", "cpu", "", {tensor("fc.weight", "cpu", "")}),
                    rank(1, "node", "cpu", "", {tensor("fc.weight", "cpu", "")})};
  Report r;
  merge_memory_balance(setup, {}, r);
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
}

TEST(RankMerge, RankSetText) {
  EXPECT_EQ(rank_set({}), "{}");
  EXPECT_EQ(rank_set({0, 2}), "{0, 2}");
}

}  // namespace
}  // namespace nnlint_test
