#include "ranks_merge.h"

#include "rules.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace nnlint::verify::detail {
namespace {

std::string amount(int64_t bytes) {
  char buf[32];
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  if (bytes < (1 << 20)) std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(bytes) / 1024);
  else std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return buf;
}

void add(Report& report, const char* rule, const std::string& message, const std::string& parameter = "",
         int rank = -1, const std::string& device = "") {
  Finding f;
  f.rule = rule;
  f.message = message;
  f.parameter = parameter;
  f.replica = rank;
  f.device = device;
  report.findings.push_back(f);
}

// Ranks grouped by a value, groups in order of their first rank.
std::vector<std::pair<std::string, std::vector<int>>> group(const std::vector<std::pair<int, std::string>>& values) {
  std::vector<std::pair<std::string, std::vector<int>>> groups;
  for (const auto& rank_value : values) {
    const std::string& value = rank_value.second;
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == value; });
    if (it == groups.end()) groups.push_back({value, {rank_value.first}});
    else it->second.push_back(rank_value.first);
  }
  return groups;
}

// "[4, 8] Float on ranks {0} and [4, 16] Float on ranks {1}"
std::string describe_groups(const std::vector<std::pair<std::string, std::vector<int>>>& groups) {
  std::string out;
  for (size_t i = 0; i < groups.size(); ++i) {
    if (i) out += i + 1 == groups.size() ? " and " : ", ";
    out += groups[i].first + " on ranks " + rank_set(groups[i].second);
  }
  return out;
}

std::vector<int> present(const Payloads& p) {
  std::vector<int> out;
  for (size_t r = 0; r < p.size(); ++r)
    if (p[r]) out.push_back(static_cast<int>(r));
  return out;
}

// Who, on a host, owns a GPU (by PCI id): the rank whose own device it is.
std::optional<int> owner_of(const Payloads& setup, const std::string& host, const std::string& pci, int except) {
  if (pci.empty()) return std::nullopt;
  for (int r : present(setup))
    if (r != except && (*setup[static_cast<size_t>(r)])["host"] == host && (*setup[static_cast<size_t>(r)])["pci"] == pci)
      return r;
  return std::nullopt;
}

}  // namespace

std::string rank_set(const std::vector<int>& ranks) {
  std::string out = "{";
  for (size_t i = 0; i < ranks.size(); ++i) out += (i ? ", " : "") + std::to_string(ranks[i]);
  return out + "}";
}

Json finding_to_json(const Finding& f) {
  return {{"rule", f.rule}, {"message", f.message}, {"parameter", f.parameter},
          {"op", f.op},     {"device", f.device},   {"replica", f.replica}, {"level", f.level}};
}

Finding finding_from_json(const Json& j) {
  Finding f;
  f.rule = j.value("rule", "");
  f.message = j.value("message", "");
  f.parameter = j.value("parameter", "");
  f.op = j.value("op", "");
  f.device = j.value("device", "");
  f.replica = j.value("replica", -1);
  f.level = j.value("level", "warning");
  return f;
}

bool merge_arrivals(const Payloads& phase, const std::string& phase_name, long long timeout_ms, Report& report) {
  bool all = true;
  for (size_t r = 0; r < phase.size(); ++r) {
    if (phase[r]) continue;
    all = false;
    add(report, rules::kRankFailed,
        "rank " + std::to_string(r) + " did not reach '" + phase_name + "' within " + std::to_string(timeout_ms) +
            " ms: it hung, crashed, or never called check_ranks",
        "", static_cast<int>(r));
  }
  return all;
}

bool merge_setup(const Payloads& setup, Report& report) {
  bool ok = true;
  std::string ranks;
  for (int r : present(setup)) {
    const Json& s = *setup[static_cast<size_t>(r)];
    ranks += (ranks.empty() ? "" : ", ") + std::to_string(r) + " = " + s.value("host", "?") + " " +
             s.value("device", "?") + (s.value("pci", "").empty() ? "" : " (GPU " + s.value("pci", "") + ")") +
             " LOCAL_RANK " + std::to_string(s.value("local_rank", -1));
    if (!s.value("error", "").empty()) {
      add(report, rules::kRankFailed, "rank " + std::to_string(r) + ": " + s.value("error", ""), "", r);
      ok = false;
    }
  }
  report.add_info("ranks", ranks);
  return ok;
}

