// libFuzzer target: the .nnlint.yaml reader, and the configuration it
// accepts written back out and read again.
#include "project/Config.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  nnlint::Config config;
  if (!nnlint::parseConfig(std::string(reinterpret_cast<const char *>(data), size), config).empty()) return 0;
  nnlint::Config again;
  nnlint::parseConfig(nnlint::dumpConfig(config), again);
  return 0;
}
