#include "parse/PchLead.h"

#include "base/SourceFilter.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <set>

namespace nnlint {
namespace {

// The folders of these flags, in Clang's order of them: for a quoted
// include (after the includer's own folder) -iquote, -I, -isystem,
// -idirafter; for an angled one -I, -isystem, -idirafter.
std::vector<std::string> searchDirs(const std::vector<std::string> &args, const std::string &directory,
                                    std::initializer_list<const char *> flags) {
  std::vector<std::string> dirs;
  for (const char *flag : flags) {
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

struct SearchDirs {
  std::vector<std::string> quoted, angled;
  size_t dashI = 0;  // the first `dashI` of `angled` are -I folders
};

// "#include <x>" -> true; "#include \"x\"" -> false.
bool isAngled(const IncludeBlock::Directive &d) { return d.text.find('<') != std::string::npos; }

// The first of `dirs` that holds `name`, as a path; `at` its position.
std::string findIn(const std::string &name, const std::vector<std::string> &dirs, size_t &at, RegularFiles &files) {
  for (at = 0; at < dirs.size(); ++at) {
    llvm::SmallString<256> p(dirs[at]);
    llvm::sys::path::append(p, name);
    if (files.has(std::string(p))) return std::string(p);
  }
  return "";
}

// The user header a directive names, or "": a quoted name (a full path,
// found next to its includer, see findIncludeBlock, or searched), or an
// angled one found first in an -I folder, outside the library folders
// (`#include <model.h>` with -Isrc: the project's own header, whichever
// brackets it is written with).
std::string userHeaderPath(const IncludeBlock::Directive &d, const SearchDirs &dirs, RegularFiles &files) {
  size_t at = 0;
  if (isAngled(d)) {
    size_t open = d.text.find('<'), close = d.text.rfind('>');
    if (close == std::string::npos || close <= open + 1) return "";
    std::string path = findIn(d.text.substr(open + 1, close - open - 1), dirs.angled, at, files);
    return at < dirs.dashI && !SourceFilter().isLibraryPath(path) ? path : "";
  }
  size_t open = d.text.find('"'), close = d.text.rfind('"');
  if (open == std::string::npos || close <= open + 1) return "";
  std::string name = d.text.substr(open + 1, close - open - 1);
  if (llvm::sys::path::is_absolute(name)) return files.has(name) ? name : "";
  return findIn(name, dirs.quoted, at, files);
}

constexpr int kMaxDepth = 8;

// Whether the compiler may define `name` before any line: a reserved name, or
// one that GNU mode predefines on some target.
bool mayBePredefined(const std::string &name) {
  if (name.size() >= 2 && name[0] == '_' && (name[1] == '_' || std::isupper(static_cast<unsigned char>(name[1]))))
    return true;
  static const std::set<std::string> gnu = {"linux", "unix", "i386", "i486", "i586", "i686", "sun", "sparc",
                                            "mips", "vax", "hppa", "hp9000", "sgi", "m68k", "mc68000", "u370"};
  return gnu.count(name) > 0;
}

// Whether a -D or -U of the command names `name`.
bool namedByCommand(const std::string &name, const std::vector<std::string> &args) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef a = args[i];
    if (!a.starts_with("-D") && !a.starts_with("-U")) continue;
    llvm::StringRef value = a.drop_front(2);
    if (value.empty() && i + 1 < args.size()) value = args[i + 1];
    if (value.take_until([](char c) { return c == '=' || c == '('; }) == name) return true;
  }
  return false;
}

struct LeadWalk {
  const SearchDirs &dirs;
  const std::vector<std::string> &args;
  RegularFiles &files;
  std::set<std::string> visited;
  std::set<std::string> guards;  // of the headers on the way
  IncludeLead &lead;
};

// Whether an `#undef` before the lead's next line leaves everything as it was.
bool changesNothing(const std::string &name, const LeadWalk &walk) {
  return walk.lead.block.empty() && !walk.guards.count(name) && !mayBePredefined(name) &&
         !namedByCommand(name, walk.args);
}

// Appends the lead of a user header; after it comes the header's own code,
// so nothing later in the file can join the lead.
void appendHeaderLead(const std::string &path, int depth, LeadWalk &walk) {
  if (depth > kMaxDepth || !walk.visited.insert(path).second) return;
  auto text = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!text) return;
  IncludeBlock block = findHeaderIncludeBlock((*text)->getBuffer().str(), std::string(llvm::sys::path::parent_path(path)));
  if (!block.guard.empty()) walk.guards.insert(block.guard);
  IncludeBlock &lead = walk.lead.block;
  size_t undef = 0;
  for (size_t k = 0; k < block.directives.size(); ++k) {
    for (; undef < block.undefs.size() && block.undefs[undef].after == k; ++undef) {
      if (!changesNothing(block.undefs[undef].name, walk)) return;
      walk.lead.undefined.push_back(block.undefs[undef].name);
    }
    const IncludeBlock::Directive &d = block.directives[k];
    std::string inner = userHeaderPath(d, walk.dirs, walk.files);
    if (inner.empty() && isAngled(d)) {
      // A line the lead has already is a second include of that header, as
      // in the file, where the header's own line stays.
      bool again = false;
      for (const IncludeBlock::Directive &had : lead.directives) again |= had.text == d.text;
      if (!again) lead.directives.push_back({d.text, 0, 0});
      continue;
    }
    if (!inner.empty()) appendHeaderLead(inner, depth + 1, walk);
    return;
  }
}

}  // namespace

bool RegularFiles::has(const std::string &path) {
  auto [it, added] = known_.try_emplace(path);
  if (added) it->second = llvm::sys::fs::is_regular_file(path);
  return it->second;
}

IncludeLead findIncludeLead(const IncludeBlock &fileBlock, const std::vector<std::string> &args,
                            const std::string &directory, RegularFiles &files) {
  IncludeLead lead;
  SearchDirs dirs;
  dirs.quoted = searchDirs(args, directory, {"-iquote", "-I", "-isystem", "-idirafter"});
  dirs.angled = searchDirs(args, directory, {"-I"});
  dirs.dashI = dirs.angled.size();
  for (std::string &dir : searchDirs(args, directory, {"-isystem", "-idirafter"})) dirs.angled.push_back(dir);
  LeadWalk walk{dirs, args, files, {}, {}, lead};
  for (const IncludeBlock::Directive &d : fileBlock.directives) {
    std::string header = userHeaderPath(d, dirs, files);
    if (header.empty() && isAngled(d)) {
      lead.block.directives.push_back(d);
      ++lead.own;
      continue;
    }
    if (!header.empty()) appendHeaderLead(header, 0, walk);
    break;
  }
  // Read past, an `#undef` is of use only before a line that joined the lead.
  if (lead.block.empty()) lead.undefined.clear();
  return lead;
}

}  // namespace nnlint
