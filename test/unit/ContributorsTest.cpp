// Which files of a database lend to a class (project/Contributors.h): the
// #include lines they are found by are kept for the process while each file
// keeps its size and time, and read again when it changes.
#include "project/Contributors.h"

#include "base/SourceFilter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <ctime>
#include <fstream>
#include <utime.h>

using namespace nnlint;

namespace {

class Project : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-contributors", dir_));
    dir_ = normalisePath(std::string(dir_));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }

  std::string write(const std::string &name, const std::string &text) {
    llvm::SmallString<256> path(dir_);
    llvm::sys::path::append(path, name);
    std::ofstream(std::string(path)) << text;
    return std::string(path);
  }
  clang::tooling::CompileCommand command(const std::string &file) {
    return clang::tooling::CompileCommand(std::string(dir_), file, {"clang++", "-I" + std::string(dir_), file}, "");
  }

  llvm::SmallString<256> dir_;
};

TEST_F(Project, AFileThatNowIncludesTheHeaderReachesIt) {
  std::string header = write("model.h", "struct Net {};\n");
  std::string other = write("train.cpp", "#include <vector>\nint main() {}\n");
  clang::tooling::CompileCommand cmd = command(other);
  std::vector<const clang::tooling::CompileCommand *> others = {&cmd};
  SourceFilter filter;
  readIncludeLines(others, filter);
  EXPECT_TRUE(filesReaching(others, {header}, filter).empty());

  // Same size, later time: the kept lines must not answer.
  std::string changed = "#include \"model.h\"\nint main(){}\n";
  ASSERT_EQ(changed.size(), std::string("#include <vector>\nint main() {}\n").size());
  write("train.cpp", changed);
  utimbuf later{std::time(nullptr) + 5, std::time(nullptr) + 5};
  ASSERT_EQ(::utime(other.c_str(), &later), 0);
  EXPECT_EQ(filesReaching(others, {header}, filter), std::vector<size_t>{0});
}

TEST_F(Project, AHeaderThatNoLongerIncludesAnotherNoLongerLeadsThere) {
  std::string header = write("model.h", "struct Net {};\n");
  write("common.h", "#include \"model.h\"\n");
  std::string other = write("train.cpp", "#include \"common.h\"\nint main() {}\n");
  clang::tooling::CompileCommand cmd = command(other);
  std::vector<const clang::tooling::CompileCommand *> others = {&cmd};
  SourceFilter filter;
  std::set<std::string> reached;
  EXPECT_EQ(filesReaching(others, {header}, filter, &reached), std::vector<size_t>{0});
  EXPECT_EQ(reached, std::set<std::string>{header});

  write("common.h", "// no include any more\n");
  EXPECT_TRUE(filesReaching(others, {header}, filter).empty());
}

}  // namespace
