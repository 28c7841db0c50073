// The facts cache (cache/ProjectIndex): an entry a process has parsed is
// kept in memory (a language server's workers, its forks, find it parsed),
// and still answers only while its text and the files it read are the same.
#include "cache/ProjectIndex.h"
#include "parse/Frontend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

namespace {

void write(const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  ASSERT_FALSE(ec) << path;
  out << text;
}

std::optional<std::string> errorFound(const FactsCache &facts, const clang::tooling::CompileCommand &cmd) {
  std::optional<FileResult> hit = facts.lookup(cmd, ParseOptions());
  if (!hit) return std::nullopt;
  return hit->error;
}

}  // namespace

TEST(FactsCache, AnEntryParsedOnceStillAnswersOnlyForWhatItRead) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-facts", dir));
  std::string file = std::string(dir) + "/model.cpp";
  write(file, "int a;\n");
  clang::tooling::CompileCommand cmd(std::string(dir), file, {"clang++", "-c", file}, "");
  FactsCache facts(std::string(dir) + "/cache", /*keepParsed=*/true);
  FileResult result;
  result.file = file;
  result.error = "first";
  result.inputs = {{file, hashFileNow(file)}};
  facts.store(cmd, ParseOptions(), result);
  EXPECT_EQ(errorFound(facts, cmd), "first");
  EXPECT_EQ(errorFound(facts, cmd), "first");  // parsed before, checked again
  // A new entry for the same text is parsed again.
  result.error = "second";
  facts.store(cmd, ParseOptions(), result);
  EXPECT_EQ(errorFound(facts, cmd), "second");
  // The file it read changed: no answer, then the same answer once it is back.
  write(file, "int changed;\n");
  EXPECT_EQ(errorFound(facts, cmd), std::nullopt);
  write(file, "int a;\n");
  EXPECT_EQ(errorFound(facts, cmd), "second");
  // A cache that keeps nothing (a command-line run) finds what one kept.
  EXPECT_EQ(errorFound(FactsCache(std::string(dir) + "/cache"), cmd), "second");
  llvm::sys::fs::remove_directories(dir);
}
