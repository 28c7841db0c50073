#include "parse/WarmSession.h"

#include "flow/IndexBuilder.h"
#include "index/IndexJson.h"
#include "parse/ErrorPlaces.h"
#include "parse/FileStore.h"
#include "parse/Frontend.h"
#include "parse/PartUnloader.h"
#include "parse/Recovery.h"
#include "parse/UniquingTables.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/Utils.h"
#include "clang/Interpreter/Interpreter.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/thread.h"

#include <cstring>

using namespace clang;

namespace nnlint {
namespace {

// The interpreter's first part is an empty file of this name; each parse
// adds a part after it.
constexpr const char *kFirstPart = "<nnlint warm session>";

// Clang recurses once per operand of a long expression (see ParallelIndex.cpp).
constexpr unsigned kParseStackBytes = 1u << 30;

// The block's facts that an earlier session kept at `path`; false when there
// are none (or they cannot be read whole: then they are walked again).
bool readBlockFacts(const std::string &path, ModelIndex &index) {
  if (path.empty()) return false;
  auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!text) return false;
  nlohmann::json j = nlohmann::json::parse((*text)->getBuffer(), nullptr, /*allow_exceptions=*/false);
  try {
    index = indexFromJson(j);
  } catch (const nlohmann::json::exception &) {
    return false;
  }
  touchCacheFile(path);
  return true;
}

std::string stringLiteral(llvm::StringRef path) {
  std::string out = "\"";
  for (char c : path) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Clang 19's incremental parser (-fincremental-extensions) first asks of
// each declaration at file scope whether it is a statement, and that
// tentative parse checks access from file scope: `Outer::Private::Private()
// {}` and `Outer::Private *Outer::make()`, valid where they stand, fail as
// naming a private member (llvm-project issue 164885, fixed after Clang 19).
// So a part is parsed as a file is, without the extensions (a statement at
// file scope is then an error, as in the usual parse), and this pragma at its
// end turns them on again before the end of the part, so that it ends the
// part only and not the translation unit.
constexpr const char *kPragmaNamespace = "nnlint_warm_session";
constexpr const char *kEndOfPart = "end_of_part";
// What each part's text is followed by, before the pragma: an empty line (a
// last line ending in a backslash joins only it), and an empty declaration,
// so that the parser reads the pragma at file scope, once it has finished
// the text's last declaration. A text whose last declaration lacks its `;`
// would take that one (EmptyDeclarations).
constexpr const char *kLineBreaks = "\n\n";
constexpr const char *kAfterText = "\n\n;\n";

}  // namespace

// Where the parser read an empty declaration at file scope (its diagnostic,
// ignored in a compile, is made a remark in the session): the `;` that
// parse() adds after a text must be one. Passes nothing on.
class EmptyDeclarations : public DiagnosticConsumer {
 public:
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    if (info.getID() == diag::warn_cxx98_compat_top_level_semi || info.getID() == diag::ext_extra_semi_cxx11)
      places.push_back(info.getLocation());
  }
  std::vector<SourceLocation> places;
};

// Ends a part (see above); performs its template instantiations after an error.
class EndOfPart : public PragmaHandler {
 public:
  explicit EndOfPart(Sema &sema) : PragmaHandler(kEndOfPart), sema_(sema) {}
  // The part's errors are the session's to report (the tail's, see open();
  // a fork's text, see index()): the part must not fail on them.
  bool keepsErrors = false;
  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer, Token &) override {
    pp.DiscardUntilEndOfDirective();
    at = introducer.Loc;
    // Read inside a declaration (error recovery that skipped to the end of
    // the text: `f(;`), the end of a part would never end it (Clang 19's
    // parser loops on it): the part ends as a file does, and fails.
    if (!isa<TranslationUnitDecl>(sema_.CurContext)) return;
    const_cast<LangOptions &>(pp.getLangOpts()).IncrementalExtensions = true;
    // The interpreter instantiates the templates a part uses only when the
    // part has no error; the usual parse does at the end of the file, errors
    // or not, and reports the errors they raise. Done here, at file scope
    // (the `;` before the pragma: the last declaration is complete).
    DiagnosticsEngine &diags = pp.getDiagnostics();
    if (diags.hasErrorOccurred() || keepsErrors) {
      sema_.DefineUsedVTables();
      sema_.PerformPendingInstantiations();
    }
    // A part with an error fails, and Clang 19 takes its names out of the
    // lookup tables (IncrementalParser::CleanUpPTU): forgetting the errors
    // here, once they are recorded, keeps them.
    if (keepsErrors && diags.hasErrorOccurred() && !diags.hasFatalErrorOccurred()) diags.Reset(/*soft=*/true);
  }
  SourceLocation at;  // the pragma's place in the last part

 private:
  Sema &sema_;
};

