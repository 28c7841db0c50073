// The names register_module / register_parameter / register_buffer are given,
// where LibTorch would reject them when the module is built: an empty name, a
// name with a dot, or a name the same object already registered (OrderedDict
// throws "Submodule 'x' already defined").
#pragma once

#include "index/Condition.h"
#include "index/ModelIndex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace nnlint {

// The constant name a registration on `this` gives, when the call runs at most
// once per call of its function (not inside a loop or a lambda).
std::optional<std::string> constantRegistrationName(const clang::CallExpr *call, clang::ASTContext &ctx);

// Marks each registration of one body that repeats an earlier one's kind and
// name where both run whenever the body runs. `whenInBody` holds the body's
// registrations and when each runs.
void markRegistrationNameClashes(std::vector<RegistrationFact> &registrations,
                                 const std::map<SourcePoint, Condition> &whenInBody);

}  // namespace nnlint
