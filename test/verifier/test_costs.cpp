// What data_parallel costs, with injected times and byte counts: when replication is a note, a
// warning or nothing (nn-runtime-replication-cost), when device 0's extra memory is reported and
// which part it names (nn-runtime-device0-memory), and that notes leave a report ok().
#include "device0_memory.h"
#include "replication_cost.h"
#include "rules.h"

#include <gtest/gtest.h>

namespace nnlint_test {
namespace {

using nnlint::verify::Finding;
using nnlint::verify::Report;
using namespace nnlint::verify::detail;

constexpr int64_t kMiB = int64_t{1} << 20;

StepTimes times(std::vector<double> clones, double replicas, double one_device) {
  StepTimes t;
  t.devices = {"cuda:0", "cuda:1"};
  t.clone_ms = std::move(clones);
  t.replicas_ms = replicas;
  t.one_device_ms = one_device;
  return t;
}

// The benchmark's 20-layer 1024-wide MLP on 2 H200s (facts.md, 2026-11-26).
TEST(ReplicationCost, ClonesLongerThanOneDevicesStepAreAWarning) {
  Report r;
  report_replication_cost(times({150, 155}, 8, 2.8), r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.rule, "nn-runtime-replication-cost");
  EXPECT_EQ(f.level, "warning");
  EXPECT_FALSE(r.ok());
  for (const char* quoted : {"305 ms of a 313 ms", "(97%)", "150 ms (cuda:0) + 155 ms (cuda:1)", "8.00 ms",
                             "2.80 ms", "over 2 devices take at least 109x as long", "reset()",
                             "one process per GPU", "check_ranks"})
    EXPECT_NE(f.message.find(quoted), std::string::npos) << quoted << "\n" << f.message;
  ASSERT_NE(r.info_value("step time"), nullptr);
  EXPECT_NE(r.info_value("step time")->find("one device with the whole batch 2.80 ms"), std::string::npos);
}

// A process's first check: the replicas' step includes CUDA's and cuBLAS's set-up in their threads.
TEST(ReplicationCost, SlowFirstReplicaStepDoesNotHideTheWarning) {
  Report r;
  report_replication_cost(times({170, 170}, 400, 6), r);  // 46% of the step only
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_EQ(r.findings[0].level, "warning");
}

TEST(ReplicationCost, ClonesAsLongAsOneDevicesStepAreANote) {
  Report r;
  report_replication_cost(times({50, 50}, 10, 80), r);  // 100 ms of clones, 80 ms on one device: < 1.5x
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_EQ(r.findings[0].level, "note");
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.findings[0].message.find("at least 1.2x as long as on one"), std::string::npos) << r.findings[0].message;
}

TEST(ReplicationCost, LargeShareButFasterThanOneDeviceIsANote) {
  Report r;
  report_replication_cost(times({20, 20}, 60, 140), r);  // 40% replication, 100 ms against 140 ms
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_EQ(r.findings[0].level, "note");
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.findings[0].message.find("one device does the whole batch in 140 ms."), std::string::npos)
      << r.findings[0].message;
}

// The cold-start case of a convolution net on 2 H200s: 24 ms of clones, a 535 ms first replica
// step against 151 ms on one device. Slower, but not because of replication.
TEST(ReplicationCost, SlowReplicaStepWithCheapClonesIsNotBlamedOnReplication) {
  Report r;
  report_replication_cost(times({12, 12}, 535, 151), r);
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
}

TEST(ReplicationCost, StepThatDominatesGetsNothing) {
  Report r;
  report_replication_cost(times({11, 10}, 68, 135), r);  // the same net, warm: 24% of the step
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
  EXPECT_NE(r.info_value("step time"), nullptr);
}

TEST(ReplicationCost, CheapReplicationIsNeverReported) {
  Report r;
  report_replication_cost(times({4, 4}, 2, 1), r);  // 80% of a slow step, but 8 ms in all
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
}

