// Takes a parsed part of an interpreter's translation unit back out of what
// lies outside it. clang::Interpreter::Undo only drops the part's names from
// the translation unit's lookup table; a part that reopens a namespace of the
// include block, defines members its header declared or opens an anonymous
// namespace also changed declarations outside itself, and a later part would
// find those changes (a "redefinition" of the member it defines again).
#pragma once

namespace clang {
class TranslationUnitDecl;
}

namespace nnlint {

// Whether detachPart() can undo all that `part` did outside itself. It
// cannot for a class or template that a declaration outside the part
// declared first and the part defines or specialises: their definitions are
// shared by every declaration.
bool canDetach(const clang::TranslationUnitDecl *part);

// Undoes it, before Undo: the redeclaration chains of outside declarations
// end before the part again, the lookup tables of outside contexts hold
// what they held before it, and no namespace points at an anonymous
// namespace of the part. Call only when canDetach(part).
void detachPart(clang::TranslationUnitDecl *part);

}  // namespace nnlint