bool merge_structure(const Payloads& setup, Report& report) {
  const std::vector<int> ranks = present(setup);
  std::vector<std::pair<int, std::string>> hashes;
  for (int r : ranks) hashes.emplace_back(r, (*setup[static_cast<size_t>(r)]).value("structure_hash", ""));
  if (group(hashes).size() <= 1) return true;

  // Detail: every name, then the order.
  const size_t before = report.findings.size();
  std::vector<std::string> names;  // in order of first appearance, rank by rank
  std::map<std::string, std::vector<std::pair<int, std::string>>> signature;  // name -> (rank, signature)
  for (int r : ranks)
    for (const Json& t : (*setup[static_cast<size_t>(r)])["tensors"]) {
      const std::string name = t.value("name", "");
      if (!signature.count(name)) names.push_back(name);
      signature[name].emplace_back(r, t.value("signature", ""));
    }
  for (const std::string& name : names) {
    const auto& sigs = signature[name];
    std::vector<int> with, without;
    for (const auto& rs : sigs) with.push_back(rs.first);
    for (int r : ranks)
      if (std::find(with.begin(), with.end(), r) == with.end()) without.push_back(r);
    const int blamed = without.empty() ? -1 : without.front();
    if (!without.empty()) {
      add(report, rules::kRankStructure,
          "'" + name + "' exists on ranks " + rank_set(with) + " but not on " + rank_set(without) +
              ": the ranks built different models, so their all-reduces do not match (DDP hangs or adds unrelated "
              "gradients)",
          name, blamed);
      continue;
    }
    auto groups = group(sigs);
    if (groups.size() > 1)
      add(report, rules::kRankStructure,
          "'" + name + "' is " + describe_groups(groups) + ": the ranks built different models", name,
          groups[1].second.front());
  }
  if (report.findings.size() > before) return false;
  // Same names and signatures: the order differs.
  const Json& first = (*setup[static_cast<size_t>(ranks.front())])["tensors"];
  for (int r : ranks) {
    const Json& other = (*setup[static_cast<size_t>(r)])["tensors"];
    for (size_t i = 0; i < first.size() && i < other.size(); ++i) {
      if (first[i]["name"] == other[i]["name"]) continue;
      const std::string a = first[i]["name"], b = other[i]["name"];
      add(report, rules::kRankStructure,
          "parameters and buffers are registered in a different order: position " + std::to_string(i) + " is '" + a +
              "' on rank " + std::to_string(ranks.front()) + " and '" + b + "' on rank " + std::to_string(r) +
              ": a flat all-reduce adds unrelated tensors",
          a, r);
      break;
    }
  }
  if (report.findings.size() == before)
    add(report, rules::kRankStructure, "the ranks' models differ (structure hashes differ)", "", -1);
  return false;
}

void merge_initial_values(const Payloads& setup, Report& report) {
  const std::vector<int> ranks = present(setup);
  if (ranks.size() < 2) return;
  const Json& first = (*setup[static_cast<size_t>(ranks.front())])["tensors"];
  for (size_t i = 0; i < first.size(); ++i) {
    if (first[i].value("signature", "").find("buffer") != std::string::npos) continue;
    std::vector<std::pair<int, std::string>> values;
    for (int r : ranks) values.emplace_back(r, (*setup[static_cast<size_t>(r)])["tensors"][i].value("hash", ""));
    auto groups = group(values);
    if (groups.size() < 2) continue;
    std::string holders;
    for (size_t g = 0; g < groups.size(); ++g)
      holders += (g ? (g + 1 == groups.size() ? " and " : ", ") : "") + rank_set(groups[g].second);
    const std::string name = first[i].value("name", "");
    add(report, rules::kRankInitialValues,
        "'" + name + "' differs between ranks before the step: ranks " + holders + " hold " +
            std::to_string(groups.size()) +
            " different values. The parameters were not broadcast from rank 0 (DDP does it at construction; a "
            "hand-written all-reduce must), so the replicas train apart",
        name, groups[1].second.front());
  }
}

