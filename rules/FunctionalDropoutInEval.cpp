// nn-functional-dropout-in-eval: a dropout call in a module's method whose
// `training` flag is a constant true, so it keeps dropping after eval().
#include "rules/Rule.h"

#include <algorithm>

namespace nnlint {
namespace {

// Where `cls` is constructed with its flag `member` true: a constructor takes
// the member from a parameter, and the construction passes the constant true
// there (or leaves it to a default of true).
std::vector<SourcePoint> constructedOn(const ModelIndex &index, const std::string &key, const ClassFact &cls,
                                       const std::string &member) {
  std::vector<SourcePoint> on;
  for (const CallSiteFact &site : index.callSites) {
    if (site.kind != CallSiteKind::ModuleConstructed || site.moduleClass != key) continue;
    for (const FlagParamFact &p : cls.flagParams) {
      if (p.member != member || site.argCount < p.required || site.argCount > p.params) continue;
      bool passed = p.index < site.argCount;
      bool isTrue = passed ? std::count(site.trueArgs.begin(), site.trueArgs.end(), p.index) > 0 : p.defaultTrue;
      if (isTrue) {
        on.push_back(site.loc);
        break;
      }
    }
  }
  return on;
}

// Whether a method other than a constructor may change the member.
bool changedAfterConstruction(const ClassFact &cls, const std::string &member) {
  for (const auto &[name, m] : cls.methods)
    if (!m.isCtor && m.membersMutated.count(member)) return true;
  return false;
}

class FunctionalDropoutInEval : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-functional-dropout-in-eval",
            "A functional dropout in a module stays on after eval()",
            "torch::nn::functional::dropout (and dropout2d/dropout3d) default to training=true, and "
            "torch::dropout(x, p, true) is told so: neither follows the module's train()/eval() mode, so "
            "the model keeps dropping activations at evaluation and inference. Pass "
            ".training(is_training()) or is_training().",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind == CallSiteKind::DropoutFlagMember) {
        checkFlagMember(index, c, out);
        continue;
      }
      if (c.kind != CallSiteKind::DropoutAlwaysOn) continue;
      Finding f;
      f.check = info().id;
      f.loc = c.loc;
      if (c.innerCall.valid()) {
        // A helper of the run that calls such a dropout.
        f.message = "'" + c.callee + "', called in '" + c.function + "', drops activations in eval() mode too: " +
                    "it calls '" + c.innerCallText + "' with a training flag that is always true; pass the " +
                    "module's mode (is_training()) down to it";
        f.notes.push_back({"the dropout is here", c.innerCall});
        out.push_back(std::move(f));
        continue;
      }
      f.message = "'" + c.callee + "' in '" + c.function + "' drops activations in eval() mode too: " +
                  (c.cause.valid() ? "its training flag is always true" : c.causeText) +
                  "; pass the module's mode with is_training()";
      if (c.cause.valid()) f.notes.push_back({c.causeText, c.cause});
      if (!c.fixText.empty()) f.fixes.push_back({c.fixBegin, c.fixEnd, c.fixText});
      out.push_back(std::move(f));
    }
  }

 private:
  // A dropout whose flag is a member that the module's constructions set:
  // always on for the modules constructed with it true.
  void checkFlagMember(const ModelIndex &index, const CallSiteFact &c, std::vector<Finding> &out) const {
    const ClassFact *cls = index.find(c.memberOf);
    if (!cls || cls->escapes(c.subject) || changedAfterConstruction(*cls, c.subject)) return;
    std::vector<SourcePoint> on = constructedOn(index, c.memberOf, *cls, c.subject);
    if (on.empty()) return;
    Finding f;
    f.check = info().id;
    f.loc = c.loc;
    f.message = "'" + c.callee + "' in '" + c.function + "' drops activations in eval() mode too: its training flag '" +
                c.subject + "' is fixed when the module is constructed, and it is constructed with true; pass the " +
                "module's mode with is_training()";
    f.notes.push_back({"'" + c.subject + "' is the training flag", c.cause});
    for (const SourcePoint &at : on) f.notes.push_back({"constructed with '" + c.subject + "' true here", at});
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeFunctionalDropoutInEval() { return std::make_unique<FunctionalDropoutInEval>(); }

}  // namespace nnlint
