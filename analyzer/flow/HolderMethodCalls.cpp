// Calls of the methods of classes that hold a module (a holder or shared_ptr
// member): who calls a method that loads a checkpoint into the member, and,
// in the class's own methods, whether the member was moved to a device before
// the call. A load that runs only while the object is constructed, before any
// move, undoes nothing (nn-load-without-device).
#include "flow/CallSiteFacts.h"

#include "flow/CallOrder.h"
#include "flow/ModulePlace.h"
#include "flow/TorchCalls.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace nnlint {
namespace {

bool holdsModuleHandle(const CXXRecordDecl *rd) {
  if (!rd || !rd->hasDefinition()) return false;
  return std::any_of(rd->getDefinition()->field_begin(), rd->getDefinition()->field_end(), [](const FieldDecl *f) {
    auto held = classifyMemberType(f->getType());
    return held && (held->kind == HoldKind::Holder || held->kind == HoldKind::SharedPtr);
  });
}

}  // namespace

void collectHolderMethodCalls(const FunctionDecl *fd, ASTContext &ctx, const SourceFilter &filter,
                              std::vector<CallSiteFact> &out) {
  const auto *caller = dyn_cast<CXXMethodDecl>(fd);
  std::vector<const CallExpr *> moves;
  std::vector<std::pair<const CXXMemberCallExpr *, const CXXRecordDecl *>> calls;
  for (const CallExpr *call : callsIn(fd->getBody(), true)) {
    if (isModuleToDevice(call)) moves.push_back(call);
    const auto *mc = dyn_cast<CXXMemberCallExpr>(call);
    const CXXMethodDecl *callee = mc ? mc->getMethodDecl() : nullptr;
    if (!callee || callee->isStatic() || filter.isLibrary(ctx.getSourceManager(), callee->getLocation())) continue;
    if (holdsModuleHandle(callee->getParent())) calls.push_back({mc, callee->getParent()});
  }
  if (calls.empty()) return;
  std::unique_ptr<CallOrder> order;
  for (const auto &[call, owner] : calls) {
    CallSiteFact f = callSiteFact(CallSiteKind::HolderMethodCalled, call, fd, ctx);
    f.memberOf = classKey(owner);
    // A call on the object itself, from one of its own methods: "<ctor>" from a constructor.
    bool onThis = isa<CXXThisExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts());
    if (onThis && caller && caller->getParent()->getCanonicalDecl() == owner->getCanonicalDecl()) {
      if (!order) order = std::make_unique<CallOrder>(fd, ctx);
      // In a lambda: it runs whenever the lambda is called.
      if (order->holds(call)) f.subject = isa<CXXConstructorDecl>(caller) ? "<ctor>" : "<method>";
      for (const CallExpr *m : moves)
        if (order->mayPrecede(m, call)) {
          f.cause = toPoint(ctx.getSourceManager(), m->getBeginLoc());
          break;
        }
    }
    out.push_back(std::move(f));
  }
}

}  // namespace nnlint
