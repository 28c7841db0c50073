#include "project/CompileCommands.h"

#include "base/InputLog.h"
#include "parse/FileStore.h"
#include "project/PathProblem.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <nlohmann/json.hpp>

using namespace clang::tooling;

namespace nnlint {
namespace {

// Accepts any JSON that is nested at most a few levels deep (a database is
// an array of objects that may hold an array of arguments) and keeps the
// first error as one line.
struct DepthLimitedJson : nlohmann::json_sax<nlohmann::json> {
  static constexpr size_t kMaxDepth = 8;
  size_t depth = 0;
  std::string error;

  bool open() {
    if (++depth <= kMaxDepth) return true;
    error = "nested more than " + std::to_string(kMaxDepth) + " levels deep";
    return false;
  }
  bool close() {
    --depth;
    return true;
  }
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t &) override { return true; }
  bool string(string_t &) override { return true; }
  bool binary(binary_t &) override { return true; }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t &) override { return true; }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string &, const nlohmann::detail::exception &e) override {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: ..." without the bracket.
    std::string what = e.what();
    size_t start = what.find("] ");
    error = start == std::string::npos ? what : what.substr(start + 2);
    return false;
  }
};

std::unique_ptr<CompilationDatabase> loadJson(const std::string &path, std::string &error) {
  if (std::string why = unreachableReason(path); !why.empty()) {
    error = path + ": " + why;
    return nullptr;
  }
  if (!llvm::sys::fs::is_regular_file(path)) {
    error = path + ": not a regular file";
    return nullptr;
  }
  auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!text) {
    error = path + ": cannot read: " + text.getError().message();
    return nullptr;
  }
  std::string why;
  std::unique_ptr<CompilationDatabase> db = parseCompileDatabase((*text)->getBuffer(), why);
  if (!db) error = path + ": " + why;
  return db;
}

// loadJson, once per process while the file's size, time and inode stay: the
// language server reads the -p database before it forks each analysis, which
// then finds it (a 117-file project's is 550 kB, 20 ms to read and check),
// with every command read out of it (each edit's analysis looks at all of
// them for the files that lend it facts). A database found above a file is
// read the same way.
CompileCommands::Database loadJsonOnce(const std::string &path, std::string &error) {
  static std::map<std::string, std::pair<FileStamp, CompileCommands::Database>> loaded;
  std::optional<FileStamp> stamp = stampOf(path);
  if (auto it = loaded.find(path); stamp && it != loaded.end() && it->second.first == *stamp) return it->second.second;
  CompileCommands::Database db;
  db.db = loadJson(path, error);
  if (!db.db) return db;
  db.commands = std::make_shared<const std::vector<CompileCommand>>(db.db->getAllCompileCommands());
  if (stamp) loaded[path] = {*stamp, db};
  return db;
}

}  // namespace

std::string checkCompileDatabaseText(llvm::StringRef text) {
  if (size_t nul = text.find('\0'); nul != llvm::StringRef::npos)
    return "a NUL byte at line " + std::to_string(text.take_front(nul).count('\n') + 1);
  // JSON's rules, without its UTF-8 check: paths in a database are bytes.
  std::string ascii = text.str();
  for (char &c : ascii)
    if (static_cast<unsigned char>(c) >= 0x80) c = 'x';
  DepthLimitedJson sax;
  nlohmann::json::sax_parse(ascii, &sax, nlohmann::json::input_format_t::json, /*strict=*/true);
  return sax.error;
}

std::unique_ptr<CompilationDatabase> parseCompileDatabase(llvm::StringRef text, std::string &error) {
  // LLVM's reader prints its own diagnostics, several raw lines, to stderr
  // and recurses once per level: it sees only text that is well-formed.
  if (std::string why = checkCompileDatabaseText(text); !why.empty()) {
    error = "malformed compilation database: " + why;
    return nullptr;
  }
  std::string why;
  auto db = JSONCompilationDatabase::loadFromBuffer(text, why, JSONCommandLineSyntax::AutoDetect);
  if (!db) {
    error = "malformed compilation database: " + why;
    return nullptr;
  }
  if (db->getAllFiles().empty()) {
    error = "compilation database has no entries";
    return nullptr;
  }
  return inferMissingCompileCommands(std::move(db));
}

CompileCommands::CompileCommands(std::optional<std::vector<std::string>> fixedArgs, std::string buildDir,
                                 std::vector<std::string> torchIncludes)
    : fixedArgs_(std::move(fixedArgs)), buildDir_(std::move(buildDir)), torchIncludes_(std::move(torchIncludes)) {}

