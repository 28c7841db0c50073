#include "flow/OutputKeys.h"

#include "clang/AST/DeclTemplate.h"

#include <map>
#include <vector>

using namespace clang;

namespace nnlint {
namespace {

struct KeyTable {
  std::map<std::string, unsigned> numbers;
  std::vector<std::string> keys;
};

KeyTable &table() {
  static KeyTable t;
  return t;
}

}  // namespace

unsigned keyElement(const std::string &key) {
  KeyTable &t = table();
  auto [it, added] = t.numbers.emplace(key, kFirstKeyElement + t.keys.size());
  if (added) t.keys.push_back(key);
  return it->second;
}

std::optional<std::string> elementKey(unsigned element) {
  const KeyTable &t = table();
  if (element < kFirstKeyElement || element - kFirstKeyElement >= t.keys.size()) return std::nullopt;
  return t.keys[element - kFirstKeyElement];
}

bool isKeyedOutputType(QualType t) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() < 2) return false;
  std::string n = spec->getQualifiedNameAsString();
  if (n != "c10::Dict" && n != "std::map" && n != "std::unordered_map") return false;
  const auto *key = spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return key && key->getName() == "basic_string";
}

}  // namespace nnlint
