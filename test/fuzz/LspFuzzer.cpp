// libFuzzer target: what `nnlint --lsp` does with the bytes an editor sends
// before any analysis: the base protocol's framing (Transport, fed through a
// pipe as stdin would be), the nesting limit, JSON parsing, the uri of a
// document, and quick fixes built from the diagnostics and range a
// codeAction request carries.
#include "lsp/Diagnostics.h"
#include "lsp/JsonDepth.h"
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
  if (nnlint::lsp::jsonNestsDeeper(body)) return;
  llvm::Expected<llvm::json::Value> message = llvm::json::parse(body);
  if (!message) {
    llvm::consumeError(message.takeError());
    return;
  }
  const llvm::json::Object *m = message->getAsObject();
  const llvm::json::Object *params = m ? m->getObject("params") : nullptr;
  if (!params) return;
  if (const llvm::json::Object *doc = params->getObject("textDocument"))
    if (auto uri = doc->getString("uri")) nnlint::lsp::uriFromPath(nnlint::lsp::pathFromUri(*uri));
  const llvm::json::Object *context = params->getObject("context");
  const llvm::json::Array *diagnostics = context ? context->getArray("diagnostics") : nullptr;
  if (const llvm::json::Object *range = params->getObject("range"); range && diagnostics)
    nnlint::lsp::codeActions(*diagnostics, *range);
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
