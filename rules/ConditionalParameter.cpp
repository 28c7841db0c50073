// nn-conditional-parameter: a trainable parameter or submodule that forward()
// reaches only on some paths gets no gradient on the others.
#include "Describe.h"
#include "GradientReach.h"
#include "Rule.h"

namespace nnlint {
namespace {

class ConditionalParameter : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-conditional-parameter",
            "A registered trainable parameter or submodule is reached from forward() only on some paths",
            "When forward() uses a parameter only under a run-time condition (is_training(), a config "
            "flag, a data-dependent branch), iterations that take the other path produce no gradient "
            "for it. On several GPUs every rank must take the same branch, or gradient all-reduce "
            "waits for a gradient that never comes (\"Expected to have finished reduction in the "
            "prior iteration\" in PyTorch's DistributedDataParallel unless find_unused_parameters).",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.allMethodsSeen() || isBaseOfAnother(index, c.name) || !c.methods.count("forward")) continue;
      if (usesAllParameters(c, "forward")) continue;
      Reach reached = reachFrom(c, "forward");
      for (const RegistrationFact &r : c.registrations) {
        auto it = reached.find(r.member);
        if (it == reached.end() || !it->second || c.opaqueMembers.count(r.member) || !isTrainable(index, r, c)) continue;
        Finding f;
        f.check = info().id;
        f.loc = r.loc;
        f.message = std::string(r.kind == RegKind::Parameter ? "parameter" : "submodule") + " '" + r.member +
                    "' is reached from forward() only when '" + it->second->condition + "'" +
                    (it->second->whenFalse ? " is false" : "") +
                    "; on other iterations it gets no gradient, so every GPU must take the same branch";
        f.notes.push_back({it->second->whenFalse ? "reached only when this condition is false"
                                                 : "reached only under this condition",
                           it->second->loc});
        out.push_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeConditionalParameter() { return std::make_unique<ConditionalParameter>(); }

}  // namespace nnlint
