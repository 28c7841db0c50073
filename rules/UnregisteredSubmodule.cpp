// nn-unregistered-submodule: a module held by a module but never registered.
#include "index/LibraryModules.h"
#include "flow/TorchTypes.h"
#include "rules/Rule.h"
#include "rules/support/Describe.h"
#include "rules/support/GradientReach.h"

namespace nnlint {
namespace {

class UnregisteredSubmodule : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-unregistered-submodule",
            "A submodule held by a module is never registered",
            "A submodule kept in a member (a holder, a shared_ptr, an Impl by value, or a plain "
            "container of them) that is never passed to register_module() is invisible to "
            "parameters(), to(), train()/eval(), save/load and clone(): the optimizer never trains "
            "it and it stays on the CPU when the model moves to a GPU.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const auto &[name, c] : index.classes) {
      if (!c.allMethodsSeen()) continue;
      for (const MemberFact &m : c.members) checkMember(index, c, m, out);
      for (const MemberFact &m : c.members) checkNeverConstructed(index, c, m, out);
      checkCallables(c, out);
      checkStructFields(index, c, out);
      checkConstructors(index, c, out);
    }
  }

 private:
  static bool used(const ClassFact &c, const std::string &member) {
    for (const auto &[name, method] : c.methods)
      if (method.membersUsed.count(member)) return true;
    return false;
  }

  // A Sequential or ModuleList whose every element is known holds state only
  // through its elements.
  static bool isStatefulMember(const ModelIndex &index, const ClassFact &c, const MemberFact &m) {
    auto elements = c.containerElements.find(m.name);
    if (!isModuleContainerClass(m.moduleClass) || elements == c.containerElements.end() || elements->second.empty())
      return isStatefulModule(index, m.moduleClass);
    for (const std::string &e : elements->second)
      if (e == kUnknownElement || isStatefulModule(index, e)) return true;
    return false;
  }

  // A module class without forward() that hands the member out (`Sequential
  // get_module() { return main; }`) is a builder: its caller trains, moves and
  // saves the returned module itself, so nothing is lost by not registering it.
  static bool handedOutByBuilder(const ModelIndex &index, const ClassFact &c, const std::string &member) {
    if (c.methods.count("forward")) return false;
    for (const std::string &b : c.moduleBases) {
      const ClassFact *base = index.find(b);
      if (!base || base->methods.count("forward")) return false;
    }
    for (const auto &[name, method] : c.methods)
      if (method.membersReturned.count(member)) return true;
    return false;
  }

  // `fc = register_module("fc", <value>)`, where that is plainly right: a holder
  // or shared_ptr member given a fresh module exactly once, in reset() or in the
  // constructor of a module that is not Cloneable (registering a name twice
  // throws, and a Cloneable registers in reset()).
  static void addRegisterFix(const ClassFact &c, const MemberFact &m, const WriteFact *fresh, Finding &f) {
    bool holder = m.kind == HoldKind::Holder || (m.kind == HoldKind::SharedPtr && m.type.find("shared_ptr<") != std::string::npos);
    if (!holder || !fresh || fresh->kind != WriteKind::Assign || !fresh->valueBegin.valid()) return;
    if (fresh->method != "reset" && !(fresh->method == "<ctor>" && !c.isCloneable)) return;
    unsigned writes = 0;
    for (const WriteFact &w : c.writes) writes += w.member == m.name && !w.nullValue && w.kind != WriteKind::Clear;
    if (writes != 1) return;
    f.fixes.push_back({fresh->valueBegin, fresh->valueBegin, "register_module(\"" + m.name + "\", "});
    f.fixes.push_back({fresh->valueEnd, fresh->valueEnd, ")"});
  }

  // Whether anything the run can see may give the member a module (a write or
  // registration in the class, a helper or unseen code it is passed to, a
  // getter that hands it out, code outside the class that names it), or the
  // class expects it to be empty (it tests it).
  static bool mayBeGiven(const ClassFact &c, const std::string &member) {
    for (const WriteFact &w : c.writes)
      if (w.member == member) return true;
    for (const HelperCall &h : c.helperCalls)
      if (h.member == member) return true;
    for (const auto &[name, method] : c.methods)
      if (method.membersReturned.count(member)) return true;
    return isRegistered(c, member) || c.escapes(member) ||
           c.membersTestedEmpty.count(member);
  }

  // What building an object with one constructor runs: the constructors it
  // delegates to, and the own methods they call, transitively.
  struct CtorRun {
    std::set<std::string> ctors;
    std::set<std::string> methods;
  };
  static CtorRun runOf(const ClassFact &c, std::string key) {
    CtorRun run;
    while (!key.empty() && run.ctors.insert(key).second) {
      auto it = c.constructors.find(key);
      if (it == c.constructors.end()) break;
      for (const std::string &callee : it->second.callees)
        for (const std::string &m : c.reachableFrom(callee)) run.methods.insert(m);
      key = it->second.delegatesTo;
    }
    return run;
  }
  template <typename Fact>
  static bool runs(const CtorRun &run, const Fact &f) {
    return f.method == "<init>" || (f.method == "<ctor>" ? run.ctors.count(f.ctor) != 0 : run.methods.count(f.method) != 0);
  }

  // A class with several constructors, one of which leaves a member that
  // another registers unregistered: the member is given a module there (or
  // by its default initialiser) that nothing registers.
  void checkConstructors(const ModelIndex &index, const ClassFact &c, std::vector<Finding> &out) const {
    if (c.constructors.size() < 2) return;
    for (const auto &[key, ctor] : c.constructors)
      if (!ctor.defined) return;
    auto setup = c.methods.find("<ctor>");
    if (setup == c.methods.end() || setup->second.usesAllParameters) return;
    std::map<std::string, CtorRun> runsOf;
    for (const auto &[key, ctor] : c.constructors) runsOf[key] = runOf(c, key);
    for (const MemberFact &m : c.members) {
      if (m.kind == HoldKind::Tensor || !m.inheritedFrom.empty() || c.escapes(m.name) || !used(c, m.name)) continue;
      // Registrations the analysis cannot place in one constructor: silent.
      const RegistrationFact *registration = nullptr;
      bool placed = true;
      for (const RegistrationFact &r : c.registrations) {
        if (r.member != m.name) continue;
        placed &= r.method != "<ctor>" || !r.ctor.empty();
        if (!registration) registration = &r;
      }
      if (!registration || !placed) continue;
      for (const auto &[key, ctor] : c.constructors) {
        const CtorRun &run = runsOf[key];
        bool registered = false, unknown = false;
        const WriteFact *fresh = nullptr;
        for (const RegistrationFact &r : c.registrations) registered |= r.member == m.name && runs(run, r);
        // A constructor that writes the member itself replaces its default initialiser.
        bool own = false;
        for (const WriteFact &w : c.writes) own |= w.member == m.name && w.method != "<init>" && runs(run, w);
        for (const WriteFact &w : c.writes) {
          if (w.member != m.name || !runs(run, w) || (own && w.method == "<init>")) continue;
          if (w.kind == WriteKind::Clear || w.nullValue) continue;
          if (w.freshModule && !w.fromRegistration && !w.unknownModule && !w.fromParameter && w.fromHelpers.empty()) {
            if (!fresh) fresh = &w;
          } else {
            unknown = true;  // a module from elsewhere, maybe registered there
          }
        }
        if (registered || unknown) continue;
        bool byDefault = !fresh && m.defaultConstructs && m.kind != HoldKind::Container &&
                         !isModuleContainerClass(m.moduleClass);
        if (!fresh && !byDefault) continue;
        bool stateful = isStatefulMember(index, c, m);
        Finding f;
        f.check = info().id;
        f.severity = stateful ? Severity::Warning : Severity::Note;
        f.loc = ctor.loc;
        f.message = "this constructor leaves submodule '" + m.name + "' (" + m.type +
                    ") unregistered, though another constructor registers it";
        f.message += stateful ? "; objects built with it lose it from parameters(), to(), eval(), save and clone()"
                              : "; it has no state, so this only matters for printing and clone()";
        byDefault |= fresh && fresh->method == "<init>";
        if (fresh && !byDefault) f.notes.push_back({"assigned here without register_module()", fresh->loc});
        f.notes.push_back({"'" + m.name + "' is declared here" +
                               std::string(byDefault ? " and built by its default initializer" : ""),
                           m.loc});
        f.notes.push_back({"registered here, in " + describeMethod(registration->method), registration->loc});
        out.push_back(std::move(f));
      }
    }
  }

  // A plain struct member counts as registered when any of its fields is;
  // a field given a fresh module that no registration names is lost all the
  // same (`heads.box = Linear(8, 4)` beside `heads.cls = register_module(...)`).
  void checkStructFields(const ModelIndex &index, const ClassFact &c, std::vector<Finding> &out) const {
    std::map<std::string, std::map<std::string, std::vector<const StructFieldFact *>>> byMember;
    for (const StructFieldFact &f : c.structFields) byMember[f.member][f.field].push_back(&f);
    for (const auto &[member, fields] : byMember) {
      if (c.escapes(member) || fields.count("") || !isRegistered(c, member) || !used(c, member)) continue;
      const StructFieldFact *sibling = nullptr;  // a field of the struct that is registered
      for (const auto &[field, uses] : fields)
        for (const StructFieldFact *u : uses)
          if (u->use == StructFieldUse::Registered && !sibling) sibling = u;
      for (const auto &[field, uses] : fields) {
        const StructFieldFact *fresh = nullptr;
        bool judged = true;
        for (const StructFieldFact *u : uses) {
          judged &= u->use == StructFieldUse::AssignedFresh;
          if (u->use == StructFieldUse::AssignedFresh && !fresh) fresh = u;
        }
        if (!judged || !fresh) continue;
        std::string name = member + "." + field;
        Finding f;
        f.check = info().id;
        f.severity = isStatefulModule(index, fresh->moduleClass) ? Severity::Warning : Severity::Note;
        f.loc = fresh->loc;
        f.message = "submodule '" + name + "' (" + fresh->type + ") is never registered with register_module(); " +
                    "parameters(), to(), eval(), save and clone() do not see it";
        if (sibling) f.notes.push_back({"'" + member + "." + sibling->field + "' is registered here", sibling->loc});
        out.push_back(std::move(f));
      }
    }
  }

  // A member that holds no module by its type (a std::function, a lambda)
  // given a closure that captures a module created here and never
  // registered: the closure is the module's only owner.
  void checkCallables(const ClassFact &c, std::vector<Finding> &out) const {
    std::set<std::string> reported;
    for (const WriteFact &w : c.writes) {
      if (!w.freshModule || w.fromRegistration || w.unknownModule || c.member(w.member)) continue;
      if (c.escapes(w.member) || reported.count(w.member)) continue;
      if (!c.usedToRun(w.member)) continue;
      reported.insert(w.member);
      Finding f;
      f.check = info().id;
      f.severity = Severity::Warning;
      f.loc = w.loc;
      f.message = "'" + w.member + "' is given a callable that holds a submodule created here and never registered "
                  "with register_module(); parameters(), to(), eval(), save and clone() do not see it";
      out.push_back(std::move(f));
    }
  }

  // `Linear head{nullptr};` that nothing ever gives a module, used on every
  // path through forward(): the first call throws "Accessing empty ModuleHolder".
  void checkNeverConstructed(const ModelIndex &index, const ClassFact &c, const MemberFact &m,
                             std::vector<Finding> &out) const {
    bool empty = (m.kind == HoldKind::Holder && m.nullInit) || m.kind == HoldKind::SharedPtr;
    if (!empty || !m.inheritedFrom.empty() || mayBeGiven(c, m.name)) return;
    if (!c.methods.count("forward") || isBaseOfAnother(index, c.name)) return;
    Reach reach = reachFrom(c, "forward");
    auto use = reach.find(m.name);
    if (use == reach.end() || use->second) return;
    Finding f;
    f.check = info().id;
    f.severity = Severity::Warning;
    f.loc = m.loc;
    f.message = "submodule '" + m.name + "' (" + m.type + ") is never given a module: it is empty when forward() " +
                "uses it, which throws " +
                (m.kind == HoldKind::Holder ? "'Accessing empty ModuleHolder'" : "or dereferences a null pointer") +
                "; construct it and register it with register_module()";
    out.push_back(std::move(f));
  }

  void checkMember(const ModelIndex &index, const ClassFact &c, const MemberFact &m,
                   std::vector<Finding> &out) const {
    if (m.kind == HoldKind::Tensor) return;
    if (c.escapes(m.name) || isRegistered(c, m.name)) return;
    // A base class's member: the base registers, or not, in its own methods.
    const ClassFact *base = m.inheritedFrom.empty() ? nullptr : index.find(m.inheritedFrom);
    if (!m.inheritedFrom.empty() &&
        (!base || !base->allMethodsSeen() || base->escapes(m.name) || isRegistered(*base, m.name)))
      return;

    // What the member is given: fresh modules that nobody registered, or only
    // modules registered under another name (then it is not unregistered).
    // A raw pointer owns only a module it was given by `new`; otherwise it is
    // a view of a module held elsewhere (weight tying), and silent.
    bool raw = m.kind == HoldKind::RawPtr;
    const WriteFact *fresh = nullptr;
    for (const WriteFact &w : c.writes) {
      if (w.member != m.name || w.kind == WriteKind::Clear || w.nullValue) continue;
      bool elsewhere = w.fromRegistration;
      for (const std::string &src : w.sourceMembers) elsewhere |= isRegistered(c, src);
      // Unregistered only where the model proves it: a module created here
      // and never registered, or members none of which is registered. A
      // module it cannot follow (unknownModule) may be registered elsewhere.
      bool unregistered = raw ? w.freshModule && !w.fromRegistration
                              : w.freshModule || ((!w.sourceMembers.empty() || w.fromParameter) && !elsewhere &&
                                                  !w.unknownModule);
      if (unregistered && !fresh) fresh = &w;
    }
    // A default-constructed ModuleList or Sequential is empty: what it holds comes from its writes.
    // A base's default-constructed member is the base's to report.
    bool constructed = fresh || (m.defaultConstructs && !base && m.kind != HoldKind::Container &&
                                 !isModuleContainerClass(m.moduleClass));
    if (!constructed || !(used(c, m.name) || (base && used(*base, m.name)))) return;
    if (handedOutByBuilder(index, c, m.name)) return;

    bool stateful = isStatefulMember(index, c, m);
    Finding f;
    f.check = info().id;
    f.severity = stateful ? Severity::Warning : Severity::Note;
    f.loc = m.loc;
    bool oneModule = m.containerKind == "std::optional" || m.containerKind == "std::variant";
    if (m.kind == HoldKind::Container && oneModule) {
      f.message = "'" + m.name + "' holds a submodule in a plain " + m.containerKind +
                  " that is never registered; parameters(), to(), eval(), save and clone() do not see it "
                  "(register the module it holds with register_module())";
    } else if (m.kind == HoldKind::Container) {
      f.message = "'" + m.name + "' holds submodules in a plain " + m.containerKind +
                  " that is never registered; parameters(), to(), eval(), save and clone() do not see them "
                  "(use torch::nn::ModuleList, ModuleDict or Sequential)";
    } else {
      f.message = "submodule '" + m.name + "' (" + m.type + ") is " +
                  (raw ? "created with new and owned through a raw pointer, but " : "") +
                  "never registered with register_module()";
      f.message += stateful ? "; parameters(), to(), eval(), save and clone() do not see it"
                            : "; it has no state, so this only matters for printing and clone()";
    }
    if (fresh && fresh->loc.valid())
      f.notes.push_back({std::string(fresh->kind == WriteKind::Append ? "filled" : "assigned") + " here, in " +
                             describeMethod(fresh->method),
                         fresh->loc});
    addRegisterFix(c, m, fresh, f);
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeUnregisteredSubmodule() { return std::make_unique<UnregisteredSubmodule>(); }

}  // namespace nnlint
