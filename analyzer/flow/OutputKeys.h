// Outputs chosen by a constant string key: forward() returning a torch::Dict
// or a std::map filled key by key, and training code reading `out.at("loss")`.
// A key travels through LocalFlow's element numbers like a tuple element: each
// distinct key gets a number from kFirstKeyElement up, the same for the whole
// process, so the numbers never meet a tuple's.
#pragma once

#include "clang/AST/Type.h"

#include <optional>
#include <string>

namespace nnlint {

inline constexpr unsigned kFirstKeyElement = 1u << 24;

unsigned keyElement(const std::string &key);
// The key an element number stands for; nullopt for a tuple element.
std::optional<std::string> elementKey(unsigned element);

// c10::Dict (torch::Dict), std::map or std::unordered_map with string keys.
bool isKeyedOutputType(clang::QualType t);

}  // namespace nnlint