// The macros that parts define or undefine, each with its definition
// before the first change since clear() (none: not a macro then). Undo
// leaves the preprocessor as it is: once a part is taken back, giveBack()
// puts each macro back as it was, so that the next part sees the macros as
// the block left them.
class MacroChanges : public PPCallbacks {
 public:
  void MacroDefined(const Token &name, const MacroDirective *md) override {
    const MacroDirective *before = md->getPrevious();
    note(name, before && before->isDefined() ? before->getMacroInfo() : nullptr);
  }
  void MacroUndefined(const Token &name, const MacroDefinition &md, const MacroDirective *) override {
    note(name, md.getMacroInfo());
  }
  void clear() { before_.clear(); }
  void giveBack(Preprocessor &pp) {
    for (auto &[name, was] : before_) {
      auto [before, at] = was;
      if (pp.getMacroInfo(name) == before) continue;
      if (before)
        pp.appendDefMacroDirective(name, const_cast<MacroInfo *>(before));
      else
        pp.appendMacroDirective(name, new (pp.getPreprocessorAllocator()) UndefMacroDirective(at));
    }
    before_.clear();
  }

 private:
  // The first change only: what the macro was before the part.
  void note(const Token &name, const MacroInfo *before) {
    before_.try_emplace(name.getIdentifierInfo(), before, name.getLocation());
  }
  llvm::DenseMap<IdentifierInfo *, std::pair<const MacroInfo *, SourceLocation>> before_;
};

namespace {

// Parses `text` as the session's next part; the pragma handler must be
// registered (open()). `ended`: the end of the part was reached as the end
// of a part; a part that did not fails: the parser may then have ended the
// translation unit.
llvm::Expected<PartialTranslationUnit &> parsePart(Interpreter &interpreter, const std::string &text, bool &ended) {
  LangOptions &lang = interpreter.getCompilerInstance()->getLangOpts();
  lang.IncrementalExtensions = false;
  llvm::Expected<PartialTranslationUnit &> part = interpreter.Parse(
      text + kAfterText + "#pragma " + kPragmaNamespace + " " + kEndOfPart + "\n");
  ended = lang.IncrementalExtensions;
  lang.IncrementalExtensions = true;
  if (part && !ended) return llvm::createStringError("the part did not reach its end");
  return part;
}

// Whether the parser read the `;` that parsePart() puts after a text of
// `textSize` bytes as an empty declaration (else the text's last declaration
// took it, which the usual parse reports incomplete). `pragma`: where the
// part ended (EndOfPart::at).
bool endsWhole(const SourceManager &sm, const EmptyDeclarations &empty, SourceLocation pragma, size_t textSize) {
  return llvm::any_of(empty.places, [&](SourceLocation at) {
    return sm.getFileID(at) == sm.getFileID(pragma) && sm.getFileOffset(at) == textSize + std::strlen(kLineBreaks);
  });
}

// Whether one of `errors` lies after a text of `textSize` bytes, in what
// parsePart() adds: it has no place in the file.
bool errorAfter(const SourceManager &sm, const ErrorPlaces &errors, SourceLocation pragma, size_t textSize) {
  FileID part = sm.getFileID(pragma);
  for (SourceLocation e : errors.places()) {
    std::pair<FileID, unsigned> at = sm.getDecomposedLoc(sm.getExpansionLoc(e));
    if (at.first == part && at.second >= textSize) return true;
  }
  return false;
}

// A directive or `_Pragma` in a text: the offsets [begin, end) from its `#`
// to the next token that starts a line (continued lines and comments
// included), or a `_Pragma` to its closing parenthesis. `lasting`: it leaves
// state that a part taken back would not take with it (Undo leaves the
// preprocessor as it is): all but a macro's definition or undefinition,
// which the session gives back itself (MacroChanges), and conditionals.
struct Directive {
  size_t begin, end;
  bool lasting;
  int nesting;  // 1 opens a conditional, -1 closes one
};

bool undoable(llvm::StringRef name) {
  return llvm::is_contained({"define", "undef", "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"},
                            name);
}

std::vector<Directive> directives(llvm::StringRef text) {
  LangOptions lang;
  lang.CPlusPlus = lang.CPlusPlus11 = lang.CPlusPlus14 = lang.CPlusPlus17 = lang.Digraphs = true;
  Lexer lexer(SourceLocation(), lang, text.begin(), text.begin(), text.end());
  auto offset = [&](const Token &t) { return lexer.getBufferLocation() - text.begin() - t.getLength(); };
  auto isPragma = [](const Token &t) { return t.is(tok::raw_identifier) && t.getRawIdentifier() == "_Pragma"; };
  std::vector<Directive> found;
  Token token;
  bool atEnd = lexer.LexFromRawLexer(token);
  while (!token.is(tok::eof)) {
    size_t begin = offset(token);
    if (token.is(tok::hash) && token.isAtStartOfLine()) {
      atEnd = lexer.LexFromRawLexer(token);
      // A null directive (`#` alone) leaves nothing; a macro whose body holds
      // a `_Pragma` would run it wherever it is used.
      bool lasting = !token.isAtStartOfLine() && !token.is(tok::eof) &&
                     !(token.is(tok::raw_identifier) && undoable(token.getRawIdentifier()));
      llvm::StringRef name = !token.isAtStartOfLine() && token.is(tok::raw_identifier) ? token.getRawIdentifier() : "";
      int nesting = llvm::is_contained({"if", "ifdef", "ifndef"}, name) ? 1 : name == "endif" ? -1 : 0;
      while (!token.is(tok::eof) && !token.isAtStartOfLine()) {
        lasting |= isPragma(token);
        atEnd = lexer.LexFromRawLexer(token);
      }
      found.push_back({begin, token.is(tok::eof) ? text.size() : offset(token), lasting, nesting});
      continue;
    }
    if (isPragma(token)) {
      int depth = 0;
      do {
        atEnd = lexer.LexFromRawLexer(token);
        depth += token.is(tok::l_paren) - token.is(tok::r_paren);
      } while (!token.is(tok::eof) && depth > 0);
      found.push_back({begin, token.is(tok::eof) ? text.size() : offset(token) + token.getLength(), true, 0});
    }
    if (atEnd) break;
    atEnd = lexer.LexFromRawLexer(token);
  }
  return found;
}

// The size of a text whose last line ends (not continued by a
// backslash), else 0: a text after it starts a line of its own.
size_t endOfLastLine(llvm::StringRef text) {
  if (!text.ends_with("\n")) return 0;
  llvm::StringRef line = text.drop_back().rtrim('\r');
  return line.ends_with("\\") ? 0 : text.size();
}

}  // namespace

