// Reading the fields of a JSON message that a client sent: each accessor
// gives nothing when the field is missing or of another type, where
// nlohmann::json's own would throw.
#pragma once

#include "llvm/Support/Error.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace nnlint::lsp {

using Json = nlohmann::json;

// No LSP message nests anywhere near this.
inline constexpr int kMaxJsonDepth = 256;

// A message's body as JSON; an error when it is not JSON or nests deeper
// than kMaxJsonDepth (the parser itself does not recurse, but copying or
// printing such a value would).
llvm::Expected<Json> parseMessage(const std::string &text);

// The member `key` of `value` when `value` is an object that has it.
const Json *field(const Json &value, const char *key);
Json *field(Json &value, const char *key);
// The member when it is an object, an array, a string, an integer, a boolean.
const Json *objectField(const Json &value, const char *key);
Json *objectField(Json &value, const char *key);
const Json *arrayField(const Json &value, const char *key);
Json *arrayField(Json &value, const char *key);
std::optional<std::string> stringField(const Json &value, const char *key);
std::optional<int64_t> integerField(const Json &value, const char *key);
std::optional<bool> booleanField(const Json &value, const char *key);

// The text of a value to send: invalid UTF-8 in a string (a file name,
// Clang's message quoting a source line) becomes U+FFFD, as JSON requires.
std::string toText(const Json &value);

}  // namespace nnlint::lsp