void merge_devices(const Payloads& setup, const Payloads& step, Report& report) {
  const std::vector<int> ranks = present(setup);
  // Tensors off the rank's own device: one finding per (rank, device).
  for (int r : ranks) {
    const Json& s = *setup[static_cast<size_t>(r)];
    const std::string own = s.value("device", ""), host = s.value("host", "");
    std::vector<std::string> devices;
    std::map<std::string, std::pair<std::string, int>> first_and_count;  // device -> (first tensor, count)
    std::map<std::string, std::string> pci_of;
    for (const Json& t : s["tensors"]) {
      const std::string d = t.value("device", "");
      if (d == own) continue;
      if (!first_and_count.count(d)) {
        devices.push_back(d);
        first_and_count[d] = {t.value("name", ""), 0};
        pci_of[d] = t.value("pci", "");
      }
      ++first_and_count[d].second;
    }
    for (const std::string& d : devices) {
      const auto& [name, count] = first_and_count[d];
      std::optional<int> owner = owner_of(setup, host, pci_of[d], r);
      std::string message = "rank " + std::to_string(r) + ": '" + name + "'" +
                            (count > 1 ? " and " + std::to_string(count - 1) + " more tensors are" : std::string(" is")) +
                            " on " + d;
      if (owner)
        message += ", the GPU of rank " + std::to_string(*owner) + ", not on the rank's own " + own +
                   ". A checkpoint loaded without a device does this: torch::load(model, path) moves the "
                   "parameters to the device they were saved from (pass the device: torch::load(model, path, " +
                   own + "); the static check nn-load-without-device finds the call)";
      else
        message += ", not on the rank's own " + own + " (model->to(" + own + ") missing, or done before a load)";
      add(report, rules::kRankDevice, message, name, r, d);
    }
  }
  // Ranks of one host on one GPU.
  std::map<std::pair<std::string, std::string>, std::vector<int>> by_gpu;
  for (int r : ranks) {
    const Json& s = *setup[static_cast<size_t>(r)];
    if (!s.value("pci", "").empty()) by_gpu[{s.value("host", ""), s.value("pci", "")}].push_back(r);
  }
  for (const auto& [gpu, users] : by_gpu)
    if (users.size() > 1)
      add(report, rules::kRankDevice,
          "ranks " + rank_set(users) + " on " + gpu.first + " all use GPU " + gpu.second +
              ": each rank needs a GPU of its own (torch::Device(torch::kCUDA, LOCAL_RANK), and "
              "c10::cuda::set_device(LOCAL_RANK) before any CUDA work)",
          "", users[1], "");
  // Memory on other GPUs: the most a rank held there at the start or during the step.
  for (int r : ranks) {
    const Json& s = *setup[static_cast<size_t>(r)];
    std::map<std::string, std::pair<std::string, int64_t>> held;  // pci -> (device, bytes)
    auto look = [&](const Json& memory) {
      for (const Json& m : memory) {
        auto& h = held[m.value("pci", "")];
        h.first = m.value("device", "");
        h.second = std::max<int64_t>(h.second, m.value("bytes", int64_t{0}));
      }
    };
    look(s["memory"]);
    if (static_cast<size_t>(r) < step.size() && step[static_cast<size_t>(r)] && step[static_cast<size_t>(r)]->contains("memory"))
      look((*step[static_cast<size_t>(r)])["memory"]);
    for (const auto& [pci, device_bytes] : held) {
      if (pci.empty() || pci == s.value("pci", "") || device_bytes.second <= 0) continue;
      std::optional<int> owner = owner_of(setup, s.value("host", ""), pci, r);
      add(report, rules::kRankMemory,
          "rank " + std::to_string(r) + " allocated " + amount(device_bytes.second) + " on GPU " + pci + " (" +
              device_bytes.first + " in its process), " +
              (owner ? "the GPU of rank " + std::to_string(*owner) : std::string("a GPU no rank trains on")) +
              ", not on its own " + s.value("device", "") +
              ": tensors created there (a load without a device, torch::kCUDA without an index, a missing "
              "set_device) take memory from another rank and move data across GPUs",
          "", r, device_bytes.first);
    }
  }
}

bool merge_step(const Payloads& step, Report& report) {
  bool ok = true;
  const std::vector<int> ranks = present(step);
  for (int r : ranks) {
    const Json& s = *step[static_cast<size_t>(r)];
    for (const Json& f : s.value("findings", Json::array())) report.findings.push_back(finding_from_json(f));
    ok = ok && !s.value("failed", false);
  }
  if (!ok || ranks.empty()) return false;
  const Json& names = (*step[static_cast<size_t>(ranks.front())])["trainable"];
  for (size_t k = 0; k < names.size(); ++k) {
    std::vector<int> with, without;
    for (int r : ranks) ((*step[static_cast<size_t>(r)])["grad"][k].get<int>() ? with : without).push_back(r);
    if (without.empty()) continue;
    const std::string name = names[k];
    if (with.empty())
      add(report, rules::kUnusedParameter,
          "'" + name + "' got a gradient on no rank: forward() does not use it, or its result does not reach the "
          "loss. DDP fails with \"Expected to have finished reduction in the prior iteration\" unless "
          "find_unused_parameters is set",
          name, -1);
    else
      add(report, rules::kPartialGradient,
          "'" + name + "' got a gradient on ranks " + rank_set(with) + " but not on " + rank_set(without) +
              ": forward() takes a data-dependent path. DDP then waits for a gradient that never comes (\"Expected "
              "to have finished reduction in the prior iteration\", or a hang)",
          name, without.front());
  }
  return true;
}

void merge_allreduce(const Payloads& allreduce, const std::vector<std::string>& trainable, Report& report) {
  const std::vector<int> ranks = present(allreduce);
  bool ok = true;
  for (int r : ranks) {
    const std::string error = (*allreduce[static_cast<size_t>(r)]).value("error", "");
    if (error.empty()) continue;
    ok = false;
    add(report, rules::kRankFailed, "rank " + std::to_string(r) + ": the gradient all-reduce failed: " + error, "", r);
  }
  if (!ok) return;
  for (size_t k = 0; k < trainable.size(); ++k) {
    std::vector<std::pair<int, std::string>> values;
    for (int r : ranks) values.emplace_back(r, (*allreduce[static_cast<size_t>(r)])["hashes"][k].get<std::string>());
    auto groups = group(values);
    if (groups.size() < 2) continue;
    std::string holders;
    for (size_t g = 0; g < groups.size(); ++g)
      holders += (g ? (g + 1 == groups.size() ? " and " : ", ") : "") + rank_set(groups[g].second);
    add(report, rules::kRankAllReduce,
        "the gradient of '" + trainable[k] + "' differs between ranks after the all-reduce: ranks " + holders +
            " hold different sums. The process group does not reduce what the ranks think it does (a group over "
            "other ranks, tensors in another order, or a broken backend), so the replicas will drift apart",
        trainable[k], groups[1].second.front());
  }
}

}  // namespace nnlint::verify::detail