bool hasDirectives(llvm::StringRef text) { return !directives(text).empty(); }

bool hasLastingDirectives(llvm::StringRef text) {
  return llvm::any_of(directives(text), [](const Directive &d) { return d.lasting; });
}

std::string withoutLastingDirectives(llvm::StringRef text) {
  TextRanges lasting;
  for (const Directive &d : directives(text))
    if (d.lasting) lasting.emplace_back(d.begin, d.end);
  return withoutRanges(text, lasting);
}

std::string withoutRanges(llvm::StringRef text, const TextRanges &ranges) {
  std::string out = text.str();
  for (auto [begin, end] : ranges)
    for (size_t i = begin; i < end && i < out.size(); ++i)
      if (out[i] != '\n') out[i] = ' ';
  return out;
}

WarmSession::WarmSession(std::unique_ptr<ErrorPlaces> tailErrors, TranslationUnitDecl *tailPart,
                         std::unique_ptr<Interpreter> interpreter, EndOfPart &endOfPart, MacroChanges &macroChanges,
                         std::vector<SourceInput> userHeaders, ModelIndex blockIndex)
    : tailErrors_(std::move(tailErrors)),
      interpreter_(std::move(interpreter)),
      endOfPart_(endOfPart),
      macroChanges_(macroChanges),
      tailPart_(tailPart),
      userHeaders_(std::move(userHeaders)),
      blockIndex_(std::move(blockIndex)),
      counterAfterBlock_(interpreter_->getCompilerInstance()->getPreprocessor().getCounterValue()) {
  counterAtText_ = counterAfterBlock_;
  for (TranslationUnitDecl *part = interpreter_->getASTContext().getTranslationUnitDecl(); part;
       part = part->getPreviousDecl())
    leftOut_.push_back(part);
}
WarmSession::~WarmSession() = default;

