#include "parse/CacheKey.h"

#include "llvm/ADT/StringExtras.h"

#include <array>

namespace nnlint {

void CacheKey::add(llvm::StringRef part) {
  sha_.update(part);
  sha_.update(llvm::StringRef("\0", 1));
}

std::string CacheKey::hex() {
  std::array<uint8_t, 32> digest = sha_.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(digest.data(), 16), /*LowerCase=*/true);
}

}  // namespace nnlint
