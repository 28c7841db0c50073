// Per-replica operator observer: sees every ATen op a replica's forward and backward run and
// reports tensors that belong to someone else or sit on the wrong device.
#pragma once

#include "nnlint/report.h"

#include <c10/core/Device.h>

#include <c10/core/Storage.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace at {
struct RecordFunction;
}

namespace nnlint::verify::detail {

// Who registered a tensor's storage: replica index (-1: the original model) and the qualified name.
struct Owner {
  int replica;
  std::string name;
  bool buffer;
};
using OwnerMap = std::unordered_map<const void*, Owner>;  // key: c10::StorageImpl*

class ReplicaObserver {
 public:
  // owners must outlive the observer and stay unchanged while it observes.
  ReplicaObserver(int replica, c10::Device device, const OwnerMap& owners);
  ~ReplicaObserver();
  ReplicaObserver(const ReplicaObserver&) = delete;
  ReplicaObserver& operator=(const ReplicaObserver&) = delete;

  // While alive, observes the ops of the constructing thread and of the autograd work it starts.
  // Must be destroyed on the thread that created it.
  class Scope {
   public:
    explicit Scope(ReplicaObserver& observer);
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    uint64_t handle_;
  };

  void on_op(const at::RecordFunction& fn);
  // A top-level op ended (one the replica's own code called, not one nested in another op).
  void on_top_level_end(const at::RecordFunction& fn);
  // A random draw (bernoulli_, normal_, randperm, ...) ran inside the top-level op `top`.
  void on_random(const char* top);
  std::vector<Finding> findings() const;
  int64_t ops_seen() const;
  // Top-level ops that drew random numbers, with how often.
  std::map<std::string, int64_t> random_ops() const;

 private:
  void report(const char* rule, const std::string& key, Finding f);
  // The op that made `storage` on another device than the replica's, or nullptr.
  const std::string* made_elsewhere_by(const void* storage) const;

  int replica_;
  c10::Device device_;
  const OwnerMap& owners_;
  int slot_;
  mutable std::mutex mutex_;
  std::unordered_set<std::string> reported_;
  std::vector<Finding> findings_;
  std::map<std::string, int64_t> random_ops_;
  // Storage made by a top-level op of this replica on another device of the replica's type,
  // kept alive so that its address is not reused: key StorageImpl*, value (op, storage).
  std::unordered_map<const void*, std::pair<std::string, c10::Storage>> made_elsewhere_;
  std::atomic<int64_t> ops_{0};
};

}  // namespace nnlint::verify::detail