llvm::Expected<std::unique_ptr<WarmSession>> WarmSession::open(const std::vector<std::string> &args,
                                                               const std::string &tail, const SourceFilter &filter,
                                                               bool pchHoldsUserCode,
                                                               const std::string &blockFactsPath) {
  std::vector<const char *> argv;
  for (const std::string &a : args) argv.push_back(a.c_str());
  CreateInvocationOptions create;
  create.Diags = CompilerInstance::createDiagnostics(new DiagnosticOptions, new IgnoringDiagConsumer);
  std::shared_ptr<CompilerInvocation> invocation = createInvocation(argv, create);
  if (!invocation || invocation->getFrontendOpts().Inputs.size() != 1 ||
      invocation->getFrontendOpts().Inputs[0].getKind().getLanguage() != Language::CXX) {
    return llvm::createStringError("the compile command is not one C++ compilation");
  }
  // The file's own arguments, driver included, with an empty file in its
  // place that each parse adds to.
  FrontendOptions &frontend = invocation->getFrontendOpts();
  frontend.Inputs = {FrontendInputFile(kFirstPart, frontend.Inputs[0].getKind())};
  frontend.ProgramAction = frontend::ParseSyntaxOnly;
  frontend.DisableFree = false;
  invocation->getLangOpts().IncrementalExtensions = true;  // the interpreter parses in parts only with it
  // The block was built without that option, which Clang's validation of the
  // PCH compares. The cache checked the block's files when it handed it out
  // (Pch.cpp), and its key holds these arguments.
  invocation->getPreprocessorOpts().DisablePCHOrModuleValidation = DisableValidationForModuleKind::PCH;
  invocation->getPreprocessorOpts().addRemappedFile(kFirstPart, llvm::MemoryBuffer::getMemBuffer("").release());
  auto compiler = std::make_unique<CompilerInstance>();
  compiler->setInvocation(std::move(invocation));
  compiler->createDiagnostics(new IgnoringDiagConsumer);
  compiler->setTarget(TargetInfo::CreateTargetInfo(compiler->getDiagnostics(),
                                                   std::make_shared<TargetOptions>(compiler->getTargetOpts())));
  if (!compiler->hasTarget()) {
    return llvm::createStringError("no target for the compile command");
  }
  compiler->getTarget().adjust(compiler->getDiagnostics(), compiler->getLangOpts());
  // The tail's errors (below), recorded by a consumer that outlives the interpreter.
  auto tailEmpty = std::make_unique<EmptyDeclarations>();
  EmptyDeclarations &emptyInTail = *tailEmpty;
  auto tailErrors = std::make_unique<ErrorPlaces>(emptyInTail, std::move(tailEmpty));
  llvm::Expected<std::unique_ptr<Interpreter>> interpreter = Interpreter::create(std::move(compiler));
  if (!interpreter) return interpreter.takeError();
  CompilerInstance &ci = *(*interpreter)->getCompilerInstance();
  for (diag::kind emptyDeclaration : {diag::warn_cxx98_compat_top_level_semi, diag::ext_extra_semi_cxx11})
    ci.getDiagnostics().setSeverity(emptyDeclaration, diag::Severity::Remark, SourceLocation());
  auto *endOfPart = new EndOfPart(ci.getSema());
  ci.getPreprocessor().AddPragmaHandler(kPragmaNamespace, endOfPart);
  auto macroChanges = std::make_unique<MacroChanges>();
  MacroChanges &changes = *macroChanges;
  ci.getPreprocessor().addPPCallbacks(std::move(macroChanges));
  // The tail stays: its include guards hold for every later part, as they
  // would after the same lines at the top of the file. Its errors (a user
  // header's, which no PCH can hold) are every parse's: the usual parse
  // reads the same lines first.
  ci.getDiagnostics().setClient(tailErrors.get(), /*ShouldOwnClient=*/false);
  TranslationUnitDecl *tailPart = nullptr;
  if (!tail.empty()) {
    bool ended = false;
    endOfPart->keepsErrors = true;
    llvm::Expected<PartialTranslationUnit &> part = parsePart(**interpreter, tail, ended);
    endOfPart->keepsErrors = false;
    if (!part) return part.takeError();
    tailPart = part->TUPart;
    // The usual path then: a fatal error (a header not found) stops Clang;
    // an error in the tail's own lines (an `#error`) would have its place
    // in the file, and one in what parsePart() adds, or the `;` it adds
    // taken by the tail's last declaration, none; an error after the
    // part's end would fail the next part.
    const SourceManager &sm = ci.getSourceManager();
    if (tailErrors->fatal() || ci.getDiagnostics().hasErrorOccurred() ||
        !endsWhole(sm, emptyInTail, endOfPart->at, tail.size()) || errorAfter(sm, *tailErrors, endOfPart->at, 0))
      return llvm::createStringError("the include block's tail cannot be parsed as the file's");
  }
  // The user's headers the block read, through the PCH or the tail: the
  // session keeps them as they are now.
  std::vector<SourceInput> userHeaders = userInputs(*(*interpreter)->getCompilerInstance(), filter, pchHoldsUserCode);
  // The block's facts do not change from edit to edit: walked once here, not
  // in every fork (a vendored header-only library's bodies take seconds).
  ModelIndex blockIndex;
  if (!readBlockFacts(blockFactsPath, blockIndex)) {
    llvm::thread walk(std::optional<unsigned>(kParseStackBytes), [&] {
      blockIndex = buildIndex((*interpreter)->getASTContext(), filter, pchHoldsUserCode, {}, /*partial=*/true);
    });
    walk.join();
    if (!blockFactsPath.empty()) llvm::consumeError(replaceFile(blockFactsPath, indexToJson(blockIndex).dump()));
  }
  makeRoomInUniquingTables((*interpreter)->getASTContext());
  return std::unique_ptr<WarmSession>(new WarmSession(std::move(tailErrors), tailPart, std::move(*interpreter),
                                                      *endOfPart, changes, std::move(userHeaders),
                                                      std::move(blockIndex)));
}

