#include "ranks_exchange.h"

#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <map>
#include <mutex>

namespace nnlint::verify::detail {
namespace {

std::vector<uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }

// One connection per address for the process's lifetime: the rank that hosts the store must
// keep serving it while slower ranks still read, also after its own check returned.
c10::intrusive_ptr<c10d::Store> connect(const RankSetup& s, std::string& description) {
  static std::mutex mutex;
  static auto* stores = new std::map<std::string, std::pair<c10::intrusive_ptr<c10d::Store>, std::string>>();
  std::lock_guard<std::mutex> lock(mutex);
  const std::string where = s.addr + ":" + std::to_string(s.port);
  if (auto it = stores->find(where); it != stores->end()) {
    description = it->second.second;
    return it->second.first;
  }
  c10d::TCPStoreOptions options;
  options.port = static_cast<uint16_t>(s.port);
  options.waitWorkers = false;
  options.timeout = s.timeout;
  c10::intrusive_ptr<c10d::Store> store;
  if (s.rank == 0 && !s.agent_store) {
    options.isServer = true;
    options.numWorkers = static_cast<size_t>(s.world);
    try {
      store = c10::make_intrusive<c10d::TCPStore>(s.addr, options);
      description = "TCPStore " + where + " hosted by rank 0";
    } catch (const std::exception&) {
      options.isServer = false;  // the port is taken: most likely by the program's own store
      options.numWorkers = c10::nullopt;
    }
  }
  if (!store) {
    try {
      store = c10::make_intrusive<c10d::TCPStore>(s.addr, options);
    } catch (const std::exception& e) {
      std::string what = e.what();
      throw std::runtime_error("cannot reach the TCPStore at " + where + " within " + std::to_string(s.timeout.count()) +
                               " ms (rank 0 hosts it unless torchrun's agent does): " + what.substr(0, what.find('\n')));
    }
    description = "TCPStore " + where +
                  (s.agent_store ? " hosted by torchrun's agent"
                   : s.rank == 0 ? " (the port was taken: joined the store already served there)"
                                 : " hosted by rank 0");
  }
  stores->emplace(where, std::make_pair(store, description));
  return store;
}

}  // namespace

Exchange::Exchange(const RankSetup& setup, int call) : setup_(setup), prefix_("nnlint/" + std::to_string(call) + "/") {
  absent_.assign(static_cast<size_t>(setup_.world), false);
  if (setup_.world == 1) {
    description_ = "one process";
    return;
  }
  store_ = connect(setup_, description_);
}

std::string Exchange::key(const std::string& phase, int rank) const {
  return prefix_ + phase + "/" + std::to_string(rank);
}

std::vector<std::optional<std::string>> Exchange::all_gather(const std::string& phase, const std::string& payload) {
  std::vector<std::optional<std::string>> out(static_cast<size_t>(setup_.world));
  out[static_cast<size_t>(setup_.rank)] = payload;
  if (setup_.world == 1) return out;
  store_->set(key(phase, setup_.rank), bytes(payload));
  std::vector<std::string> awaited;
  for (int r = 0; r < setup_.world; ++r)
    if (!absent_[static_cast<size_t>(r)]) awaited.push_back(key(phase, r));
  try {
    store_->wait(awaited, setup_.timeout);
  } catch (const std::exception&) {
    // Some rank is late; find out which below.
  }
  for (int r = 0; r < setup_.world; ++r) {
    const auto i = static_cast<size_t>(r);
    if (r == setup_.rank || absent_[i]) continue;
    if (!store_->check({key(phase, r)})) {
      absent_[i] = true;
      store_->set(prefix_ + "abandoned", bytes("1"));
      continue;
    }
    std::vector<uint8_t> v = store_->get(key(phase, r));
    out[i] = std::string(v.begin(), v.end());
  }
  return out;
}

bool Exchange::abandoned() const { return store_ && store_->check({prefix_ + "abandoned"}); }

c10::intrusive_ptr<c10d::Store> Exchange::prefixed(const std::string& name) const {
  return c10::make_intrusive<c10d::PrefixStore>(prefix_ + name, store_);
}

}  // namespace nnlint::verify::detail
