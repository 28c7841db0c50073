#include "lsp/JsonFields.h"

namespace nnlint::lsp {

llvm::Expected<Json> parseMessage(const std::string &text) {
  bool tooDeep = false;
  Json::parser_callback_t keep = [&](int depth, Json::parse_event_t, Json &) {
    if (depth > kMaxJsonDepth) tooDeep = true;
    return !tooDeep;
  };
  Json value = Json::parse(text, keep, /*allow_exceptions=*/false);
  if (tooDeep) return llvm::createStringError("nests more than " + std::to_string(kMaxJsonDepth) + " levels deep");
  if (value.is_discarded()) return llvm::createStringError("is not JSON");
  return value;
}

const Json *field(const Json &value, const char *key) {
  if (!value.is_object()) return nullptr;
  auto it = value.find(key);
  return it == value.end() ? nullptr : &*it;
}

Json *field(Json &value, const char *key) {
  return const_cast<Json *>(field(static_cast<const Json &>(value), key));
}

const Json *objectField(const Json &value, const char *key) {
  const Json *f = field(value, key);
  return f && f->is_object() ? f : nullptr;
}

Json *objectField(Json &value, const char *key) {
  return const_cast<Json *>(objectField(static_cast<const Json &>(value), key));
}

const Json *arrayField(const Json &value, const char *key) {
  const Json *f = field(value, key);
  return f && f->is_array() ? f : nullptr;
}

Json *arrayField(Json &value, const char *key) {
  return const_cast<Json *>(arrayField(static_cast<const Json &>(value), key));
}

std::optional<std::string> stringField(const Json &value, const char *key) {
  const Json *f = field(value, key);
  if (!f || !f->is_string()) return std::nullopt;
  return f->get<std::string>();
}

std::optional<int64_t> integerField(const Json &value, const char *key) {
  const Json *f = field(value, key);
  if (!f || !f->is_number_integer()) return std::nullopt;
  if (f->is_number_unsigned() && f->get<uint64_t>() > uint64_t(INT64_MAX)) return std::nullopt;
  return f->get<int64_t>();
}

std::optional<bool> booleanField(const Json &value, const char *key) {
  const Json *f = field(value, key);
  if (!f || !f->is_boolean()) return std::nullopt;
  return f->get<bool>();
}

std::string toText(const Json &value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace nnlint::lsp
