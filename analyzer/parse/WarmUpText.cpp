#include "parse/WarmUpText.h"

#include "parse/FileStore.h"

#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace nnlint {

std::optional<WarmUpText> readWarmUpText(const std::string &path, const std::vector<SourceInput> &userHeaders) {
  auto contents = llvm::MemoryBuffer::getFile(path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!contents) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse((*contents)->getBuffer(), nullptr, /*allow_exceptions=*/false);
  WarmUpText text;
  try {
    text.file = j.at("file");
    text.blanked = j.at("blanked");
    for (const nlohmann::json &header : j.at("userHeaders"))
      text.userHeaders.push_back({header.at("path"), header.at("hash")});
    text.prefix = j.value("prefix", false);
  } catch (const nlohmann::json::exception &) {
    return std::nullopt;
  }
  auto same = [](const SourceInput &a, const SourceInput &b) { return a.path == b.path && a.hash == b.hash; };
  if (!std::equal(text.userHeaders.begin(), text.userHeaders.end(), userHeaders.begin(), userHeaders.end(), same))
    return std::nullopt;
  return text;
}

void keepWarmUpText(const std::string &path, const WarmUpText &text) {
  nlohmann::json headers = nlohmann::json::array();
  for (const SourceInput &header : text.userHeaders) headers.push_back({{"path", header.path}, {"hash", header.hash}});
  nlohmann::json j{{"file", text.file}, {"blanked", text.blanked}, {"userHeaders", headers}, {"prefix", text.prefix}};
  std::string contents;
  try {
    contents = j.dump();
  } catch (const nlohmann::json::exception &) {
    return;  // not UTF-8: JSON would keep another text than the one that warmed the session
  }
  llvm::consumeError(replaceFile(path, contents));
}

}  // namespace nnlint
