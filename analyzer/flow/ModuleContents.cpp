#include "flow/ModuleContents.h"

#include "flow/AstUtil.h"
#include "flow/TorchTypes.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace nnlint {
namespace {

// Whether a field's type can hold no parameter: numbers, enums, options
// structs, functions, and optionals or arrays of those.
bool holdsNoState(QualType t, int depth = 0) {
  if (depth > 6) return false;
  t = t.getNonReferenceType().getCanonicalType();
  if (t->isArithmeticType() || t->isEnumeralType()) return true;
  if (const auto *at = dyn_cast<ConstantArrayType>(t.getTypePtr())) return holdsNoState(at->getElementType(), depth + 1);
  const CXXRecordDecl *rd = definitionOf(t);
  if (!rd) return false;
  std::string name = rd->getNameAsString();
  if (name.size() > 7 && name.compare(name.size() - 7, 7, "Options") == 0) return true;
  if (name == "function" && rd->isInStdNamespace()) return true;
  bool wrapper = name == "optional" || name == "ExpandingArray" || name == "vector" || name == "array";
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
  if (!wrapper || !spec) return false;
  for (const TemplateArgument &a : spec->getTemplateArgs().asArray()) {
    if (a.getKind() == TemplateArgument::Type) {
      if (!holdsNoState(a.getAsType(), depth + 1)) return false;
    } else if (a.getKind() != TemplateArgument::Integral) {
      return false;
    }
  }
  return true;
}

// A library module class that declares only stateless fields, in itself and
// its bases up to torch::nn::Module.
bool isStatelessLibraryClass(const CXXRecordDecl *rd, int depth = 0) {
  if (!rd || !rd->hasDefinition() || depth > 8) return false;
  rd = rd->getDefinition();
  std::string q = rd->getQualifiedNameAsString();
  if (q == "torch::nn::Module") return true;
  if (q.rfind("torch::nn::", 0) != 0) return false;
  for (const FieldDecl *f : rd->fields())
    if (!holdsNoState(f->getType())) return false;
  for (const CXXBaseSpecifier &b : rd->bases())
    if (!isStatelessLibraryClass(definitionOf(b.getType()), depth + 1)) return false;
  return true;
}

// The Impl class a module-typed expression holds (through holders and shared_ptrs).
const CXXRecordDecl *implOf(QualType t) {
  auto held = classifyMemberType(t);
  if (!held || held->kind == HoldKind::Tensor || held->kind == HoldKind::Container) return nullptr;
  const CXXRecordDecl *rd = definitionOf(t);
  if (!rd) return nullptr;
  if (isModuleClass(rd)) return rd;
  // A holder: its element type is the Impl.
  for (const CXXRecordDecl *r = rd; r;) {
    if (const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(r))
      if (spec->getTemplateArgs().size() >= 1 && spec->getTemplateArgs()[0].getKind() == TemplateArgument::Type)
        if (const CXXRecordDecl *impl = definitionOf(spec->getTemplateArgs()[0].getAsType()); impl && isModuleClass(impl))
          return impl;
    r = r->getNumBases() ? definitionOf(r->bases_begin()->getType()) : nullptr;
  }
  return nullptr;
}

void noteClass(const CXXRecordDecl *impl, ClassFact &c) {
  if (impl && isStatelessLibraryClass(impl)) c.statelessModules.insert(impl->getQualifiedNameAsString());
}

bool isModuleContainer(QualType t) {
  auto held = classifyMemberType(t);
  return held && held->kind != HoldKind::Container && isModuleContainerClass(held->moduleClass);
}

// The classes of the modules a container is built from; kUnknownElement for
// anything that is not a module expression.
void addElements(const Expr *value, std::set<std::string> &into, ClassFact &c, int depth = 0) {
  // Only copies are looked through: `Dropout(0.5)` is a module, not the number it was built from.
  const Expr *e = value ? stripCopies(value) : nullptr;
  if (!e || depth > 4) {
    into.insert(kUnknownElement);
    return;
  }
  if (const CallExpr *reg = asRegistration(e); reg && reg->getNumArgs() >= 2) return addElements(reg->getArg(1), into, c, depth + 1);
  if (isModuleContainer(e->getType())) {
    const auto *ctor = dyn_cast<CXXConstructExpr>(e);
    if (!ctor || isNullValue(e)) {
      into.insert(kUnknownElement);
      return;
    }
    // A holder converted to its base holder, or built from another container.
    if (ctor->getNumArgs() == 1 && isModuleContainer(ctor->getArg(0)->getType()))
      return addElements(ctor->getArg(0), into, c, depth + 1);
    for (const Expr *arg : ctor->arguments()) addElements(arg, into, c, depth + 1);
    return;
  }
  if (const CXXRecordDecl *impl = implOf(e->getType())) {
    into.insert(impl->getQualifiedNameAsString());
    noteClass(impl, c);
    return;
  }
  into.insert(kUnknownElement);
}

std::string thisMember(const Expr *e) {
  const auto *me = dyn_cast_or_null<MemberExpr>(stripValue(e));
  if (!me || !isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()) || !isa<FieldDecl>(me->getMemberDecl())) return "";
  return me->getMemberDecl()->getNameAsString();
}

