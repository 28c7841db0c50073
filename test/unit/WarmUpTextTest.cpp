// The text kept for the next warm session of a block (parse/WarmUpText.h).
#include "parse/WarmUpText.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

// Read back only by a session that read the same user headers, with the
// same contents; a damaged file and a text JSON cannot hold are none.
TEST(WarmUpText, IsReadBackForTheSameHeadersOnly) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-warm-up-text", dir));
  std::string path = std::string(dir) + "/block-s.warmup";
  std::vector<SourceInput> headers = {{"/p/model.h", "h1"}, {"/p/layers.h", "h2"}};
  keepWarmUpText(path, {"/p/model.cpp", "\n\nint x;\n", headers});

  std::optional<WarmUpText> read = readWarmUpText(path, headers);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->file, "/p/model.cpp");
  EXPECT_EQ(read->blanked, "\n\nint x;\n");
  EXPECT_FALSE(read->prefix);
  keepWarmUpText(path, {"/p/model.cpp", "\n\nint x;\n", headers, /*prefix=*/true});
  read = readWarmUpText(path, headers);
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->prefix);
  std::vector<SourceInput> edited = {{"/p/model.h", "h1"}, {"/p/layers.h", "h3"}};
  EXPECT_FALSE(readWarmUpText(path, edited));
  EXPECT_FALSE(readWarmUpText(path, {headers[0]}));
  EXPECT_FALSE(readWarmUpText(path, {}));

  {
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << "{\"file\": \"/p/model.cpp\", \"blanked\": ";
  }
  EXPECT_FALSE(readWarmUpText(path, headers));

  llvm::sys::fs::remove(path);
  keepWarmUpText(path, {"/p/model.cpp", "int \xff;\n", {}});
  EXPECT_FALSE(llvm::sys::fs::exists(path));
  llvm::sys::fs::remove_directories(std::string(dir));
}
