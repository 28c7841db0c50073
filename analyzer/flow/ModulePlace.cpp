#include "flow/ModulePlace.h"

#include "flow/AstUtil.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>

using namespace clang;

namespace nnlint {

bool ModulePlace::covers(const ModulePlace &inner) const {
  return root == inner.root && fields.size() <= inner.fields.size() &&
         std::equal(fields.begin(), fields.end(), inner.fields.begin());
}

std::string ModulePlace::name() const {
  std::string out = root ? root->getNameAsString() : "";
  for (const FieldDecl *f : fields) out += "." + f->getNameAsString();
  return out;
}

ModulePlace modulePlace(const Expr *e) {
  std::vector<const FieldDecl *> fields;  // innermost first while walking down
  auto placeAt = [&](const ValueDecl *root) {
    ModulePlace p;
    p.root = root;
    p.fields.assign(fields.rbegin(), fields.rend());
    return p;
  };
  for (int step = 0; e && step < 12; ++step) {
    e = stripValue(e);
    if (const auto *ref = dyn_cast<DeclRefExpr>(e)) {
      const auto *var = dyn_cast<VarDecl>(ref->getDecl());
      return var && var->hasLocalStorage() ? placeAt(var) : ModulePlace();
    }
    if (const auto *me = dyn_cast<MemberExpr>(e)) {
      const auto *field = dyn_cast<FieldDecl>(me->getMemberDecl());
      if (!field) return {};
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts())) return placeAt(field);
      // A field of a struct value: `ctx.model`, not a member reached
      // through a module (`model->encoder` is another object).
      if (me->isArrow()) return {};
      fields.push_back(field);
      e = me->getBase();
      continue;
    }
    // `model->`, `*model`: the holder or pointer itself.
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(e)) {
      if (op->getOperator() != OO_Arrow && op->getOperator() != OO_Star) return {};
      if (!fields.empty()) return {};  // a field of the pointee: another object
      e = op->getArg(0);
      continue;
    }
    if (const auto *u = dyn_cast<UnaryOperator>(e)) {
      if (u->getOpcode() != UO_Deref || !fields.empty()) return {};
      e = u->getSubExpr();
      continue;
    }
    return {};
  }
  return {};
}

}  // namespace nnlint
