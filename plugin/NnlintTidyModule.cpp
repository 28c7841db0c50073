// The clang-tidy front end: every nnlint rule as a clang-tidy check. The rule
// code is the same as the standalone tool's; only the source of the model
// index (this translation unit) and the way findings are emitted differ.
#include "base/SourceFilter.h"
#include "parse/ErrorPlaces.h"
#include "parse/Recovery.h"
#include "rules/Rule.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Preprocessor.h"

#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace nnlint {
namespace {

// The index of the translation unit being checked, built by whichever check
// runs first and shared by the others.
class TranslationUnitIndex {
 public:
  static TranslationUnitIndex &get() {
    static TranslationUnitIndex instance;
    return instance;
  }
  // Before the translation unit is parsed: record where its errors are,
  // passing every diagnostic on to clang-tidy's consumer.
  void watch(DiagnosticsEngine &diags) {
    if (diags.getClient() == errors_ || !diags.getClient()) return;
    DiagnosticConsumer *next = diags.getClient();
    std::unique_ptr<DiagnosticConsumer> owned = diags.takeClient();
    errors_ = new ErrorPlaces(*next, std::move(owned));
    diags.setClient(errors_, /*ShouldOwnClient=*/true);
  }
  void forget() { index_.reset(); }
  const ModelIndex &of(ASTContext &ctx) {
    if (!index_) {
      // The facts an error could have touched are dropped as on the command
      // line (parse/Recovery.h).
      SourceFilter filter;
      bool watched = ctx.getDiagnostics().getClient() == errors_;
      index_ = indexRecovering(ctx, filter, watched ? errors_->places() : std::vector<SourceLocation>());
      index_->resolveHelpers();
    }
    return *index_;
  }

 private:
  std::optional<ModelIndex> index_;
  ErrorPlaces *errors_ = nullptr;  // owned by the diagnostics engine it was given to
};

class RuleCheck : public tidy::ClangTidyCheck {
 public:
  RuleCheck(StringRef name, tidy::ClangTidyContext *context, const Rule *rule)
      : ClangTidyCheck(name, context), rule_(rule) {}

  bool isLanguageVersionSupported(const LangOptions &lang) const override { return lang.CPlusPlus; }

  void registerMatchers(MatchFinder *finder) override { finder->addMatcher(translationUnitDecl().bind("tu"), this); }

  void registerPPCallbacks(const SourceManager &, Preprocessor *pp, Preprocessor *) override {
    TranslationUnitIndex::get().watch(pp->getDiagnostics());
  }

  void onStartOfTranslationUnit() override { TranslationUnitIndex::get().forget(); }

  void check(const MatchFinder::MatchResult &result) override {
    ASTContext &ctx = *result.Context;
    std::vector<Finding> findings;
    rule_->check(TranslationUnitIndex::get().of(ctx), findings);
    for (const Finding &f : findings) emit(ctx.getSourceManager(), f);
  }

 private:
  static SourceLocation locationOf(SourceManager &sm, const SourcePoint &p) {
    if (!p.valid()) return {};
    auto file = sm.getFileManager().getOptionalFileRef(p.file);
    if (!file) return {};
    return sm.translateFileLineCol(*file, p.line, p.column);
  }

  void emit(SourceManager &sm, const Finding &f) {
    // Notes-level findings (a stateless module left unregistered) are not
    // defects; clang-tidy has no level for them, so they are left out.
    if (f.severity == Severity::Note) return;
    SourceLocation loc = locationOf(sm, f.loc);
    if (loc.isInvalid()) return;
    {
      auto d = diag(loc, "%0") << f.message;
      for (const FixIt &fix : f.fixes) {
        SourceLocation b = locationOf(sm, fix.begin), e = locationOf(sm, fix.end);
        if (b.isInvalid() || e.isInvalid()) continue;
        d << FixItHint::CreateReplacement(CharSourceRange::getCharRange(b, e), fix.replacement);
      }
    }
    for (const RelatedNote &n : f.notes)
      if (SourceLocation at = locationOf(sm, n.loc); at.isValid()) diag(at, "%0", DiagnosticIDs::Note) << n.message;
  }

  const Rule *rule_;
};

class NnlintModule : public tidy::ClangTidyModule {
 public:
  void addCheckFactories(tidy::ClangTidyCheckFactories &factories) override {
    for (const auto &rule : allRules()) {
      const Rule *r = rule.get();
      factories.registerCheckFactory(r->info().id, [r](StringRef name, tidy::ClangTidyContext *context) {
        return std::make_unique<RuleCheck>(name, context, r);
      });
    }
  }
};

tidy::ClangTidyModuleRegistry::Add<NnlintModule> registration("nnlint-module",
                                                              "nnlint: LibTorch model checks (nn-*)");

}  // namespace
}  // namespace nnlint
