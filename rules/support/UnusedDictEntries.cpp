#include "rules/support/UnusedDictEntries.h"

#include "rules/support/Describe.h"
#include "rules/support/GradientReach.h"

namespace nnlint {
namespace {

// The constant keys any method but set-up looks up; nullopt when one looks an
// entry up by another key, walks the dict, or passes it on.
std::optional<std::set<std::string>> keysLookedUp(const ClassFact &c, const std::string &dict) {
  std::set<std::string> keys;
  for (const auto &[name, m] : c.methods) {
    auto it = m.dictLookups.find(dict);
    if (isSetupMethod(name) || it == m.dictLookups.end()) continue;
    if (it->second.count("")) return std::nullopt;
    keys.insert(it->second.begin(), it->second.end());
  }
  return keys;
}

bool onlyFilledInSetup(const ClassFact &c, const std::string &dict) {
  for (const WriteFact &w : c.writes)
    if (w.member == dict && !isSetupMethod(w.method)) return false;
  return !c.dictsWithUnknownKeys.count(dict);
}

}  // namespace

std::vector<UnusedDictEntry> unusedDictEntries(const ModelIndex &index, const ClassFact &c) {
  std::vector<UnusedDictEntry> out;
  if (c.dictEntries.empty() || !c.allMethodsSeen() || isBaseOfAnother(index, c.name) || c.frozenMembers.count("*"))
    return out;
  std::vector<std::string> entries = entryPoints(c);
  Reach reached;
  for (const std::string &e : entries) {
    if (usesAllParameters(c, e)) return out;
    for (const auto &[member, guard] : reachFrom(c, e)) reached[member] = guard;
  }
  std::set<std::pair<std::string, std::string>> reported;
  for (const DictEntryFact &d : c.dictEntries) {
    const MemberFact *member = c.member(d.member);
    const RegistrationFact *reg = registrationOf(c, d.member);
    if (!member || !member->inheritedFrom.empty() || !reg || reg->kind != RegKind::Module || !reached.count(d.member) ||
        c.escapes(d.member) || c.frozenMembers.count(d.member) || !onlyFilledInSetup(c, d.member) ||
        d.moduleClass.empty() || !moduleClassTrainable(index, c, d.moduleClass))
      continue;
    auto keys = keysLookedUp(c, d.member);
    if (!keys || keys->empty() || keys->count(d.key) || !reported.insert({d.member, d.key}).second) continue;
    out.push_back({&d, reg, *keys});
  }
  return out;
}

}  // namespace nnlint
