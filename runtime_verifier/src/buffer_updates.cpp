#include "buffer_updates.h"

#include "rules.h"

#include <torch/torch.h>

namespace nnlint::verify::detail {

void report_lost_buffer_updates(const torch::nn::Module& model,
                                const std::vector<std::shared_ptr<torch::nn::Module>>& replicas, Report& report) {
  torch::NoGradGuard no_grad;
  std::vector<torch::OrderedDict<std::string, torch::Tensor>> copies;
  for (const auto& r : replicas) copies.push_back(r->named_buffers());
  for (const auto& own : model.named_buffers()) {
    if (!own.value().defined()) continue;
    std::string changed_on;
    for (size_t r = 0; r < copies.size(); ++r) {
      const torch::Tensor* copy = copies[r].find(own.key());
      if (copy && copy->defined() && !torch::equal(copy->to(own.value().device()), own.value()))
        changed_on += (changed_on.empty() ? "" : ", ") + std::to_string(r);
    }
    if (changed_on.empty()) continue;
    Finding f;
    f.rule = rules::kLostBufferUpdate;
    f.parameter = own.key();
    f.message = "forward() changes buffer '" + own.key() + "' (on replica(s) " + changed_on +
                "), but data_parallel runs clones of the model, device 0 included, and drops their buffers: the "
                "model's own '" + own.key() + "' never changes. Train one process per GPU (check_ranks; broadcast "
                "or all-reduce the buffers), or copy replica 0's buffers back into the model after each step";
    report.findings.push_back(f);
  }
}

}  // namespace nnlint::verify::detail
