// nn-container-alias: a Cloneable keeps registered submodules in a plain
// container that reset() does not rebuild, so clone() shares them.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

namespace nnlint {
namespace {

class ContainerAlias : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-container-alias",
            "A Cloneable module keeps registered submodules in a plain container that reset() does not rebuild",
            "Cloneable::clone() copy-constructs the module, clears its registries and calls reset(). A "
            "std::vector (or array, map, ...) of submodules filled outside reset() is copied as it "
            "is, so every clone (and every replica made by replicate() or data_parallel()) calls the "
            "original's modules: on several GPUs this fails with \"Expected all tensors to be on the "
            "same device\".",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      std::vector<const MemberFact *> kept = c.containersKeptByClone();
      for (const MemberFact *m : c.handlesKeptByClone())
        if (c.usedToRun(m->name)) kept.push_back(m);
      if (kept.empty()) continue;
      std::set<std::string> reset = c.reachableFrom("reset");
      for (const MemberFact *m : kept) checkMember(c, *m, reset, out);
    }
  }

 private:
  void checkMember(const ClassFact &c, const MemberFact &m, const std::set<std::string> &reset,
                   std::vector<Finding> &out) const {
    std::vector<const WriteFact *> outside;
    const RegistrationFact *shared = nullptr;
    for (const WriteFact &w : c.writes) {
      if (w.member != m.name) continue;
      if (reset.count(w.method)) return;  // reset() rebuilds or clears it
      if (w.kind == WriteKind::Clear) continue;
      for (const std::string &src : w.sourceMembers) {
        const RegistrationFact *r = registrationOf(c, src);
        if (r && reset.count(r->method)) {
          if (!shared) shared = r;
          outside.push_back(&w);
        }
      }
    }
    if (!shared) return;
    Finding f;
    f.check = info().id;
    f.loc = m.loc;
    if (m.kind == HoldKind::Container)
      f.message = "'" + m.name + "' keeps registered submodules in a plain " + m.containerKind +
                  " that reset() does not rebuild; clone(), replicate() and data_parallel() will share "
                  "them with the original module";
    else
      f.message = "'" + m.name + "' is a second handle to the registered submodule '" + shared->member +
                  "', set outside reset(); clone() copies the handle as it is, so clone(), replicate() and "
                  "data_parallel() will share that module with the original (set it in reset(), or use '" +
                  shared->member + "')";
    f.notes.push_back({std::string(m.kind == HoldKind::Container ? "filled" : "set") + " here, in " +
                           describeMethod(outside.front()->method) + ", outside reset()",
                       outside.front()->loc});
    f.notes.push_back({"'" + shared->member + "' is registered here", shared->loc});
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeContainerAlias() { return std::make_unique<ContainerAlias>(); }

}  // namespace nnlint
