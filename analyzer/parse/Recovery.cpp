#include "parse/Recovery.h"

#include "flow/AstUtil.h"
#include "flow/IndexBuilder.h"
#include "flow/TorchTypes.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Index/USRGeneration.h"
#include "clang/Lex/Lexer.h"

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

// A method whose body holds an error, and the identifiers of the code Clang
// dropped or could not resolve there.
struct BrokenMethod {
  std::string method;
  std::pair<SourcePoint, SourcePoint> range;
  std::set<std::string> named;
};

// The source ranges of the expressions and declarations in a body that hold
// no error: what Clang recovered whole.
class RecoveredRanges : public RecursiveASTVisitor<RecoveredRanges> {
 public:
  bool TraverseStmt(Stmt *s) {
    if (!s) return true;
    bool whole = false;
    if (const auto *e = dyn_cast<Expr>(s)) {
      whole = !e->containsErrors();
    } else if (isa<DeclStmt>(s)) {
      ErrorInside inside;
      inside.TraverseStmt(s);
      whole = !inside.found;
    }
    if (!whole) return RecursiveASTVisitor::TraverseStmt(s);
    ranges_.push_back(s->getSourceRange());
    return true;
  }

  bool covers(const SourceManager &sm, SourceLocation loc) const {
    for (SourceRange r : ranges_) {
      SourceLocation b = sm.getExpansionLoc(r.getBegin()), e = sm.getExpansionLoc(r.getEnd());
      if (b.isValid() && e.isValid() && !sm.isBeforeInTranslationUnit(loc, b) && !sm.isBeforeInTranslationUnit(e, loc))
        return true;
    }
    return false;
  }

 private:
  std::vector<SourceRange> ranges_;
};

class FindBroken : public RecursiveASTVisitor<FindBroken> {
 public:
  FindBroken(ASTContext &ctx, const SourceFilter &filter, const std::vector<SourceLocation> &errors)
      : ctx_(ctx), sm_(ctx.getSourceManager()), filter_(filter) {
    for (SourceLocation e : errors)
      if (e.isValid()) errors_.push_back(sm_.getExpansionLoc(e));
  }

  std::set<std::string> classes;    // keys of classes left out
  std::set<std::string> helpers;    // USRs
  std::vector<std::pair<SourcePoint, SourcePoint>> functions;  // ranges of functions with an error
  std::map<std::string, std::vector<BrokenMethod>> methods;    // class key -> its methods with an error

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool TraverseDecl(Decl *d) {
    if (!d) return true;
    if (!isa<TranslationUnitDecl>(d) && filter_.isLibrary(sm_, d->getLocation())) return true;
    return RecursiveASTVisitor::TraverseDecl(d);
  }

