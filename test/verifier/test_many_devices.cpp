// Cases that need more than two replicas: uneven batches over three and four devices, device
// subsets that leave out the model's device, CUDA_VISIBLE_DEVICES renumbering, and device 0's
// extra memory over four GPUs. Each test skips when too few GPUs are visible; the uneven-batch
// cases also run on CPU replicas.
#include "helpers.h"
#include "models.h"

#include <nnlint/verify.h>

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace nnlint_test {
namespace {

using nnlint::verify::check_replicas;
using nnlint::verify::Finding;
using nnlint::verify::Options;
using nnlint::verify::Report;

int cuda_count() { return static_cast<int>(torch::cuda::device_count()); }

std::vector<torch::Device> cuda_devices(std::vector<int> indices) {
  std::vector<torch::Device> out;
  for (int i : indices) out.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(i));
  return out;
}

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  for (char c : s + ",") {
    if (c != ',') {
      item += c;
    } else if (!item.empty()) {
      out.push_back(item);
      item.clear();
    }
  }
  return out;
}

// "cuda:0, cuda:1, ..." for the first n devices.
std::string first_devices(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += (i ? ", cuda:" : "cuda:") + std::to_string(i);
  return out;
}

// Replicas on 3 or 4 devices: "cpu3", "cpu4", "cuda3", "cuda4".
class ManyReplicas : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    count = GetParam().back() - '0';
    cuda = GetParam().rfind("cuda", 0) == 0;
    if (cuda && cuda_count() < count) GTEST_SKIP() << "needs " << count << " CUDA devices";
    torch::manual_seed(0);
    for (int i = 0; i < count; ++i)
      options.devices.push_back(cuda ? torch::Device(torch::kCUDA, static_cast<c10::DeviceIndex>(i))
                                     : torch::Device(torch::kCPU));
  }
  Report check_mlp(int64_t samples) {
    auto model = Mlp();
    model->to(options.devices[0]);
    return keep(check_replicas(model, torch::randn({samples, 8}, torch::TensorOptions().device(options.devices[0])),
                               options));
  }
  int count = 0;
  bool cuda = false;
  Options options;
};

TEST_P(ManyReplicas, SevenSamplesPerReplicaMeanIsFlaggedSumPasses) {
  const std::string shards = count == 3 ? "3, 3, 1" : "2, 2, 2, 1";
  options.per_replica_loss = true;

  // Mean per replica, then averaged: the single-sample shard weighs as much as a full one.
  options.loss = [](const torch::Tensor& out) { return out.square().mean(); };
  Report mean = check_mlp(7);
  ASSERT_NE(mean.info_value("shards"), nullptr) << mean.to_text();
  EXPECT_EQ(*mean.info_value("shards"), shards);
  auto found = with_rule(mean, "nn-runtime-gradient-mismatch");
  EXPECT_EQ(found.size(), mean.findings.size()) << mean.to_text();
  EXPECT_TRUE(parameters(found).count("layers.0.weight")) << mean.to_text();

  // A sum is additive over samples: averaging only divides it by the replica count.
  options.loss = [](const torch::Tensor& out) { return out.square().sum(); };
  Report sum = check_mlp(7);
  EXPECT_TRUE(sum.ok()) << sum.to_text();
  ASSERT_NE(sum.info_value("gradient scale vs whole batch"), nullptr) << sum.to_text();
  EXPECT_EQ(sum.info_value("gradient scale vs whole batch")->rfind("1/" + std::to_string(count) + " ", 0), 0u)
      << sum.to_text();

  // data_parallel's way: gather the outputs, then one mean over all 7 samples.
  options.per_replica_loss = false;
  options.loss = [](const torch::Tensor& out) { return out.square().mean(); };
  Report gathered = check_mlp(7);
  EXPECT_TRUE(gathered.ok()) << gathered.to_text();
#ifdef NNLINT_TEST_EXPECT_NCCL
  if (cuda) {
    ASSERT_NE(mean.info_value("backend"), nullptr);
    EXPECT_EQ(*mean.info_value("backend"), "NCCL") << mean.to_text();
  }
#endif
}

INSTANTIATE_TEST_SUITE_P(Uneven, ManyReplicas, ::testing::Values("cpu3", "cpu4", "cuda3", "cuda4"),
                         [](const auto& info) { return info.param; });

