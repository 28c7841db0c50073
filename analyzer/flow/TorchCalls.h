// Recognising, by declaration, the LibTorch and C library calls that the
// call-site checks look at: module moves, CUDA devices and initialisation.
#pragma once

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>

namespace nnlint {

// The qualified name of the function a call resolves to ("" when unresolved).
std::string qualifiedCallee(const clang::CallExpr *call);

// `module->to(device[, dtype][, non_blocking])`: a torch::nn::Module::to
// overload (or an override) whose first parameter is a device.
bool isModuleToDevice(const clang::CallExpr *call);

// True when the expression denotes a CUDA device: c10::DeviceType::CUDA
// (kCUDA), Device("cuda..."), or a local initialised with one.
bool isCudaDevice(const clang::Expr *e);

// When the call initialises CUDA, how to say so ("torch::cuda::is_available()",
// "a tensor moved to CUDA", ...); nullopt otherwise. Calls to user functions
// are not considered here.
std::optional<std::string> cudaInitialisation(const clang::CallExpr *call);

// `is_training()` of a module, or GradMode::is_enabled(): false where no
// gradient is taken, as in evaluation.
bool isTraining(const clang::CallExpr *call);

// The value of a boolean expression that is a compile-time constant.
std::optional<bool> constantBool(const clang::Expr *e, const clang::ASTContext &ctx);

// The text of an expression as written in one file (no macro), or "".
std::string writtenText(const clang::Expr *e, const clang::ASTContext &ctx);

}  // namespace nnlint
