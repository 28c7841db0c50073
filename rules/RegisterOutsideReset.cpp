// nn-register-outside-reset: a Cloneable registers outside reset(), so
// clone() finds fewer parameters/buffers/submodules than the original and throws.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

namespace nnlint {
namespace {

const char *registerCall(RegKind k) {
  switch (k) {
    case RegKind::Module: return "register_module";
    case RegKind::Parameter: return "register_parameter";
    case RegKind::Buffer: return "register_buffer";
  }
  return "register_module";
}

class RegisterOutsideReset : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-register-outside-reset",
            "A Cloneable module registers outside reset()",
            "Cloneable::clone() rebuilds the module by calling reset() on a copy whose registries "
            "were cleared. Anything registered elsewhere (usually the constructor) is missing from "
            "the clone, and clone() throws \"Are you sure you called register_parameter() inside "
            "reset() and not the constructor?\" - so replicate() and data_parallel() fail.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.isCloneable || c.hasOwnClone) continue;
      auto reset = c.methods.find("reset");
      if (reset == c.methods.end() || !reset->second.defined) continue;
      std::set<std::string> inReset = c.reachableFrom("reset");
      for (const RegistrationFact &r : c.registrations) {
        if (r.method.empty() || inReset.count(r.method)) continue;
        // reset() may reach another method through one whose body was not seen.
        if (r.method != "<ctor>" && !c.allMethodsSeen()) continue;
        Finding f;
        f.check = info().id;
        f.loc = r.loc;
        std::string what = r.member.empty() ? std::string("a ") + (r.kind == RegKind::Module ? "submodule"
                                                                   : r.kind == RegKind::Parameter ? "parameter"
                                                                                                   : "buffer")
                                            : "'" + r.member + "'";
        f.message = what + " is registered in " + describeMethod(r.method) +
                    " instead of reset(); clone() (used by replicate() and data_parallel()) will throw "
                    "\"Are you sure you called " + registerCall(r.kind) + "() inside reset() and not the constructor?\"";
        f.notes.push_back({"reset() is declared here; register in it", reset->second.loc});
        out.push_back(std::move(f));
      }
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeRegisterOutsideReset() { return std::make_unique<RegisterOutsideReset>(); }

}  // namespace nnlint