std::string CompileCommands::load() {
  if (buildDir_.empty() || fixedArgs_) return "";
  noteInput(buildDir_);
  llvm::SmallString<256> path(buildDir_);
  if (!llvm::sys::fs::is_directory(path)) {
    if (llvm::sys::path::filename(path) == "compile_commands.json" && entryExists(std::string(path))) {
      path = llvm::sys::path::parent_path(path);
    } else {
      std::string why = unreachableReason(buildDir_);
      return buildDir_ + ": " + (why.empty() || why == "no such file" ? "no such build directory" : why);
    }
  }
  llvm::sys::path::append(path, "compile_commands.json");
  noteInput(std::string(path));
  if (!entryExists(std::string(path)))
    return std::string(path) + ": no such file (build with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)";
  std::string error;
  build_ = loadJsonOnce(std::string(path), error);
  return error;
}

std::vector<std::string> CompileCommands::findTorchIncludes(const std::vector<std::string> &overrides) {
  if (!overrides.empty()) return overrides;
  std::vector<std::string> roots;
  if (auto env = llvm::sys::Process::GetEnv("NNLINT_TORCH_INCLUDE")) {
    llvm::SmallVector<llvm::StringRef, 4> parts;
    llvm::StringRef(*env).split(parts, ':', -1, false);
    std::vector<std::string> dirs(parts.begin(), parts.end());
    return dirs;
  }
  for (const char *var : {"LIBTORCH", "Torch_ROOT"})
    if (auto env = llvm::sys::Process::GetEnv(var)) roots.push_back(*env + "/include");
  roots.push_back("/usr/local/libtorch/include");
  roots.push_back("/opt/libtorch/include");
  roots.push_back("/usr/include");
  for (const std::string &root : roots) {
    std::string api = root + "/torch/csrc/api/include";
    std::string torchHeader = api + "/torch/torch.h";
    noteInput(torchHeader);
    // /usr/include is searched anyway; naming it with -isystem breaks libstdc++'s #include_next.
    if (llvm::sys::fs::exists(torchHeader)) return root == "/usr/include" ? std::vector<std::string>{api} : std::vector<std::string>{api, root};
  }
  return {};
}

const CompileCommands::Database *CompileCommands::databaseFor(const std::string &file, std::string &error) {
  if (build_.db) return &build_;
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(file));
  while (!dir.empty()) {
    llvm::SmallString<256> candidate(dir);
    llvm::sys::path::append(candidate, "compile_commands.json");
    std::string key(candidate);
    noteInput(key);
    if (auto it = found_.find(key); it != found_.end()) return &it->second;
    if (foundErrors_.count(key)) {
      error = foundErrors_[key];
      return nullptr;
    }
    // A link that loops is reported; a dangling one (to a build directory
    // not configured yet) is passed over, as a missing database is.
    if (llvm::sys::fs::exists(candidate) || linkLoops(key)) {
      std::string why;
      Database db = loadJsonOnce(key, why);
      if (!db.db) {
        foundErrors_[key] = why;
        error = why;
        return nullptr;
      }
      return &(found_[key] = std::move(db));
    }
    llvm::StringRef parent = llvm::sys::path::parent_path(dir);
    if (parent == dir) break;
    dir = parent;
  }
  return nullptr;
}

std::vector<std::string> CompileCommands::databaseFiles(const std::string &file) {
  if (fixedArgs_) return {};
  std::string error;
  const Database *db = databaseFor(file, error);
  return db ? db->db->getAllFiles() : std::vector<std::string>{};
}

const std::vector<CompileCommand> &CompileCommands::databaseCommands(const std::string &file) {
  static const std::vector<CompileCommand> none;
  std::string error;
  const Database *db = fixedArgs_ ? nullptr : databaseFor(file, error);
  return db ? *db->commands : none;
}

bool CompileCommands::commandFor(const std::string &file, CompileCommand &out, std::string &error) {
  if (fixedArgs_) {
    out.Directory = ".";
    llvm::SmallString<256> cwd;
    if (!llvm::sys::fs::current_path(cwd)) out.Directory = std::string(cwd);
    out.Filename = file;
    out.CommandLine = {"clang++"};
    out.CommandLine.insert(out.CommandLine.end(), fixedArgs_->begin(), fixedArgs_->end());
    out.CommandLine.push_back(file);
    return true;
  }
  if (const Database *db = databaseFor(file, error)) {
    std::vector<CompileCommand> cmds = db->db->getCompileCommands(file);
    if (cmds.empty()) {
      error = "no compile command for this file in the compilation database";
      return false;
    }
    out = cmds.front();
    return true;
  }
  if (!error.empty()) return false;
  out.Directory = std::string(llvm::sys::path::parent_path(file));
  out.Filename = file;
  out.CommandLine = {"clang++", "-std=c++17"};
  for (const std::string &inc : torchIncludes_) {
    out.CommandLine.push_back("-isystem");
    out.CommandLine.push_back(inc);
  }
  const std::string cudaHeader = "/usr/local/cuda/include/cuda.h";
  noteInput(cudaHeader);
  if (llvm::sys::fs::exists(cudaHeader)) {
    out.CommandLine.push_back("-isystem");
    out.CommandLine.push_back("/usr/local/cuda/include");
  }
  out.CommandLine.push_back(file);
  return true;
}

}  // namespace nnlint
