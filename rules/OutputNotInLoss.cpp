// nn-output-not-in-loss: an output of forward() that never reaches the loss
// on which backward() is called; the parameters that only feed it get no gradient.
#include "rules/Rule.h"
#include "rules/support/Describe.h"
#include "rules/support/GradientReach.h"

namespace nnlint {
namespace {

std::set<std::string> feeders(const ClassFact &c, const OutputFact &o) {
  std::set<std::string> out = o.members;
  for (const std::string &callee : o.callees)
    for (const auto &[member, guard] : reachFrom(c, callee)) out.insert(member);
  return out;
}

class OutputNotInLoss : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-output-not-in-loss",
            "An output of forward() never reaches the loss passed to backward()",
            "Training code that calls forward() and then backward() on a loss that does not use one "
            "of the outputs (or uses it only through detach(), data() or item()) leaves the "
            "parameters that only produce that output without a gradient: the same failure as an "
            "unused parameter, found where the model is trained.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const ForwardCallFact &call : index.forwardCalls) {
      const ClassFact *c = index.find(call.moduleClass);
      if (!c || call.wholeResultUsed || !c->allMethodsSeen()) continue;
      auto fwd = c->methods.find("forward");
      if (fwd == c->methods.end() || fwd->second.outputs.size() < 2) continue;
      const std::vector<OutputFact> &outputs = fwd->second.outputs;
      if (call.outputs != 0 && call.outputs != outputs.size()) continue;
      std::set<unsigned> used;
      for (unsigned i = 0; i < outputs.size(); ++i)
        if (outputs[i].keyed ? call.usedKeys.count(outputs[i].name) : call.used.count(i)) used.insert(i);
      std::set<std::string> fed;
      for (unsigned u : used)
        for (const std::string &m : feeders(*c, outputs[u])) fed.insert(m);
      for (unsigned i = 0; i < outputs.size(); ++i)
        if (!used.count(i)) report(index, *c, call, i, outputs[i], fed, out);
    }
  }

 private:
  void report(const ModelIndex &index, const ClassFact &c, const ForwardCallFact &call, unsigned i,
              const OutputFact &output, const std::set<std::string> &fed, std::vector<Finding> &out) const {
    const RegistrationFact *starved = nullptr;
    for (const std::string &m : feeders(c, output)) {
      if (fed.count(m)) continue;
      for (const RegistrationFact &r : c.registrations)
        if (r.member == m && isTrainable(index, r, c)) {
          starved = &r;
          break;
        }
      if (starved) break;
    }
    std::string name = call.boundName.count(i) ? call.boundName.at(i) : output.name;
    std::string label = output.keyed ? "output \"" + output.name + "\" of " + c.name + "::forward()"
                                     : "output " + std::to_string(i) + (name.empty() ? "" : " ('" + name + "')") +
                                           " of " + c.name + "::forward()";
    Finding f;
    f.check = info().id;
    f.loc = !output.keyed && call.boundAt.count(i) ? call.boundAt.at(i) : call.loc;
    if (starved) {
      f.message = label + " never reaches the loss passed to backward(); '" + starved->member +
                  "' only feeds this output and gets no gradient";
    } else {
      f.severity = Severity::Note;
      f.message = label + " does not reach the loss passed to backward(); every parameter also reaches "
                          "the loss through another output";
    }
    f.notes.push_back({"backward() is called here", call.backwardLoc});
    if (starved) f.notes.push_back({"'" + starved->member + "' is registered here", starved->loc});
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeOutputNotInLoss() { return std::make_unique<OutputNotInLoss>(); }

}  // namespace nnlint
