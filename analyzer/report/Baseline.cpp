#include "report/Baseline.h"

#include "base/InputLog.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"

#include <map>
#include <nlohmann/json.hpp>

namespace nnlint {

using nlohmann::json;

constexpr int kBaselineVersion = 1;

std::string relativeToRoot(const std::string &file, const std::string &srcRoot) {
  if (!srcRoot.empty() && file.rfind(srcRoot, 0) == 0) return file.substr(srcRoot.size());
  return file;
}

std::vector<std::string> fingerprints(const std::vector<Finding> &findings, const std::string &srcRoot) {
  std::vector<std::string> out;
  std::map<std::string, unsigned> seen;
  for (const Finding &f : findings) {
    std::string key = f.check + '\0' + relativeToRoot(f.loc.file, srcRoot) + '\0' + f.message;
    unsigned occurrence = seen[key]++;
    llvm::SHA1 sha;
    sha.update(key + '\0' + std::to_string(occurrence));
    auto digest = sha.final();
    out.push_back(llvm::toHex(digest, /*LowerCase=*/true).substr(0, 32));
  }
  return out;
}

std::string readBaseline(const std::string &path, std::set<std::string> &out) {
  noteInput(path);
  if (llvm::sys::fs::exists(path) && !llvm::sys::fs::is_regular_file(path)) return "not a regular file";
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf) return buf.getError().message();
  return parseBaseline((*buf)->getBuffer(), out);
}

std::string parseBaseline(llvm::StringRef text, std::set<std::string> &out) {
  json doc = json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return "not valid JSON";
  if (!doc.is_object() || !doc.contains("findings") || !doc["findings"].is_array())
    return "not an nnlint baseline (no \"findings\" array)";
  if (!doc.contains("version") || doc["version"] != kBaselineVersion)
    return "unsupported baseline version (expected " + std::to_string(kBaselineVersion) + ")";
  for (const json &entry : doc["findings"]) {
    if (!entry.is_object() || !entry.contains("fingerprint") || !entry["fingerprint"].is_string())
      return "a finding without a \"fingerprint\" string";
    out.insert(entry["fingerprint"].get<std::string>());
  }
  return "";
}

std::string renderBaseline(const std::vector<Finding> &findings, const std::string &srcRoot) {
  std::vector<std::string> prints = fingerprints(findings, srcRoot);
  json list = json::array();
  for (size_t i = 0; i < findings.size(); ++i)
    list.push_back({{"fingerprint", prints[i]},
                    {"check", findings[i].check},
                    {"file", relativeToRoot(findings[i].loc.file, srcRoot)},
                    {"message", findings[i].message}});
  json doc = {{"version", kBaselineVersion}, {"tool", "nnlint"}, {"findings", list}};
  return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";  // "file" is for people; fingerprints hash the exact bytes
}

size_t dropBaselined(std::vector<Finding> &findings, const std::set<std::string> &baseline,
                     const std::string &srcRoot) {
  std::vector<std::string> prints = fingerprints(findings, srcRoot);
  std::vector<Finding> kept;
  for (size_t i = 0; i < findings.size(); ++i)
    if (!baseline.count(prints[i])) kept.push_back(std::move(findings[i]));
  size_t dropped = findings.size() - kept.size();
  findings = std::move(kept);
  return dropped;
}

}  // namespace nnlint
