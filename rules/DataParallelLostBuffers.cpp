// nn-data-parallel-lost-buffers: data_parallel() and replicate() run forward()
// on clones of the module, device 0's included, and drop them, so the buffers
// that forward() updates (BatchNorm's running statistics, a user's counter)
// never change in the module itself.
#include "index/Condition.h"
#include "rules/Rule.h"
#include "rules/support/Describe.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace nnlint {
namespace {

// A buffer that forward() updates: a norm module's running statistics, or a
// registered buffer that forward() (or a method it calls) writes.
struct LostBuffer {
  std::string name;  // as the message names it: "'layer1.bn'", "'steps_'"
  bool runningStats = false;
  bool onlyInTraining = false;
  bool conditional = false;  // a norm module created on some branches of the constructor only
  RelatedNote note;
};

// "BatchNorm2d" for "torch::nn::BatchNorm2dImpl".
std::string shortModuleName(std::string implClass) {
  const std::string prefix = "torch::nn::";
  if (implClass.rfind(prefix, 0) == 0) implClass.erase(0, prefix.size());
  if (implClass.size() > 4 && implClass.compare(implClass.size() - 4, 4, "Impl") == 0)
    implClass.resize(implClass.size() - 4);
  return implClass;
}

bool hasRegistration(const ClassFact &c, const std::string &member, RegKind kind) {
  for (const RegistrationFact &r : c.registrations)
    if (r.member == member && r.kind == kind) return true;
  return false;
}

// `member` is registered as a buffer by the class or by the base class that declares it.
bool isBuffer(const ModelIndex &index, const ClassFact &c, const std::string &member) {
  if (hasRegistration(c, member, RegKind::Buffer)) return true;
  const MemberFact *m = c.member(member);
  const ClassFact *base = m && !m->inheritedFrom.empty() ? index.find(m->inheritedFrom) : nullptr;
  return base && hasRegistration(*base, member, RegKind::Buffer);
}

// Whether a use skipped when `skip` holds is skipped whenever the module is
// not training (every is_training() / grad-mode atom false).
bool skippedInEvaluation(const Condition &skip) {
  std::map<std::string, Condition> atoms;
  collectAtoms(skip, atoms);
  return isTrue(substitute(skip, [&](const std::string &key) -> std::optional<bool> {
    auto it = atoms.find(key);
    if (it != atoms.end() && it->second.kind == AtomKind::Training) return false;
    return std::nullopt;
  }));
}

// A write that runs only in training: guarded so in its own method, or in a
// method that every method running it calls only under such a guard.
bool onlyInTraining(const ClassFact &c, const TensorWriteFact &w, const std::set<std::string> &runs) {
  if (w.onlyInTraining) return true;
  bool called = false;
  for (const std::string &m : runs) {
    auto method = c.methods.find(m);
    if (method == c.methods.end() || !method->second.callees.count(w.method)) continue;
    called = true;
    auto guard = method->second.calleeGuards.find(w.method);
    if (guard == method->second.calleeGuards.end() || !skippedInEvaluation(guard->second.skip)) return false;
  }
  return called;
}

// "the running statistics of 'a' and 'b'", "the buffers 'x' and 'y'": at most four names.
std::string nameList(const std::vector<std::string> &names) {
  std::string out;
  size_t shown = std::min<size_t>(names.size(), 4);
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) out += i + 1 == shown && shown == names.size() ? " and " : ", ";
    out += names[i];
  }
  if (shown < names.size()) out += " and " + std::to_string(names.size() - shown) + " more";
  return out;
}

class DataParallelLostBuffers : public Rule {
 public:
  RuleInfo info() const override {
    return {"nn-data-parallel-lost-buffers",
            "data_parallel() or replicate() of a module whose forward() updates buffers: the updates are lost",
            "torch::nn::parallel::data_parallel() replicates the module with clone() onto every device, device 0 "
            "included, runs forward() on the clones and drops them. Gradients reach the original's parameters, but "
            "what forward() writes into buffers does not: BatchNorm's running_mean, running_var and "
            "num_batches_tracked stay at their initial values in training mode, and so does a counter that "
            "forward() increments. Train one process per GPU and broadcast the buffers, copy replica 0's buffers "
            "back after each step, or use normalisation without running statistics.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind != CallSiteKind::ModuleReplicated || c.moduleClass.empty()) continue;
      const ClassFact *root = index.find(c.moduleClass);
      if (!root) continue;
      std::vector<LostBuffer> lost;
      std::set<const ClassFact *> path;
      collect(index, *root, "", path, lost);
      // In evaluation (after eval(), under NoGradGuard) only what forward() writes in any mode is lost.
      if (c.cause.valid())
        lost.erase(std::remove_if(lost.begin(), lost.end(), [](const LostBuffer &b) { return b.onlyInTraining; }),
                   lost.end());
      if (!lost.empty()) report(c, lost, out);
    }
  }

 private:
  void collect(const ModelIndex &index, const ClassFact &c, const std::string &prefix,
               std::set<const ClassFact *> &path, std::vector<LostBuffer> &lost) const {
    if (path.size() > 8 || !path.insert(&c).second) return;
    std::set<std::string> runs = c.reachableFrom("forward");
    runningStatistics(c, prefix, runs, lost);
    writtenBuffers(index, c, prefix, runs, lost);
    for (const RegistrationFact &r : c.registrations) {
      const MemberFact *m = r.kind == RegKind::Module && !r.member.empty() ? c.member(r.member) : nullptr;
      if (!m) continue;
      std::set<std::string> classes = {m->moduleClass};
      if (auto it = c.containerElements.find(m->name); it != c.containerElements.end())
        classes.insert(it->second.begin(), it->second.end());
      for (const std::string &cls : classes)
        if (const ClassFact *child = index.find(cls)) collect(index, *child, prefix + m->name + ".", path, lost);
    }
    for (const std::string &base : c.moduleBases)
      if (const ClassFact *b = index.find(base)) collect(index, *b, prefix, path, lost);
    path.erase(&c);
  }

