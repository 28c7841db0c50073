// torch::load(module, source) without a device, when the module was moved to
// a device before it on some path: LibTorch puts the loaded parameters back on
// the devices they were saved from, so the move is undone.
#include "flow/CallSiteFacts.h"

#include "flow/CallOrder.h"
#include "flow/DeviceText.h"
#include "flow/IndexFreeDevice.h"
#include "flow/LibrarySemantics.h"
#include "flow/ModulePlace.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <map>
#include <set>

using namespace clang;

namespace nnlint {
namespace {

struct Move {
  const CallExpr *call;
  ModulePlace module;
  const Expr *device;
};

struct Load {
  const CallExpr *call;
  ModulePlace module;
  const CallExpr *readWithoutDevice = nullptr;  // the archive's load_from(), for a load from an archive
};

// `model = Net(...)`, `state = State()`: the place holds another module from
// then on, one that no earlier move applies to.
struct Reassignment {
  const Stmt *assign;
  ModulePlace module;
};

bool isCallable(QualType t) {
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isFunctionType() || t->isFunctionPointerType()) return true;
  const CXXRecordDecl *rd = t->getAsCXXRecordDecl();
  return rd && (rd->isLambda() || rd->getQualifiedNameAsString() == "std::function");
}

// The sources of torch::load (after the module) and of
// InputArchive::load_from are (filename | stream [, device]) and
// (data, size | read_func, size_func [, device]) (serialize/input-archive.h).
bool passesDevice(const CallExpr *load, unsigned first) {
  unsigned written = load->getNumArgs();
  while (written > first && isa<CXXDefaultArgExpr>(load->getArg(written - 1))) --written;
  unsigned sources = written - first;
  if (sources <= 1) return false;
  if (sources >= 3) return true;
  // A size is a builtin integer; a device may be an enumerator (torch::kCUDA).
  QualType second = load->getArg(first + 1)->getType().getCanonicalType();
  bool size = second->isBuiltinType() && second->isIntegerType();
  return !size && !isCallable(second) && !isCallable(load->getArg(first)->getType());
}

// The local archive a call reads into or loads from (`archive` in
// `archive.load_from(path)`, `module->load(archive)`, `archive >> module`).
const VarDecl *archiveVar(const Expr *e) {
  const auto *ref = e ? dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts()) : nullptr;
  const auto *v = ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
  return v && v->hasLocalStorage() ? v : nullptr;
}

// A holder or shared_ptr of a module, in a local, parameter or member, or a field of one.
ModulePlace moduleHandle(const Expr *e) {
  std::optional<HeldModule> held = classifyMemberType(e->getType());
  if (!held || (held->kind != HoldKind::Holder && held->kind != HoldKind::SharedPtr)) return {};
  return modulePlace(e);
}

// The module given to torch::load; the std::vector<Tensor> overload and
// optimizers are not modules.
ModulePlace loadedModule(const CallExpr *call) {
  if (libraryEffect(call) != LibraryEffect::LoadsModule || call->getNumArgs() < 2) return {};
  return moduleHandle(call->getArg(0));
}

// A module loaded from an archive: `module->load(archive)`, `archive >> module`.
std::pair<ModulePlace, const VarDecl *> loadFromArchive(const CallExpr *call) {
  if (libraryEffect(call) != LibraryEffect::LoadsFromArchive) return {};
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call); mc && call->getNumArgs() == 1)
    return {modulePlace(mc->getImplicitObjectArgument()), archiveVar(call->getArg(0))};
  if (isa<CXXOperatorCallExpr>(call) && call->getNumArgs() == 2)
    return {moduleHandle(call->getArg(1)), archiveVar(call->getArg(0))};
  return {};
}

struct Collector : RecursiveASTVisitor<Collector> {
  std::vector<Move> moves;
  std::vector<Load> loads;
  std::vector<Reassignment> reassignments;
  // Archives read with and without a device, and the loads from them.
  std::map<const VarDecl *, const CallExpr *> readWithoutDevice;
  std::set<const VarDecl *> readWithDevice;
  std::vector<std::pair<Load, const VarDecl *>> archiveLoads;

