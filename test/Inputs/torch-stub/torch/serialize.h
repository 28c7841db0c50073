// nnlint torch stub: torch::save / torch::load. Mirrors torch/csrc/api/include/torch/serialize.h.
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "types.h"

namespace torch {
template <typename Value, typename... SaveToArgs>
void save(const Value& value, SaveToArgs&&... args) {}
template <typename... SaveToArgs>
void save(const std::vector<torch::Tensor>& tensor_vec, SaveToArgs&&... args) {}
template <typename Value, typename... LoadFromArgs>
void load(Value& value, LoadFromArgs&&... args) {}
template <typename... LoadFromArgs>
void load(std::vector<torch::Tensor>& tensor_vec, LoadFromArgs&&... args) {}
}  // namespace torch
