#include "parse/UniquingTables.h"

#include "clang/AST/ASTContext.h"

using namespace clang;

namespace nnlint {
namespace {

template <typename Table>
void makeRoom(Table &table) {
  table.reserve(2 * table.size());
}

// The tables are private to ASTContext. An explicit instantiation may name
// a private member ([temp.spec.general]/6): the one of Tables below, with a
// pointer to each table a parse of C++ adds to, defines these two functions.
void makeRoomInAll(ASTContext &ctx);
size_t capacityOfAll(ASTContext &ctx);

template <auto... Table>
struct Tables {
  friend void makeRoomInAll(ASTContext &ctx) { (makeRoom(ctx.*Table), ...); }
  friend size_t capacityOfAll(ASTContext &ctx) { return (size_t(0) + ... + (ctx.*Table).capacity()); }
};

template struct Tables<
    &ASTContext::NestedNameSpecifiers, &ASTContext::PointerTypes, &ASTContext::LValueReferenceTypes,
    &ASTContext::RValueReferenceTypes, &ASTContext::MemberPointerTypes, &ASTContext::ConstantArrayTypes,
    &ASTContext::IncompleteArrayTypes, &ASTContext::DependentSizedArrayTypes, &ASTContext::FunctionProtoTypes,
    &ASTContext::DependentDecltypeTypes, &ASTContext::TemplateTypeParmTypes, &ASTContext::SubstTemplateTypeParmTypes,
    &ASTContext::SubstTemplateTypeParmPackTypes, &ASTContext::TemplateSpecializationTypes, &ASTContext::ParenTypes,
    &ASTContext::UsingTypes, &ASTContext::TypedefTypes, &ASTContext::ElaboratedTypes, &ASTContext::DependentNameTypes,
    &ASTContext::DependentTemplateSpecializationTypes, &ASTContext::PackExpansionTypes,
    &ASTContext::DependentUnaryTransformTypes, &ASTContext::AutoTypes, &ASTContext::DeducedTemplateSpecializationTypes,
    &ASTContext::AttributedTypes, &ASTContext::QualifiedTemplateNames, &ASTContext::DependentTemplateNames,
    &ASTContext::SubstTemplateTemplateParms, &ASTContext::ArrayParameterTypes>;

}  // namespace

void makeRoomInUniquingTables(ASTContext &ctx) { makeRoomInAll(ctx); }

size_t uniquingTablesCapacity(ASTContext &ctx) { return capacityOfAll(ctx); }

}  // namespace nnlint
