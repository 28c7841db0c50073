#include "training_modes.h"

namespace nnlint::verify::detail {

TrainingFlags::TrainingFlags(torch::nn::Module& root) {
  for (const auto& m : root.named_modules()) {
    modules_.emplace_back(m.key(), m.value());
    was_training_.push_back(m.value()->is_training());
    if (m.value()->is_training()) training_.push_back(m.key());
  }
}

TrainingFlags::~TrainingFlags() { set_eval({}); }

void TrainingFlags::set_eval(const std::set<std::string>& names) {
  // Pre-order: a parent's train() sets its children, which are then set again themselves.
  for (size_t i = 0; i < modules_.size(); ++i)
    modules_[i].second->train(was_training_[i] && names.count(modules_[i].first) == 0);
}

std::set<std::string> ShardSources::modules() const {
  std::set<std::string> out = batch_coupled;
  for (const auto& [name, ops] : random) out.insert(name);
  return out;
}

static std::string joined(const std::map<std::string, int64_t>& ops) {
  std::string out;
  for (const auto& [op, n] : ops) out += (out.empty() ? "" : ", ") + op;
  return out;
}

ShardSources find_shard_sources(TrainingFlags& flags, const ProbeFn& probe) {
  ShardSources found;
  const std::vector<std::string>& candidates = flags.training();
  found.candidates = candidates.size();
  const std::set<std::string> all(candidates.begin(), candidates.end());
  flags.set_eval(all);
  ProbeResult in_eval = probe();
  found.random_in_eval = in_eval.random_ops;
  found.coupled_in_eval = in_eval.shard_differs;
  if (!found.random_in_eval.empty() || found.coupled_in_eval) return found;
  if (candidates.size() > kMaxModulesTried) {
    found.each_tried = false;
    return found;
  }
  for (const std::string& name : candidates) {
    std::set<std::string> others = all;
    others.erase(name);
    flags.set_eval(others);
    ProbeResult alone = probe();
    if (!alone.random_ops.empty())
      found.random[name] = joined(alone.random_ops);
    else if (alone.shard_differs)
      found.batch_coupled.insert(name);
  }
  return found;
}

std::string module_label(const torch::nn::Module& root, const std::string& name) {
  for (const auto& m : root.named_modules())
    if (m.key() == name) return (name.empty() ? std::string("the model") : "'" + name + "'") + " (" + m.value()->name() + ")";
  return "'" + name + "'";
}

}  // namespace nnlint::verify::detail
