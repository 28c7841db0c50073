#include "record_compat.h"  // first: it fixes how RecordFunction is laid out

#include "observer.h"
#include "rules.h"

#include <array>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace nnlint::verify::detail {
namespace {

// RecordFunction callbacks are plain function pointers, and the autograd engine runs a
// replica's backward on its own threads (which inherit the callbacks, not our thread_locals).
// So each concurrently running observer gets a slot, and each slot its own functions.
constexpr size_t kSlots = 16;
std::array<std::atomic<ReplicaObserver*>, kSlots> g_slots{};

// How deep in nested ops this thread is (0: an op the replica's own code called), and the
// top-level op in flight. Ops nest strictly on one thread, so a counter is enough.
thread_local int t_depth = 0;
thread_local const char* t_top = "";

// ATen's random primitives: the composite ops (dropout, rrelu, rand_like, ...) reach one of these.
bool draws_random(const char* op) {
  static const std::unordered_set<std::string> names = {
      "aten::bernoulli", "aten::bernoulli_", "aten::rand", "aten::rand_like", "aten::randn", "aten::randn_like",
      "aten::randint", "aten::randint_like", "aten::randperm", "aten::normal", "aten::normal_", "aten::uniform_",
      "aten::exponential_", "aten::geometric_", "aten::cauchy_", "aten::log_normal_", "aten::random_",
      "aten::multinomial", "aten::poisson", "aten::binomial", "aten::rrelu_with_noise", "aten::rrelu_with_noise_",
      "aten::native_dropout", "aten::_fused_dropout", "aten::_standard_gamma", "aten::_sample_dirichlet"};
  return names.count(op) > 0;
}

template <size_t S>
std::unique_ptr<at::ObserverContext> observe_start(const at::RecordFunction& fn) {
  if (t_depth++ == 0) t_top = compat::op_name(fn);
  if (ReplicaObserver* o = g_slots[S].load(std::memory_order_acquire)) {
    o->on_op(fn);
    if (draws_random(compat::op_name(fn))) o->on_random(t_top);
  }
  return nullptr;
}

template <size_t S>
void observe_end(const at::RecordFunction& fn, at::ObserverContext*) {
  if (--t_depth != 0) return;
  if (ReplicaObserver* o = g_slots[S].load(std::memory_order_acquire)) o->on_top_level_end(fn);
}

struct Callbacks {
  compat::StartFn start;
  at::RecordFunctionCallback::EndCallback end;
};

template <size_t... S>
constexpr std::array<Callbacks, kSlots> make_table(std::index_sequence<S...>) {
  return {Callbacks{&observe_start<S>, &observe_end<S>}...};
}
constexpr std::array<Callbacks, kSlots> kObservers = make_table(std::make_index_sequence<kSlots>{});

// Ops whose purpose is to move data between devices.
bool is_copy(const char* op) {
  for (const char* name : {"aten::to", "aten::_to_copy", "aten::copy_", "aten::_copy_from",
                           "aten::_copy_from_and_resize"})
    if (std::strcmp(op, name) == 0) return true;
  return false;
}

std::string describe(const at::Tensor& t) {
  std::ostringstream s;
  s << t.sizes() << " " << t.scalar_type() << " on " << t.device();
  return s.str();
}

std::string where(int replica, c10::Device device) {
  return "replica " + std::to_string(replica) + " (" + device.str() + ")";
}

}  // namespace

ReplicaObserver::ReplicaObserver(int replica, c10::Device device, const OwnerMap& owners)
    : replica_(replica), device_(device), owners_(owners), slot_(-1) {
  for (size_t s = 0; s < kSlots; ++s) {
    ReplicaObserver* expected = nullptr;
    if (g_slots[s].compare_exchange_strong(expected, this)) {
      slot_ = static_cast<int>(s);
      return;
    }
  }
  throw std::runtime_error("nnlint verify: more than " + std::to_string(kSlots) +
                           " replicas observed at once");
}

ReplicaObserver::~ReplicaObserver() { g_slots[slot_].store(nullptr, std::memory_order_release); }

ReplicaObserver::Scope::Scope(ReplicaObserver& observer)
    : handle_(compat::add_thread_observer(kObservers[observer.slot_].start, kObservers[observer.slot_].end)) {}

ReplicaObserver::Scope::~Scope() { compat::remove_observer(handle_); }

