// nn-unused-parameter: a trainable parameter or submodule that forward()
// never reaches gets no gradient.
#include "Describe.h"
#include "GradientReach.h"
#include "Rule.h"

namespace nnlint {
namespace {

class UnusedParameter : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-unused-parameter",
            "A registered trainable parameter or submodule is never reached from forward()",
            "A parameter that forward() never uses gets no gradient. Optimizers skip it silently, but "
            "gradient all-reduce across GPUs waits for it: PyTorch's DistributedDataParallel fails with "
            "\"Expected to have finished reduction in the prior iteration\", and hand-written "
            "all-reduce over parameters() meets an undefined gradient.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.allMethodsSeen() || isBaseOfAnother(index, c.name)) continue;
      std::vector<std::string> entries = entryPoints(c);
      if (entries.empty()) continue;
      Reach reached;
      bool everything = false;
      for (const std::string &e : entries) {
        everything |= usesAllParameters(c, e);
        for (const auto &[member, guard] : reachFrom(c, e)) reached[member] = guard;
      }
      if (everything) continue;
      for (const RegistrationFact &r : c.registrations) {
        if (reached.count(r.member) || c.opaqueMembers.count(r.member) || !isTrainable(index, r, c)) continue;
        report(c, r, entries, out);
      }
    }
  }

 private:
  void report(const ClassFact &c, const RegistrationFact &r, const std::vector<std::string> &entries,
              std::vector<Finding> &out) const {
    Finding f;
    f.check = info().id;
    f.loc = r.loc;
    std::string what = r.kind == RegKind::Parameter ? "parameter" : "submodule";
    std::string entry = entries.size() == 1 ? entries.front() + "()" : "any entry point";
    f.message = what + " '" + r.member + "' is registered but never reached from " + entry +
                "; it gets no gradient, which breaks gradient all-reduce on several GPUs";
    // Other methods that use it: a public method that computes something is
    // a second entry point (a note, not a defect); anything else is set-up.
    for (const auto &[name, m] : c.methods) {
      if (!m.membersUsed.count(r.member) || name == "<ctor>" || name == "reset") continue;
      bool entryPoint = m.isPublic && m.returnsValue;
      if (entryPoint) {
        f.severity = Severity::Note;
        f.message = what + " '" + r.member + "' is not reached from " + entry + ", only from " + name +
                    "(); if training calls only " + entry + ", it gets no gradient";
        f.notes.push_back({"reached from " + name + "(), a second entry point", m.loc});
        break;
      }
      f.notes.push_back({"used in " + name + "() only, which is not called from " + entry, m.loc});
    }
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeUnusedParameter() { return std::make_unique<UnusedParameter>(); }

}  // namespace nnlint
