// Wording shared by the checks' messages.
#pragma once

#include "index/ModelIndex.h"

#include <string>

namespace nnlint {

// "the constructor", "reset()", "a default member initializer".
std::string describeMethod(const std::string &method);

// "register_module", "register_parameter", "register_buffer".
const char *registerCall(RegKind kind);

// Whether a module class has state that registration matters for: parameters,
// buffers, or train/eval behaviour. Unknown classes count as stateful.
bool isStatefulModule(const ModelIndex &index, const std::string &moduleClass);

bool isRegistered(const ClassFact &c, const std::string &member);

// The first registration that binds `member`, or null.
const RegistrationFact *registrationOf(const ClassFact &c, const std::string &member);

}  // namespace nnlint