  // A class is left out when its declaration is broken: a member, a base, or
  // an error outside its method bodies. An error in a body leaves the rest of
  // the class to be judged (see VisitFunctionDecl).
  bool VisitCXXRecordDecl(CXXRecordDecl *rd) {
    if (!rd->isThisDeclarationADefinition()) return true;
    std::vector<SourceRange> bodies;
    for (const Decl *member : rd->decls()) {
      const Decl *d = member;
      if (const auto *t = dyn_cast<FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
      if (const auto *fd = dyn_cast<FunctionDecl>(d))
        if (const Stmt *body = fd->getBody()) bodies.push_back(body->getSourceRange());
    }
    bool broken = rd->isInvalidDecl() || errorWithin(rd->getSourceRange(), bodies);
    for (const CXXBaseSpecifier &base : rd->bases()) broken |= base.getType()->containsErrors();
    for (const Decl *member : rd->decls()) broken |= member->isInvalidDecl();
    if (broken) classes.insert(classKey(rd));
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (!fd->doesThisDeclarationHaveABody()) return true;
    bool broken = fd->isInvalidDecl() || errorWithin(fd->getSourceRange(), {});
    if (!broken) {
      ErrorInside inside;
      inside.TraverseStmt(fd->getBody());
      broken = inside.found;
    }
    if (!broken) return true;
    std::pair<SourcePoint, SourcePoint> range(toPoint(sm_, fd->getBeginLoc()), toPoint(sm_, fd->getEndLoc()));
    functions.push_back(range);
    const auto *md = dyn_cast<CXXMethodDecl>(fd);
    if (!md) {
      llvm::SmallString<128> usr;
      if (!index::generateUSRForDecl(fd->getCanonicalDecl(), usr)) helpers.insert(std::string(usr));
      return true;
    }
    // An error in the signature, or one Clang did not place in the body: the class is not judged.
    if (fd->isInvalidDecl() || !errorWithin(fd->getBody()->getSourceRange(), {})) {
      classes.insert(classKey(md->getParent()));
      return true;
    }
    methods[classKey(md->getParent())].push_back({methodName(fd), range, namedOutsideRecovered(fd->getBody())});
    return true;
  }

 private:
  bool within(SourceLocation loc, SourceRange range) const {
    SourceLocation b = sm_.getExpansionLoc(range.getBegin()), e = sm_.getExpansionLoc(range.getEnd());
    if (b.isInvalid() || e.isInvalid()) return false;
    return !sm_.isBeforeInTranslationUnit(loc, b) && !sm_.isBeforeInTranslationUnit(e, loc);
  }

  // An error inside `range` and outside every range of `except`.
  bool errorWithin(SourceRange range, const std::vector<SourceRange> &except) const {
    for (SourceLocation err : errors_) {
      if (!within(err, range)) continue;
      bool excepted = false;
      for (SourceRange r : except) excepted |= within(err, r);
      if (!excepted) return true;
    }
    return false;
  }

  // The identifiers of `body` outside what Clang recovered without an error:
  // the statements it dropped or could not resolve.
  std::set<std::string> namedOutsideRecovered(const Stmt *body) const {
    std::set<std::string> named;
    SourceLocation b = sm_.getExpansionLoc(body->getBeginLoc()), e = sm_.getExpansionLoc(body->getEndLoc());
    if (sm_.getFileID(b) != sm_.getFileID(e)) return named;
    RecoveredRanges recovered;
    recovered.TraverseStmt(const_cast<Stmt *>(body));
    FileID file = sm_.getFileID(b);
    llvm::StringRef text = sm_.getBufferData(file);
    Lexer lexer(sm_.getLocForStartOfFile(file), ctx_.getLangOpts(), text.begin(), sm_.getCharacterData(b),
                text.end());
    Token t;
    while (!lexer.LexFromRawLexer(t) && !sm_.isBeforeInTranslationUnit(e, t.getLocation()))
      if (t.is(tok::raw_identifier) && !recovered.covers(sm_, t.getLocation()))
        named.insert(t.getRawIdentifier().str());
    return named;
  }

  ASTContext &ctx_;
  const SourceManager &sm_;
  const SourceFilter &filter_;
  std::vector<SourceLocation> errors_;
};

bool within(const SourcePoint &p, const std::pair<SourcePoint, SourcePoint> &range) {
  return p.file == range.first.file && !(p < range.first) && !(range.second < p);
}

// A method body with an error is judged as far as Clang recovered it. What
// the erroneous statements name (members, methods) is taken as used in ways
// not seen, and the facts that say something is *not* used, or used only
// under a condition, are dropped: the missing code could change them.
void keepRecoveredMethod(ClassFact &c, const BrokenMethod &broken) {
  auto it = c.methods.find(broken.method);
  if (it == c.methods.end()) return;
  MethodFact &m = it->second;
  for (const MemberFact &member : c.members)
    if (broken.named.count(member.name)) {
      c.opaqueMembers.insert(member.name);
      m.membersUsed.insert(member.name);
    }
  for (const auto &[name, other] : c.methods)
    if (broken.named.count(name)) m.callees.insert(name);
  m.deadMembers.clear();
  m.deadCallees.clear();
  m.memberGuards.clear();
  m.calleeGuards.clear();
  m.outputs.clear();
  auto inMethod = [&](const SourcePoint &p) { return p.valid() && within(p, broken.range); };
  llvm::erase_if(c.parameterWrites, [&](const ParameterWriteFact &w) { return inMethod(w.loc); });
  llvm::erase_if(c.tensorWrites, [&](const TensorWriteFact &w) { return inMethod(w.loc); });
}

}  // namespace

void dropFactsWithErrors(ASTContext &ctx, const SourceFilter &filter, const std::vector<SourceLocation> &errors,
                         ModelIndex &index, llvm::ArrayRef<TranslationUnitDecl *> parts) {
  FindBroken broken(ctx, filter, errors);
  if (parts.empty()) broken.TraverseDecl(ctx.getTranslationUnitDecl());
  for (TranslationUnitDecl *part : parts) broken.TraverseDecl(part);
  for (const std::string &key : broken.classes) index.classes.erase(key);
  for (const std::string &usr : broken.helpers) index.helpers.erase(usr);
  for (const auto &[key, methods] : broken.methods) {
    auto c = index.classes.find(key);
    if (c == index.classes.end()) continue;
    for (const BrokenMethod &m : methods) keepRecoveredMethod(c->second, m);
  }
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

ModelIndex indexRecovering(ASTContext &ctx, const SourceFilter &filter, const std::vector<SourceLocation> &errors,
                           bool walkPrecompiled) {
  ModelIndex index = buildIndex(ctx, filter, walkPrecompiled);
  if (ctx.getDiagnostics().hasErrorOccurred()) dropFactsWithErrors(ctx, filter, errors, index);
  return index;
}

}  // namespace nnlint
