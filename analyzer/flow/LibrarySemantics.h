// What a call into LibTorch or the standard library does to the module
// objects it is given, read from the table in LibrarySemantics.def.
#pragma once

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"

#include <optional>

namespace nnlint {

enum class LibraryEffect {
  RegistersModule,
  RegistersParameter,
  RegistersBuffer,
  CopiesModule,
  PassesArgument,
  ElementOfArgument,
  CombinesArguments,  // a pair or tuple of its arguments
  MakesObject,        // std::make_shared<T>(args): a copy of a module of class T shares its children
  AddsChild,          // container->push_back(module): the module becomes the container's child
  WrapsArgument,      // AnyModule(module): the object is its argument's module
  LoadsModule,       // torch::load(module, source[, device])
  ReadsArchive,      // archive.load_from(source[, device])
  LoadsFromArchive,  // module->load(archive), archive >> module
  DropoutWithOptions,  // F::dropout(input, options): `training` is the options' field (default true)
  DropoutWithFlag,     // at::dropout(input, p, train[, ...]): `train` is the third argument
  CutsGradient,        // detach(), item(), argmax(), comparisons: the result carries no gradient
  DisablesGradient,    // NoGradGuard, InferenceMode (their constructors)
  DisablesGradientIfFalse,  // AutoGradMode(false)
  InitialisesCuda,     // starts the CUDA runtime
  MovesTensorToCuda,   // x.cuda()
  PassesObject,  // a library method returning a handle to what its object holds (by type, not a row)
};

// The effect of the function `call` resolves to, when the table (or, for a
// library method returning a module handle, the type rule) says one.
// Dependent calls (in a template not yet instantiated) resolve by the
// member's name only for the three registrations.
std::optional<LibraryEffect> libraryEffect(const clang::CallExpr *call);
// The effect of the library constructor a construction runs, when the table says one.
std::optional<LibraryEffect> libraryEffect(const clang::CXXConstructExpr *construction);

}  // namespace nnlint