struct ContentWalker : RecursiveASTVisitor<ContentWalker> {
  ClassFact &c;
  explicit ContentWalker(ClassFact &cls) : c(cls) {}
  void assign(const std::string &member, const Expr *value) {
    if (member.empty()) return;
    // `seq = register_module("seq", seq)` keeps what was appended to it.
    const Expr *e = stripValue(value);
    if (const CallExpr *reg = asRegistration(e); reg && reg->getNumArgs() >= 2) e = reg->getArg(1);
    if (thisMember(e) == member) return;
    addElements(value, c.containerElements[member], c);
  }
  bool VisitBinaryOperator(BinaryOperator *op) {
    if (op->getOpcode() == BO_Assign && isModuleContainer(op->getLHS()->getType()))
      assign(thisMember(op->getLHS()), op->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *op) {
    if (op->getOperator() == OO_Equal && op->getNumArgs() == 2 && isModuleContainer(op->getArg(0)->getType()))
      assign(thisMember(op->getArg(0)), op->getArg(1));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *call) {
    // seq->push_back(x): the object is the Impl reached through the holder's operator->.
    const Expr *object = call->getImplicitObjectArgument()->IgnoreParenImpCasts();
    const auto *arrow = dyn_cast<CXXOperatorCallExpr>(object);
    const Expr *holder = arrow && arrow->getOperator() == OO_Arrow ? arrow->getArg(0) : nullptr;
    std::string member = holder && isModuleContainer(holder->getType()) ? thisMember(holder) : "";
    if (member.empty()) return true;
    std::string name = calleeName(call);
    if (name == "push_back" && call->getNumArgs() >= 1)
      addElements(call->getArg(call->getNumArgs() - 1), c.containerElements[member], c);
    else if (name == "extend" || name == "insert")
      c.containerElements[member].insert(kUnknownElement);
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
};

}  // namespace

void recordMemberContents(const CXXRecordDecl *rd, ClassFact &c) {
  for (const FieldDecl *f : rd->fields()) {
    noteClass(implOf(f->getType()), c);
    if (isModuleContainer(f->getType()) && f->getInClassInitializer() && !isNullValue(f->getInClassInitializer()))
      addElements(f->getInClassInitializer(), c.containerElements[f->getNameAsString()], c);
  }
}

void recordBodyContents(const FunctionDecl *fd, ClassFact &c) {
  ContentWalker walker(c);
  if (const auto *ctor = dyn_cast<CXXConstructorDecl>(fd))
    for (const CXXCtorInitializer *init : ctor->inits())
      if (init->isWritten() && init->getMember() && isModuleContainer(init->getMember()->getType()))
        walker.assign(init->getMember()->getNameAsString(), init->getInit());
  walker.TraverseStmt(fd->getBody());
}

}  // namespace nnlint
