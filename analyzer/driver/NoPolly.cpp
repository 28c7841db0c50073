// Debian built LLVM with Polly linked into its tools, so LLVM's and Clang's
// static archives ask for Polly's pass plugin, but it ships no Polly archive.
// nnlint never runs an optimisation pipeline; this Polly registers nothing.
#include "llvm/Passes/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly", LLVM_VERSION_STRING, [](llvm::PassBuilder &) {}};
}
