// Builds the model index of a code snippet parsed against the stand-in header.
#pragma once

#include "base/SourceFilter.h"
#include "flow/IndexBuilder.h"
#include "project/Analyzer.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

namespace nnlint::test {

inline ModelIndex indexOf(const std::string &code) {
  std::vector<std::string> args = {"-std=c++17", "-isystem", NNLINT_STUB_INCLUDE, "-resource-dir=" + findResourceDir()};
  std::unique_ptr<clang::ASTUnit> ast = clang::tooling::buildASTFromCodeWithArgs(code, args, "/virtual/model.cpp");
  EXPECT_TRUE(ast);
  EXPECT_FALSE(ast->getDiagnostics().hasErrorOccurred()) << "snippet does not compile";
  ModelIndex index = buildIndex(ast->getASTContext(), SourceFilter());
  index.resolveHelpers();
  return index;
}

}  // namespace nnlint::test
