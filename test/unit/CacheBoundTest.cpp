// The cache's size bound (cache/CacheBound.h): which entries go first.
#include "cache/CacheBound.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <chrono>

using namespace nnlint;

namespace {

void writeFile(const std::string &path, size_t bytes, int ageSeconds) {
  {
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << std::string(bytes, 'x');
  }
  int fd;
  ASSERT_FALSE(llvm::sys::fs::openFileForWrite(path, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_Append));
  auto when = std::chrono::system_clock::now() - std::chrono::seconds(ageSeconds);
  llvm::sys::fs::setLastAccessAndModificationTime(fd, when);
  ::close(fd);
}

}  // namespace

// A facts entry used before a block still outlives it: it is a few kilobytes
// that save a whole parse, the block a hundred megabytes.
TEST(CacheBound, BlocksGoBeforeFacts) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-bound", dir));
  std::string root(dir);
  ASSERT_FALSE(llvm::sys::fs::create_directories(root + "/facts"));
  writeFile(root + "/facts/old.json", 100, 3600);
  writeFile(root + "/k1.manifest", 10, 60);
  writeFile(root + "/k1-0.pch", 1000, 60);
  boundCache(root, 1050);
  EXPECT_TRUE(llvm::sys::fs::exists(root + "/facts/old.json"));
  EXPECT_FALSE(llvm::sys::fs::exists(root + "/k1-0.pch"));
  EXPECT_FALSE(llvm::sys::fs::exists(root + "/k1.manifest"));
  llvm::sys::fs::remove_directories(root);
}

// What a warm session keeps beside a block (its facts, the text that warmed
// it up) is evicted with the block.
TEST(CacheBound, ASessionsFilesGoWithTheirBlock) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-bound", dir));
  std::string root(dir);
  writeFile(root + "/old.manifest", 10, 600);
  writeFile(root + "/old-0.pch", 500, 600);
  writeFile(root + "/old-0-s.blockfacts", 100, 600);
  writeFile(root + "/old-0-s.warmup", 100, 600);
  writeFile(root + "/new.manifest", 10, 120);
  writeFile(root + "/new-0.pch", 500, 120);
  boundCache(root, 1000);
  for (const char *gone : {"/old.manifest", "/old-0.pch", "/old-0-s.blockfacts", "/old-0-s.warmup"})
    EXPECT_FALSE(llvm::sys::fs::exists(root + gone)) << gone;
  EXPECT_TRUE(llvm::sys::fs::exists(root + "/new-0.pch"));
  llvm::sys::fs::remove_directories(root);
}

// The front's records of runs (replay/ReplayRecord.h) count toward the bound
// and go as facts entries do, least recently used first, after every block.
TEST(CacheBound, RunRecordsGoLikeFacts) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-bound", dir));
  std::string root(dir);
  ASSERT_FALSE(llvm::sys::fs::create_directories(root + "/replay"));
  writeFile(root + "/replay/old", 400, 3600);
  writeFile(root + "/replay/new", 400, 60);
  writeFile(root + "/k1.manifest", 10, 30);
  writeFile(root + "/k1-0.pch", 300, 30);
  boundCache(root, 700);  // 1110 bytes, to at most 630
  EXPECT_FALSE(llvm::sys::fs::exists(root + "/k1-0.pch"));
  EXPECT_FALSE(llvm::sys::fs::exists(root + "/replay/old"));
  EXPECT_TRUE(llvm::sys::fs::exists(root + "/replay/new"));
  llvm::sys::fs::remove_directories(root);
}
