#include "flow/AstUtil.h"

#include "flow/GradientCuts.h"
#include "flow/LibrarySemantics.h"
#include "flow/LocalFlow.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;

namespace nnlint {

const CXXRecordDecl *definitionOf(QualType t) {
  const CXXRecordDecl *rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->hasDefinition() ? rd->getDefinition() : nullptr;
}

const Expr *stripCopies(const Expr *e) {
  while (e) {
    const Expr *before = e;
    e = e->IgnoreParenImpCasts();
    if (const auto *m = dyn_cast<MaterializeTemporaryExpr>(e)) e = m->getSubExpr();
    if (const auto *b = dyn_cast<CXXBindTemporaryExpr>(e)) e = b->getSubExpr();
    if (const auto *f = dyn_cast<CXXFunctionalCastExpr>(e)) e = f->getSubExpr();
    if (const auto *c = dyn_cast<CXXConstructExpr>(e))
      if (c->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(c) && c->getConstructor()->isCopyOrMoveConstructor())
        e = c->getArg(0);
    if (e == before) break;
  }
  return e;
}

const Expr *stripValue(const Expr *e) {
  while (e) {
    const Expr *before = e;
    e = stripCopies(e);
    if (const auto *c = dyn_cast<CXXConstructExpr>(e))
      if (c->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(c)) e = c->getArg(0);
    if (const auto *c = dyn_cast<CXXMemberCallExpr>(e))
      if (isa_and_nonnull<CXXConversionDecl>(c->getMethodDecl())) e = c->getImplicitObjectArgument();
    if (e == before) break;
  }
  return e;
}

std::string calleeName(const CallExpr *call) {
  if (const FunctionDecl *fd = call->getDirectCallee())
    if (fd->getDeclName().isIdentifier()) return fd->getName().str();
  const Expr *callee = call->getCallee()->IgnoreParenImpCasts();
  if (const auto *m = dyn_cast<CXXDependentScopeMemberExpr>(callee)) return m->getMemberNameInfo().getAsString();
  if (const auto *m = dyn_cast<UnresolvedMemberExpr>(callee)) return m->getMemberNameInfo().getAsString();
  if (const auto *l = dyn_cast<UnresolvedLookupExpr>(callee)) return l->getNameInfo().getAsString();
  if (const auto *m = dyn_cast<MemberExpr>(callee)) return m->getMemberNameInfo().getAsString();
  return "";
}

std::optional<RegKind> registrationKind(const CallExpr *call) {
  switch (libraryEffect(call).value_or(LibraryEffect::PassesObject)) {
    case LibraryEffect::RegistersModule: return RegKind::Module;
    case LibraryEffect::RegistersParameter: return RegKind::Parameter;
    case LibraryEffect::RegistersBuffer: return RegKind::Buffer;
    default: return std::nullopt;
  }
}

const Expr *callObject(const CallExpr *call) {
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) return mc->getImplicitObjectArgument();
  const Expr *callee = call->getCallee()->IgnoreParenImpCasts();
  if (const auto *m = dyn_cast<CXXDependentScopeMemberExpr>(callee))
    return m->isImplicitAccess() ? nullptr : m->getBase();
  if (const auto *m = dyn_cast<UnresolvedMemberExpr>(callee))
    return m->isImplicitAccess() ? nullptr : m->getBase();
  return nullptr;
}

bool isNullValue(const Expr *e) {
  e = stripValue(e);
  if (!e) return false;
  if (isa<CXXNullPtrLiteralExpr>(e) || isa<GNUNullExpr>(e)) return true;
  // `{nullptr}`, and `{nullptr, nullptr}` for an array of holders.
  if (const auto *init = dyn_cast<InitListExpr>(e)) {
    if (init->getNumInits() == 0) return false;
    for (const Expr *element : init->inits())
      if (!isNullValue(element)) return false;
    return true;
  }
  if (const auto *c = dyn_cast<CXXConstructExpr>(e))
    return c->getNumArgs() == 1 && isNullValue(c->getArg(0));
  return false;
}

const Expr *constructedFrom(const Expr *e) {
  e = e->IgnoreImplicit();
  if (const auto *c = dyn_cast<CXXConstructExpr>(e); c && c->getNumArgs() == 1) e = c->getArg(0)->IgnoreImplicit();
  return e;
}

bool literalFalse(const Expr *e) {
  // Also an optional<bool> made from the literal: TensorOptions::requires_grad(false).
  if (const auto *b = dyn_cast<CXXBoolLiteralExpr>(constructedFrom(e)->IgnoreParenImpCasts())) return !b->getValue();
  return false;
}