void ReplicaObserver::report(const char* rule, const std::string& key, Finding f) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!reported_.insert(std::string(rule) + "|" + key).second) return;
  f.rule = rule;
  f.replica = replica_;
  f.device = device_.str();
  findings_.push_back(std::move(f));
}

void ReplicaObserver::on_op(const at::RecordFunction& fn) {
  ops_.fetch_add(1, std::memory_order_relaxed);
  const char* op = compat::op_name(fn);
  bool touches_own_device = false, off_device = false;
  compat::for_each_input_tensor(fn, [&](const at::Tensor& t) {
    if (!t.defined()) return;
    if (t.device() == device_) touches_own_device = true;
    else if (!(t.dim() == 0 && t.device().is_cpu())) off_device = true;  // CPU scalars are allowed
  });
  compat::for_each_input_tensor(fn, [&](const at::Tensor& t) {
    if (!t.defined() || !t.has_storage()) return;
    auto it = owners_.find(t.storage().unsafeGetStorageImpl());
    if (it != owners_.end()) {
      const Owner& owner = it->second;
      if (owner.replica == replica_) return;
      std::string whose = owner.replica < 0 ? "the original model" : "replica " + std::to_string(owner.replica);
      std::string what = owner.buffer ? "buffer" : "parameter";
      std::string msg = where(replica_, device_) + ": " + op + " reads " + what + " '" + owner.name +
                        "' of " + whose + " (on " + t.device().str() + ") instead of its own copy";
      report(owner.replica < 0 ? rules::kContainerAlias : rules::kReplicaCrosstalk,
             std::to_string(owner.replica) + "|" + owner.name, {"", msg, owner.name, op});
      return;
    }
    if (t.requires_grad() && t.is_leaf()) {
      std::string msg = where(replica_, device_) + ": " + op + " uses a trainable tensor " + describe(t) +
                        " that is not a registered parameter of the model: a submodule or tensor kept outside "
                        "register_module/register_parameter is neither cloned nor moved with it";
      auto key = std::to_string(reinterpret_cast<uintptr_t>(t.storage().unsafeGetStorageImpl()));
      report(rules::kUnregisteredSubmodule, key, {"", msg, "", op});
      return;
    }
    if (off_device && touches_own_device && t.device() != device_ && !is_copy(op) &&
        !(t.dim() == 0 && t.device().is_cpu())) {
      if (const std::string* maker = made_elsewhere_by(t.storage().unsafeGetStorageImpl())) {
        std::string msg = where(replica_, device_) + ": " + *maker + " in the replica made a tensor " + describe(t) +
                          ", not on the replica's " + device_.str() + ", and " + op +
                          " mixes it with the replica's tensors. data_parallel runs every replica's forward() "
                          "with no device guard, so a device without an index (torch::kCUDA) or a fixed one is "
                          "the same GPU for every replica; take the device from the input: x.options() or x.device()";
        report(rules::kMadeOnOtherDevice, *maker, {"", msg, "", *maker});
        return;
      }
      std::string msg = where(replica_, device_) + ": " + op + " mixes a tensor " + describe(t) +
                        " with tensors on " + device_.str();
      report(rules::kDeviceMismatch, op, {"", msg, "", op});
    }
  });
}

void ReplicaObserver::on_top_level_end(const at::RecordFunction& fn) {
  compat::for_each_output_tensor(fn, [&](const at::Tensor& t) {
    if (!t.defined() || !t.has_storage() || t.device().type() != device_.type() || t.device() == device_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (made_elsewhere_.size() < 256)
      made_elsewhere_.emplace(t.storage().unsafeGetStorageImpl(), std::make_pair(compat::op_name(fn), t.storage()));
  });
}

const std::string* ReplicaObserver::made_elsewhere_by(const void* storage) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = made_elsewhere_.find(storage);
  return it == made_elsewhere_.end() ? nullptr : &it->second.first;
}

void ReplicaObserver::on_random(const char* top) {
  std::lock_guard<std::mutex> lock(mutex_);
  ++random_ops_[top];
}

std::map<std::string, int64_t> ReplicaObserver::random_ops() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return random_ops_;
}

std::vector<Finding> ReplicaObserver::findings() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return findings_;
}

int64_t ReplicaObserver::ops_seen() const { return ops_.load(); }

}  // namespace nnlint::verify::detail
