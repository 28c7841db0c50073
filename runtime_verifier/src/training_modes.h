// Which modules make a shard's result differ from the whole batch's by design, through their
// training mode: random draws (Dropout) or batch statistics (BatchNorm). Found by switching
// one module's own training flag at a time and watching the forward.
#pragma once

#include <torch/nn/module.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nnlint::verify::detail {

// Sets the training flags of a model's modules one module at a time (Module::train() also sets
// the children) and puts every flag back on destruction.
class TrainingFlags {
 public:
  explicit TrainingFlags(torch::nn::Module& root);
  ~TrainingFlags();
  TrainingFlags(const TrainingFlags&) = delete;
  TrainingFlags& operator=(const TrainingFlags&) = delete;

  // Qualified names of the modules in training mode ("" is the root), in pre-order.
  const std::vector<std::string>& training() const { return training_; }
  // Every module as it was, except the named ones: in eval mode, each alone (its children keep
  // their own flags).
  void set_eval(const std::set<std::string>& names);

 private:
  std::vector<std::pair<std::string, std::shared_ptr<torch::nn::Module>>> modules_;  // pre-order
  std::vector<bool> was_training_;
  std::vector<std::string> training_;
};

// What one forward of shard 0 and of the whole batch showed.
struct ProbeResult {
  std::map<std::string, int64_t> random_ops;  // top-level op -> draws
  bool shard_differs = false;                 // shard 0's outputs differ from the whole batch's rows
};
// Runs that forward with the flags as they are now set.
using ProbeFn = std::function<ProbeResult()>;

struct ShardSources {
  std::map<std::string, std::string> random;  // module -> the random ops it drew in training mode
  std::set<std::string> batch_coupled;        // modules whose training mode couples the samples
  std::map<std::string, int64_t> random_in_eval;  // random ops that draw with every module in eval
  bool coupled_in_eval = false;                   // samples coupled with every module in eval
  size_t candidates = 0;                          // modules in training mode
  bool each_tried = true;                         // false: too many modules to try one by one

  std::set<std::string> modules() const;  // random and batch-coupled modules
};

// At most this many modules are tried one by one (each try is two forwards without gradients).
inline constexpr size_t kMaxModulesTried = 64;

// Tries every module in training mode alone, with all others in eval mode. Leaves the flags
// in an arbitrary state: the caller's TrainingFlags restores them.
ShardSources find_shard_sources(TrainingFlags& flags, const ProbeFn& probe);

// "bn (torch::nn::BatchNorm1dImpl)": a module's name and type for a report line.
std::string module_label(const torch::nn::Module& root, const std::string& name);

}  // namespace nnlint::verify::detail
