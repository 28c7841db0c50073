// Whether a device expression can only be a device without an index: a
// DeviceType (torch::kCUDA, torch::kCPU), Device(kCUDA), Device("cuda"), or a
// local or member of this function given only such values, such as the usual
// `cuda::is_available() ? kCUDA : kCPU`. A module moved there sits on the
// current device of its kind, so loading a checkpoint saved from that same
// kind of device without a device puts nothing elsewhere.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace nnlint {

bool isIndexFreeDevice(const clang::Expr *device, const clang::FunctionDecl *fd);

}  // namespace nnlint
