// What a precompiled include block (parse/Pch) holds.
#include "base/SourceFilter.h"
#include "parse/Frontend.h"
#include "parse/Pch.h"

#include "clang/Frontend/ASTUnit.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

// The templates a block's headers use are instantiated once, when the block
// is built, not again at the end of every parse that reads it: the warm
// session's first part spent a quarter of a second on them for a block with
// LibTorch.
TEST(PchCache, ABlockLeavesNoTemplateToInstantiate) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-pch-test", dir));
  std::string header = std::string(dir) + "/lib.h", source = std::string(dir) + "/model.cpp";
  {
    std::error_code ec;
    llvm::raw_fd_ostream(header, ec) << "template <class T> struct Box { T twice(T v) { return v + v; } };\n"
                                        "inline int useBox() { return Box<int>().twice(2); }\n";
    llvm::raw_fd_ostream(source, ec) << "#include \"lib.h\"\nint main() { return useBox(); }\n";
  }
  clang::tooling::CompileCommand cmd(std::string(dir), source,
                                     {"clang++", "-std=c++17", "-resource-dir=" NNLINT_RESOURCE_DIR, "-c", source}, "");
  ParseOptions opts;
  opts.resourceDir = NNLINT_RESOURCE_DIR;
  opts.skipLibraryBodies = false;
  PchCache cache(std::string(dir) + "/cache");
  PchPlan plan = cache.plan(cmd, opts, /*lead=*/false);
  ASSERT_EQ(plan.block.directives.size(), 1u);
  CachedPch pch = cache.build(cache.request(plan, cache.keys(plan, opts), 1), opts, SourceFilter());
  ASSERT_FALSE(pch.path.empty());

  clang::HeaderSearchOptions search;
  std::unique_ptr<clang::ASTUnit> unit = clang::ASTUnit::LoadFromASTFile(
      pch.path, clang::RawPCHContainerReader(), clang::ASTUnit::LoadEverything,
      clang::CompilerInstance::createDiagnostics(new clang::DiagnosticOptions), clang::FileSystemOptions(),
      std::make_shared<clang::HeaderSearchOptions>(search));
  ASSERT_TRUE(unit);
  auto *reader = llvm::dyn_cast_or_null<clang::ExternalSemaSource>(unit->getASTContext().getExternalSource());
  ASSERT_TRUE(reader);
  llvm::SmallVector<std::pair<clang::ValueDecl *, clang::SourceLocation>> pending;
  reader->ReadPendingInstantiations(pending);
  EXPECT_TRUE(pending.empty()) << pending.size() << " instantiations left to every parse";
  unit.reset();
  llvm::sys::fs::remove_directories(dir);
}

// Files whose blocks begin with the same lines share the block of those
// lines: its key is the same whether a longer block goes on after it.
TEST(PchCache, ABlockThatGoesOnHasItsPrefixsKey) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-pch-test", dir));
  auto command = [&](const std::string &name, const std::string &text) {
    std::string path = std::string(dir) + "/" + name;
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << text;
    return clang::tooling::CompileCommand(std::string(dir), path, {"clang++", "-std=c++17", "-c", path}, "");
  };
  ParseOptions opts;
  opts.resourceDir = NNLINT_RESOURCE_DIR;
  PchCache cache(std::string(dir) + "/cache");
  PchPlan longer = cache.plan(command("a.cpp", "#include <vector>\n#include <map>\nint a;\n"), opts, false);
  PchPlan shorter = cache.plan(command("b.cpp", "#include <vector>\nint b;\n"), opts, false);
  std::vector<std::string> longKeys = cache.keys(longer, opts), shortKeys = cache.keys(shorter, opts);
  ASSERT_EQ(longKeys.size(), 2u);
  ASSERT_EQ(shortKeys.size(), 1u);
  EXPECT_EQ(longKeys[0], shortKeys[0]);
  EXPECT_NE(longKeys[1], longKeys[0]);
  EXPECT_EQ(cache.request(longer, longKeys, 2).key, longKeys[1]);
  EXPECT_EQ(cache.request(longer, longKeys, 3).key, "");
  llvm::sys::fs::remove_directories(dir);
}

// A block whose build failed is not tried again until a header it read
// changes. The editor asks on every edit, and looks at the user headers only:
// a library header changed since leaves the recorded failure standing.
TEST(PchCache, AnEditorsFailedBlockIsCheckedAgainstItsUserHeadersOnly) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-pch-test", dir));
  std::string root(dir);
  auto write = [&](const std::string &name, const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream(root + "/" + name, ec) << text;
    return root + "/" + name;
  };
  ASSERT_FALSE(llvm::sys::fs::create_directories(root + "/lib"));
  write("lib/lib.h", "int fromLib();\n");
  write("user.h", "int broken = ;\n");
  std::string source = write("model.cpp", "#include \"lib/lib.h\"\n#include \"user.h\"\nint main() {}\n");
  clang::tooling::CompileCommand cmd(root, source, {"clang++", "-std=c++17", "-c", source}, "");
  ParseOptions opts;
  opts.resourceDir = NNLINT_RESOURCE_DIR;
  SourceFilter filter({root + "/lib/"});
  PchCache cache(root + "/cache");
  PchPlan plan = cache.plan(cmd, opts, /*lead=*/false);
  std::vector<std::string> keys = cache.keys(plan, opts);
  ASSERT_EQ(keys.size(), 2u);
  CachedPch failed = cache.build(cache.request(plan, keys, 2), opts, filter);
  ASSERT_TRUE(failed.path.empty());
  ASSERT_EQ(failed.failedLine, 2u);
  EXPECT_EQ(cache.failedLine(keys[1], &filter), 2u);

  write("lib/lib.h", "int fromLib(); // a new version\n");
  EXPECT_EQ(cache.failedLine(keys[1]), 0u);
  EXPECT_EQ(cache.failedLine(keys[1], &filter), 2u);

  write("user.h", "int fixed = 1; // no longer broken\n");
  EXPECT_EQ(cache.failedLine(keys[1], &filter), 0u);
  llvm::sys::fs::remove_directories(dir);
}
