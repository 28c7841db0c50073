#include "rules/support/SkippedBaseMembers.h"

#include "rules/support/GradientReach.h"

#include <optional>
#include <set>
#include <utility>

namespace nnlint {
namespace {

// The user module classes `c` derives from, nearest first; nullopt when one
// of them was not seen with every method body.
std::optional<std::vector<const ClassFact *>> basesSeenWhole(const ModelIndex &index, const ClassFact &c) {
  std::vector<const ClassFact *> out;
  std::vector<const ClassFact *> work{&c};
  while (!work.empty()) {
    const ClassFact *cls = work.back();
    work.pop_back();
    for (const std::string &name : cls->moduleBases) {
      const ClassFact *base = index.find(name);
      if (!base || !base->allMethodsSeen() || out.size() > 16) return std::nullopt;
      out.push_back(base);
      work.push_back(base);
    }
  }
  return out;
}

// Members that the methods `start` of `self` use (dead uses included),
// following calls to own methods, to base methods, and to overrides in
// `self` of a base method's callees (virtual dispatch). nullopt when a call
// cannot be followed or a method walks every parameter.
std::optional<std::set<std::string>> membersReached(const ModelIndex &index, const ClassFact &self,
                                                    const std::vector<std::string> &start) {
  std::set<std::string> used;
  std::set<std::pair<const ClassFact *, std::string>> seen;
  std::vector<std::pair<const ClassFact *, std::string>> work;
  for (const std::string &m : start) work.push_back({&self, m});
  while (!work.empty()) {
    auto [cls, name] = work.back();
    work.pop_back();
    if (!seen.insert({cls, name}).second) continue;
    auto it = cls->methods.find(name);
    bool inSelf = self.methods.count(name) != 0;
    if (it == cls->methods.end()) {
      if (cls == &self || !inSelf) return std::nullopt;  // a call nnlint cannot place
      continue;
    }
    const MethodFact &m = it->second;
    if (m.usesAllParameters) return std::nullopt;
    used.insert(m.membersUsed.begin(), m.membersUsed.end());
    for (const std::string &callee : m.callees) {
      work.push_back({cls, callee});
      if (cls != &self && self.methods.count(callee)) work.push_back({&self, callee});
    }
    for (const auto &[key, callee] : m.baseCallees) {
      const ClassFact *base = index.find(key);
      if (!base) return std::nullopt;
      work.push_back({base, callee});
    }
  }
  return used;
}

// A base method uses it only under a condition (`if (head_)`): a derived
// object built without it is not wrong to skip it.
bool guardedIn(const ClassFact &c, const std::string &member) {
  for (const auto &[name, m] : c.methods)
    if (m.memberGuards.count(member)) return true;
  return false;
}

bool touchedBy(const ClassFact &c, const std::string &member) {
  for (const WriteFact &w : c.writes)
    if (w.member == member) return true;
  for (const RegistrationFact &r : c.registrations)
    if (r.member == member) return true;
  return c.escapes(member) || c.frozenMembers.count(member) || c.frozenMembers.count("*");
}

}  // namespace

std::vector<SkippedBaseMember> skippedBaseMembers(const ModelIndex &index, const ClassFact &derived) {
  std::vector<SkippedBaseMember> out;
  auto forward = derived.methods.find("forward");
  if (derived.moduleBases.empty() || forward == derived.methods.end() || !derived.allMethodsSeen() ||
      isBaseOfAnother(index, derived.name))
    return out;
  auto bases = basesSeenWhole(index, derived);
  if (!bases) return out;
  // Every method of the derived class but set-up counts: a second entry point may train the member.
  std::vector<std::string> entries;
  for (const auto &[name, m] : derived.methods)
    if (!isSetupMethod(name)) entries.push_back(name);
  auto reached = membersReached(index, derived, entries);
  if (!reached) return out;
  for (const ClassFact *base : *bases) {
    auto baseForward = base->methods.find("forward");
    if (baseForward == base->methods.end()) continue;
    auto baseReached = membersReached(index, *base, {"forward"});
    if (!baseReached) continue;
    for (const RegistrationFact &r : base->registrations) {
      const MemberFact *seen = derived.member(r.member);
      bool hidden = seen && seen->inheritedFrom.empty();
      if (r.member.empty() || r.when.op != CondOp::True || (r.method != "<ctor>" && r.method != "reset") || hidden ||
          !baseReached->count(r.member) || guardedIn(*base, r.member) || reached->count(r.member) || touchedBy(derived, r.member) ||
          base->escapes(r.member) || base->frozenMembers.count(r.member) ||
          base->frozenMembers.count("*") || !isTrainable(index, r, *base))
        continue;
      out.push_back({base, &r, &baseForward->second});
    }
  }
  return out;
}

}  // namespace nnlint
