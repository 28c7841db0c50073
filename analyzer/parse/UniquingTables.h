// Room in the ASTContext's uniquing tables (types, template names, nested
// name specifiers) for what a parse adds, made in a warm session before it is
// forked. Each table is a hash table threaded through its nodes
// (llvm::FoldingSet): one that grows rehashes every node it holds, writing a
// pointer into each. In a fork of a warm session, whose tables hold what the
// block and the warm-up read, that write copies every page holding a node
// (copy-on-write): three quarters of the page faults of an edit of
// DeepLab.cpp (docs/performance.md).
#pragma once

#include <cstddef>

namespace clang {
class ASTContext;
}

namespace nnlint {

// Grows each table, where needed, to take as many nodes again as it holds:
// a parse of the same file adds fewer than the block and its warm-up read.
void makeRoomInUniquingTables(clang::ASTContext &ctx);

// The tables' capacities, all together: a parse that grew one changes it.
size_t uniquingTablesCapacity(clang::ASTContext &ctx);

}  // namespace nnlint
