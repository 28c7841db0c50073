// nn-reset-accumulates: reset() appends to a member container that it does
// not clear first, so a clone ends up with the original's modules and new ones.
#include "rules/Rule.h"
#include "rules/support/Describe.h"

namespace nnlint {
namespace {

class ResetAccumulates : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-reset-accumulates",
            "reset() appends to a member container without clearing it first",
            "clone() calls reset() on a copy of the module, whose containers still hold the "
            "original's submodules. A reset() that appends without clearing leaves those in place: "
            "the clone runs the original's modules as well as its own.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      std::vector<const MemberFact *> containers = c.containersKeptByClone();
      if (containers.empty()) continue;
      std::set<std::string> reset = c.reachableFrom("reset");
      for (const MemberFact *m : containers) checkMember(c, *m, reset, out);
    }
  }

 private:
  static bool emptiedBefore(const ClassFact &c, const WriteFact &append, const std::set<std::string> &reset) {
    for (const WriteFact &w : c.writes) {
      if (w.member != append.member || w.kind == WriteKind::Append || !reset.count(w.method)) continue;
      // In the same method it must come first. Across methods the order of the
      // calls is not known: take the container as emptied (precision first).
      if (w.method != append.method || w.order < append.order) return true;
    }
    return false;
  }

  // `m.clear();` at the top of reset(), where that is plainly right: a standard
  // container that has clear() and is filled by push_back/emplace/insert (for a
  // vector, `m[i] = x` after clear() would index an empty container).
  static void addClearFix(const ClassFact &c, const MemberFact &m, const std::set<std::string> &reset, Finding &f) {
    auto method = c.methods.find("reset");
    if (method == c.methods.end() || !method->second.bodyStart.valid()) return;
    static const char *const clearable[] = {"std::vector<", "std::deque<", "std::list<", "std::map<",
                                            "std::unordered_map<", "std::multimap<", "std::set<"};
    bool known = false;
    for (const char *prefix : clearable) known |= m.type.rfind(prefix, 0) == 0;
    if (!known) return;
    bool isMap = m.type.find("map<") != std::string::npos;
    for (const WriteFact &w : c.writes)
      if (w.member == m.name && w.viaSubscript && !isMap && reset.count(w.method)) return;
    const SourcePoint &at = method->second.bodyStart;
    f.fixes.push_back({at, at, " " + m.name + ".clear();"});
  }

  void checkMember(const ClassFact &c, const MemberFact &m, const std::set<std::string> &reset,
                   std::vector<Finding> &out) const {
    for (const WriteFact &w : c.writes) {
      if (w.member != m.name || w.kind != WriteKind::Append || !reset.count(w.method)) continue;
      // `m[i] = x` overwrites: a clone's reset() replaces the copied element, it does not add one.
      if (w.viaSubscript || emptiedBefore(c, w, reset)) continue;
      Finding f;
      f.check = info().id;
      f.loc = w.loc;
      f.message = "reset() appends to '" + m.name + "' without clearing it first; clone() calls reset() on "
                  "a copy that still holds the original's modules, so the clone runs both";
      f.notes.push_back({"'" + m.name + "' is declared here", m.loc});
      addClearFix(c, m, reset, f);
      out.push_back(std::move(f));
      return;  // one finding per member
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeResetAccumulates() { return std::make_unique<ResetAccumulates>(); }

}  // namespace nnlint
