#include "ranks_setup.h"

#include <cstdlib>
#include <stdexcept>

namespace nnlint::verify::detail {
namespace {

// The field if set, else the variable if set (an integer, or an error), else fallback.
int pick(const std::optional<int>& field, const char* variable, int fallback) {
  if (field) return *field;
  const char* text = std::getenv(variable);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  long value = std::strtol(text, &end, 10);
  if (*end != '\0' || value < 0 || value > 1 << 20)
    throw std::invalid_argument(std::string(variable) + "='" + text + "' is not a non-negative integer");
  return static_cast<int>(value);
}

}  // namespace

RankSetup resolve_setup(const RankOptions& options) {
  RankSetup s;
  s.world = pick(options.world_size, "WORLD_SIZE", 1);
  s.rank = pick(options.rank, "RANK", 0);
  s.local_rank = pick(options.local_rank, "LOCAL_RANK", s.rank);
  s.port = pick(options.master_port, "MASTER_PORT", 29500);
  if (options.master_addr) {
    s.addr = *options.master_addr;
  } else if (const char* addr = std::getenv("MASTER_ADDR"); addr && *addr) {
    s.addr = addr;
  }
  const char* agent = std::getenv("TORCHELASTIC_USE_AGENT_STORE");
  s.agent_store = agent && std::string(agent) == "True";
  s.timeout = options.timeout;
  if (s.world < 1) throw std::invalid_argument("WORLD_SIZE must be at least 1, not " + std::to_string(s.world));
  if (s.rank >= s.world)
    throw std::invalid_argument("RANK " + std::to_string(s.rank) + " is not below WORLD_SIZE " + std::to_string(s.world));
  if (s.port < 1 || s.port > 65535) throw std::invalid_argument("MASTER_PORT " + std::to_string(s.port) + " is not a port");
  if (s.timeout.count() <= 0) throw std::invalid_argument("RankOptions::timeout must be positive");
  return s;
}

}  // namespace nnlint::verify::detail
