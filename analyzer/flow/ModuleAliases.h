// Points-to for modules inside one function body: which modules a local,
// reference, pointer, iterator, lambda capture, braced list or container
// element may denote.
//
// Flow-insensitive and inclusion-based: a local denotes the union of what
// every value stored into it denotes (its initialiser, assignments, values
// appended to it, the range a loop variable walks). A container and its
// elements are one abstract value. Holders are shared pointers, so a copy
// denotes the same module as the original: `rnn = rnn_layer` makes the member
// and the parameter one module.
#pragma once

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace nnlint {

// One abstract module.
struct ModuleRef {
  enum class Kind {
    Member,    // what a member of the class being indexed holds (`name`)
    Param,     // what parameter `param` of the function holds
    Created,   // a module constructed in this body, at `site`
    Allocated, // a module allocated with `new` at `site`: whoever keeps the raw pointer owns it
    Returned,  // what the user function with USR `name` returns, called at `site`
    Unknown,   // a module the analysis cannot follow (another object's member, a
               // global, what unseen code returns), met at `site`
  };
  Kind kind = Kind::Member;
  std::string name;
  unsigned param = 0;
  const void *site = nullptr;

  bool operator<(const ModuleRef &o) const {
    if (kind != o.kind) return kind < o.kind;
    if (name != o.name) return name < o.name;
    if (param != o.param) return param < o.param;
    return site < o.site;
  }
};
using ModuleRefs = std::set<ModuleRef>;

class ModuleAliases {
 public:
  // `owner`: the class whose members count as members (null for free functions).
  // What `e` may denote; empty when it denotes no module that can be named.
  ModuleRefs denotes(const clang::Expr *e);

  // `helperOf`: the USR of the user function a call runs (its result is a
  // Returned module), or "" for library code.
  ModuleAliases(const clang::FunctionDecl *fd, const clang::CXXRecordDecl *owner,
                std::function<std::string(const clang::CallExpr *)> helperOf);

 private:
  friend class AliasCollector;
  void addSource(const clang::VarDecl *v, const clang::Expr *e) { sources_[v].push_back(e); }
  ModuleRefs denotes(const clang::Expr *e, int depth);
  ModuleRefs denotesFollowed(const clang::Expr *e, int depth);
  ModuleRefs denotesLocal(const clang::VarDecl *v, int depth);
  bool isMemberOfOwner(const clang::FieldDecl *f) const;

  const clang::FunctionDecl *fd_;
  const clang::CXXRecordDecl *owner_;
  std::map<const clang::VarDecl *, std::vector<const clang::Expr *>> sources_;
  std::map<const clang::VarDecl *, ModuleRefs> done_;
  std::set<const clang::VarDecl *> inProgress_;
  std::function<std::string(const clang::CallExpr *)> helperOf_;
};

// A module that code the analysis cannot see made or holds: whether it is
// registered is not known.
bool isUnknownModule(const ModuleRef &m);

// What is left of `e` after copies, moves (std::move, std::forward) and the
// conversions between holders and shared_ptrs: it denotes the same module.
const clang::Expr *stripModuleCopies(const clang::Expr *e);

}  // namespace nnlint
