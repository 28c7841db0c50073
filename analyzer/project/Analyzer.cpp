#include "project/Analyzer.h"

#include "base/InputLog.h"
#include "base/SourceText.h"
#include "base/Version.h"
#include "cache/ParallelIndex.h"
#include "cache/ProjectIndex.h"
#include "parse/FileStore.h"
#include "parse/Frontend.h"
#include "project/CompileCommands.h"
#include "project/Contributors.h"
#include "project/PathProblem.h"
#include "project/Suppressions.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <set>

namespace nnlint {
namespace {

bool hasResourceHeaders(const std::string &dir) {
  if (dir.empty()) return false;
  std::string stddef = dir + "/include/stddef.h";
  noteInput(stddef);
  return llvm::sys::fs::exists(stddef);
}

// Why files cannot be analysed, for one run: the file system of each device
// is asked once (kernelFileReason).
class SourceFileChecks {
 public:
  // A one-line reason why `file` cannot be analysed, or "".
  std::string reason(const std::string &file);

 private:
  std::map<uint64_t, std::string> kernelByDevice_;
};

std::string SourceFileChecks::reason(const std::string &file) {
  noteInput(file);
  llvm::sys::fs::file_status st;
  if (llvm::sys::fs::status(file, st)) {
    std::string why = unreachableReason(file);
    return why.empty() ? "no such file" : why;
  }
  if (llvm::sys::fs::is_directory(st)) return "is a directory, not a source file";
  // A FIFO would block the run forever, a device would never end.
  if (!llvm::sys::fs::is_regular_file(st)) return "not a regular file";
  if (std::string why = kernelFileReason(file, st.getUniqueID().getDevice(), kernelByDevice_); !why.empty())
    return why;
  static const std::vector<std::string> exts = {".cpp", ".cc", ".cxx", ".c++", ".cp", ".C",
                                                ".h",   ".hh", ".hpp", ".hxx", ".h++", ".cu", ".inl", ".ipp"};
  std::string ext = llvm::sys::path::extension(file).str();
  for (const std::string &e : exts)
    if (ext == e) return "";
  return "not a C++ source file (extension '" + ext + "')";
}

// Adds to `others` the commands of the files of `file`'s compilation
// database that are not in `seen` and can be analysed, each once; false when
// `file` has no database. They point into `commands`.
bool addDatabaseOthers(CompileCommands &commands, const std::string &file, std::set<std::string> &seen,
                       SourceFileChecks &checks, std::vector<const clang::tooling::CompileCommand *> &others) {
  const std::vector<clang::tooling::CompileCommand> &database = commands.databaseCommands(file);
  for (const clang::tooling::CompileCommand &cmd : database) {
    std::string path = sourcePath(cmd);
    if (seen.insert(path).second && checks.reason(path).empty()) others.push_back(&cmd);
  }
  return !database.empty();
}

}  // namespace

std::string findResourceDir() {
  if (auto env = llvm::sys::Process::GetEnv("NNLINT_RESOURCE_DIR"); env && hasResourceHeaders(*env)) return *env;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, reinterpret_cast<void *>(&findResourceDir));
  if (!exe.empty()) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "lib", "clang", std::to_string(LLVM_VERSION_MAJOR));
    if (hasResourceHeaders(std::string(dir))) return std::string(dir);
  }
  return hasResourceHeaders(kDefaultResourceDir) ? kDefaultResourceDir : "";
}

std::string clangNextTo(const std::string &resourceDir) {
  // Through its links: Debian's /lib/clang/19 is LLVM 19's folder, /bin/clang++ another version's driver.
  llvm::SmallString<256> clang;
  if (llvm::sys::fs::real_path(resourceDir, clang)) clang = resourceDir;
  llvm::sys::path::append(clang, "../../..", "bin", "clang++");
  llvm::sys::path::remove_dots(clang, true);
  noteInput(std::string(clang));
  return llvm::sys::fs::exists(clang) ? std::string(clang) : "";
}

std::vector<std::string> databaseSources(const std::string &buildDir, std::string &error) {
  CompileCommands commands(std::nullopt, buildDir, {});
  if (error = commands.load(); !error.empty()) return {};
  return commands.databaseFiles("");
}

namespace {

// How a run parses, or a tool error.
std::optional<ParseOptions> parseOptions(const AnalyzerOptions &opts, std::vector<ToolError> &errors) {
  ParseOptions parse;
  parse.resourceDir = findResourceDir();
  parse.skipLibraryBodies = opts.skipLibraryBodies;
  parse.unsaved = opts.unsaved;
  parse.warm = opts.warm;
  if (parse.resourceDir.empty()) {
    errors.push_back({"nnlint", "cannot find Clang's builtin headers (stddef.h); set NNLINT_RESOURCE_DIR "
                                "to e.g. /usr/lib/llvm-19/lib/clang/19"});
    return std::nullopt;
  }
  parse.clangPath = clangNextTo(parse.resourceDir);
  return parse;
}

}  // namespace

void loadDatabase(const AnalyzerOptions &opts) {
  CompileCommands(opts.fixedArgs, opts.buildDir, {}).load();
}

