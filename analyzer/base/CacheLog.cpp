#include "base/CacheLog.h"

#include <cstdlib>
#include <fcntl.h>
#include <unistd.h>

namespace nnlint {

void logPath(const char *what, const std::string &file) {
  static const char *log = std::getenv("NNLINT_CACHE_LOG");
  if (!log || !*log) return;
  std::string line = std::string(what) + " " + file + "\n";
  int fd = ::open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return;
  ssize_t ignored = ::write(fd, line.data(), line.size());  // one write: lines from workers never interleave
  (void)ignored;
  ::close(fd);
}

}  // namespace nnlint
