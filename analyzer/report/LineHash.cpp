#include "report/LineHash.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <vector>

namespace nnlint {
namespace {

constexpr unsigned kWindow = 100;
constexpr uint64_t kBase = 37;
constexpr uint32_t kEndOfFile = 65535;  // what the reference feeds after the last character

class RollingHash {
 public:
  explicit RollingHash(std::map<unsigned, std::string> &out) : out_(out) {
    for (unsigned i = 0; i < kWindow; ++i) firstPower_ *= kBase;
    lineAt_.fill(0);
  }

  // One UTF-16 code unit of the file.
  void character(uint32_t c) {
    if (c == ' ' || c == '\t' || (previousCR_ && c == '\n')) {
      previousCR_ = false;
      return;
    }
    previousCR_ = c == '\r';
    if (previousCR_) c = '\n';
    if (lineAt_[index_]) emit();
    if (lineStart_) {
      lineStart_ = false;
      lineAt_[index_] = ++line_;
    }
    if (c == '\n') lineStart_ = true;
    push(c);
  }

  void finish() {
    character(kEndOfFile);
    for (unsigned i = 0; i < kWindow; ++i) {
      if (lineAt_[index_]) emit();
      push(0);
    }
  }

 private:
  void push(uint32_t c) {
    uint64_t leaving = window_[index_];
    window_[index_] = c;
    hash_ = kBase * hash_ + c - firstPower_ * leaving;  // modulo 2^64, as the reference's 64-bit Long
    index_ = (index_ + 1) % kWindow;
  }

  void emit() {
    std::string hex;
    llvm::raw_string_ostream(hex) << llvm::format_hex_no_prefix(hash_, 1);
    unsigned n = ++seen_[hex];
    out_[lineAt_[index_]] = hex + ":" + std::to_string(n);
    lineAt_[index_] = 0;
  }

  std::map<unsigned, std::string> &out_;
  std::array<uint32_t, kWindow> window_{};
  std::array<unsigned, kWindow> lineAt_;  // line starting at this window slot, 0 for none
  std::map<std::string, unsigned> seen_;
  uint64_t firstPower_ = 1, hash_ = 0;
  unsigned index_ = 0, line_ = 0;
  bool lineStart_ = true, previousCR_ = false;
};

}  // namespace

std::map<unsigned, std::string> lineHashes(const std::string &text) {
  std::map<unsigned, std::string> out;
  RollingHash hash(out);
  llvm::SmallVector<llvm::UTF16, 0> units;
  if (llvm::convertUTF8ToUTF16String(text, units)) {
    for (llvm::UTF16 u : units) hash.character(u);
  } else {
    for (unsigned char c : text) hash.character(c);  // not UTF-8: bytes, as Latin-1
  }
  hash.finish();
  return out;
}

}  // namespace nnlint
