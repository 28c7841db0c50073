#include "rules/support/ConditionVerdict.h"

#include "index/Condition.h"

#include <algorithm>

namespace nnlint {
namespace {

constexpr size_t kMaxAtoms = 16;

bool isConstruction(const std::string &method, const std::set<std::string> &construction) {
  return method == "<init>" || construction.count(method) != 0;
}

// Methods that only build the module: the constructor, reset(), methods that
// register modules (`void fcn_resnet50(bool aux)` builders), and what they
// call, unless forward() calls them too.
std::set<std::string> constructionMethods(const ClassFact &c) {
  std::set<std::string> out = c.reachableFrom("<ctor>"), reset = c.reachableFrom("reset");
  out.insert(reset.begin(), reset.end());
  for (const RegistrationFact &r : c.registrations)
    if (!r.method.empty() && !r.viaHelper) {
      std::set<std::string> builder = c.reachableFrom(r.method);
      out.insert(builder.begin(), builder.end());
    }
  for (const std::string &m : c.reachableFrom("forward")) out.erase(m);
  return out;
}

// Members some method other than a constructor may change.
std::set<std::string> mutatedMembers(const ClassFact &c, const std::set<std::string> &construction) {
  std::set<std::string> out;
  for (const auto &[name, m] : c.methods)
    if (!isConstruction(name, construction)) out.insert(m.membersMutated.begin(), m.membersMutated.end());
  for (const WriteFact &w : c.writes)
    if (!isConstruction(w.method, construction)) out.insert(w.member);
  return out;
}

// `nonnull:m` holds exactly when one of m's registrations ran, if nothing else writes m.
std::optional<Condition> nonNullValue(const ClassFact &c, const std::string &member,
                                      const std::set<std::string> &construction) {
  const MemberFact *m = c.member(member);
  if (!m || !m->nullInit) return std::nullopt;
  for (const WriteFact &w : c.writes)
    if (w.member == member && (!isConstruction(w.method, construction) || !(w.fromRegistration || w.nullValue)))
      return std::nullopt;
  std::optional<Condition> out;
  for (const RegistrationFact &r : c.registrations)
    if (r.member == member) out = out ? condOr(*out, r.when) : r.when;
  return out;
}

std::string eqVariable(const std::string &key) {
  if (key.rfind("eq:", 0) != 0) return "";
  return key.substr(0, key.rfind('='));
}

}  // namespace

Verdict judgeSkip(const ClassFact &c, const RegistrationFact &r, const Condition &skip) {
  std::set<std::string> construction = constructionMethods(c), mutated = mutatedMembers(c, construction);
  auto runtime = [&](const Condition &atom) {
    if (atom.kind == AtomKind::Runtime) return true;
    if (atom.kind != AtomKind::Members) return false;
    for (const std::string &m : atom.members)
      if (mutated.count(m)) return true;
    return false;
  };

  // Everything known: the registration ran, its holder is set, the flags hold
  // what the constructor left in them, and training is on.
  std::vector<std::pair<std::string, Condition>> facts;  // atom key <-> value
  std::vector<Condition> required{r.when};
  std::map<std::string, Condition> atoms;
  collectAtoms(skip, atoms);
  collectAtoms(r.when, atoms);
  std::set<std::string> explained;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto &[key, atom] : std::map<std::string, Condition>(atoms)) {
      if (runtime(atom) || !explained.insert(key).second) continue;
      std::optional<Condition> value;
      if (auto it = c.flagValues.find(key); it != c.flagValues.end()) value = it->second;
      else if (key.rfind("nonnull:", 0) == 0 && key.substr(8) != r.member)
        value = nonNullValue(c, key.substr(8), construction);
      if (!value) continue;
      facts.push_back({key, *value});
      size_t before = atoms.size();
      collectAtoms(*value, atoms);
      grew |= atoms.size() != before;
    }
  }
  auto known = [&](const std::string &key) -> std::optional<bool> {
    if (key == "training") return true;
    if (key == "nonnull:" + r.member) return true;
    return std::nullopt;
  };
  Condition inTraining = substitute(skip, known);
  if (isFalse(inTraining)) return Verdict::Silent;

  std::vector<std::string> fixed, varying;
  for (const auto &[key, atom] : atoms)
    if (!known(key)) (runtime(atom) ? varying : fixed).push_back(key);
  if (fixed.size() + varying.size() > kMaxAtoms) return Verdict::FixedAtConstruction;  // cannot decide: a note

  std::map<std::string, bool> value;
  auto lookup = [&](const std::string &key) {
    if (std::optional<bool> v = known(key)) return *v;
    return value[key];
  };
  auto consistent = [&]() {
    std::set<std::string> taken;
    for (const auto &[key, v] : value)
      if (v && !eqVariable(key).empty() && !taken.insert(eqVariable(key)).second) return false;
    for (const Condition &req : required)
      if (!evaluate(req, lookup)) return false;
    for (const auto &[key, fact] : facts)
      if (lookup(key) != evaluate(fact, lookup)) return false;
    return true;
  };
  bool onlyInputs = !varying.empty() && std::all_of(varying.begin(), varying.end(), [](const std::string &key) {
    return key.rfind("in:", 0) == 0;
  });
  bool skippedInSomeModel = false, skippedInEveryModel = true, anyModel = false;
  for (uint64_t f = 0; f < (uint64_t(1) << fixed.size()); ++f) {
    for (size_t i = 0; i < fixed.size(); ++i) value[fixed[i]] = (f >> i) & 1;
    bool sometimes = false, always = true, anyRun = false;
    for (uint64_t v = 0; v < (uint64_t(1) << varying.size()); ++v) {
      for (size_t i = 0; i < varying.size(); ++i) value[varying[i]] = (v >> i) & 1;
      if (!consistent()) continue;
      anyRun = true;
      bool skipped = evaluate(inTraining, lookup);
      sometimes |= skipped;
      always &= skipped;
    }
    if (!anyRun) continue;
    anyModel = true;
    if (sometimes && !always) return onlyInputs ? Verdict::DependsOnCaller : Verdict::VariesPerIteration;
    skippedInSomeModel |= always;
    skippedInEveryModel &= always;
  }
  if (!anyModel || !skippedInSomeModel) return Verdict::Silent;
  return skippedInEveryModel && fixed.empty() ? Verdict::NeverInTraining : Verdict::FixedAtConstruction;
}

}  // namespace nnlint
