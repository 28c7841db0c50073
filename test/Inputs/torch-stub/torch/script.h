// nnlint torch stub: torch/script.h. Mirrors ATen/core/ivalue.h (c10::IValue: a
// few constructors), ATen/core/stack.h (torch::jit::IValue), torch/csrc/jit/api/{object,module}.h
// (torch::jit::Object::run_method, torch::jit::Module: forward, operator(), train/eval, to) and
// torch/csrc/jit/serialization/import.h (torch::jit::load, 1.13 overloads without ReadAdapterInterface).
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "types.h"

#include <istream>
#include <string>
#include <unordered_map>
#include <vector>

namespace c10 {
struct TORCH_API IValue {
  IValue() {}
  IValue(at::Tensor t) {}
  IValue(double d) {}
  IValue(int64_t i) {}
  IValue(int32_t i) {}
  IValue(bool b) {}
  at::Tensor toTensor() const& { return {}; }
};
}  // namespace c10

namespace torch {
namespace jit {
using c10::IValue;
using ExtraFilesMap = std::unordered_map<std::string, std::string>;
using Kwargs = std::unordered_map<std::string, IValue>;

struct TORCH_API Object {
  template <typename... Types>
  IValue run_method(const std::string& method_name, Types&&... args) { return IValue(); }
};

struct TORCH_API Module : public Object {
  Module() = default;
  IValue forward(std::vector<IValue> inputs, const Kwargs& kwargs = Kwargs()) { return IValue(); }
  void train(bool on = true);
  void eval() { train(/*on=*/false); }
  void to(at::Device device, at::ScalarType dtype, bool non_blocking = false);
  void to(at::ScalarType dtype, bool non_blocking = false);
  void to(at::Device device, bool non_blocking = false);
  IValue operator()(std::vector<IValue> inputs);
};

TORCH_API Module load(std::istream& in, c10::optional<c10::Device> device = c10::nullopt);
TORCH_API Module load(std::istream& in, c10::optional<c10::Device> device, ExtraFilesMap& extra_files);
TORCH_API Module load(const std::string& filename, c10::optional<c10::Device> device = c10::nullopt);
TORCH_API Module load(const std::string& filename, c10::optional<c10::Device> device, ExtraFilesMap& extra_files);
}  // namespace jit
}  // namespace torch