unsigned WarmSession::tailErrors() const { return tailErrors_->errors(); }

bool WarmSession::userHeadersUnchanged() const {
  for (const SourceInput &header : userHeaders_)
    if (hashFileNow(header.path) != header.hash) return false;
  return true;
}

TranslationUnitDecl *WarmSession::parse(const std::string &file, const std::string &blankedText) {
  CompilerInstance &ci = *interpreter_->getCompilerInstance();
  // __COUNTER__ goes on from part to part; the file's own parse starts it
  // where the block left it (a test framework's macros name functions by it),
  // its rest where the prefix left it.
  ci.getPreprocessor().setCounterValue(counterAtText_);
  // This parse's errors and empty declarations (none printed).
  auto emptyDeclarations = std::make_unique<EmptyDeclarations>();
  auto errors = std::make_unique<ErrorPlaces>(*emptyDeclarations, nullptr);
  ci.getDiagnostics().setClient(errors.get(), /*ShouldOwnClient=*/false);
  errors_ = std::move(errors);
  emptyDeclarations_ = std::move(emptyDeclarations);
  // Locations read as the file's own: same lines and columns, same name.
  std::string lineDirective = "#line 1 " + stringLiteral(file) + "\n";
  textBegin_ = lineDirective.size();
  textEnd_ = textBegin_ + blankedText.size();
  lastPart_ = nullptr;
  TranslationUnitDecl *before = interpreter_->getASTContext().getTranslationUnitDecl();
  bool ended = false;
  llvm::Expected<PartialTranslationUnit &> part = parsePart(*interpreter_, lineDirective + blankedText, ended);
  if (!part) llvm::consumeError(part.takeError());
  // The text's last declaration took the `;` after it: the usual parse
  // reports it incomplete.
  if (!ended || !endsWhole(ci.getSourceManager(), *emptyDeclarations_, endOfPart_.at, textEnd_)) return nullptr;
  if (part) return lastPart_ = part->TUPart;
  // A part with an error fails: Clang 19 takes its names out of the file's
  // lookup table (IncrementalParser::CleanUpPTU) and leaves its
  // declarations, as it recovered them, in the part, which stays the
  // translation unit's last.
  TranslationUnitDecl *last = interpreter_->getASTContext().getTranslationUnitDecl();
  if (errors_->errors() == 0 || last == before) return nullptr;
  return lastPart_ = last;
}

