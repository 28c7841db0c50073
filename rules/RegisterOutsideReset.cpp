// nn-register-outside-reset: a Cloneable registers outside reset(), so
// clone() finds fewer parameters/buffers/submodules than the original and throws.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

#include <set>

namespace nnlint {
namespace {

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
    std::set<std::string> reportedBases;
    for (const auto &[name, c] : index.classes) {
      if (!checksItself(c)) continue;
      const MethodFact &reset = c.methods.at("reset");
      std::set<std::string> inReset = c.reachableFrom("reset");
      for (const RegistrationFact &r : c.registrations) {
        if (r.method.empty() || inReset.count(r.method)) continue;
        // reset() may reach another method through one whose body was not seen.
        if (r.method != "<ctor>" && !c.allMethodsSeen()) continue;
        out.push_back(finding(r, describeMethod(r.method), reset));
      }
      // A base's constructor (a CRTP base of Cloneable<Derived> included) runs
      // when the module is built, not when clone() copies it and calls reset().
      std::set<std::string> seen;
      std::vector<std::string> bases = c.moduleBases;
      while (!bases.empty()) {
        std::string baseName = bases.back();
        bases.pop_back();
        const ClassFact *base = index.find(baseName);
        if (!base || !seen.insert(base->name).second || checksItself(*base)) continue;
        bases.insert(bases.end(), base->moduleBases.begin(), base->moduleBases.end());
        for (const RegistrationFact &r : base->registrations)
          if (r.method == "<ctor>" && reportedBases.insert(r.loc.file + ":" + std::to_string(r.loc.line) + ":" +
                                                            std::to_string(r.loc.column)).second)
            out.push_back(finding(r, "the constructor of base class '" + base->name + "'", reset));
      }
    }
  }

 private:
  // A Cloneable with its own reset(), whose registrations are judged against it.
  static bool checksItself(const ClassFact &c) {
    auto reset = c.methods.find("reset");
    return c.isCloneable && !c.hasOwnClone && reset != c.methods.end() && reset->second.defined;
  }

  Finding finding(const RegistrationFact &r, const std::string &where, const MethodFact &reset) const {
    Finding f;
    f.check = info().id;
    f.loc = r.loc;
    std::string what = r.member.empty() ? std::string("a ") + (r.kind == RegKind::Module ? "submodule"
                                                               : r.kind == RegKind::Parameter ? "parameter"
                                                                                               : "buffer")
                                        : "'" + r.member + "'";
    f.message = what + " is registered in " + where +
                " instead of reset(); clone() (used by replicate() and data_parallel()) will throw "
                "\"Are you sure you called " + registerCall(r.kind) + "() inside reset() and not the constructor?\"";
    f.notes.push_back({"reset() is declared here; register in it", reset.loc});
    return f;
  }
};

}  // namespace

std::unique_ptr<Rule> makeRegisterOutsideReset() { return std::make_unique<RegisterOutsideReset>(); }

}  // namespace nnlint
