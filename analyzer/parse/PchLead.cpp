#include "parse/PchLead.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <set>

namespace nnlint {
namespace {

// The folders a quoted include is searched in after the includer's own, in
// Clang's order: -iquote, -I, -isystem, -idirafter.
std::vector<std::string> quotedSearchDirs(const std::vector<std::string> &args, const std::string &directory) {
  std::vector<std::string> dirs;
  for (const char *flag : {"-iquote", "-I", "-isystem", "-idirafter"}) {
    llvm::StringRef f(flag);
    for (size_t i = 1; i < args.size(); ++i) {
      llvm::StringRef a = args[i];
      std::string dir;
      if (a == f && i + 1 < args.size()) dir = args[i + 1];
      else if (a.starts_with(f) && a.size() > f.size()) dir = a.drop_front(f.size()).str();
      if (dir.empty()) continue;
      llvm::SmallString<256> abs(dir);
      if (!llvm::sys::path::is_absolute(abs)) llvm::sys::fs::make_absolute(directory, abs);
      dirs.push_back(std::string(abs));
    }
  }
  return dirs;
}

// "#include <x>" -> true; "#include \"x\"" -> false.
bool isAngled(const IncludeBlock::Directive &d) { return d.text.find('<') != std::string::npos; }

// The header a quoted directive names, or "": a full path (found next to its
// includer, see findIncludeBlock) or a name searched in `dirs`.
std::string quotedPath(const IncludeBlock::Directive &d, const std::vector<std::string> &dirs) {
  size_t open = d.text.find('"'), close = d.text.rfind('"');
  if (open == std::string::npos || close <= open + 1) return "";
  std::string name = d.text.substr(open + 1, close - open - 1);
  if (llvm::sys::path::is_absolute(name)) return llvm::sys::fs::is_regular_file(name) ? name : "";
  for (const std::string &dir : dirs) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    if (llvm::sys::fs::is_regular_file(p)) return std::string(p);
  }
  return "";
}

constexpr int kMaxDepth = 8;

// Appends the lead of a user header; after it comes the header's own code,
// so nothing later in the file can join the lead.
void appendHeaderLead(const std::string &path, const std::vector<std::string> &dirs, int depth,
                      std::set<std::string> &visited, IncludeBlock &lead) {
  if (depth > kMaxDepth || !visited.insert(path).second) return;
  auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!text) return;
  IncludeBlock block = findHeaderIncludeBlock((*text)->getBuffer().str(), std::string(llvm::sys::path::parent_path(path)));
  for (const IncludeBlock::Directive &d : block.directives) {
    if (isAngled(d)) {
      // A line the lead has already is a second include of that header, as
      // in the file, where the header's own line stays.
      bool again = false;
      for (const IncludeBlock::Directive &had : lead.directives) again |= had.text == d.text;
      if (!again) lead.directives.push_back({d.text, 0, 0});
      continue;
    }
    if (std::string inner = quotedPath(d, dirs); !inner.empty()) appendHeaderLead(inner, dirs, depth + 1, visited, lead);
    return;
  }
}

}  // namespace

IncludeLead findIncludeLead(const IncludeBlock &fileBlock, const std::vector<std::string> &args,
                            const std::string &directory) {
  IncludeLead lead;
  std::vector<std::string> dirs = quotedSearchDirs(args, directory);
  std::set<std::string> visited;
  for (const IncludeBlock::Directive &d : fileBlock.directives) {
    if (isAngled(d)) {
      lead.block.directives.push_back(d);
      ++lead.own;
      continue;
    }
    if (std::string header = quotedPath(d, dirs); !header.empty()) appendHeaderLead(header, dirs, 0, visited, lead.block);
    break;
  }
  return lead;
}

}  // namespace nnlint
