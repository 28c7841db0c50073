#include "rules/support/Describe.h"

#include "flow/TorchTypes.h"

namespace nnlint {

const char *registerCall(RegKind kind) {
  switch (kind) {
    case RegKind::Module: return "register_module";
    case RegKind::Parameter: return "register_parameter";
    case RegKind::Buffer: return "register_buffer";
  }
  return "register_module";
}

std::string describeMethod(const std::string &method) {
  if (method == "<ctor>") return "the constructor";
  if (method == "<dtor>") return "the destructor";
  if (method == "<init>") return "a default member initializer";
  if (method.empty()) return "code outside the class";
  return method + "()";
}

namespace {
bool stateful(const ModelIndex &index, const std::string &cls, int depth) {
  if (isLibraryModuleClass(cls)) return !isStatelessLibraryModule(cls);
  const ClassFact *c = index.find(cls);
  if (!c || depth > 8 || !c->allMethodsSeen()) return true;
  for (const RegistrationFact &r : c->registrations)
    if (r.kind != RegKind::Module) return true;
  for (const MemberFact &m : c->members) {
    if (m.kind == HoldKind::Tensor && m.containerKind.empty()) return true;  // a container of tensors: registered ones are in registrations
    if (m.kind != HoldKind::RawPtr && stateful(index, m.moduleClass, depth + 1)) return true;
  }
  for (const std::string &base : c->moduleBases)
    if (stateful(index, base, depth + 1)) return true;
  return false;
}
}  // namespace

bool isStatefulModule(const ModelIndex &index, const std::string &moduleClass) {
  return stateful(index, moduleClass, 0);
}

const RegistrationFact *registrationOf(const ClassFact &c, const std::string &member) {
  for (const RegistrationFact &r : c.registrations)
    if (r.member == member) return &r;
  return nullptr;
}

bool isRegistered(const ClassFact &c, const std::string &member) { return registrationOf(c, member) != nullptr; }

}  // namespace nnlint
