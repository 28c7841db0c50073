#include "parse/FatalErrors.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace nnlint {
namespace {

thread_local std::string lastReason;

void onFatalError(void *, const char *reason, bool) {
  lastReason = reason;
  if (!llvm::CrashRecoveryContext::GetCurrent()) llvm::errs() << "nnlint: error: LLVM: " << reason << "\n";
  llvm::sys::Process::Exit(1);  // back to RunSafely when under one; else the end, as without this handler
}

}  // namespace

llvm::Error runRecoveringFatalErrors(llvm::function_ref<void()> work) {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::CrashRecoveryContext::Enable();
    llvm::install_fatal_error_handler(onFatalError);
  });
  lastReason.clear();
  llvm::CrashRecoveryContext context;
  if (context.RunSafely(work)) return llvm::Error::success();
  return llvm::createStringError(lastReason.empty() ? "crashed" : lastReason);
}

}  // namespace nnlint
