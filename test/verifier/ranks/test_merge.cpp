// The merge of the ranks' facts, fed facts that only GPU machines produce: tensors on another
// rank's GPU after a load, two ranks on one GPU, memory on a GPU that is not the rank's own,
// and the same facts spread over two nodes (where the same PCI id is another GPU).
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

TEST(RankMerge, RankSetText) {
  EXPECT_EQ(rank_set({}), "{}");
  EXPECT_EQ(rank_set({0, 2}), "{0, 2}");
}

}  // namespace
}  // namespace nnlint_test
