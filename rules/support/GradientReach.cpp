#include "rules/support/GradientReach.h"

#include "flow/ModuleContents.h"
#include "flow/TorchTypes.h"
#include "index/Condition.h"
#include "rules/support/Describe.h"

#include <set>

namespace nnlint {
namespace {

void merge(Reach &into, const std::string &member, const std::optional<Guard> &g) {
  auto it = into.find(member);
  if (it == into.end()) into[member] = g;
  else if (!g) it->second = std::nullopt;  // reached unconditionally somewhere
  else if (it->second) it->second->skip = condAnd(it->second->skip, g->skip);  // skipped only where every use is
}

// A use under `inner` in a method that is called under `outer` is skipped when either is.
std::optional<Guard> nest(const std::optional<Guard> &outer, const std::optional<Guard> &inner) {
  if (!outer || !inner) return outer ? outer : inner;
  Guard g = *outer;
  g.skip = condOr(outer->skip, inner->skip);
  return g;
}

void reach(const ClassFact &c, const std::string &method, const std::optional<Guard> &outer, Reach &out,
           std::set<std::string> &onStack) {
  auto it = c.methods.find(method);
  if (it == c.methods.end() || !onStack.insert(method).second) return;
  const MethodFact &m = it->second;
  for (const std::string &member : m.membersUsed) {
    if (m.deadMembers.count(member)) continue;  // used, but no gradient comes back through the use
    std::optional<Guard> g;
    if (auto gi = m.memberGuards.find(member); gi != m.memberGuards.end()) g = gi->second;
    merge(out, member, nest(outer, g));
  }
  for (const std::string &callee : m.callees) {
    if (m.deadCallees.count(callee)) continue;
    std::optional<Guard> g;
    if (auto gi = m.calleeGuards.find(callee); gi != m.calleeGuards.end()) g = gi->second;
    reach(c, callee, nest(outer, g), out, onStack);
  }
  onStack.erase(method);
}

bool classTrainable(const ModelIndex &index, const ClassFact &seenFrom, const std::string &cls, int depth);

// Whether a member of `c` that holds a module holds trainable parameters. A
// Sequential or ModuleList holds what it was built from or had appended.
bool memberTrainable(const ModelIndex &index, const ClassFact &c, const std::string &member, int depth) {
  const MemberFact *m = c.member(member);
  if (!m || depth > 8) return true;
  if (!isModuleContainerClass(m->moduleClass)) return classTrainable(index, c, m->moduleClass, depth + 1);
  auto it = c.containerElements.find(member);
  if (it == c.containerElements.end() || it->second.count(kUnknownElement) || c.escapes(member)) return true;
  for (const std::string &element : it->second)
    if (classTrainable(index, c, element, depth + 1)) return true;
  return false;
}

// Whether a module of class `cls` has trainable parameters: for a user class,
// what it registers; for a library class, what its declaration holds (facts
// recorded by the class `seenFrom` that holds it).
bool classTrainable(const ModelIndex &index, const ClassFact &seenFrom, const std::string &cls, int depth) {
  if (depth > 8) return true;
  if (isLibraryModuleClass(cls)) return !seenFrom.statelessModules.count(cls) && !isStatelessLibraryModule(cls);
  const ClassFact *c = index.find(cls);
  if (!c) return true;
  // A module that freezes its own parameters (on some runs: `if (options.frozen)`) needs no gradient.
  if (c->frozenMembers.count("*")) return false;
  for (const RegistrationFact &r : c->registrations) {
    if (c->frozenMembers.count(r.member)) continue;
    if (r.kind == RegKind::Parameter && r.requiresGrad) return true;
    if (r.kind == RegKind::Module && (r.member.empty() || memberTrainable(index, *c, r.member, depth + 1))) return true;
  }
  for (const std::string &base : c->moduleBases)
    if (classTrainable(index, *c, base, depth + 1)) return true;
  return false;
}

}  // namespace

Reach reachFrom(const ClassFact &c, const std::string &method) {
  Reach out;
  std::set<std::string> onStack;
  reach(c, method, std::nullopt, out, onStack);
  // A container filled with other members (`cells_ = {fc1, fc2}`) reaches them when it is reached.
  for (bool grew = true; grew;) {
    grew = false;
    for (const WriteFact &w : c.writes) {
      auto it = out.find(w.member);
      if (it == out.end()) continue;
      std::optional<Guard> g = it->second;
      for (const std::string &src : w.sourceMembers) {
        auto have = out.find(src);
        if (have == out.end() || (have->second && !g)) {
          out[src] = g;
          grew = true;
        }
      }
    }
  }
  return out;
}

std::map<std::string, DeadUse> deadFrom(const ClassFact &c, const std::string &method) {
  std::map<std::string, DeadUse> dead;
  // A method, and the dead use of the call that leads to it when it runs
  // under the caller's NoGradGuard (then every member it uses is dead).
  std::vector<std::pair<std::string, std::optional<DeadUse>>> work{{method, std::nullopt}};
  std::set<std::pair<std::string, bool>> seen;
  while (!work.empty()) {
    auto [name, inherited] = work.back();
    work.pop_back();
    auto it = c.methods.find(name);
    if (it == c.methods.end() || !seen.insert({name, inherited.has_value()}).second) continue;
    const MethodFact &m = it->second;
    if (inherited)
      for (const std::string &member : m.membersUsed) dead.emplace(member, *inherited);
    for (const auto &[member, use] : m.deadMembers) dead.emplace(member, use);
    for (const std::string &callee : m.callees) {
      auto d = m.deadCallees.find(callee);
      work.push_back({callee, inherited ? inherited : d != m.deadCallees.end() ? std::optional(d->second) : std::nullopt});
    }
  }
  // A container filled with other members is dead with them.
  for (bool grew = true; grew;) {
    grew = false;
    for (const WriteFact &w : c.writes)
      if (auto it = dead.find(w.member); it != dead.end())
        for (const std::string &src : w.sourceMembers) grew |= dead.emplace(src, it->second).second;
  }
  for (const auto &[member, guard] : reachFrom(c, method)) dead.erase(member);
  return dead;
}

bool isTrainable(const ModelIndex &index, const RegistrationFact &r, const ClassFact &c) {
  if (r.member.empty()) return false;
  if (r.kind == RegKind::Buffer) return false;
  if (r.kind == RegKind::Parameter) return r.requiresGrad;
  return c.member(r.member) && memberTrainable(index, c, r.member, 0);
}

bool moduleClassTrainable(const ModelIndex &index, const ClassFact &seenFrom, const std::string &cls) {
  return classTrainable(index, seenFrom, cls, 0);
}

bool isBaseOfAnother(const ModelIndex &index, const std::string &cls) {
  for (const auto &[name, c] : index.classes)
    for (const std::string &b : c.moduleBases)
      if (b == cls) return true;
  return false;
}

bool usesAllParameters(const ClassFact &c, const std::string &entry) {
  for (const std::string &m : c.reachableFrom(entry)) {
    auto it = c.methods.find(m);
    if (it != c.methods.end() && it->second.usesAllParameters) return true;
  }
  return false;
}

std::vector<std::string> entryPoints(const ClassFact &c) {
  if (c.methods.count("forward")) return {"forward"};
  std::vector<std::string> out;
  for (const auto &[name, m] : c.methods)
    if (m.isPublic && m.returnsValue && !m.isCtor && name != "reset" && name != "clone") out.push_back(name);
  return out;
}

std::set<std::string> trainedMethods(const ModelIndex &index, const std::string &key) {
  std::set<std::string> out;
  for (const OutsideCallFact &call : index.outsideCalls) {
    if (call.moduleClass != key || call.memberUse || isSetupMethod(call.callerMethod)) continue;
    if (call.training || index.trainingCallees.count(call.callerUsr)) {
      out.insert(call.method);
      continue;
    }
    const ClassFact *caller = call.callerClass.empty() ? nullptr : index.find(call.callerClass);
    if (!caller || caller == index.find(key)) continue;
    for (const std::string &e : entryPoints(*caller))
      if (caller->reachableFrom(e).count(call.callerMethod)) out.insert(call.method);
  }
  return out;
}

namespace {

// The class `O` that a function is the constructor or reset() of, by the
// function's qualified name ("ns::OwnerImpl::OwnerImpl", "ns::OwnerImpl::reset").
const ClassFact *setupOwner(const ModelIndex &index, const std::string &function) {
  size_t cut = function.rfind("::");
  if (cut == std::string::npos) return nullptr;
  std::string cls = function.substr(0, cut), name = function.substr(cut + 2);
  size_t last = cls.rfind("::");
  std::string simple = last == std::string::npos ? cls : cls.substr(last + 2);
  if (name != simple && name != "reset") return nullptr;
  return index.find(cls);
}

// Whether `owner` keeps a module of class `c` in a registered member of its
// own that no code outside it can reach.
bool holdsRegistered(const ClassFact &owner, const ClassFact &c) {
  for (const MemberFact &m : owner.members) {
    if (m.moduleClass != c.name || m.kind == HoldKind::Container || owner.escapes(m.name)) continue;
    for (const RegistrationFact &r : owner.registrations)
      if (r.member == m.name && r.kind == RegKind::Module) return true;
  }
  return false;
}

// No construction of `c` is seen (the program builds it in code not
// analysed and hands it to its owner): every class that holds one keeps it
// in a registered member and is a model that no other class holds.
bool heldOnlyByRoots(const ModelIndex &index, const ClassFact &c) {
  auto holds = [&](const ClassFact &owner, const std::string &cls) {
    for (const MemberFact &m : owner.members)
      if (m.moduleClass == cls) return true;
    for (const auto &[member, elements] : owner.containerElements)
      if (elements.count(cls)) return true;
    return false;
  };
  bool held = false;
  for (const auto &[key, owner] : index.classes) {
    if (!holds(owner, c.name)) continue;
    if (!owner.allMethodsSeen() || !holdsRegistered(owner, c)) return false;
    for (const auto &[otherKey, other] : index.classes)
      if (holds(other, owner.name)) return false;
    held = true;
  }
  return held;
}

}  // namespace

std::optional<OwnerCalls> ownerOnlyCalls(const ModelIndex &index, const ClassFact &c, const std::string &key) {
  if (!c.moduleBases.empty() || !c.allMethodsSeen() || isBaseOfAnother(index, c.name)) return std::nullopt;
  OwnerCalls out;
  for (const OutsideCallFact &call : index.outsideCalls) {
    if (call.moduleClass != key) continue;
    if (call.method == "forward" && !call.memberUse) return std::nullopt;  // somebody runs it (a shape probe counts too)
    if (isSetupMethod(call.callerMethod)) continue;
    (call.memberUse ? out.members : out.methods).insert(call.method);
    if (!out.example) out.example = &call;
  }
  if (out.methods.empty() && out.members.empty()) return std::nullopt;
  // Every object of the class is built in an owner's set-up and kept in a
  // registered member of that class: no other code holds one.
  bool built = false;
  for (const CallSiteFact &f : index.callSites) {
    if (f.kind != CallSiteKind::ModuleConstructed || f.moduleClass != key) continue;
    const ClassFact *owner = setupOwner(index, f.function);
    if (!owner || owner == &c || !owner->allMethodsSeen() || !holdsRegistered(*owner, c)) return std::nullopt;
    built = true;
  }
  if (!built && !heldOnlyByRoots(index, c)) return std::nullopt;
  for (const auto &[name, other] : index.classes)
    for (const auto &[member, elements] : other.containerElements)
      if (elements.count(c.name)) return std::nullopt;  // also held in a Sequential, whose forward() runs it
  return out;
}

}  // namespace nnlint
