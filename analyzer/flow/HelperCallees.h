// Which user function a call runs, for helper summaries. The index walk
// visits the functions written in the file; a lambda's call operator and a
// template's instantiation are not among them, yet their bodies are visible:
// a call that reaches one queues it, and it is summarised from its own body
// (a template as instantiated, with the types of that call).
#pragma once

#include "base/SourceFilter.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <set>
#include <string>
#include <vector>

namespace nnlint {

std::string usrOf(const clang::Decl *d);

class HelperCallees {
 public:
  HelperCallees(const SourceFilter &filter, const clang::SourceManager &sm) : filter_(filter), sm_(sm) {}

  // The callee's USR: "" for library code, operators other than a call
  // operator, and calls through pointers.
  std::string usrOf(const clang::CallExpr *call);
  // The USR of a body the library calls (a lambda's call operator given to
  // std::visit), queued to be summarised.
  std::string usrOfBody(const clang::FunctionDecl *def);
  // A queued body not summarised yet, or null.
  const clang::FunctionDecl *nextUnvisited();

 private:
  const SourceFilter &filter_;
  const clang::SourceManager &sm_;
  std::vector<const clang::FunctionDecl *> queue_;
  std::set<const clang::FunctionDecl *> queued_;
};

// The argument of `call` that parameter `param` of its callee receives (null
// if none): a member operator's object comes first among the arguments.
const clang::Expr *argumentFor(const clang::CallExpr *call, unsigned param);

}  // namespace nnlint
