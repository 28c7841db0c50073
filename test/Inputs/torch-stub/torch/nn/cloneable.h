// nnlint torch stub: mirrors torch/csrc/api/include/torch/nn/cloneable.h (torch::nn::Cloneable<Derived>).
// RULE: keep test/Inputs/torch-stub/selftest.cpp compiling against both this stub and the real headers.
#pragma once

#include "module.h"

namespace torch {
namespace nn {

template <typename Derived>
class Cloneable : public virtual Module {
 public:
  using Module::Module;

  virtual void reset() = 0;

  std::shared_ptr<Module> clone(const optional<Device>& device = nullopt) const override {
    NoGradGuard no_grad;
    const auto& self = static_cast<const Derived&>(*this);
    auto copy = std::make_shared<Derived>(self);
    copy->parameters_.clear();
    copy->buffers_.clear();
    copy->children_.clear();
    copy->reset();
    return copy;
  }

 private:
  void clone_(Module& other, const optional<Device>& device) final {
    auto clone = std::dynamic_pointer_cast<Derived>(other.clone(device));
    static_cast<Derived&>(*this) = std::move(*clone);
  }
};

}  // namespace nn
}  // namespace torch
