// The text that warmed a session of a block up (WarmSession::warmUp), or
// that it kept as its prefix (WarmSession::keepPrefix), kept
// beside the block so that the next session of the same block and
// arguments, in a server started again, warms up with it when it opens: the
// first edit after a reopen is then parsed warm. The text passed a parse in
// a fork and the warm-up's check when it was kept, by the same nnlint (the
// name holds its stamp) with the same user headers (checked on reading), so
// neither is done again.
#pragma once

#include "index/FileResult.h"

#include <optional>
#include <string>
#include <vector>

namespace nnlint {

struct WarmUpText {
  std::string file;
  std::string blanked;  // the text as warmUp() took it
  std::vector<SourceInput> userHeaders;  // WarmSession::userHeaders() when it was kept
  // The text was the session's kept prefix (WarmSession::keepPrefix), checked
  // against the whole text's parse: the next session keeps it as its prefix.
  bool prefix = false;
};

// The text kept at `path` for a session that read `userHeaders`; none when
// there is none, it cannot be read whole, or it was kept by a session that
// read other user headers (or the same ones with other contents).
std::optional<WarmUpText> readWarmUpText(const std::string &path, const std::vector<SourceInput> &userHeaders);
void keepWarmUpText(const std::string &path, const WarmUpText &text);

}  // namespace nnlint
