// nn-unused-parameter: a trainable parameter or submodule that forward()
// never reaches gets no gradient.
#include "flow/TorchTypes.h"
#include "rules/Rule.h"
#include "rules/support/Describe.h"
#include "rules/support/GradientReach.h"
#include "rules/support/SkippedBaseMembers.h"
#include "rules/support/UnusedDictEntries.h"

#include <algorithm>

namespace nnlint {
namespace {

std::string whyDead(const DeadUse &d) {
  switch (d.reason) {
    case DeadReason::Discarded:
      return d.variable.empty() ? "its result is never used"
                                : "its result goes into '" + d.variable + "', which is never read";
    case DeadReason::Overwritten:
      return "its result in '" + d.variable + "' is overwritten before it is read";
    case DeadReason::NoGrad:
      return "it runs only under torch::NoGradGuard while its parameters still require grad";
    case DeadReason::Detached:
      return "its result reaches the output only through " +
             (d.variable.empty() ? std::string("detach(), data() or item()") : d.variable);
    case DeadReason::IgnoredByCallee:
      return "its result reaches the output only through " + d.variable + ", which never passes it on to its result";
    case DeadReason::NeverRuns:
      return "every use is under the condition '" + d.variable + "', which is a compile-time constant that never lets it run";
  }
  return "";
}

std::string deadNote(const DeadUse &d) {
  switch (d.reason) {
    case DeadReason::Discarded: return "result discarded here";
    case DeadReason::Overwritten: return "result overwritten before use here";
    case DeadReason::NoGrad: return "used under the no-grad guard '" + d.variable + "' here";
    case DeadReason::Detached: return "result detached from the gradient here";
    case DeadReason::IgnoredByCallee: return "passed here to " + d.variable + ", which ignores it";
    case DeadReason::NeverRuns: return "never runs: '" + d.variable + "' is a compile-time constant";
  }
  return "";
}

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
      for (const SkippedBaseMember &s : skippedBaseMembers(index, c)) reportSkipped(c, s, out);
      for (const UnusedDictEntry &d : unusedDictEntries(index, c)) reportDictEntry(c, d, out);
      if (!c.allMethodsSeen() || isBaseOfAnother(index, c.name)) {
        reportOverwrites(index, c, out);
        continue;
      }
      std::vector<std::string> entries = entryPoints(c);
      // Per owner: a module whose owners never run its forward() is trained
      // only through the methods they call.
      std::optional<OwnerCalls> owners = ownerOnlyCalls(index, c, name);
      if (owners) entries.assign(owners->methods.begin(), owners->methods.end());
      std::vector<std::string> reachedFrom = entries;
      for (const std::string &m : trainedMethods(index, name))
        if (std::find(reachedFrom.begin(), reachedFrom.end(), m) == reachedFrom.end()) reachedFrom.push_back(m);
      if (entries.empty() && !owners) {
        reportOverwrites(index, c, out);
        continue;
      }
      Reach reached;
      if (owners)
        for (const std::string &m : owners->members) reached[m] = std::nullopt;
      std::map<std::string, DeadUse> dead;
      bool everything = false;
      for (const std::string &e : reachedFrom) {
        everything |= usesAllParameters(c, e);
        for (const auto &[member, guard] : reachFrom(c, e)) reached[member] = guard;
        for (const auto &[member, use] : deadFrom(c, e)) dead.emplace(member, use);
      }
      reportOverwrites(index, c, out);
      if (everything || c.frozenMembers.count("*")) continue;
      for (const RegistrationFact &r : c.registrations) {
        if (reached.count(r.member) || c.escapes(r.member) || c.frozenMembers.count(r.member) ||
            !isTrainable(index, r, c))
          continue;
        auto d = dead.find(r.member);
        if (owners) reportOwnerPath(c, r, *owners, d == dead.end() ? nullptr : &d->second, out);
        else report(c, r, entries, d == dead.end() ? nullptr : &d->second, out);
      }
    }
  }

 private:
  // A registered parameter replaced by assignment: the registered tensor stays
  // in parameters() and state_dict(), the code uses the new one. Found from
  // the assignment itself, so it does not need every method of the class.
  void reportOverwrites(const ModelIndex &index, const ClassFact &c, std::vector<Finding> &out) const {
    if (c.frozenMembers.count("*")) return;
    for (const ParameterWriteFact &w : c.parameterWrites) {
      const RegistrationFact *reg = registrationOf(c, w.member, RegKind::Module);
      if (!reg || c.frozenMembers.count(w.member) || !isParameterField(index, w)) continue;
      Finding f;
      f.check = info().id;
      f.loc = w.loc;
      f.message = "parameter '" + w.field + "' of submodule '" + w.member + "' is replaced by assignment in " +
                  methodLabel(w.method) + "; the registered tensor stays in parameters() and state_dict() but " +
                  w.member + "'s forward() no longer uses it, so it gets no gradient";
      f.notes.push_back({"'" + w.member + "' is registered here", reg->loc});
      out.push_back(std::move(f));
    }
    for (const WriteFact &w : c.writes) {
      if (w.kind != WriteKind::Assign || w.fromRegistration || w.method == "<init>") continue;
      const RegistrationFact *reg = registrationOf(c, w.member, RegKind::Parameter);
      if (!reg || !reg->requiresGrad || c.frozenMembers.count(w.member)) continue;
      // In the constructor or reset(), only a write that may run after the registration replaces it.
      bool setup = w.method == "<ctor>" || w.method == "reset";
      if (setup && !(w.method == reg->method && w.afterRegistration)) continue;
      Finding f;
      f.check = info().id;
      f.loc = w.loc;
      f.message = "parameter '" + w.member + "' is replaced by assignment in " + methodLabel(w.method) +
                  "; the registered tensor stays in parameters() and state_dict() but is no longer used, so it "
                  "gets no gradient";
      f.notes.push_back({"'" + w.member + "' is registered here", reg->loc});
      out.push_back(std::move(f));
    }
  }

  // A member the base's forward() uses, which the derived override skips.
  void reportSkipped(const ClassFact &derived, const SkippedBaseMember &s, std::vector<Finding> &out) const {
    const RegistrationFact &r = *s.registration;
    std::string what = r.kind == RegKind::Parameter ? "parameter" : "submodule";
    Finding f;
    f.check = info().id;
    f.loc = derived.methods.at("forward").loc;
    f.message = what + " '" + r.member + "' registered by base class '" + s.base->name + "' is never reached from " +
                derived.name + "::forward(), which overrides " + s.base->name +
                "::forward() without calling it; it gets no gradient, which breaks gradient all-reduce on several GPUs";
    f.notes.push_back({"'" + r.member + "' is registered here", r.loc});
    f.notes.push_back({s.base->name + "::forward() uses it", s.baseForward->loc});
    out.push_back(std::move(f));
  }

  // An entry of a ModuleDict that every lookup, each by a constant key, passes over.
  void reportDictEntry(const ClassFact &c, const UnusedDictEntry &d, std::vector<Finding> &out) const {
    std::string keys;
    for (const std::string &k : d.lookedUp) keys += (keys.empty() ? "'" : ", '") + k + "'";
    std::string entry = entryPoints(c).size() == 1 ? entryPoints(c).front() + "()" : "the class";
    Finding f;
    f.check = info().id;
    f.loc = d.entry->loc;
    f.message = "entry '" + d.entry->key + "' of ModuleDict '" + d.entry->member + "' is never looked up: " + entry +
                " looks entries up only by the constant keys " + keys +
                "; it gets no gradient, which breaks gradient all-reduce on several GPUs";
    f.notes.push_back({"'" + d.entry->member + "' is registered here", d.registration->loc});
    out.push_back(std::move(f));
  }

  // A member that only the forward() nobody runs reaches.
  void reportOwnerPath(const ClassFact &c, const RegistrationFact &r, const OwnerCalls &owners, const DeadUse *dead,
                       std::vector<Finding> &out) const {
    std::string what = r.kind == RegKind::Parameter ? "parameter" : "submodule";
    std::string called;
    for (const std::string &m : owners.methods) called += (called.empty() ? "" : ", ") + m + "()";
    for (const std::string &m : owners.members) called += (called.empty() ? "" : ", ") + m;
    Finding f;
    f.check = info().id;
    f.loc = r.loc;
    f.message = what + " '" + r.member + "' is never reached from the " +
                (owners.members.empty() ? "methods that code calls" : "methods and members that code uses") + " on " +
                c.name + " (" + called +
                "); no code calls its forward(), so it gets no gradient, which breaks gradient all-reduce on "
                "several GPUs";
    if (dead) f.notes.push_back({deadNote(*dead), dead->loc});
    const OutsideCallFact &example = *owners.example;
    f.notes.push_back({example.memberUse ? "only members such as '" + example.method + "' are used here, not forward()"
                                         : "only " + example.method + "() is called here",
                       example.loc});
    for (const auto &[name, m] : c.methods)
      if (m.membersUsed.count(r.member) && !isSetupMethod(name) && !owners.methods.count(name))
        f.notes.push_back({"used in " + name + "(), which no code calls", m.loc});
    out.push_back(std::move(f));
  }

  static std::string methodLabel(const std::string &method) {
    return method == "<ctor>" ? "the constructor" : method + "()";
  }

  static const RegistrationFact *registrationOf(const ClassFact &c, const std::string &member, RegKind kind) {
    for (const RegistrationFact &r : c.registrations)
      if (r.member == member && r.kind == kind) return &r;
    return nullptr;
  }

  // Whether the field is a registered trainable parameter of its module class.
  static bool isParameterField(const ModelIndex &index, const ParameterWriteFact &w) {
    if (isLibraryModuleClass(w.fieldClass)) {
      static const std::set<std::string> parameters = {"weight", "bias", "in_proj_weight", "in_proj_bias",
                                                       "bias_k", "bias_v", "weight_ih", "weight_hh",
                                                       "bias_ih", "bias_hh"};
      return parameters.count(w.field) != 0;
    }
    const ClassFact *owner = index.find(w.fieldClass);
    if (!owner) return false;
    const RegistrationFact *r = registrationOf(*owner, w.field, RegKind::Parameter);
    return r && r->requiresGrad;
  }

  void report(const ClassFact &c, const RegistrationFact &r, const std::vector<std::string> &entries,
              const DeadUse *dead, std::vector<Finding> &out) const {
    Finding f;
    f.check = info().id;
    f.loc = r.loc;
    std::string what = r.kind == RegKind::Parameter ? "parameter" : "submodule";
    std::string entry = entries.size() == 1 ? entries.front() + "()" : "any entry point";
    f.message = what + " '" + r.member + "' is registered but never reached from " + entry +
                "; it gets no gradient, which breaks gradient all-reduce on several GPUs";
    if (dead) {
      f.message = what + " '" + r.member + "' is used in " + entry + " but gets no gradient: " + whyDead(*dead) +
                  "; this breaks gradient all-reduce on several GPUs";
      f.notes.push_back({deadNote(*dead), dead->loc});
    }
    // Other methods that use it: a public method that computes something is
    // a second entry point (a note, not a defect); anything else is set-up.
    for (const auto &[name, m] : c.methods) {
      if (!m.membersUsed.count(r.member) || m.deadMembers.count(r.member) || name == "<ctor>" || name == "reset" ||
          std::find(entries.begin(), entries.end(), name) != entries.end())
        continue;
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
