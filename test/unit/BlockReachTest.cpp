// Which include blocks are worth precompiling for one file (parse/BlockReach).
#include "base/SourceFilter.h"
#include "parse/BlockReach.h"
#include "parse/Pch.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

namespace {

// Whether the whole include block of a file that starts with its header,
// `header`, is worth precompiling, against the stand-in header.
bool worthOf(const std::string &header) {
  llvm::SmallString<128> dir;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-block-reach", dir));
  std::string h = std::string(dir) + "/model.h", cpp = std::string(dir) + "/model.cpp";
  {
    std::error_code ec;
    llvm::raw_fd_ostream(h, ec) << header;
    llvm::raw_fd_ostream(cpp, ec) << "#include \"model.h\"\nint main() { return 0; }\n";
  }
  clang::tooling::CompileCommand cmd(
      std::string(dir), cpp,
      {"clang++", "-std=c++17", "-resource-dir=" NNLINT_RESOURCE_DIR, "-isystem", NNLINT_STUB_INCLUDE, "-c", cpp}, "");
  ParseOptions opts;
  opts.resourceDir = NNLINT_RESOURCE_DIR;
  PchCache cache(std::string(dir) + "/cache");
  PchPlan plan = cache.plan(cmd, opts, /*lead=*/true);
  std::vector<std::string> keys = cache.keys(plan, opts);
  EXPECT_FALSE(keys.empty()) << "no block";
  bool worth = !keys.empty() && worthPrecompiling(cache.request(plan, keys, keys.size()), SourceFilter());
  llvm::sys::fs::remove_directories(dir);
  return worth;
}

}  // namespace

TEST(BlockReach, AHeaderOfDeclarationsIsNot) {
  EXPECT_FALSE(worthOf("#pragma once\nclass Trainer;\nint layers();\n"));
}

TEST(BlockReach, IncludesAMacroLeavesOutCountForNothing) {
  EXPECT_FALSE(worthOf("#pragma once\nclass Trainer;\n#ifdef USE_CUDA\n#include <torch/torch.h>\n#endif\n"));
}

TEST(BlockReach, ALibraryHeaderMakesItWorthABlock) {
  EXPECT_TRUE(worthOf("#pragma once\nclass Trainer;\n#include <torch/torch.h>\n"));
}

TEST(BlockReach, SoDoesMuchOfTheProjectsOwnCode) {
  std::string header = "#pragma once\n";
  for (int i = 0; i < 4000; ++i) header += "int projectFunction" + std::to_string(i) + "(int a, int b);\n";
  EXPECT_TRUE(worthOf(header));
}

TEST(BlockReach, ABlockWithErrorsIsBuiltToRecordThem) {
  EXPECT_TRUE(worthOf("#pragma once\n#include \"missing.h\"\n"));
}
