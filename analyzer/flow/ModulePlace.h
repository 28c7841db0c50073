// Where a module handle lives: a local, parameter or member of `this`, or a
// field of one (`ctx.model`, `this->parts.encoder`), named through holder and
// shared_ptr `->` and `*`.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace nnlint {

struct ModulePlace {
  const clang::ValueDecl *root = nullptr;       // a local, a parameter or a field of `this`
  std::vector<const clang::FieldDecl *> fields;  // fields of the root's value, outermost first

  explicit operator bool() const { return root != nullptr; }
  bool operator==(const ModulePlace &o) const { return root == o.root && fields == o.fields; }
  bool operator!=(const ModulePlace &o) const { return !(*this == o); }
  // Whether assigning this place replaces `inner` too (`ctx = ...` replaces `ctx.model`).
  bool covers(const ModulePlace &inner) const;
  std::string name() const;  // "ctx.model"
};

// The place an expression names; empty when it is not one (a call's result,
// a global, an element of a container).
ModulePlace modulePlace(const clang::Expr *e);

}  // namespace nnlint