TextRanges WarmSession::declarationsWithErrors() const {
  TextRanges ranges;
  if (!lastPart_) return ranges;
  const CompilerInstance &ci = *interpreter_->getCompilerInstance();
  const SourceManager &sm = ci.getSourceManager();
  FileID text = sm.getFileID(endOfPart_.at);
  // [begin, end) of a declaration in the text's part, or none.
  auto span = [&](const Decl *d) -> std::optional<std::pair<unsigned, unsigned>> {
    CharSourceRange r = sm.getExpansionRange(d->getSourceRange());
    SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, sm, ci.getLangOpts());
    auto [beginFile, begin] = sm.getDecomposedLoc(r.getBegin());
    auto [endFile, endAt] = sm.getDecomposedLoc(end);
    if (beginFile != text || endFile != text || begin < textBegin_ || endAt > textEnd_) return std::nullopt;
    return std::make_pair(begin, endAt);
  };
  for (SourceLocation place : errors_->places()) {
    auto [file, at] = sm.getDecomposedLoc(sm.getExpansionLoc(place));
    if (file != text) continue;
    const Decl *holder = nullptr;
    const DeclContext *scope = lastPart_;
    while (scope) {
      const Decl *inner = nullptr;
      for (const Decl *d : scope->noload_decls())
        if (auto s = span(d); s && s->first <= at && at < s->second) inner = d;
      if (!inner) break;
      holder = inner;
      scope = isa<NamespaceDecl, LinkageSpecDecl>(inner) ? cast<DeclContext>(inner) : nullptr;
    }
    if (auto s = holder ? span(holder) : std::nullopt) ranges.emplace_back(s->first - textBegin_, s->second - textBegin_);
  }
  return ranges;
}

std::optional<FileResult> WarmSession::index(const std::string &file, const std::string &blankedText,
                                             const SourceFilter &filter, bool &canWarmUp) {
  canWarmUp = false;
  if (prefixPart_ && !prefixFits(file, blankedText)) return std::nullopt;
  // With a prefix, the rest of the text in its place: the same lines and columns.
  std::string text = prefixPart_ ? withoutRanges(blankedText, {{0, prefixText_.size()}}) : blankedText;
  // Only such directives can include a header (a macro's definition cannot).
  bool lasting = hasLastingDirectives(text);
  std::optional<FileResult> result;
  size_t capacity = uniquingTablesCapacity(interpreter_->getASTContext());
  llvm::thread parser(std::optional<unsigned>(kParseStackBytes), [&] {
    // A part that fails is cleaned up by Clang 19 (IncrementalParser::
    // CleanUpPTU), which crashes on an unnamed declaration or a `using
    // namespace` among the part's: the fork, which ends after this parse,
    // keeps the part and its errors instead.
    endOfPart_.keepsErrors = true;
    TranslationUnitDecl *part = parse(file, text);
    endOfPart_.keepsErrors = false;
    ASTContext &ctx = interpreter_->getASTContext();
    grewTables_ = uniquingTablesCapacity(ctx) != capacity;
    if (!part || part != ctx.getTranslationUnitDecl()) return;
    // A fatal error (a missing #include) stops Clang; the usual parse says
    // where it looked. An error in what the session adds after the text has
    // no place in the file.
    if (errors_->fatal() || errorAfter(ctx.getSourceManager(), *errors_, endOfPart_.at, textEnd_)) return;
    result.emplace();
    result->file = file;
    result->ok = errors_->errors() == 0 && tailErrors_->errors() == 0;
    result->index = blockIndex_;
    if (prefixPart_) result->index.merge(prefixIndex_);
    result->index.merge(buildIndex(ctx, filter, false, leftOut_, /*partial=*/true));
    if (!result->ok) {
      // What the usual parse reports, which reads the tail first, and the
      // facts it drops (Recovery.h), in the tail's declarations too.
      const ErrorPlaces &first = tailErrors_->errors() > 0 ? *tailErrors_ : *errors_;
      result->error = first.first();
      result->errorLoc = first.firstLoc();
      result->errorCount = tailErrors_->errors() + errors_->errors();
      std::vector<SourceLocation> places = tailErrors_->places();
      places.insert(places.end(), errors_->places().begin(), errors_->places().end());
      std::vector<TranslationUnitDecl *> parts = {part};
      if (prefixPart_) parts.insert(parts.begin(), prefixPart_);
      if (tailPart_) parts.insert(parts.begin(), tailPart_);
      dropFactsWithErrors(ctx, filter, places, result->index, parts);
    }
    result->inputs = userHeaders_;
    // Headers the text includes after its block are inputs too.
    if (lasting)
      for (SourceInput &in : userInputs(*interpreter_->getCompilerInstance(), filter, false))
        if (llvm::none_of(result->inputs, [&](const SourceInput &have) { return have.path == in.path; }))
          result->inputs.push_back(std::move(in));
    canWarmUp = errors_->errors() == 0 && !lasting && !prefixPart_ && canDetach(part);
  });
  parser.join();
  return result;
}

