// nn-functional-dropout-in-eval: a dropout call in a module's method whose
// `training` flag is a constant true, so it keeps dropping after eval().
#include "rules/Rule.h"

namespace nnlint {
namespace {

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
};

}  // namespace

std::unique_ptr<Rule> makeFunctionalDropoutInEval() { return std::make_unique<FunctionalDropoutInEval>(); }

}  // namespace nnlint
