// libFuzzer target: the --baseline reader.
#include "report/Baseline.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::set<std::string> fingerprints;
  nnlint::parseBaseline(llvm::StringRef(reinterpret_cast<const char *>(data), size), fingerprints);
  return 0;
}
