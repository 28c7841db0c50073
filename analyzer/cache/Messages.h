// The one framing of every message between nnlint's processes (the
// indexing workers, the language server's analysis workers, the parse host
// and its forks): an 8-byte little-endian length, then a JSON value as
// CBOR, which carries strings as bytes (a file name that is not UTF-8 comes
// back unchanged). A process that dies halfway leaves an incomplete message,
// told from a whole one.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace nnlint {

// Writes one message; false when it cannot.
bool sendMessage(int fd, const nlohmann::json &value);

// Reads one message, waiting at most `timeoutMs` for each part (-1: no
// limit); none when the other end closed, the wait ran out (then
// `timedOut` is set, when given) or the message is not CBOR.
std::optional<nlohmann::json> readMessage(int fd, int timeoutMs, bool *timedOut = nullptr);

// Takes the whole messages off the front of `buffer`, bytes as they were
// read; a message that is not CBOR comes back discarded (is_discarded()).
std::vector<nlohmann::json> takeMessages(std::string &buffer);

}  // namespace nnlint
