#include "index/ModelIndex.h"

#include <algorithm>
#include <iterator>
#include <tuple>

namespace nnlint {

bool isSetupMethod(const std::string &method) {
  return method == "<ctor>" || method == "<dtor>" || method == "reset" || method == "clone";
}

const MemberFact *ClassFact::member(const std::string &n) const {
  for (const MemberFact &m : members)
    if (m.name == n) return &m;
  return nullptr;
}

bool ClassFact::escapes(const std::string &member) const {
  return opaqueMembers.count(member) || membersUsedOutside.count(member);
}

bool ClassFact::allMethodsSeen() const {
  for (const auto &[name, m] : methods)
    if (!m.defined) return false;
  return true;
}

std::set<std::string> ClassFact::reachableFrom(const std::string &root) const {
  std::set<std::string> seen;
  std::vector<std::string> work{root};
  while (!work.empty()) {
    std::string m = work.back();
    work.pop_back();
    if (!seen.insert(m).second) continue;
    auto it = methods.find(m);
    if (it != methods.end())
      for (const std::string &c : it->second.callees) work.push_back(c);
  }
  return seen;
}

std::vector<const MemberFact *> ClassFact::containersKeptByClone() const {
  std::vector<const MemberFact *> out;
  if (!isCloneable || hasOwnClone || !allMethodsSeen()) return out;
  for (const MemberFact &m : members)
    if (m.kind == HoldKind::Container && m.inheritedFrom.empty() && !escapes(m.name)) out.push_back(&m);
  return out;
}

bool ClassFact::usedToRun(const std::string &member) const {
  for (const auto &[name, method] : methods)
    if (!isSetupMethod(name) && method.membersUsed.count(member)) return true;
  return false;
}

std::vector<const MemberFact *> ClassFact::handlesKeptByClone() const {
  std::vector<const MemberFact *> out;
  if (!isCloneable || hasOwnClone || !allMethodsSeen()) return out;
  for (const MemberFact &m : members) {
    bool handle = m.kind == HoldKind::Holder || m.kind == HoldKind::SharedPtr || m.kind == HoldKind::RawPtr;
    bool registered = false;
    for (const RegistrationFact &r : registrations) registered |= r.member == m.name;
    if (handle && !registered && m.inheritedFrom.empty() && !escapes(m.name)) out.push_back(&m);
  }
  return out;
}

namespace {

template <class T, class Key>
void appendUnique(std::vector<T> &into, const std::vector<T> &from, Key key) {
  for (const T &item : from) {
    bool dup = false;
    for (const T &have : into)
      if (key(have) == key(item)) { dup = true; break; }
    if (!dup) into.push_back(item);
  }
}

template <class Map>
void keepCommonKeys(Map &into, const Map &other) {
  for (auto it = into.begin(); it != into.end();)
    it = other.count(it->first) ? std::next(it) : into.erase(it);
}

void mergeClass(ClassFact &into, const ClassFact &from) {
  if (into.name.empty()) {
    into = from;
    return;
  }
  into.hasOwnClone |= from.hasOwnClone;
  into.isCloneable |= from.isCloneable;
  appendUnique(into.members, from.members, [](const MemberFact &m) { return m.name; });
  appendUnique(into.registrations, from.registrations,
               [](const RegistrationFact &r) { return std::tie(r.loc, r.member, r.kind); });
  appendUnique(into.writes, from.writes,
               [](const WriteFact &w) { return std::tie(w.loc, w.member, w.kind); });
  appendUnique(into.tensorInits, from.tensorInits,
               [](const TensorInitFact &t) { return std::tie(t.loc, t.member); });
  appendUnique(into.parameterWrites, from.parameterWrites,
               [](const ParameterWriteFact &w) { return std::tie(w.loc, w.member, w.field); });
  appendUnique(into.dictEntries, from.dictEntries,
               [](const DictEntryFact &d) { return std::tie(d.loc, d.member, d.key); });
  into.dictsWithUnknownKeys.insert(from.dictsWithUnknownKeys.begin(), from.dictsWithUnknownKeys.end());
  appendUnique(into.runningStats, from.runningStats,
               [](const RunningStatsFact &r) { return std::tie(r.loc, r.member, r.declaration); });
  appendUnique(into.tensorWrites, from.tensorWrites,
               [](const TensorWriteFact &w) { return std::tie(w.loc, w.member, w.how); });
  appendUnique(into.helperCalls, from.helperCalls,
               [](const HelperCall &h) { return std::tie(h.loc, h.member, h.param, h.helper); });
  for (const auto &[name, m] : from.methods) {
    MethodFact &have = into.methods[name];
    if (have.name.empty()) {
      have = m;
      continue;
    }
    if (m.defined && !have.defined) {
      // The body's facts come from the file that defines it.
      have.returnsValue = m.returnsValue;
      have.usesAllParameters = m.usesAllParameters;
      have.memberGuards = m.memberGuards;
      have.calleeGuards = m.calleeGuards;
      have.outputs = m.outputs;
      have.membersMutated = m.membersMutated;
      have.bodyStart = m.bodyStart;
      have.deadMembers = m.deadMembers;
      have.deadCallees = m.deadCallees;
      have.dictLookups = m.dictLookups;
    } else if (m.defined) {
      // Overloads defined in different files: dead only where dead in both.
      keepCommonKeys(have.deadMembers, m.deadMembers);
      keepCommonKeys(have.deadCallees, m.deadCallees);
    }
    have.defined |= m.defined;
    have.callees.insert(m.callees.begin(), m.callees.end());
    have.baseCallees.insert(m.baseCallees.begin(), m.baseCallees.end());
    have.membersUsed.insert(m.membersUsed.begin(), m.membersUsed.end());
    have.membersReturned.insert(m.membersReturned.begin(), m.membersReturned.end());
    have.methodPointerCalls.insert(m.methodPointerCalls.begin(), m.methodPointerCalls.end());
  }
  for (const auto &[member, targets] : from.methodPointerTargets)
    into.methodPointerTargets[member].insert(targets.begin(), targets.end());
  into.opaqueMembers.insert(from.opaqueMembers.begin(), from.opaqueMembers.end());
  into.membersUsedOutside.insert(from.membersUsedOutside.begin(), from.membersUsedOutside.end());
  into.membersTestedEmpty.insert(from.membersTestedEmpty.begin(), from.membersTestedEmpty.end());
  into.structFields.insert(into.structFields.end(), from.structFields.begin(), from.structFields.end());
  appendUnique(into.flagParams, from.flagParams,
               [](const FlagParamFact &f) { return std::tie(f.member, f.params, f.required, f.index); });
  into.flagValues.insert(from.flagValues.begin(), from.flagValues.end());
  for (const auto &[member, classes] : from.containerElements)
    into.containerElements[member].insert(classes.begin(), classes.end());
  into.statelessModules.insert(from.statelessModules.begin(), from.statelessModules.end());
  into.frozenMembers.insert(from.frozenMembers.begin(), from.frozenMembers.end());
  for (const auto &[key, ctor] : from.constructors) {
    ConstructorFact &have = into.constructors[key];
    if (ctor.defined && !have.defined) have.loc = ctor.loc;
    if (!have.loc.valid()) have.loc = ctor.loc;
    have.defined |= ctor.defined;
    if (have.delegatesTo.empty()) have.delegatesTo = ctor.delegatesTo;
    have.callees.insert(ctor.callees.begin(), ctor.callees.end());
  }
}

}  // namespace

void ModelIndex::merge(const ModelIndex &other) {
  for (const auto &[name, c] : other.classes) mergeClass(classes[name], c);
  appendUnique(forwardCalls, other.forwardCalls,
               [](const ForwardCallFact &f) { return std::tie(f.loc, f.backwardLoc); });
  appendUnique(callSites, other.callSites,
               [](const CallSiteFact &c) { return std::tie(c.kind, c.loc, c.subject, c.moduleClass); });
  appendUnique(outsideCalls, other.outsideCalls,
               [](const OutsideCallFact &c) { return std::tie(c.loc, c.moduleClass, c.method, c.memberUse); });
  trainingCallees.insert(other.trainingCallees.begin(), other.trainingCallees.end());
  for (const auto &[usr, h] : other.helpers) {
    HelperSummary &have = helpers[usr];
    have.registers.insert(h.registers.begin(), h.registers.end());
    have.opaque.insert(h.opaque.begin(), h.opaque.end());
    if (have.returns == ReturnedModule::None) {
      have.returns = h.returns;
      have.returnsRegistration = h.returnsRegistration;
    }
    have.returnsVia.insert(h.returnsVia.begin(), h.returnsVia.end());
  }
}

namespace {

// What a user function returns, following the helpers it returns the results of.
ReturnedModule returnedBy(const std::map<std::string, HelperSummary> &helpers, const std::string &usr,
                          std::set<std::string> &onStack) {
  auto it = helpers.find(usr);
  if (it == helpers.end() || !onStack.insert(usr).second) return ReturnedModule::Unknown;
  const HelperSummary &h = it->second;
  ReturnedModule out = h.returns;
  if (out == ReturnedModule::None && !h.returnsVia.empty()) out = ReturnedModule::Registered;
  for (const std::string &via : h.returnsVia) {
    ReturnedModule r = returnedBy(helpers, via, onStack);
    if (r == ReturnedModule::Unknown || r == ReturnedModule::None) out = ReturnedModule::Unknown;
    else if (r == ReturnedModule::Unregistered && out != ReturnedModule::Unknown) out = ReturnedModule::Unregistered;
  }
  onStack.erase(usr);
  return out;
}

// The register_*() call whose result a helper returns, through the helpers it returns the results of.
RegistrationFact returnedRegistration(const std::map<std::string, HelperSummary> &helpers, const std::string &usr,
                                      int depth) {
  auto it = helpers.find(usr);
  if (it == helpers.end() || depth > 8) return RegistrationFact{};
  if (it->second.returns == ReturnedModule::Registered || it->second.returnsVia.empty())
    return it->second.returnsRegistration;
  return returnedRegistration(helpers, *it->second.returnsVia.begin(), depth + 1);
}

// A member given what helpers return: registered by them, fresh, or unknown.
// A tensor member given anything but a registered tensor keeps what the walk saw of the value.
void resolveHelperResults(const std::map<std::string, HelperSummary> &helpers, ClassFact &c) {
  for (WriteFact &w : c.writes) {
    if (w.fromHelpers.empty()) continue;
    ReturnedModule all = ReturnedModule::Registered;
    for (const std::string &usr : w.fromHelpers) {
      std::set<std::string> onStack;
      ReturnedModule r = returnedBy(helpers, usr, onStack);
      if (r != ReturnedModule::Registered) all = r == ReturnedModule::Unregistered ? r : ReturnedModule::Unknown;
      if (all == ReturnedModule::Unknown) break;
    }
    const MemberFact *m = c.member(w.member);
    if (m && m->kind == HoldKind::Tensor && all != ReturnedModule::Registered) {
      w.fromHelpers.clear();
      continue;
    }
    if (all == ReturnedModule::Unknown) {
      c.opaqueMembers.insert(w.member);
    } else if (all == ReturnedModule::Unregistered) {
      w.freshModule = true;
    } else {
      w.fromRegistration = true;
      bool registered = false;
      for (const RegistrationFact &r : c.registrations) registered |= r.member == w.member;
      if (m && m->kind != HoldKind::Container && !registered) {
        RegistrationFact r = returnedRegistration(helpers, *w.fromHelpers.begin(), 0);
        RegistrationFact bound{r.kind, w.member, w.method, w.loc, r.requiresGrad, true};
        bound.ctor = w.ctor;
        c.registrations.push_back(std::move(bound));
      }
    }
    w.fromHelpers.clear();
  }
}

// A lambda stored in a member (std::function, torch::nn::Functional) runs
// when that member is called: its members count as used where the member is.
void resolveCapturedMembers(ClassFact &c) {
  for (const WriteFact &w : c.writes) {
    if (w.capturedMembers.empty() && w.capturedMethods.empty()) continue;
    for (auto &[name, m] : c.methods) {
      if (!m.membersUsed.count(w.member) || name == w.method) continue;
      auto guard = m.memberGuards.find(w.member);
      for (const std::string &method : w.capturedMethods) {
        if (method == name || (m.callees.count(method) && !m.calleeGuards.count(method))) continue;
        m.callees.insert(method);
        if (guard != m.memberGuards.end()) m.calleeGuards[method] = guard->second;
        else m.calleeGuards.erase(method);
      }
      for (const std::string &captured : w.capturedMembers) {
        bool usedBefore = m.membersUsed.count(captured) && !m.memberGuards.count(captured);
        if (usedBefore) continue;
        m.membersUsed.insert(captured);
        if (guard != m.memberGuards.end()) m.memberGuards[captured] = guard->second;
        else m.memberGuards.erase(captured);
      }
    }
  }
}

// A call through a pointer member reaches every method the pointer is given;
// when those are not all known, it reaches any method.
void resolveMethodPointers(ClassFact &c) {
  for (auto &[name, m] : c.methods)
    for (const std::string &pointer : m.methodPointerCalls) {
      auto targets = c.methodPointerTargets.find(pointer);
      if (targets == c.methodPointerTargets.end() || targets->second.empty() || targets->second.count(kUnknownElement))
        m.usesAllParameters = true;
      else
        m.callees.insert(targets->second.begin(), targets->second.end());
    }
}

}  // namespace

void ModelIndex::resolveHelpers() {
  for (auto &[name, c] : classes) {
    resolveHelperResults(helpers, c);
    resolveMethodPointers(c);
    resolveCapturedMembers(c);
    std::set<SourcePoint> boundInside;  // register_*() calls in a helper that a call binds to a member
    for (const HelperCall &call : c.helperCalls) {
      auto it = helpers.find(call.helper);
      if (it == helpers.end() || it->second.opaque.count(call.param)) {
        c.opaqueMembers.insert(call.member);
        continue;
      }
      auto reg = it->second.registers.find(call.param);
      if (reg == it->second.registers.end()) continue;
      RegistrationFact r = reg->second;
      boundInside.insert(r.loc);
      r.member = call.member;
      r.method = call.method;
      r.ctor = call.ctor;
      r.loc = call.loc;
      r.viaHelper = true;
      c.registrations.push_back(r);
    }
    c.helperCalls.clear();
    // A lambda's body is also walked with the method that holds it, where its
    // registration binds to no member: the call above has bound it.
    c.registrations.erase(std::remove_if(c.registrations.begin(), c.registrations.end(),
                                         [&](const RegistrationFact &r) {
                                           return r.member.empty() && !r.viaHelper && boundInside.count(r.loc);
                                         }),
                          c.registrations.end());
  }
}

const ClassFact *ModelIndex::find(const std::string &keyOrName) const {
  auto it = classes.find(keyOrName);
  if (it != classes.end()) return &it->second;
  const ClassFact *found = nullptr;
  for (const auto &[key, c] : classes) {
    if (c.name != keyOrName) continue;
    if (found) return nullptr;  // ambiguous: two programs use the name
    found = &c;
  }
  return found;
}

}  // namespace nnlint