namespace {

// How the editor's background work parses `files`, and their commands (the
// files without one left out); none when it cannot parse at all.
std::optional<ParseOptions> backgroundCommands(const std::vector<std::string> &files, const AnalyzerOptions &opts,
                                               std::vector<clang::tooling::CompileCommand> &cmds) {
  std::vector<ToolError> errors;
  std::optional<ParseOptions> parse = parseOptions(opts, errors);
  CompileCommands commands(opts.fixedArgs, opts.buildDir, CompileCommands::findTorchIncludes(opts.torchIncludes));
  if (!parse || !commands.load().empty()) return std::nullopt;
  SourceFileChecks checks;
  for (const std::string &file : files) {
    clang::tooling::CompileCommand cmd;
    std::string ignored;
    if (checks.reason(file).empty() && commands.commandFor(file, cmd, ignored))
      cmds.push_back(std::move(cmd));
  }
  return parse;
}

}  // namespace

void indexLenders(const std::vector<std::string> &files, const AnalyzerOptions &opts) {
  std::vector<clang::tooling::CompileCommand> cmds;
  std::optional<ParseOptions> parse = backgroundCommands(files, opts, cmds);
  if (!parse) return;
  SpeedOptions speed = opts.speed;
  speed.jobs = 1;  // the other core answers the edits meanwhile
  speed.lendersOnly = true;
  indexWithFacts(cmds, *parse, SourceFilter(), speed);
}

void prepareWarmParse(const std::string &file, const AnalyzerOptions &opts) {
  std::vector<clang::tooling::CompileCommand> cmds;
  if (std::optional<ParseOptions> parse = backgroundCommands({file}, opts, cmds))
    warmEditorBuffers(cmds, *parse, opts.speed, /*buildBlocks=*/true);
}

void keepLenderFacts(const std::vector<std::string> &files, const AnalyzerOptions &opts) {
  std::vector<clang::tooling::CompileCommand> cmds;
  std::optional<ParseOptions> parse = backgroundCommands(files, opts, cmds);
  std::string cacheDir = opts.speed.cacheDir.empty() ? defaultCacheDir() : opts.speed.cacheDir;
  if (!parse || !opts.speed.useCache || cacheDir.empty()) return;
  parse->lending = true;  // as indexWithFacts() looks lenders up
  FactsCache facts(cacheDir, /*keepParsed=*/true);
  for (const clang::tooling::CompileCommand &cmd : cmds) (void)facts.lookup(cmd, *parse, /*lender=*/true);
}

void keepIncludeLines(const std::string &file, const AnalyzerOptions &opts) {
  CompileCommands commands(opts.fixedArgs, opts.buildDir, {});
  if (!commands.load().empty()) return;
  std::string path = normalisePath(file);
  std::set<std::string> seen = {path};
  SourceFileChecks checks;
  std::vector<const clang::tooling::CompileCommand *> others;
  addDatabaseOthers(commands, path, seen, checks, others);
  readIncludeLines(others, SourceFilter());
}

