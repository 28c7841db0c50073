#include "project/Contributors.h"

#include "base/InputLog.h"
#include "base/SourceFilter.h"
#include "parse/Frontend.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <map>
#include <regex>
#include <tuple>

namespace nnlint {
namespace {

struct Include {
  std::string name;
  bool quoted = false;  // "name" (searched from the includer's folder first) or <name>
};

// The #include lines of a file, as written. They are kept for the process
// and its forks while the file keeps its size and time: the language server
// reads a project's once (readIncludeLines), and each worker it forks finds
// them read. Within one scan a file is looked at once.
class IncludeLines {
 public:
  const std::vector<Include> &of(const std::string &path) {
    auto [it, added] = scanned_.try_emplace(path);
    if (added) it->second = &current(path);
    return *it->second;
  }

 private:
  struct Kept {
    llvm::sys::TimePoint<> modified;
    uint64_t size = 0;
    std::vector<Include> includes;
  };

  static const std::vector<Include> &current(const std::string &path) {
    static std::map<std::string, Kept> kept;
    noteInput(path);
    llvm::sys::fs::file_status st;
    if (llvm::sys::fs::status(path, st)) st = {};
    auto [it, added] = kept.try_emplace(path);
    Kept &k = it->second;
    if (!added && k.modified == st.getLastModificationTime() && k.size == st.getSize()) return k.includes;
    k = {st.getLastModificationTime(), st.getSize(), read(path)};
    return k.includes;
  }

  static std::vector<Include> read(const std::string &path) {
    std::vector<Include> includes;
    auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!text) return includes;
    static const std::regex line(R"(^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"])");
    llvm::StringRef rest = (*text)->getBuffer();
    while (!rest.empty()) {
      auto [one, next] = rest.split('\n');
      rest = next;
      if (!one.contains("include")) continue;
      std::cmatch m;
      if (std::regex_search(one.begin(), one.end(), m, line)) includes.push_back({m[2].str(), m[1].str() == "\""});
    }
    return includes;
  }

  std::map<std::string, const std::vector<Include> *> scanned_;
};

// The folders a command searches for user headers: -I and -iquote, absolute.
std::vector<std::string> userIncludeDirs(const clang::tooling::CompileCommand &cmd) {
  std::vector<std::string> dirs;
  const std::vector<std::string> &args = cmd.CommandLine;
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef a = args[i];
    std::string dir;
    for (llvm::StringRef flag : {"-I", "-iquote"}) {
      if (a == flag && i + 1 < args.size()) dir = args[++i];
      else if (a.starts_with(flag) && a.size() > flag.size() && dir.empty()) dir = a.drop_front(flag.size()).str();
    }
    if (dir.empty()) continue;
    llvm::SmallString<256> abs(dir);
    if (!llvm::sys::path::is_absolute(abs)) llvm::sys::fs::make_absolute(cmd.Directory, abs);
    dirs.push_back(normalisePath(std::string(abs)));
  }
  return dirs;
}

std::string search(const Include &inc, const std::string &includer, const std::vector<std::string> &dirs) {
  auto found = [](llvm::SmallString<256> p) {
    noteInput(std::string(p));
    return llvm::sys::fs::is_regular_file(p) ? normalisePath(std::string(p)) : std::string();
  };
  if (llvm::sys::path::is_absolute(inc.name)) return found(llvm::SmallString<256>(inc.name));
  if (inc.quoted) {
    llvm::SmallString<256> p(llvm::sys::path::parent_path(includer));
    llvm::sys::path::append(p, inc.name);
    if (std::string f = found(p); !f.empty()) return f;
  }
  for (const std::string &d : dirs) {
    llvm::SmallString<256> p(d);
    llvm::sys::path::append(p, inc.name);
    if (std::string f = found(p); !f.empty()) return f;
  }
  return "";
}

// search(), each answer kept: the files of a database mostly share their
// folders and their includes (every file's <torch/torch.h>), and each search
// asks the file system once per folder.
class Resolver {
 public:
  // Which answers the folders of the next includer share with earlier ones.
  void searching(const std::vector<std::string> &dirs) {
    dirs_ = &dirs;
    dirsId_ = dirsIds_.try_emplace(dirs, dirsIds_.size()).first->second;
  }
  const std::string &operator()(const Include &inc, const std::string &includer) {
    std::string from = inc.quoted ? llvm::sys::path::parent_path(includer).str() : std::string();
    auto [it, added] = found_.try_emplace(std::make_tuple(inc.name, inc.quoted, std::move(from), dirsId_));
    if (added) it->second = search(inc, includer, *dirs_);
    return it->second;
  }

 private:
  const std::vector<std::string> *dirs_ = nullptr;
  size_t dirsId_ = 0;
  std::map<std::vector<std::string>, size_t> dirsIds_;
  std::map<std::tuple<std::string, bool, std::string, size_t>, std::string> found_;
};

// Walks each file's #include closure through user headers, telling `found`
// each header reached, until it returns true (then the next file).
void walkIncludes(const std::vector<const clang::tooling::CompileCommand *> &others, const SourceFilter &filter,
                  const std::function<bool(size_t, const std::string &)> &found) {
  IncludeLines lines;
  Resolver resolve;
  for (size_t i = 0; i < others.size(); ++i) {
    std::vector<std::string> dirs = userIncludeDirs(*others[i]);
    resolve.searching(dirs);
    std::vector<std::string> work{sourcePath(*others[i])};
    std::set<std::string> seen(work.begin(), work.end());
    bool done = false;
    while (!work.empty() && !done) {
      std::string path = work.back();
      work.pop_back();
      for (const Include &inc : lines.of(path)) {
        const std::string &header = resolve(inc, path);
        if (header.empty() || filter.isLibraryPath(header) || !seen.insert(header).second) continue;
        done = done || found(i, header);
        work.push_back(header);
      }
    }
  }
}

}  // namespace

std::vector<size_t> filesReaching(const std::vector<const clang::tooling::CompileCommand *> &others,
                                  const std::set<std::string> &headers, const SourceFilter &filter,
                                  std::set<std::string> *reached) {
  std::vector<size_t> reaching;
  if (headers.empty()) return reaching;
  walkIncludes(others, filter, [&](size_t i, const std::string &header) {
    if (!headers.count(header)) return false;
    if (reaching.empty() || reaching.back() != i) reaching.push_back(i);
    if (reached) reached->insert(header);
    return !reached;  // with `reached`, the whole closure
  });
  return reaching;
}

void readIncludeLines(const std::vector<const clang::tooling::CompileCommand *> &others, const SourceFilter &filter) {
  walkIncludes(others, filter, [](size_t, const std::string &) { return false; });
}

}  // namespace nnlint