class FourGpus : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda_count() < 4) GTEST_SKIP() << "needs four CUDA devices";
    torch::manual_seed(0);
  }
  static torch::Tensor images(int64_t n, const char* device) {
    return torch::randn({n, 3, 8, 8}, torch::TensorOptions().device(torch::Device(device)));
  }
};

TEST_F(FourGpus, SubsetLeavingOutTheModelsDevice) {
  // Measured with data_parallel on H200s: a model outside the device list trains; its replicas'
  // gradients flow back to it. Not a defect in C++.
  Options options;
  options.devices = cuda_devices({1, 2, 3});
  auto model = ResNetStyle();
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, images(6, "cuda:0"), options));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("gradients reduced on"), nullptr) << r.to_text();
  EXPECT_EQ(r.info_value("gradients reduced on")->rfind("cuda:0 (the model's own parameters", 0), 0u) << r.to_text();
  EXPECT_EQ(*r.info_value("shards"), "2, 2, 2");
}

TEST_F(FourGpus, SubsetWithTheModelOnItsFirstDevicePasses) {
  Options options;
  options.devices = cuda_devices({1, 2, 3});
  auto model = ResNetStyle();
  model->to(torch::Device("cuda:1"));
  Report r = keep(check_replicas(model, images(6, "cuda:1"), options));
  EXPECT_TRUE(r.ok()) << r.to_text();
  EXPECT_EQ(*r.info_value("shards"), "2, 2, 2");
  ASSERT_NE(r.info_value("device mapping"), nullptr) << r.to_text();
  EXPECT_EQ(r.info_value("device mapping")->rfind("cuda:1 = ", 0), 0u) << r.to_text();
  EXPECT_NE(r.info_value("gradient error (max relative L2 vs whole batch)"), nullptr) << r.to_text();
}

TEST_F(FourGpus, AllVisibleDevicesByDefault) {
  auto model = ResNetStyle();
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, images(2 * cuda_count(), "cuda:0")));
  EXPECT_TRUE(r.ok()) << r.to_text();
  EXPECT_EQ(*r.info_value("devices"), first_devices(cuda_count()));
  std::string shards;
  for (int i = 0; i < cuda_count(); ++i) shards += i ? ", 2" : "2";
  EXPECT_EQ(*r.info_value("shards"), shards);
}

TEST_F(FourGpus, AliasedModelOnEveryReplica) {
  Options options;
  options.devices = cuda_devices({0, 1, 2, 3});
  auto model = Aliased();
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, torch::randn({8, 8}, torch::Device("cuda:0")), options));
  std::set<int> aliased, failed;
  for (const Finding& f : with_rule(r, "nn-container-alias")) aliased.insert(f.replica);
  for (const Finding& f : with_rule(r, "nn-runtime-step-failed")) failed.insert(f.replica);
  EXPECT_EQ(aliased, (std::set<int>{0, 1, 2, 3})) << r.to_text();
  // Replica 0 shares cuda:0 with the original, so only the others hit PyTorch's device error.
  EXPECT_EQ(failed, (std::set<int>{1, 2, 3})) << r.to_text();
}

// Outputs are gathered and the loss taken on device 0, which also holds the original model.
TEST_F(FourGpus, MemoryBalanceShowsDeviceZerosExtra) {
  Options options;
  options.devices = cuda_devices({0, 1, 2, 3});
  options.compare_gradients = false;
  auto model = Mlp(64, 1024, 3, 4096);
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, torch::randn({1024, 64}, torch::Device("cuda:0")), options));
  EXPECT_TRUE(r.ok()) << r.to_text();
  ASSERT_NE(r.info_value("peak memory"), nullptr) << r.to_text();
  const std::string& peaks = *r.info_value("peak memory");
  std::regex entry("cuda:(\\d+) ([0-9.]+) MiB");
  std::vector<double> mib;
  for (auto it = std::sregex_iterator(peaks.begin(), peaks.end(), entry); it != std::sregex_iterator(); ++it)
    mib.push_back(std::stod((*it)[2]));
  ASSERT_EQ(mib.size(), 4u) << peaks;
  for (size_t d = 1; d < 4; ++d) {
    EXPECT_GT(mib[d], 0.0) << peaks;
    EXPECT_GT(mib[0], mib[d]) << peaks;
  }
  ASSERT_NE(r.info_value("device 0 memory"), nullptr) << r.to_text();
  EXPECT_NE(r.info_value("device 0 memory")->find("over the mean of the others"), std::string::npos);
}