  // Loads from an archive that every read in this function filled without a device.
  void settleArchiveLoads() {
    for (auto &[load, archive] : archiveLoads) {
      auto read = readWithoutDevice.find(archive);
      if (read == readWithoutDevice.end() || readWithDevice.count(archive)) continue;
      load.readWithoutDevice = read->second;
      loads.push_back(load);
    }
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2)
      // The holder itself, or a struct holding it (`state = TrainState()`).
      if (ModulePlace module = modulePlace(op->getArg(0))) reassignments.push_back({op, module});
    return true;
  }
  bool VisitCallExpr(CallExpr *call) {
    if (isModuleToDevice(call)) {
      if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call))
        if (ModulePlace module = modulePlace(mc->getImplicitObjectArgument()))
          moves.push_back({call, module, call->getArg(0)});
    } else if (ModulePlace module = loadedModule(call)) {
      if (!passesDevice(call, 1)) loads.push_back({call, module});
    } else if (libraryEffect(call) == LibraryEffect::ReadsArchive) {
      const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
      if (const VarDecl *archive = mc ? archiveVar(mc->getImplicitObjectArgument()) : nullptr) {
        if (passesDevice(call, 0)) readWithDevice.insert(archive);
        else readWithoutDevice.emplace(archive, call);
      }
    } else if (auto [module, archive] = loadFromArchive(call); module && archive) {
      archiveLoads.push_back({Load{call, module}, archive});
    }
    return true;
  }
};

SourcePoint pointOf(ASTContext &ctx, SourceLocation loc) { return toPoint(ctx.getSourceManager(), loc); }

// The class whose member holds the module (`this->model`, `this->parts.model`).
std::string memberClass(const ModulePlace &module) {
  const auto *field = dyn_cast<FieldDecl>(module.root);
  const auto *owner = field ? dyn_cast<CXXRecordDecl>(field->getParent()) : nullptr;
  return owner ? classKey(owner) : "";
}

}  // namespace

void collectDeviceLoadFacts(const FunctionDecl *fd, ASTContext &ctx, std::vector<CallSiteFact> &out) {
  Collector found;
  found.TraverseStmt(fd->getBody());
  found.settleArchiveLoads();
  if (found.loads.empty() && found.moves.empty()) return;
  DeviceText deviceText(fd, ctx);
  for (const Move &m : found.moves) {
    std::string owner = memberClass(m.module);
    if (owner.empty()) continue;
    CallSiteFact f = callSiteFact(CallSiteKind::ModuleMovedToDevice, m.call, fd, ctx);
    f.subject = m.module.name();
    f.memberOf = owner;
    f.device = deviceText.inClass(m.device);
    f.indexFreeDevice = isIndexFreeDevice(m.device, fd);
    out.push_back(std::move(f));
  }
  if (found.loads.empty()) return;
  CallOrder order(fd, ctx);
  for (const Load &load : found.loads) {
    std::vector<const Stmt *> replaced;
    for (const Reassignment &r : found.reassignments)
      if (r.module.covers(load.module)) replaced.push_back(r.assign);
    // The move that reaches the load, preferring one to a device with an index.
    const Move *before = nullptr;
    bool movedHere = false, indexFree = true;
    for (const Move &m : found.moves) {
      if (m.module != load.module) continue;
      movedHere = true;
      if (!order.mayReachAvoiding(m.call, load.call, replaced)) continue;
      bool free = isIndexFreeDevice(m.device, fd);
      if (!before || (indexFree && !free)) before = &m;
      indexFree &= free;
    }
    // Moved in this function, but only after the load (what the rule wants),
    // or only a module that the variable no longer holds.
    if (movedHere && !before) continue;
    // A module put in the variable here, placed nowhere that this function
    // shows: a move in another method was made to another object.
    if (!before && std::any_of(replaced.begin(), replaced.end(),
                               [&](const Stmt *r) { return order.mayPrecede(r, load.call); }))
      continue;
    // Moved again after the load on every path (a loop that loads, then moves).
    std::vector<const Stmt *> sameModule;
    for (const Move &m : found.moves)
      if (m.module == load.module) sameModule.push_back(m.call);
    if (before && order.alwaysFollowedBy(load.call, sameModule)) continue;
    CallSiteFact f = callSiteFact(CallSiteKind::LoadWithoutDevice, load.call, fd, ctx);
    f.subject = load.module.name();
    f.memberOf = memberClass(load.module);
    if (!before && f.memberOf.empty()) continue;  // a local never moved here
    // The device goes to the call that reads the checkpoint.
    const CallExpr *reader = load.readWithoutDevice ? load.readWithoutDevice : load.call;
    if (reader->getRParenLoc().isFileID()) f.fixBegin = f.fixEnd = pointOf(ctx, reader->getRParenLoc());
    if (load.readWithoutDevice) {
      f.innerCall = pointOf(ctx, reader->getBeginLoc());
      f.innerCallText = "the archive is read here without a device";
    }
    if (before) {
      f.cause = pointOf(ctx, before->call->getBeginLoc());
      f.causeText = writtenText(before->device, ctx);
      f.indexFreeDevice = indexFree;
      if (std::string text = deviceText.inFunction(before->device, load.call); !text.empty() && f.fixBegin.valid())
        f.fixText = ", " + text;
    }
    out.push_back(std::move(f));
  }
}

}  // namespace nnlint