AnalysisResult analyze(const std::vector<std::string> &files, const std::vector<const Rule *> &rules,
                       const AnalyzerOptions &opts) {
  AnalysisResult result;
  std::optional<ParseOptions> parsing = parseOptions(opts, result.errors);
  if (!parsing) return result;
  const ParseOptions &parse = *parsing;
  CompileCommands commands(opts.fixedArgs, opts.buildDir, CompileCommands::findTorchIncludes(opts.torchIncludes));
  if (std::string err = commands.load(); !err.empty()) {
    result.errors.push_back({opts.buildDir, err});
    return result;
  }
  SourceFilter filter;
  // Errors before parsing, by file position; the files to parse, in order.
  std::vector<std::string> early(files.size());
  std::vector<clang::tooling::CompileCommand> cmds;
  std::vector<size_t> cmdOf(files.size(), 0);
  std::vector<std::string> absolute;
  for (const std::string &f : files) absolute.push_back(normalisePath(f));
  SourceFileChecks checks;
  for (size_t i = 0; i < files.size(); ++i) {
    if (std::string why = checks.reason(files[i]); !why.empty()) {
      early[i] = why;
      continue;
    }
    clang::tooling::CompileCommand cmd;
    if (!commands.commandFor(absolute[i], cmd, early[i])) continue;
    cmdOf[i] = cmds.size();
    cmds.push_back(std::move(cmd));
  }
  // The rest of the project: with a compilation database, the other files that
  // include a header defining a class of the named files lend their facts, so
  // a class split over files is judged whole.
  size_t namedCommands = cmds.size();
  bool project = false;
  SpeedOptions speed = opts.speed;
  // The peers are these others until the named files join them (below).
  std::vector<const clang::tooling::CompileCommand *> &others = speed.peers;
  others.clear();
  std::set<std::string> seen(absolute.begin(), absolute.end());
  for (size_t i = 0; i < files.size(); ++i)
    if (early[i].empty()) project |= addDatabaseOthers(commands, absolute[i], seen, checks, others);
  // Every file's facts are cached, with a database or without: a second run on
  // unchanged files parses nothing.
  // The whole project's include blocks decide which are shared: a file named
  // alone builds the block its neighbours will use.
  std::vector<FileResult> parsed = indexWithFacts(cmds, parse, filter, speed);

  // The findings of what is parsed so far; classes declared in `open` files
  // are left out (their findings would be judged without all their facts).
  auto judge = [&](const std::set<std::string> &open) {
    AnalysisResult judged;
    ModelIndex index;
    // Findings are reported in the files named and in the user headers they read.
    std::set<std::string> reported;
    for (size_t i = 0; i < files.size(); ++i) {
      if (!early[i].empty()) {
        judged.errors.push_back({files[i], early[i]});
        continue;
      }
      const FileResult &r = parsed[cmdOf[i]];
      for (const SourceInput &in : r.inputs) reported.insert(in.path);
      if (!r.ok) judged.errors.push_back({files[i], r.error, r.errorLoc, r.errorCount});
      // A file with compile errors lends the facts that no error touched.
      index.merge(r.index);
    }
    // The errors of the project's other files are theirs to report, when they are named.
    for (size_t k = namedCommands; k < parsed.size(); ++k) index.merge(parsed[k].index);
    for (auto it = index.classes.begin(); it != index.classes.end();)
      it = open.count(it->second.loc.file) ? index.classes.erase(it) : std::next(it);
    index.resolveHelpers();
    for (const Rule *rule : rules) rule->check(index, judged.findings);
    if (project)
      llvm::erase_if(judged.findings, [&](const Finding &f) { return !reported.count(f.loc.file); });
    sortFindings(judged.findings);
    // Suppression comments need only the files' text, so they apply after the checks.
    SourceText text;
    for (const auto &[file, buffer] : opts.unsaved) text.setContents(file, buffer);
    std::vector<std::string> analyzed;  // not a file refused early: a FIFO would block the read
    for (size_t i = 0; i < files.size(); ++i)
      if (early[i].empty()) analyzed.push_back(absolute[i]);
    std::vector<std::string> known = {kUnknownNolintCheck};
    for (const Rule *rule : rules) known.push_back(rule->info().id);
    applySuppressions(judged.findings, analyzed, text, known);
    return judged;
  };

  std::set<std::string> waiting;     // headers of classes that missing lenders can add to
  std::vector<std::string> missing;  // lenders left to indexLenders()
  std::vector<std::string> lenderFiles;
  if (!others.empty()) {
    std::set<std::string> classHeaders, reached;
    for (const FileResult &r : parsed)
      for (const auto &[key, c] : r.index.classes) classHeaders.insert(c.loc.file);
    for (size_t k : filesReaching(others, classHeaders, filter, opts.firstPass ? &reached : nullptr))
      cmds.push_back(*others[k]);
    std::vector<clang::tooling::CompileCommand> lenders(cmds.begin() + namedCommands, cmds.end());
    for (const clang::tooling::CompileCommand &cmd : lenders) lenderFiles.push_back(sourcePath(cmd));
    // While the lenders are parsed, the classes none of them can add to are already judged.
    std::function<void()> first;
    if (opts.firstPass) first = [&] { opts.firstPass(judge(reached)); };
    speed.lendersOnly = true;
    // The named files' blocks, built by now, may hold a lender's lead.
    for (size_t i = 0; i < namedCommands; ++i) speed.peers.push_back(&cmds[i]);
    if (opts.lendersInBackground && speed.useCache) {
      // Lenders not cached are left to indexLenders(); the classes they can add to wait for them.
      std::vector<size_t> notCached, here;
      std::vector<FileResult> lent = indexWithFacts(lenders, parse, filter, speed, nullptr, &notCached);
      std::vector<clang::tooling::CompileCommand> now;
      std::vector<const clang::tooling::CompileCommand *> later;
      for (size_t k : notCached) {
        if (!opts.lendInForeground.count(sourcePath(lenders[k]))) {
          later.push_back(&lenders[k]);
          continue;
        }
        now.push_back(lenders[k]);
        here.push_back(k);
      }
      std::vector<FileResult> parsedHere = indexWithFacts(now, parse, filter, speed, first);
      for (size_t j = 0; j < here.size(); ++j) lent[here[j]] = std::move(parsedHere[j]);
      filesReaching(later, classHeaders, filter, &waiting);
      for (const clang::tooling::CompileCommand *cmd : later) missing.push_back(sourcePath(*cmd));
      for (FileResult &r : lent) parsed.push_back(std::move(r));
    } else {
      for (FileResult &r : indexWithFacts(lenders, parse, filter, speed, first)) parsed.push_back(std::move(r));
    }
  }
  for (const FileResult &r : parsed) {
    // As the facts cache: a parse that did not run, or missed a header where no path says, is not answered again.
    if (r.inputs.empty() || (r.missingInclude && r.absentFiles.empty())) noteUnknownInputs();
    for (const SourceInput &in : r.inputs) noteInput(in.path);
    for (const std::string &absent : r.absentFiles) noteInput(absent);
  }
  AnalysisResult judged = judge(waiting);
  judged.lendersMissing = std::move(missing);
  judged.lenders = std::move(lenderFiles);
  return judged;
}

}  // namespace nnlint
