// LLVM ends the process on report_fatal_error, which Clang's PCH writer
// calls when its output cannot be written (a full disk). Under this guard
// the error returns to the caller instead, through LLVM's
// CrashRecoveryContext, as in Clang's own in-process compiler jobs.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace nnlint {

// Runs `work`; an error, with LLVM's reason, if it ended in a fatal error or
// a crash. What `work` had allocated is leaked.
llvm::Error runRecoveringFatalErrors(llvm::function_ref<void()> work);

}  // namespace nnlint
