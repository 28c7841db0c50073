// nn-unregistered-tensor: a tensor member that requires grad but is not
// registered as a parameter, so no optimizer built from parameters() updates it.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

namespace nnlint {
namespace {

class UnregisteredTensor : public Rule {
  static bool writtenIn(const ClassFact &c, const std::string &member, const std::set<std::string> &methods) {
    for (const WriteFact &w : c.writes)
      if (w.member == member && methods.count(w.method)) return true;
    for (const TensorInitFact &t : c.tensorInits)
      if (t.member == member && methods.count(t.method)) return true;
    return false;
  }

 public:
  RuleInfo info() const override {
    return {"nn-unregistered-tensor",
            "A tensor member that requires grad is never registered",
            "A torch::Tensor member created with requires_grad is learnable state, but only "
            "register_parameter() makes it part of parameters(): without it the optimizer never "
            "updates it, to() does not move it, and save/load and clone() ignore it.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.allMethodsSeen()) continue;
      std::set<std::string> perCall = c.reachableFrom("forward");
      for (const MemberFact &m : c.members) {
        if (m.kind != HoldKind::Tensor || !m.inheritedFrom.empty() || c.escapes(m.name) ||
            isRegistered(c, m.name))
          continue;
        if (writtenIn(c, m.name, perCall)) continue;  // a cache recomputed on every call, not state
        const TensorInitFact *grad = nullptr;
        for (const TensorInitFact &t : c.tensorInits)
          if (t.member == m.name && t.requiresGrad) {
            grad = &t;
            break;
          }
        if (!grad) continue;
        Finding f;
        f.check = info().id;
        f.loc = m.loc;
        if (m.containerKind.empty())
          f.message = "tensor '" + m.name + "' requires grad but is never registered with register_parameter(); "
                      "parameters() misses it, so the optimizer never updates it, and to(), save and clone() skip it";
        else
          f.message = "'" + m.name + "' holds tensors that require grad in a plain " + m.containerKind +
                      ", and none is registered with register_parameter(); parameters() misses them, so the "
                      "optimizer never updates them, and to(), save and clone() skip them";
        f.notes.push_back({"made to require grad here, in " + describeMethod(grad->method), grad->loc});
        out.push_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeUnregisteredTensor() { return std::make_unique<UnregisteredTensor>(); }

}  // namespace nnlint
