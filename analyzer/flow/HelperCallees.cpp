#include "flow/HelperCallees.h"

#include "flow/StoredLambdas.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTLambda.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Index/USRGeneration.h"

using namespace clang;

namespace nnlint {

std::string usrOf(const Decl *d) {
  llvm::SmallString<128> buf;
  if (index::generateUSRForDecl(d, buf)) return "";
  std::string usr(buf);
  // Clang's USR of an internal declaration (a static function, an anonymous
  // namespace) names the buffer it is in, which differs between the parts of
  // a warm session: name it by where it is written instead.
  if (const auto *nd = dyn_cast<NamedDecl>(d); nd && !nd->isExternallyVisible()) {
    SourcePoint at = toPoint(d->getASTContext().getSourceManager(), d->getLocation());
    usr = nd->getQualifiedNameAsString() + "@" + at.file + ":" + std::to_string(at.line) + ":" +
          std::to_string(at.column);
  }
  // Clang names every lambda of a function alike ("@Sa"): where it is written tells them apart.
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *rd = dyn_cast<CXXRecordDecl>(dc); rd && rd->isLambda()) {
      SourcePoint at = toPoint(d->getASTContext().getSourceManager(), rd->getLocation());
      usr += "@" + at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
    }
  return usr;
}

std::string HelperCallees::usrOf(const CallExpr *call) {
  const FunctionDecl *callee = call->getDirectCallee();
  if (!callee) return "";
  const auto *op = dyn_cast<CXXOperatorCallExpr>(call);
  if (op && op->getOperator() != OO_Call) return "";
  if (filter_.isLibrary(sm_, callee->getLocation())) {
    // A std::function called: the lambda it was made from runs.
    const LambdaExpr *lambda = op ? lambdaBehind(op->getArg(0)) : nullptr;
    if (!lambda || lambda->getCallOperator()->getDescribedFunctionTemplate()) return "";
    const FunctionDecl *def = lambda->getCallOperator()->getDefinition();
    return def && def->hasBody() ? usrOfBody(def) : "";
  }
  const auto *md = dyn_cast<CXXMethodDecl>(callee);
  if ((md && isLambdaCallOperator(md)) || callee->isTemplateInstantiation()) {
    const FunctionDecl *def = callee->getDefinition();
    if (def && def->hasBody()) return usrOfBody(def);
  }
  // An instantiation whose body is not here shares its pattern's summary --
  // unless the pattern's body was skipped too (a lender's parse,
  // ParseOptions::lending): the summary of the instantiation, where another
  // file made it, else none; never what a pattern without its body says.
  if (const FunctionDecl *pattern = callee->getTemplateInstantiationPattern(); pattern && !pattern->hasSkippedBody())
    callee = pattern;
  return nnlint::usrOf(callee->getCanonicalDecl());
}

std::string HelperCallees::usrOfBody(const FunctionDecl *def) {
  if (queued_.insert(def).second) queue_.push_back(def);
  return nnlint::usrOf(def);
}

const FunctionDecl *HelperCallees::nextUnvisited() {
  if (queue_.empty()) return nullptr;
  const FunctionDecl *fd = queue_.back();
  queue_.pop_back();
  return fd;
}

const Expr *argumentFor(const CallExpr *call, unsigned param) {
  unsigned shift = 0;
  if (const auto *md = dyn_cast_or_null<CXXMethodDecl>(call->getDirectCallee()))
    if (isa<CXXOperatorCallExpr>(call) && md->isImplicitObjectMemberFunction()) shift = 1;
  return param + shift < call->getNumArgs() ? call->getArg(param + shift) : nullptr;
}

}  // namespace nnlint
