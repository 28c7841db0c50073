#include "cache/Recovery.h"

#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"

#include <set>

using namespace clang;

namespace nnlint {
namespace {

// Whether a statement holds anything Clang built while recovering from an error.
class ErrorInside : public RecursiveASTVisitor<ErrorInside> {
 public:
  bool found = false;
  bool VisitExpr(Expr *e) {
    if (e->containsErrors()) found = true;
    return !found;
  }
  bool VisitDecl(Decl *d) {
    if (d->isInvalidDecl()) found = true;
    return !found;
  }
};

class FindBroken : public RecursiveASTVisitor<FindBroken> {
 public:
  FindBroken(ASTContext &ctx, const SourceFilter &filter, const std::vector<SourceLocation> &errors)
      : sm_(ctx.getSourceManager()), filter_(filter) {
    for (SourceLocation e : errors)
      if (e.isValid()) errors_.push_back(sm_.getExpansionLoc(e));
  }

  std::set<std::string> classes;    // keys
  std::set<std::string> helpers;    // USRs
  std::vector<std::pair<SourcePoint, SourcePoint>> functions;  // ranges of functions with an error

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(Decl *d) {
    if (!d) return true;
    if (!isa<TranslationUnitDecl>(d) && filter_.isLibrary(sm_, d->getLocation())) return true;
    return RecursiveASTVisitor::TraverseDecl(d);
  }

  bool VisitCXXRecordDecl(CXXRecordDecl *rd) {
    if (!rd->isThisDeclarationADefinition()) return true;
    bool broken = rd->isInvalidDecl() || errorWithin(rd->getSourceRange());
    for (const CXXBaseSpecifier &base : rd->bases()) broken |= base.getType()->containsErrors();
    for (const Decl *member : rd->decls()) broken |= member->isInvalidDecl();
    if (broken) classes.insert(classKey(rd));
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody()) return true;
    bool broken = fd->isInvalidDecl() || errorWithin(fd->getSourceRange());
    if (!broken) {
      ErrorInside inside;
      inside.TraverseStmt(fd->getBody());
      broken = inside.found;
    }
    if (!broken) return true;
    functions.emplace_back(toPoint(sm_, fd->getBeginLoc()), toPoint(sm_, fd->getEndLoc()));
    if (const auto *md = dyn_cast<CXXMethodDecl>(fd)) {
      classes.insert(classKey(md->getParent()));
      return true;
    }
    llvm::SmallString<128> usr;
    if (!index::generateUSRForDecl(fd->getCanonicalDecl(), usr)) helpers.insert(std::string(usr));
    return true;
  }

 private:
  bool errorWithin(SourceRange range) const {
    SourceLocation b = sm_.getExpansionLoc(range.getBegin()), e = sm_.getExpansionLoc(range.getEnd());
    if (b.isInvalid() || e.isInvalid()) return false;
    for (SourceLocation err : errors_)
      if (!sm_.isBeforeInTranslationUnit(err, b) && !sm_.isBeforeInTranslationUnit(e, err)) return true;
    return false;
  }

  const SourceManager &sm_;
  const SourceFilter &filter_;
  std::vector<SourceLocation> errors_;
};

bool within(const SourcePoint &p, const std::pair<SourcePoint, SourcePoint> &range) {
  return p.file == range.first.file && !(p < range.first) && !(range.second < p);
}

}  // namespace

void dropFactsWithErrors(ASTContext &ctx, const SourceFilter &filter, const std::vector<SourceLocation> &errors,
                         ModelIndex &index) {
  FindBroken broken(ctx, filter, errors);
  broken.TraverseDecl(ctx.getTranslationUnitDecl());
  for (const std::string &key : broken.classes) index.classes.erase(key);
  for (const std::string &usr : broken.helpers) index.helpers.erase(usr);
  auto inBrokenFunction = [&](const SourcePoint &p) {
    for (const auto &range : broken.functions)
      if (p.valid() && within(p, range)) return true;
    return false;
  };
  llvm::erase_if(index.forwardCalls, [&](const ForwardCallFact &call) {
    return broken.classes.count(call.moduleClass) || inBrokenFunction(call.loc);
  });
  llvm::erase_if(index.callSites, [&](const CallSiteFact &call) {
    return broken.classes.count(call.memberOf) || inBrokenFunction(call.loc) || inBrokenFunction(call.cause);
  });
}

}  // namespace nnlint