// Run by gpu-check.sh under CUDA_VISIBLE_DEVICES=2,3 (and NNLINT_EXPECT_PCI, the PCI bus ids of
// those GPUs from nvidia-smi, with CUDA_DEVICE_ORDER=PCI_BUS_ID so both number GPUs alike).
class VisibleDevices : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* env = std::getenv("CUDA_VISIBLE_DEVICES");
    if (!env || cuda_count() < 2) GTEST_SKIP() << "needs CUDA_VISIBLE_DEVICES naming two or more GPUs";
    visible = env;
    entries = split(visible);
    torch::manual_seed(0);
  }
  std::string visible;
  std::vector<std::string> entries;
};

TEST_F(VisibleDevices, MappingShownAndLogicalIndicesUsed) {
  auto model = ResNetStyle();
  model->to(torch::Device("cuda:0"));
  Report r = keep(check_replicas(model, torch::randn({2 * cuda_count(), 3, 8, 8}, torch::Device("cuda:0"))));
  EXPECT_TRUE(r.ok()) << r.to_text();
  EXPECT_EQ(*r.info_value("devices"), first_devices(cuda_count()));
  EXPECT_EQ(*r.info_value("CUDA_VISIBLE_DEVICES"), visible);
  std::string mapping;
  for (int i = 0; i < cuda_count(); ++i)
    mapping += (i ? ", cuda:" : "cuda:") + std::to_string(i) + " = " +
               (std::isdigit(static_cast<unsigned char>(entries.at(i)[0])) ? "GPU " : "") + entries.at(i);
  ASSERT_NE(r.info_value("device mapping"), nullptr) << r.to_text();
  EXPECT_EQ(*r.info_value("device mapping"), mapping);
#ifdef NNLINT_TEST_EXPECT_NCCL
  const char* pci = std::getenv("NNLINT_EXPECT_PCI");
  if (pci && *pci) {
    auto lower = [](std::string s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return s;
    };
    std::vector<std::string> expected = split(pci);
    ASSERT_EQ(expected.size(), static_cast<size_t>(cuda_count())) << pci;
    for (int i = 0; i < cuda_count(); ++i) {
      const std::string* seen = r.info_value("cuda:" + std::to_string(i));
      ASSERT_NE(seen, nullptr) << r.to_text();
      // nvidia-smi writes an 8-digit PCI domain, CUDA a 4-digit one: compare bus:device.function.
      std::string bus = lower(expected[i].substr(expected[i].size() - 7));
      EXPECT_NE(lower(*seen).find(bus), std::string::npos) << "cuda:" << i << " should be " << expected[i] << ": " << *seen;
    }
  }
#endif
}

TEST_F(VisibleDevices, PhysicalIndicesAreInvalidWithAHint) {
  Options options;
  std::vector<int> logical;
  for (size_t i = 0; i < entries.size() && static_cast<int>(i) < cuda_count(); ++i) {
    const std::string& e = entries[i];
    if (e.find_first_not_of("0123456789") != std::string::npos || std::stoi(e) < cuda_count()) continue;
    options.devices.emplace_back(torch::kCUDA, static_cast<c10::DeviceIndex>(std::stoi(e)));
    logical.push_back(static_cast<int>(i));
  }
  if (options.devices.empty()) GTEST_SKIP() << "no physical index in CUDA_VISIBLE_DEVICES is out of logical range";
  Report r = keep(check_replicas(Mlp(), torch::randn({4, 8}), options));
  auto found = with_rule(r, "nn-runtime-invalid-device");
  ASSERT_EQ(found.size(), options.devices.size()) << r.to_text();
  for (size_t k = 0; k < found.size(); ++k)
    EXPECT_NE(found[k].message.find("is cuda:" + std::to_string(logical[k]) + " in this process"), std::string::npos)
        << r.to_text();
}

}  // namespace
}  // namespace nnlint_test
