// nn-load-without-device: torch::load(module, source) with no device, after
// the module was moved to a device; the load moves it back to the devices the
// checkpoint was saved from.
#include "rules/Rule.h"

namespace nnlint {
namespace {

class LoadWithoutDevice : public Rule {
  // A move of the same member in another method of its class, preferring one
  // whose device can be written at the load.
  static const CallSiteFact *moveElsewhere(const ModelIndex &index, const CallSiteFact &load) {
    const CallSiteFact *found = nullptr;
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind != CallSiteKind::ModuleMovedToDevice || c.memberOf != load.memberOf || c.subject != load.subject ||
          c.function == load.function)
        continue;
      if (!found || (found->device.empty() && !c.device.empty())) found = &c;
    }
    return found;
  }

  // Every move of the member in other methods is to a device without an index.
  static bool movedElsewhereIndexFree(const ModelIndex &index, const CallSiteFact &load) {
    for (const CallSiteFact &c : index.callSites)
      if (c.kind == CallSiteKind::ModuleMovedToDevice && c.memberOf == load.memberOf && c.subject == load.subject &&
          c.function != load.function && !c.indexFreeDevice)
        return false;
    return true;
  }

  // Whether `function` runs only while an object of `cls` is constructed,
  // before any move of its members: every call the run shows is made on the
  // object by its constructor, or by a method that itself runs only then,
  // with no move before it there. A method nobody in the run calls may be
  // called by anyone.
  static bool onlyDuringConstruction(const ModelIndex &index, const std::string &function, const std::string &cls,
                                     int depth) {
    if (depth > 4) return false;
    bool called = false;
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind != CallSiteKind::HolderMethodCalled || c.callee != function || c.memberOf != cls) continue;
      called = true;
      if (c.subject.empty() || c.cause.valid()) return false;
      if (c.subject == "<method>" && !onlyDuringConstruction(index, c.function, cls, depth + 1)) return false;
    }
    return called;
  }

  void reportJit(const CallSiteFact &c, std::vector<Finding> &out) const {
    Finding f;
    f.check = info().id;
    f.loc = c.loc;
    f.message = "torch::jit::load() without a device leaves '" + c.subject +
                "' on the devices the file was saved from, but it is run on inputs put on '" + c.causeText +
                "'; pass the device as the second argument";
    f.notes.push_back({"the inputs of '" + c.subject + "' are put on '" + c.causeText + "' here", c.cause});
    if (!c.fixText.empty()) f.fixes.push_back({c.fixBegin, c.fixEnd, c.fixText});
    out.push_back(std::move(f));
  }

 public:
  RuleInfo info() const override {
    return {"nn-load-without-device",
            "torch::load() without a device, into a module that was moved to a device",
            "torch::load(module, source) puts every loaded tensor on the device it was saved from and so "
            "moves the module's parameters there: a model moved to cuda:1 ends up on cuda:0 when the "
            "checkpoint was written from cuda:0. Pass the device: torch::load(module, source, device). "
            "torch::jit::load(source) run on inputs placed on a device is reported the same way.",
            Severity::Warning};
  }

  void check(const ModelIndex &index, std::vector<Finding> &out) const override {
    for (const CallSiteFact &c : index.callSites) {
      if (c.kind == CallSiteKind::JitLoadWithoutDevice) reportJit(c, out);
      if (c.kind != CallSiteKind::LoadWithoutDevice) continue;
      const CallSiteFact *elsewhere = c.cause.valid() ? nullptr : moveElsewhere(index, c);
      if (!c.cause.valid() && !elsewhere) continue;
      if (elsewhere && onlyDuringConstruction(index, c.function, c.memberOf, 0)) continue;
      Finding f;
      f.check = info().id;
      f.loc = c.loc;
      // A device without an index (kCUDA, or kCUDA-else-kCPU) is where a checkpoint of the same kind
      // of device loads anyway: wrong only for a checkpoint saved on the other kind, so a note.
      bool indexFree = c.cause.valid() ? c.indexFreeDevice : movedElsewhereIndexFree(index, c);
      // A load from an archive that load_from() read without a device.
      std::string load = c.innerCall.valid() ? "loading from an archive read without a device" : "torch::load() without a device";
      std::string where = c.innerCall.valid() ? "pass the device as the last argument of load_from()" : "pass the device as the last argument";
      if (indexFree) {
        f.severity = Severity::Note;
        f.message = load + " puts the parameters of '" + c.subject +
                    "' on the devices the checkpoint was saved from; it was moved to a device without an index, "
                    "so this is wrong only for a checkpoint saved on another kind of device (CPU against CUDA); " +
                    where;
      } else {
        f.message = load + " puts the parameters of '" + c.subject +
                    "' back on the devices the checkpoint was saved from, undoing its move to a device; " + where;
      }
      std::string fix;
      if (c.cause.valid()) {
        f.notes.push_back({"'" + c.subject + "' is moved to '" + c.causeText + "' here", c.cause});
        fix = c.fixText;
      } else {
        f.notes.push_back({"'" + c.subject + "' is moved to a device here, in '" + elsewhere->function + "'",
                           elsewhere->loc});
        if (!elsewhere->device.empty()) fix = ", " + elsewhere->device;
      }
      if (c.innerCall.valid()) f.notes.push_back({c.innerCallText, c.innerCall});
      if (!fix.empty() && c.fixBegin.valid()) f.fixes.push_back({c.fixBegin, c.fixEnd, fix});
      out.push_back(std::move(f));
    }
  }
};

}  // namespace

std::unique_ptr<Rule> makeLoadWithoutDevice() { return std::make_unique<LoadWithoutDevice>(); }

}  // namespace nnlint