bool WarmSession::warmUp(const std::string &file, const std::string &blankedText) {
  if (prefixPart_) return false;
  bool clean = false;
  llvm::thread parser(std::optional<unsigned>(kParseStackBytes), [&] {
    macroChanges_.clear();
    TranslationUnitDecl *part = parse(file, blankedText);
    // A part with an error stays in the translation unit: the session is done.
    clean = part && errors_->errors() == 0 && takeBack(part);
  });
  parser.join();
  warm_ = clean;
  return clean;
}

bool WarmSession::takeBack(TranslationUnitDecl *part) {
  if (!canDetach(part)) return false;
  // Undo reads the name of each of the part's declarations and crashes on
  // some: those leave the part first. A file-scope `using namespace` goes
  // now, while the lookup table still lists it.
  auto leavePart = [&](auto crashesUndo) {
    std::vector<Decl *> leaving;
    for (Decl *d : part->noload_decls())
      if (crashesUndo(d)) leaving.push_back(d);
    for (Decl *d : leaving) part->removeDecl(d);
  };
  leavePart([](Decl *d) { return isa<UsingDirectiveDecl>(d); });
  // Sema looks over a part's names (for unused ones) when the next part
  // starts, which must find them whole: an empty part comes first, and
  // both are taken back.
  llvm::Expected<PartialTranslationUnit &> empty = interpreter_->Parse("");
  if (!empty) {
    llvm::consumeError(empty.takeError());
    return false;
  }
  leftOut_.insert(leftOut_.end(), {part, empty->TUPart});
  detachPart(part);
  // An unnamed declaration (an anonymous namespace, enum or struct) goes
  // after detachPart, which needs the anonymous namespaces.
  leavePart([](Decl *d) {
    auto *named = dyn_cast<NamedDecl>(d);
    return named && named->getDeclName().isEmpty();
  });
  if (llvm::Error undo = interpreter_->Undo(2)) {
    llvm::consumeError(std::move(undo));
    return false;
  }
  macroChanges_.giveBack(interpreter_->getCompilerInstance()->getPreprocessor());
  makeRoomInUniquingTables(interpreter_->getASTContext());
  return true;
}

WarmSession::Prefix WarmSession::keepPrefix(const std::string &file, const std::string &blankedText, size_t end,
                                            const SourceFilter &filter) {
  if (prefixPart_ || end == 0 || end > blankedText.size()) return Prefix::NotKept;
  std::string text = blankedText.substr(0, end);
  // Its rest then reads the macros as the file does, and only they need be
  // given back with it (MacroChanges); a conditional it opened would never close.
  std::vector<Directive> found = directives(text);
  int nesting = 0;
  for (const Directive &d : found) nesting += d.nesting;
  if (nesting != 0 || llvm::any_of(found, [](const Directive &d) { return d.lasting; })) return Prefix::NotKept;
  Prefix kept = Prefix::Broken;
  llvm::thread parser(std::optional<unsigned>(kParseStackBytes), [&] {
    macroChanges_.clear();
    TranslationUnitDecl *part = parse(file, text);
    if (!part || errors_->errors() > 0) return;
    ASTContext &ctx = interpreter_->getASTContext();
    prefixIndex_ = buildIndex(ctx, filter, false, leftOut_, /*partial=*/true);
    prefixBoundaries_ = topLevelBoundaries(part, text);
    prefixPart_ = part;
    prefixFile_ = file;
    prefixText_ = std::move(text);
    counterAtText_ = interpreter_->getCompilerInstance()->getPreprocessor().getCounterValue();
    leftOut_.push_back(part);
    makeRoomInUniquingTables(ctx);
    warm_ = true;  // taken back, the part leaves what Sema read for it, as a warm-up's does
    kept = Prefix::Kept;
  });
  parser.join();
  return kept;
}

bool WarmSession::prefixFits(const std::string &file, const std::string &blankedText) const {
  llvm::StringRef text(blankedText);
  if (!prefixPart_ || file != prefixFile_ || !text.starts_with(prefixText_)) return false;
  if (prefixText_.back() == '\n') return true;
  // A `#` on the prefix's last line would start a directive once the prefix is blanked.
  llvm::StringRef sameLine = text.substr(prefixText_.size()).take_until([](char c) { return c == '\n'; });
  return !sameLine.contains('#') && !sameLine.contains("%:");
}

