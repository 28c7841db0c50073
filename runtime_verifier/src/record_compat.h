// Everything about at::RecordFunction that differs between libtorch versions (Debian's 1.13,
// the GPU machines' 2.11) or build modes. Include this first in a translation unit.
#pragma once

// RecordFunction has a member `inputs_valid_` only when NDEBUG is undefined, placed before
// `inputs_`. libtorch is built with NDEBUG, so a TU compiled without it (a Debug build) sees a
// different layout: inputs() then reads the wrong bytes and its debug assertion fires
// ("Called inputs() outside RecordFunction start callback", logged by libtorch for every
// nested op). Match the library's layout here, whatever the build type.
#ifndef NDEBUG
#define NDEBUG
#define NNLINT_COMPAT_UNDEF_NDEBUG
#endif
#include <ATen/record_function.h>
#ifdef NNLINT_COMPAT_UNDEF_NDEBUG
#undef NDEBUG
#undef NNLINT_COMPAT_UNDEF_NDEBUG
#endif

#include <ATen/core/Tensor.h>
#include <ATen/core/ivalue.h>

namespace nnlint::verify::compat {

using StartFn = std::unique_ptr<at::ObserverContext> (*)(const at::RecordFunction&);

// Observe ATen operators (not autograd nodes or user scopes) run by this thread and by the
// autograd work it starts, which inherits this thread's callbacks; inputs at the start,
// outputs at the end.
inline at::CallbackHandle add_thread_observer(StartFn start, at::RecordFunctionCallback::EndCallback end) {
  return at::addThreadLocalCallback(at::RecordFunctionCallback(start, end)
                                        .needsInputs(true)
                                        .needsOutputs(true)
                                        .scopes({at::RecordScope::FUNCTION}));
}

inline void remove_observer(at::CallbackHandle handle) { at::removeCallback(handle); }

// Inputs are only captured when some callback of this op asked for them; otherwise inputs()
// is empty (2.x) or stale (1.13), so do not touch it.
template <class Visit>
void for_each_input_tensor(const at::RecordFunction& fn, Visit&& visit) {
  if (!fn.needsInputs()) return;
  for (const c10::IValue& v : fn.inputs()) {
    if (v.isTensor()) {
      visit(v.toTensor());
    } else if (v.isList()) {  // TensorList (cat, stack) and optional-tensor lists (index)
      for (const c10::IValue& e : v.toListRef())
        if (e.isTensor()) visit(e.toTensor());
    }
  }
}

template <class Visit>
void for_each_output_tensor(const at::RecordFunction& fn, Visit&& visit) {
  if (!fn.needsOutputs()) return;
  for (const c10::IValue& v : fn.outputs()) {
    if (v.isTensor()) {
      visit(v.toTensor());
    } else if (v.isTensorList()) {
      for (const at::Tensor& e : v.toTensorVector()) visit(e);
    }
  }
}

inline const char* op_name(const at::RecordFunction& fn) { return fn.name(); }

}  // namespace nnlint::verify::compat
