#include "ranks_balance.h"
#include "mebibytes.h"

#include "rules.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace nnlint::verify::detail {
namespace {

struct RankGpu {
  int rank;
  std::string host, pci, device;
  int64_t outside_model = 0;                // held on its own GPU before the step, beyond its model
  std::map<std::string, int64_t> held;      // pci -> most bytes held there (start or step's peak)
};

}  // namespace

void merge_memory_balance(const Payloads& setup, const Payloads& step, Report& report) {
  std::vector<RankGpu> ranks;
  for (size_t r = 0; r < setup.size(); ++r) {
    if (!setup[r]) continue;
    const Json& s = *setup[r];
    RankGpu g{static_cast<int>(r), s.value("host", ""), s.value("pci", ""), s.value("device", ""), 0, {}};
    if (g.pci.empty()) continue;
    auto look = [&](const Json& memory) {
      for (const Json& m : memory) {
        int64_t& h = g.held[m.value("pci", "")];
        h = std::max<int64_t>(h, m.value("bytes", int64_t{0}));
      }
    };
    look(s.value("memory", Json::array()));
    for (const Json& m : s.value("memory", Json::array()))
      if (m.value("pci", "") == g.pci)
        g.outside_model = std::max<int64_t>(0, m.value("bytes", int64_t{0}) - s.value("model_bytes", int64_t{0}));
    if (r < step.size() && step[r]) look(step[r]->value("memory", Json::array()));
    ranks.push_back(std::move(g));
  }
  // One rank per GPU (ranks sharing a GPU are nn-runtime-rank-device already).
  for (const RankGpu& a : ranks)
    for (const RankGpu& b : ranks)
      if (a.rank != b.rank && a.host == b.host && a.pci == b.pci) return;
  if (ranks.size() < 2) return;

  // Everything held on each rank's GPU, by every rank of its host.
  std::vector<int64_t> total(ranks.size(), 0);
  for (size_t o = 0; o < ranks.size(); ++o)
    for (const RankGpu& r : ranks)
      if (r.host == ranks[o].host) {
        auto it = r.held.find(ranks[o].pci);
        if (it != r.held.end()) total[o] += it->second;
      }
  for (size_t o = 0; o < ranks.size(); ++o) {
    double others = 0, others_outside = 0;
    for (size_t k = 0; k < ranks.size(); ++k)
      if (k != o) {
        others += static_cast<double>(total[k]) / static_cast<double>(ranks.size() - 1);
        others_outside += static_cast<double>(ranks[k].outside_model) / static_cast<double>(ranks.size() - 1);
      }
    const double extra = static_cast<double>(total[o]) - others;
    if (extra < static_cast<double>(kRankImbalanceFloor) || extra < kRankImbalanceShare * others) continue;

    const RankGpu& owner = ranks[o];
    std::string from_others;
    int64_t other_bytes = 0;
    size_t other_ranks = 0;
    for (const RankGpu& r : ranks) {
      if (r.rank == owner.rank || r.host != owner.host) continue;
      auto it = r.held.find(owner.pci);
      if (it == r.held.end() || it->second <= 0) continue;
      from_others += (from_others.empty() ? "" : ", ") + mib(static_cast<double>(it->second)) + " of rank " +
                     std::to_string(r.rank) + "'s tensors";
      other_bytes += it->second;
      ++other_ranks;
    }
    const double outside = std::max(0.0, static_cast<double>(owner.outside_model) - others_outside);
    std::string parts = from_others;
    if (outside > 0)
      parts += (parts.empty() ? "" : ", ") + mib(outside) + " that rank " + std::to_string(owner.rank) +
               " holds outside its model before the step";
    if (parts.empty()) parts = "its own step (a larger shard, or more activations)";
    const bool others_largest = other_bytes > 0 && static_cast<double>(other_bytes) >= outside;
    char share[32] = "";
    if (others >= (1 << 20)) std::snprintf(share, sizeof share, ", +%.0f%%", 100 * extra / others);

    Finding f;
    f.rule = rules::kRankMemoryImbalance;
    f.level = others_largest ? "warning" : "note";
    f.replica = owner.rank;
    f.device = owner.device;
    f.message = "rank " + std::to_string(owner.rank) + "'s GPU " + owner.pci + " (" + owner.device + ") holds " +
                mib(static_cast<double>(total[o])) + " at the step's peak, " + mib(extra) +
                " more than the mean of the other ranks' GPUs (" + mib(others) + share + "): " + parts + ".";
    if (other_ranks > 0 && other_ranks + 1 == ranks.size() && outside > 0)
      f.message += " Every rank put tensors there, this one too: a checkpoint loaded onto " + owner.device +
                   " by every process (torch::load without a device, or with a fixed one) does this; load it onto "
                   "each rank's own device (torch::load(model, path, device)) and free what is not the model.";
    else if (others_largest)
      f.message += " Another rank's tensors on this GPU take its memory (see nn-runtime-rank-memory).";
    else
      f.message += " A checkpoint or other tensors kept on this rank's GPU beside the model take this memory.";
    report.findings.push_back(f);
  }
}

}  // namespace nnlint::verify::detail