std::optional<std::string> literalString(const Expr *e, ASTContext *ctx) {
  for (int depth = 0; e && depth < 8; ++depth) {
    if (ctx && e->getType()->isPointerType()) return e->tryEvaluateString(*ctx);
    e = stripCopies(e);
    if (const auto *s = dyn_cast<StringLiteral>(e))
      return s->getCharByteWidth() == 1 ? std::optional<std::string>(s->getString().str()) : std::nullopt;
    const auto *c = dyn_cast<CXXConstructExpr>(e);
    if (!c || c->getNumArgs() == 0) return std::nullopt;
    e = c->getArg(0);  // std::string(const char *), with a defaulted allocator after it
  }
  return std::nullopt;
}

namespace {

bool isTorchFunction(const FunctionDecl *fd) {
  std::string name = fd->getQualifiedNameAsString();
  return StringRef(name).starts_with("at::") || StringRef(name).starts_with("c10::") ||
         StringRef(name).starts_with("torch::");
}

struct ReturnedValues : RecursiveASTVisitor<ReturnedValues> {
  std::vector<const Expr *> values;
  bool VisitReturnStmt(ReturnStmt *ret) {
    if (ret->getRetValue()) values.push_back(ret->getRetValue());
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

// Follows the value into the initialisers of the non-tensor locals it names
// (`auto opts = TensorOptions().requires_grad(true); w = torch::ones({4}, opts);`)
// and into what the user's functions it calls return (`torch::ones({4},
// trainable())`). A tensor local is GradLocal's: it also knows whether the
// local is registered or has its grad turned off later.
struct GradFinder : RecursiveASTVisitor<GradFinder> {
  bool found = false;
  std::set<const VarDecl *> followed;
  std::set<const FunctionDecl *> followedFunctions;
  bool VisitCallExpr(CallExpr *call) {
    const FunctionDecl *fd = call->getDirectCallee();
    if (fd && !isTorchFunction(fd)) followReturns(fd);
    if (!fd || !fd->getDeclName().isIdentifier() || !isTorchFunction(fd)) return true;
    StringRef name = fd->getName();
    if (name == "requires_grad" || name == "set_requires_grad" || name == "requires_grad_") {
      // t.requires_grad() and options.requires_grad() with no argument only read the flag.
      bool isQuery = name == "requires_grad" && callObject(call) && call->getNumArgs() == 0;
      bool falseArg = call->getNumArgs() > 0 && literalFalse(call->getArg(call->getNumArgs() - 1));
      if (!isQuery && !falseArg) found = true;
    }
    // torch::autograd::make_variable(data, requires_grad = false, ...).
    if (name == "make_variable" && call->getNumArgs() > 1 && !isa<CXXDefaultArgExpr>(call->getArg(1)) &&
        !literalFalse(call->getArg(1)))
      found = true;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *ref) {
    const auto *var = dyn_cast<VarDecl>(ref->getDecl());
    if (var && var->hasLocalStorage() && !isa<ParmVarDecl>(var) && var->getInit() && !isTensorType(var->getType()) &&
        followed.size() < 16 &&
        followed.insert(var).second)
      TraverseStmt(const_cast<Expr *>(var->getInit()));
    return true;
  }
  // `w.detach()`, `w.data()`, `w.argmax()`: a value that does not require grad, whatever `w` does.
  bool TraverseCXXMemberCallExpr(CXXMemberCallExpr *call) {
    if (isGradientCut(call)) return true;
    return RecursiveASTVisitor::TraverseCXXMemberCallExpr(call);
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  void followReturns(const FunctionDecl *fd) {
    const FunctionDecl *definition = nullptr;
    if (!fd->hasBody(definition) || followedFunctions.size() >= 8 || !followedFunctions.insert(definition).second)
      return;
    for (const Expr *value : returnedValues(definition)) TraverseStmt(const_cast<Expr *>(value));
  }
};
}  // namespace

std::vector<const Expr *> returnedValues(const FunctionDecl *definition) {
  ReturnedValues returned;
  returned.TraverseStmt(definition->getBody());
  return returned.values;
}

bool createsGradTensor(const Expr *e) {
  GradFinder f;
  f.TraverseStmt(const_cast<Expr *>(e));
  return f.found;
}

const CallExpr *asRegistration(const Expr *e) {
  e = stripValue(e);
  const auto *call = dyn_cast_or_null<CallExpr>(e);
  return call && registrationKind(call) ? call : nullptr;
}

std::string methodName(const FunctionDecl *fd) {
  if (isa<CXXConstructorDecl>(fd)) return "<ctor>";
  if (isa<CXXDestructorDecl>(fd)) return "<dtor>";
  return fd->getNameAsString();
}

}  // namespace nnlint
