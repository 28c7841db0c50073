// libFuzzer target: the front's record reader (a record in the cache may be
// damaged or written by anyone). What it accepts, written again, reads back
// the same.
#include "replay/ReplayRecord.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::optional<nnlint::replay::Record> record =
      nnlint::replay::parseRecord(std::string(reinterpret_cast<const char *>(data), size));
  if (!record) return 0;
  std::optional<nnlint::replay::Record> again = nnlint::replay::parseRecord(nnlint::replay::serialize(*record));
  if (!again || again->key != record->key || again->exitCode != record->exitCode || again->out != record->out ||
      again->err != record->err || again->paths.size() != record->paths.size())
    std::abort();
  for (size_t i = 0; i < record->paths.size(); ++i)
    if (!(again->paths[i] == record->paths[i])) std::abort();
  return 0;
}
