// Finding the clang++ driver that matches Clang's resource folder (project/Analyzer.h).
#include "project/Analyzer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

// The driver next to Clang's resource folder is found through the folder's
// links, not next to the link (/lib/clang/19 -> /usr/lib/llvm-19/lib/clang/19
// on Debian, where /bin/clang++ is another version's driver).
TEST(ClangNextTo, FollowsTheResourceFoldersLinks) {
  llvm::SmallString<128> root;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-clang", root));
  std::string real = std::string(root) + "/llvm/lib/clang/19", other = std::string(root) + "/other/lib/clang";
  ASSERT_FALSE(llvm::sys::fs::create_directories(real));
  ASSERT_FALSE(llvm::sys::fs::create_directories(std::string(root) + "/llvm/bin"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(std::string(root) + "/other/bin"));
  ASSERT_FALSE(llvm::sys::fs::create_directories(other));
  for (const std::string &driver : {std::string(root) + "/llvm/bin/clang++", std::string(root) + "/other/bin/clang++"}) {
    std::error_code ec;
    llvm::raw_fd_ostream(driver, ec) << "";
  }
  ASSERT_FALSE(llvm::sys::fs::create_link(real, other + "/19"));
  llvm::SmallString<128> expected;
  ASSERT_FALSE(llvm::sys::fs::real_path(std::string(root) + "/llvm/bin/clang++", expected));
  EXPECT_EQ(clangNextTo(other + "/19"), std::string(expected));
  llvm::sys::fs::remove_directories(root);
}
