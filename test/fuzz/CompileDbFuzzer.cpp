// libFuzzer target: the compile_commands.json loader, and the commands of
// a database it accepts.
#include "project/CompileCommands.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  auto db = nnlint::parseCompileDatabase(llvm::StringRef(reinterpret_cast<const char *>(data), size), error);
  if (!db) return 0;
  for (const std::string &file : db->getAllFiles()) db->getCompileCommands(file);
  db->getCompileCommands("/nnlint-fuzz/not-in-the-database.cpp");  // inferred from the nearest entry
  return 0;
}
