// nn-conditional-parameter: a trainable parameter or submodule that forward()
// reaches only on some paths gets no gradient on the others.
#include "index/Condition.h"
#include "rules/Rule.h"
#include "rules/support/ConditionVerdict.h"
#include "rules/support/Describe.h"
#include "rules/support/GradientReach.h"

namespace nnlint {
namespace {

bool hasText(const Condition &c) {
  std::map<std::string, Condition> atoms;
  collectAtoms(c, atoms);
  for (const auto &[key, atom] : atoms)
    if (atom.text.empty()) return false;
  return true;
}

class ConditionalParameter : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-conditional-parameter",
            "A registered trainable parameter or submodule is reached from forward() only on some paths",
            "When forward() uses a parameter only under a condition that can change from one iteration to "
            "the next (a data-dependent branch, randomness, state that methods change), iterations that "
            "take the other path produce no gradient for it. On several GPUs every rank must take the same "
            "branch, or gradient all-reduce waits for a gradient that never comes (\"Expected to have "
            "finished reduction in the prior iteration\" in PyTorch's DistributedDataParallel unless "
            "find_unused_parameters). A condition fixed when the module is built gives a note; "
            "is_training() and a registration under the same condition as the use give nothing.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.allMethodsSeen() || isBaseOfAnother(index, c.name) || !c.methods.count("forward")) continue;
      if (usesAllParameters(c, "forward")) continue;
      // forward() never runs: its branches decide nothing (nn-unused-parameter
      // judges the class along the methods its owners call).
      if (ownerOnlyCalls(index, c, name)) continue;
      Reach reached = reachFrom(c, "forward");
      // A method that training code or another module's forward() runs uses it on every path.
      std::set<std::string> always;
      for (const std::string &m : trainedMethods(index, name))
        for (const auto &[member, guard] : reachFrom(c, m))
          if (!guard) always.insert(member);
      for (const RegistrationFact &r : c.registrations) {
        auto it = reached.find(r.member);
        if (it == reached.end() || !it->second || always.count(r.member) || c.escapes(r.member) ||
            !isTrainable(index, r, c))
          continue;
        const Condition &skip = it->second->skip;
        if (!hasText(skip)) continue;  // a condition nnlint cannot show is not one it can report
        Verdict v = judgeSkip(c, r, skip);
        CallerNote caller;
        if (v == Verdict::DependsOnCaller) v = judgeCallers(index, name, r.member, skip, caller);
        if (v == Verdict::Silent) continue;
        Finding f = report(r, skip, v);
        if (caller.call) f.notes.push_back({caller.text, caller.call->loc});
        out.push_back(std::move(f));
      }
    }
  }

 private:
  struct CallerNote {
    const ForwardCallFact *call = nullptr;
    std::string text;
  };

  // A skip that depends only on which optional inputs forward() is given,
  // judged by the calls of forward() that reach a backward() in the run: one
  // that passes an input on some runs only, or calls that differ, make it vary
  // per iteration; calls that all pass what it needs make it silent; calls
  // that all leave it out never train it. With no such call it stays a note.
  static Verdict judgeCallers(const ModelIndex &index, const std::string &cls, const std::string &member,
                              const Condition &skip, CallerNote &note) {
    std::map<std::string, unsigned> inputs;  // atom key -> position
    std::map<std::string, Condition> atoms;
    collectAtoms(skip, atoms);
    for (const auto &[key, atom] : atoms)
      if (key.rfind("in:", 0) == 0) inputs[key] = std::stoul(key.substr(3));
    std::set<bool> skipped;
    const ForwardCallFact *first = nullptr;
    for (const ForwardCallFact &f : index.forwardCalls) {
      if (f.moduleClass != cls) continue;
      bool sometimes = false;
      Condition here = substitute(skip, [&](const std::string &key) -> std::optional<bool> {
        if (key == "training" || key == "nonnull:" + member) return true;
        auto it = inputs.find(key);
        if (it == inputs.end()) return std::nullopt;
        if (f.inputsSometimes.count(it->second)) {
          sometimes = true;
          return std::nullopt;
        }
        return f.passes(it->second);
      });
      if (!isTrue(here) && !isFalse(here)) {
        if (!sometimes) return Verdict::DependsOnCaller;  // other state decides as well
        note = {&f, "this call of forward() passes that input on some iterations only"};
        return Verdict::VariesPerIteration;
      }
      skipped.insert(isTrue(here));
      if (!first || isTrue(here)) first = &f;
    }
    if (skipped.empty()) return Verdict::DependsOnCaller;
    if (skipped.size() == 2) {
      note = {first, "this call of forward() leaves that input out, while another call passes it"};
      return Verdict::VariesPerIteration;
    }
    if (!*skipped.begin()) return Verdict::Silent;
    note = {first, "no call of forward() that reaches backward() passes that input, this one included"};
    return Verdict::NeverInTraining;
  }

  Finding report(const RegistrationFact &r, const Condition &skip, Verdict v) const {
    Finding f;
    f.check = info().id;
    f.loc = r.loc;
    bool whenFalse = false;
    SourcePoint at;
    // Its own holder is set wherever it is registered: no need to show that part.
    Condition shown = substitute(skip, [&](const std::string &key) {
      return key == "nonnull:" + r.member ? std::optional<bool>(true) : std::nullopt;
    });
    std::string condition = describeUse(shown, whenFalse, at);
    std::string what = std::string(r.kind == RegKind::Parameter ? "parameter" : "submodule") + " '" + r.member + "'";
    std::string reached = what + " is reached from forward() only when '" + condition + "'" + (whenFalse ? " is false" : "");
    switch (v) {
      case Verdict::VariesPerIteration:
        f.message = reached + "; on other iterations it gets no gradient, so every GPU must take the same branch";
        break;
      case Verdict::FixedAtConstruction:
        f.severity = Severity::Note;
        f.message = reached + ", which is fixed when the module is built; a model built the other way registers "
                              "it but never trains it";
        break;
      case Verdict::NeverInTraining:
        f.severity = Severity::Note;
        f.message = reached + ", which never holds in training; it is registered but gets no gradient";
        break;
      case Verdict::DependsOnCaller:
        f.severity = Severity::Note;
        f.message = reached + ", that is when the caller passes that input; a caller that passes it on some "
                              "iterations or ranks only leaves it without a gradient there";
        break;
      case Verdict::Silent: break;
    }
    f.notes.push_back({whenFalse ? "reached only when this condition is false" : "reached only under this condition", at});
    return f;
  }
};

}  // namespace

std::unique_ptr<Rule> makeConditionalParameter() { return std::make_unique<ConditionalParameter>(); }

}  // namespace nnlint