TEST(ReplicationCost, WithoutTheOneDeviceStepOnlyTheShareCounts) {
  Report r;
  report_replication_cost(times({150, 150}, 8, -1), r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_EQ(r.findings[0].level, "note");  // slower than one device is not known
  EXPECT_EQ(r.info_value("step time")->find("whole batch"), std::string::npos);
}

DeviceZeroParts big_mlp_parts() {
  DeviceZeroParts p;
  p.devices = {"cuda:0", "cuda:1"};
  p.peak = {468 * kMiB, 227 * kMiB};
  p.model = 80 * kMiB;
  p.gradients = 80 * kMiB;
  p.gathered = 1 * kMiB;
  p.loss = 1 * kMiB;
  return p;
}

TEST(DeviceZeroMemory, ModelAndGradientsOnDeviceZeroAreANote) {
  Report r;
  report_device_zero_memory(big_mlp_parts(), r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  const Finding& f = r.findings[0];
  EXPECT_EQ(f.rule, "nn-runtime-device0-memory");
  EXPECT_EQ(f.level, "note");
  EXPECT_TRUE(r.ok());
  for (const char* quoted : {"cuda:0 holds 162.0 MiB more", "(+71% of the others' mean peak)",
                             "the largest part is the original model's parameters and buffers, 80.0 MiB",
                             "the outputs gathered from the replicas 1.0 MiB", "the loss 1.0 MiB",
                             "cuda:0 468.0 MiB, cuda:1 227.0 MiB", "check_ranks"})
    EXPECT_NE(f.message.find(quoted), std::string::npos) << quoted << "\n" << f.message;
  EXPECT_EQ(f.message.find("optimizer state ("), std::string::npos) << f.message;
  EXPECT_EQ(f.message.find("checkpoint"), std::string::npos) << f.message;
}

TEST(DeviceZeroMemory, AdamStateIsTheLargestPart) {
  DeviceZeroParts p = big_mlp_parts();
  p.optimizer = 160 * kMiB;
  p.optimizer_kind = "Adam";
  Report r;
  report_device_zero_memory(p, r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  EXPECT_NE(r.findings[0].message.find("the largest part is the optimizer state (Adam), 160.0 MiB"), std::string::npos)
      << r.findings[0].message;
}

TEST(DeviceZeroMemory, CheckpointLoadedOntoGpuZeroIsNamed) {
  DeviceZeroParts p;
  p.devices = {"cuda:0", "cuda:1"};
  p.peak = {170 * kMiB, 34 * kMiB};
  p.model = 1 * kMiB;
  p.gradients = 1 * kMiB;
  p.held_before = 128 * kMiB;
  Report r;
  report_device_zero_memory(p, r);
  ASSERT_EQ(r.findings.size(), 1u) << r.to_text();
  const std::string& m = r.findings[0].message;
  EXPECT_NE(m.find("the largest part is other tensors already on cuda:0 before the step, 128.0 MiB"), std::string::npos) << m;
  EXPECT_NE(m.find("a checkpoint loaded onto GPU 0"), std::string::npos) << m;
}

TEST(DeviceZeroMemory, SmallExtraIsNotReported) {
  DeviceZeroParts p;
  p.devices = {"cuda:0", "cuda:1"};
  p.peak = {66 * kMiB, 33 * kMiB};  // cuBLAS workspaces
  p.model = 8 * kMiB;
  p.gradients = 8 * kMiB;
  p.gathered = 1 * kMiB;
  Report r;
  report_device_zero_memory(p, r);
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
}

TEST(DeviceZeroMemory, ExtraUnderAQuarterOfTheOthersIsNotReported) {
  DeviceZeroParts p;
  p.devices = {"cuda:0", "cuda:1", "cuda:2"};
  p.peak = {20100 * kMiB, 20000 * kMiB, 20000 * kMiB};  // a conv net on a large batch
  p.model = 100 * kMiB;
  p.gradients = 100 * kMiB;
  Report r;
  report_device_zero_memory(p, r);
  EXPECT_TRUE(r.findings.empty()) << r.to_text();
}

TEST(FindingLevels, NotesLeaveTheReportOkAndAreMarked) {
  Report r;
  Finding note;
  note.rule = "nn-runtime-device0-memory";
  note.level = "note";
  note.message = "cuda:0 holds more";
  r.findings.push_back(note);
  EXPECT_TRUE(r.ok());
  EXPECT_NE(r.to_text().find("nnlint verify: ok, 1 note(s)"), std::string::npos) << r.to_text();
  EXPECT_NE(r.to_text().find("[nn-runtime-device0-memory] note: cuda:0 holds more"), std::string::npos) << r.to_text();
  EXPECT_NE(r.to_json().find("\"level\": \"note\""), std::string::npos) << r.to_json();
  EXPECT_NE(r.to_sarif().find("\"level\": \"note\""), std::string::npos);
  Finding warning = note;
  warning.rule = "nn-runtime-replication-cost";
  warning.level = "warning";
  r.findings.push_back(warning);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.to_text().find("nnlint verify: 1 finding(s), 1 note(s)"), std::string::npos) << r.to_text();
  EXPECT_NE(r.to_sarif().find("\"level\": \"warning\""), std::string::npos);
}

}  // namespace
}  // namespace nnlint_test
