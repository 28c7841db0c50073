// libFuzzer target: the NOLINT comment parser. The input is a source file
// with a finding of two checks on every line; suppressions apply to them.
#include "project/Suppressions.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

namespace {

// Suppressions read files by name: one scratch file, rewritten per input.
const std::string &scratchFile() {
  static const std::string path = [] {
    std::string dir = std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp";
    std::string name = dir + "/nnlint-nolint-fuzz-XXXXXX.cpp";
    int fd = ::mkstemps(name.data(), 4);
    if (fd < 0) std::abort();
    ::close(fd);
    std::atexit([] { ::unlink(scratchFile().c_str()); });
    return name;
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string &file = scratchFile();
  FILE *out = std::fopen(file.c_str(), "wb");
  if (!out) std::abort();
  std::fwrite(data, 1, size, out);
  std::fclose(out);
  unsigned lines = 1;
  for (size_t i = 0; i < size; ++i) lines += data[i] == '\n';
  std::vector<nnlint::Finding> findings;
  for (unsigned line = 1; line <= lines + 1; ++line)
    for (const char *check : {"nn-unregistered-submodule", "nn-container-alias"}) {
      nnlint::Finding f;
      f.check = check;
      f.message = "fuzz";
      f.loc.file = file;
      f.loc.line = line;
      f.loc.column = 1;
      findings.push_back(f);
    }
  nnlint::SourceText text;
  nnlint::applySuppressions(findings, {file}, text,
                            {"nn-unregistered-submodule", "nn-container-alias", nnlint::kUnknownNolintCheck});
  return 0;
}