size_t WarmSession::sharedPrefixEnd(const std::string &blankedText) const {
  size_t same = std::mismatch(prefixText_.begin(), prefixText_.end(), blankedText.begin(), blankedText.end()).first -
                prefixText_.begin();
  return lastPrefixEndBefore(prefixBoundaries_, same);
}

std::vector<size_t> WarmSession::prefixEnds(const std::string &blankedText) const {
  if (!lastPart_ || errors_->errors() > 0) return {};
  if (!prefixPart_) return topLevelBoundaries(lastPart_, blankedText);
  return topLevelBoundaries(lastPart_, withoutRanges(blankedText, {{0, prefixText_.size()}}));
}

bool WarmSession::dropPrefix() {
  if (!prefixPart_) return true;
  TranslationUnitDecl *part = std::exchange(prefixPart_, nullptr);
  prefixText_.clear();
  prefixBoundaries_.clear();
  prefixIndex_ = ModelIndex();
  counterAtText_ = counterAfterBlock_;
  llvm::erase(leftOut_, part);  // takeBack() lists it again
  bool taken = false;
  llvm::thread parser(std::optional<unsigned>(kParseStackBytes), [&] { taken = takeBack(part); });
  parser.join();
  return taken;
}

std::vector<size_t> WarmSession::topLevelBoundaries(const TranslationUnitDecl *part, llvm::StringRef text) const {
  const CompilerInstance &ci = *interpreter_->getCompilerInstance();
  const SourceManager &sm = ci.getSourceManager();
  FileID inPart = sm.getFileID(endOfPart_.at);
  std::vector<std::pair<size_t, size_t>> spans;  // each declaration's [begin, end) in the text
  for (const Decl *d : part->noload_decls()) {
    if (d->isImplicit()) continue;
    CharSourceRange r = sm.getExpansionRange(d->getSourceRange());
    SourceLocation end = Lexer::getLocForEndOfToken(r.getEnd(), 0, sm, ci.getLangOpts());
    auto [beginFile, begin] = sm.getDecomposedLoc(r.getBegin());
    auto [endFile, endAt] = sm.getDecomposedLoc(end);
    if (beginFile == inPart && begin >= textBegin_ + text.size()) continue;  // the `;` parsePart() adds
    // One that cannot be placed: no shorter prefix can be told safe.
    if (beginFile != inPart || endFile != inPart || begin < textBegin_ || endAt > textBegin_ + text.size() ||
        begin > endAt)
      return {};
    spans.emplace_back(begin - textBegin_, endAt - textBegin_);
  }
  llvm::sort(spans);
  // Between declarations: comments, white space and empty declarations only.
  auto empty = [&](size_t from, size_t to) {
    std::string between = text.slice(from, to).str();  // the lexer reads up to a NUL
    Lexer lexer(SourceLocation(), ci.getLangOpts(), between.data(), between.data(), between.data() + between.size());
    Token token;
    do {
      lexer.LexFromRawLexer(token);
      if (!token.isOneOf(tok::semi, tok::eof)) return false;
    } while (!token.is(tok::eof));
    return true;
  };
  std::vector<Directive> found = directives(text);
  auto next = found.begin();
  int nesting = 0;  // of the conditionals open before a declaration
  std::vector<size_t> boundaries;
  size_t covered = 0;  // where the declarations so far end; none is before the first
  for (auto [begin, end] : spans) {
    for (; next != found.end() && next->begin < begin; ++next) nesting += next->nesting;
    if (covered > 0 && begin >= covered && nesting == 0 && endOfLastLine(text.take_front(begin)) == begin &&
        empty(covered, begin))
      boundaries.push_back(begin);
    covered = std::max(covered, end);
  }
  if (covered > 0 && endOfLastLine(text) == text.size() && empty(covered, text.size()))
    boundaries.push_back(text.size());
  return boundaries;
}

size_t lastPrefixEndBefore(const std::vector<size_t> &ends, size_t offset) {
  auto after = std::upper_bound(ends.begin(), ends.end(), offset);
  return after == ends.begin() ? 0 : *std::prev(after);
}

size_t wholePrefixEnd(llvm::StringRef text) {
  if (text.ends_with("\n")) return endOfLastLine(text);
  llvm::StringRef last = text.substr(text.rfind('\n') + 1);
  return text.empty() || last.contains("//") || last.ends_with("\\") ? 0 : text.size();
}

}  // namespace nnlint
