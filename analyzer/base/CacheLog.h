// Plain C++ without LLVM: the front (driver/Front.cpp) links it.
#pragma once

#include <string>

namespace nnlint {

// With $NNLINT_CACHE_LOG set, appends "<what> <file>" to that file: which path
// a file took (built, hit, discarded, plain, facts, unhoisted, error,
// error-kept, error-with-block; "lent-" before it for a lender's parse,
// ParseOptions::lending), for the tests, which must
// know the fast path was really taken. `facts` is a result from the facts
// cache (cache/ProjectIndex.h), a failed parse's included; `peers` says that a
// run planned the blocks of its database's other files; `standby` that the
// parse host's standby fork (lsp/ParseHost.cpp) took an editor's parse;
// `replayed <record>` that the front answered a run from its record
// (driver/Front.cpp).
void logPath(const char *what, const std::string &file);

}  // namespace nnlint
