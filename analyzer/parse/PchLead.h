// The library lead of a file: the <...> includes that come first when the
// file is preprocessed, following its leading user headers. A project whose
// files each start with their own header (`#include "model.h"`, which starts
// with `#include <torch/torch.h>`) has no two include blocks with a common
// first line, but its files share their lead, so they share its PCH.
//
// A PCH of the lead stands for those lines exactly: in the file, only
// comments, include guards (`#pragma once`, `#ifndef X` + `#define X`) and
// other lines of the lead come before each of them. The file's own lead lines
// are blanked; the user headers stay and are parsed with the file, and their
// includes of the lead's headers are then skipped, those headers being
// guarded. A library header that is not guarded is included twice and the
// parse fails: the file is then parsed plainly (see ParallelIndex.cpp).
//
// A header's `#undef X` before the lead's first line (`#undef slots` before
// `#include <torch/torch.h>`, as Qt users write) changes nothing there when
// nothing can have defined X yet: not the command (-D, -U), not the compiler
// (a reserved name, or one GNU mode predefines such as `linux`), not a guard
// of the headers on the way. The lead then reads on past it. The line stays in
// the header and runs again after the PCH, where it must change nothing
// either: X must not be defined by the lead's headers. The parse checks that
// (`undefined`, PchUse), and a file where it fails is parsed plainly.
#pragma once

#include "parse/PchBlock.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace nnlint {

struct IncludeLead {
  IncludeBlock block;  // the lead's directives; the first `own` are the file's lines
  size_t own = 0;
  std::vector<std::string> undefined;  // the macros of the `#undef` lines the lead reads past
};

// Whether a path names a regular file, each path looked at once: planning
// a project looks for the same headers in the same folders for every file.
class RegularFiles {
 public:
  bool has(const std::string &path);

 private:
  std::unordered_map<std::string, bool> known_;
};

// `fileBlock` is the file's include block (findIncludeBlock); `args` and
// `directory` its command, which says where quoted includes are searched.
IncludeLead findIncludeLead(const IncludeBlock &fileBlock, const std::vector<std::string> &args,
                            const std::string &directory, RegularFiles &files);

}  // namespace nnlint
