// nnlint's findings and errors as Language Server Protocol diagnostics, and
// their fix-its as quick-fix code actions.
#pragma once

#include "base/Finding.h"
#include "base/SourceText.h"
#include "lsp/JsonFields.h"
#include "report/SarifOutput.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace nnlint::lsp {

// file:///a%20b/c.cpp <-> /a b/c.cpp; "" for a uri that is not a file of
// this machine (file://localhost/a and file:/a are, file://host/a is not).
std::string pathFromUri(llvm::StringRef uri);
std::string uriFromPath(const std::string &path);

// The diagnostics of one analysis, by the absolute path of the file they are
// in: the document itself and the headers it includes. Findings carry their
// notes as related information, the check id with a link to its page, and
// their fix-its in `data` (see codeActions). A tool error is shown at its
// place in `document` when it names one, else on the document's first line.
// Each file's diagnostics are a JSON array.
std::map<std::string, Json> toDiagnostics(const std::vector<Finding> &findings, const std::vector<ToolError> &errors,
                                          const std::string &document, SourceText &text);

// Quick fixes for the diagnostics of a document that overlap `range`.
// `diagnostics`: an array published before; `range`: the client's. An array.
Json codeActions(const Json &diagnostics, const Json &range);

}  // namespace nnlint::lsp
