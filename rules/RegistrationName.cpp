// nn-registration-name: a register_*() call gives a name LibTorch rejects when
// the module is built: empty, with a dot, or one this object already registered.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

#include <set>

namespace nnlint {
namespace {

const char *registryOf(RegKind kind) {
  switch (kind) {
    case RegKind::Module: return "Submodule";
    case RegKind::Parameter: return "Parameter";
    case RegKind::Buffer: return "Buffer";
  }
  return "Submodule";
}

class RegistrationName : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-registration-name",
            "A registration's name is empty, holds a dot, or is already registered",
            "register_module, register_parameter and register_buffer keep their entries in an "
            "ordered dictionary keyed by name: an empty name, a name with a dot, or a second "
            "registration under a name already used throws when the module is constructed, so the "
            "model cannot be built on any device.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      std::set<SourcePoint> reported;  // one call may bind several members
      for (const RegistrationFact &r : c.registrations) {
        if (!r.hasName || !reported.insert(r.loc).second) continue;
        std::string problem = problemWith(r);
        if (problem.empty()) continue;
        Finding f;
        f.check = info().id;
        f.loc = r.loc;
        f.message = std::string(registerCall(r.kind)) + "() " + problem;
        if (r.sameNameAt.valid()) f.notes.push_back({"'" + r.name + "' is first registered here", r.sameNameAt});
        out.push_back(std::move(f));
      }
    }
  }

 private:
  static std::string problemWith(const RegistrationFact &r) {
    std::string registry = registryOf(r.kind);
    if (r.name.empty())
      return "is given an empty name; LibTorch throws \"" + registry + " name must not be empty\" when the module is built";
    if (r.name.find('.') != std::string::npos)
      return "is given the name '" + r.name + "', which holds a dot; LibTorch throws \"" + registry +
             " name must not contain a dot\" when the module is built";
    if (r.sameNameAt.valid())
      return "registers '" + r.name + "' a second time in this body; LibTorch throws \"" + registry + " '" +
             r.name + "' already defined\" when the module is built";
    return "";
  }
};

}  // namespace

std::unique_ptr<Rule> makeRegistrationName() { return std::make_unique<RegistrationName>(); }

}  // namespace nnlint