  // Norm modules that keep running statistics: those the class creates (in
  // setup code, stored in a registered member or only registered), and
  // registered members of such a type whose creation was not seen.
  static void runningStatistics(const ClassFact &c, const std::string &prefix, const std::set<std::string> &runs,
                                std::vector<LostBuffer> &lost) {
    std::set<std::string> created, named;
    for (const RunningStatsFact &r : c.runningStats) {
      if (r.declaration) continue;
      created.insert(r.member);
      // A module made anew on each forward() is no buffer of the model.
      if (runs.count(r.method) && !isSetupMethod(r.method)) continue;
      if (r.tracking != StatsTracking::On || (!r.member.empty() && !hasRegistration(c, r.member, RegKind::Module)))
        continue;
      add(c, prefix, r, "is created here", named, lost);
    }
    for (const RunningStatsFact &r : c.runningStats)
      if (r.declaration && !created.count(r.member) && r.tracking == StatsTracking::On &&
          hasRegistration(c, r.member, RegKind::Module))
        add(c, prefix, r, "is declared here", named, lost);
  }

  static void add(const ClassFact &c, const std::string &prefix, const RunningStatsFact &r, const std::string &where,
                  std::set<std::string> &named, std::vector<LostBuffer> &lost) {
    std::string module = shortModuleName(r.moduleClass);
    // The member itself, or a container (Sequential, ModuleList, std::vector) that holds it.
    const MemberFact *m = c.member(r.member);
    bool itself = m && m->kind != HoldKind::Container && m->moduleClass == r.moduleClass;
    std::string owner = !r.member.empty() ? prefix + r.member
                        : prefix.empty()    ? ""
                                            : prefix.substr(0, prefix.size() - 1);
    std::string name = itself          ? "'" + owner + "'"
                       : owner.empty() ? "a " + module
                                       : "a " + module + " in '" + owner + "'";
    if (!named.insert(name).second) return;
    LostBuffer b;
    b.name = name;
    b.runningStats = true;
    b.onlyInTraining = true;
    b.conditional = r.conditional;
    b.note = {(itself ? name + " (" + module + ")" : name) + " " + where + (r.conditional ? " on some branches" : "") +
                  "; in training mode its forward() updates running_mean, running_var and num_batches_tracked",
              r.loc};
    lost.push_back(std::move(b));
  }

  // Registered buffers that forward(), or a method it calls, writes.
  static void writtenBuffers(const ModelIndex &index, const ClassFact &c, const std::string &prefix,
                             const std::set<std::string> &runs, std::vector<LostBuffer> &lost) {
    std::set<std::string> named;
    for (const TensorWriteFact &w : c.tensorWrites) {
      if (!runs.count(w.method) || isSetupMethod(w.method) || !isBuffer(index, c, w.member)) continue;
      if (!named.insert(w.member).second) continue;
      LostBuffer b;
      b.name = "'" + prefix + w.member + "'";
      b.onlyInTraining = onlyInTraining(c, w, runs);
      std::string in = w.method == "forward" ? "forward()" : describeMethod(w.method) + ", called from forward()";
      b.note = {"the buffer '" + w.member + "' is changed here ('" + w.how + "'), in " + in, w.loc};
      lost.push_back(std::move(b));
    }
  }

  void report(const CallSiteFact &c, const std::vector<LostBuffer> &lost, std::vector<Finding> &out) const {
    std::vector<std::string> stats, buffers;
    for (const LostBuffer &b : lost) (b.runningStats ? stats : buffers).push_back(b.name);
    std::string what;
    if (!stats.empty()) what = "the running statistics of " + nameList(stats);
    if (!buffers.empty())
      what += (what.empty() ? "" : ", and ") + std::string(buffers.size() == 1 ? "the buffer " : "the buffers ") +
              nameList(buffers);
    bool replicate = c.callee == "torch::nn::parallel::replicate";
    Finding f;
    f.check = info().id;
    f.loc = c.loc;
    // Norm modules that only some configurations create: the loss holds in those only.
    if (std::all_of(lost.begin(), lost.end(), [](const LostBuffer &b) { return b.conditional; }))
      f.severity = Severity::Note;
    f.message = (replicate ? "replicate() clones '" + c.subject + "' onto every device, so '" + c.subject +
                                 "' never gets the updates that forward() on the clones makes to "
                           : "data_parallel() runs forward() on clones of '" + c.subject +
                                 "', device 0's included, and drops them, so '" + c.subject +
                                 "' never gets forward()'s updates of ") +
                what + (f.severity == Severity::Note ? ", in the configurations that create them" : "") +
                "; train one process per GPU and broadcast the buffers, copy replica 0's buffers back after each "
                "step, or use normalisation without running statistics";
    for (size_t i = 0; i < lost.size() && i < 6; ++i) f.notes.push_back(lost[i].note);
    out.push_back(std::move(f));
  }
};

}  // namespace

std::unique_ptr<Rule> makeDataParallelLostBuffers() { return std::make_unique<DataParallelLostBuffers>(); }

}  // namespace nnlint
