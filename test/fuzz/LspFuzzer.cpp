// libFuzzer target: what `nnlint --lsp` does with the bytes an editor sends
// before any analysis: the base protocol's framing (Transport, fed through a
// pipe as stdin would be), JSON parsing with its nesting limit, the uri of a
// document, and quick fixes built from the diagnostics and range a
// codeAction request carries.
#include "lsp/Diagnostics.h"
#include "lsp/JsonFields.h"
#include "lsp/Transport.h"
#include "report/RulePages.h"

#include <cstddef>
#include <cstdint>
#include <fcntl.h>
#include <string>
#include <unistd.h>

// The SARIF writer that the diagnostics share their links with embeds the
// rule pages, which are generated in the analyzer's build; no page is needed here.
const char *nnlint::rulePage(const std::string &) { return nullptr; }

namespace {

void handle(const std::string &body) {
  llvm::Expected<nnlint::lsp::Json> message = nnlint::lsp::parseMessage(body);
  if (!message) {
    llvm::consumeError(message.takeError());
    return;
  }
  const nnlint::lsp::Json *params = nnlint::lsp::objectField(*message, "params");
  if (!params) return;
  if (const nnlint::lsp::Json *doc = nnlint::lsp::objectField(*params, "textDocument"))
    if (auto uri = nnlint::lsp::stringField(*doc, "uri")) nnlint::lsp::uriFromPath(nnlint::lsp::pathFromUri(*uri));
  const nnlint::lsp::Json *context = nnlint::lsp::objectField(*params, "context");
  const nnlint::lsp::Json *diagnostics = context ? nnlint::lsp::arrayField(*context, "diagnostics") : nullptr;
  if (const nnlint::lsp::Json *range = nnlint::lsp::objectField(*params, "range"); range && diagnostics)
    nnlint::lsp::toText(nnlint::lsp::codeActions(*diagnostics, *range));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  int fds[2];
  if (size > 60000 || ::pipe2(fds, O_CLOEXEC) != 0) return 0;  // a pipe holds 64 KiB unread
  if (::write(fds[1], data, size) != static_cast<ssize_t>(size)) {
    ::close(fds[0]);
    ::close(fds[1]);
    return 0;
  }
  ::close(fds[1]);
  int sink = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  {
    nnlint::lsp::Transport transport(fds[0], sink);
    std::string body;
    while (transport.read(0, body) == nnlint::lsp::Transport::Status::Message) handle(body);
  }
  ::close(fds[0]);
  ::close(sink);
  return 0;
}
