// Which leading lines of a file a precompiled include block stands in for.
#include "parse/PchBlock.h"
#include "parse/WarmSession.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace nnlint;

TEST(PchBlock, TakesLeadingIncludesAndComments) {
  std::string text = "// model\n/* two\n   lines */\n#include <torch/torch.h>\n\n#  include <vector> // why\nint x;\n";
  IncludeBlock b = findIncludeBlock(text, "/nowhere");
  EXPECT_EQ(b.header(2), "#include <torch/torch.h>\n#include <vector>\n");
  EXPECT_EQ(b.header(1), "#include <torch/torch.h>\n");
  std::string blanked = b.blanked(text, 2);
  ASSERT_EQ(blanked.size(), text.size());
  EXPECT_EQ(blanked.substr(0, 27), text.substr(0, 27));  // comments kept
  EXPECT_EQ(blanked.find("#include"), std::string::npos);
  EXPECT_EQ(std::count(blanked.begin(), blanked.end(), '\n'), std::count(text.begin(), text.end(), '\n'));
  EXPECT_NE(blanked.find("int x;"), std::string::npos);
  std::string first = b.blanked(text, 1);
  EXPECT_EQ(first.find("#include <torch"), std::string::npos);
  EXPECT_NE(first.find("#  include <vector>"), std::string::npos);
}

// A file saved with a byte order mark (a Windows editor's UTF-8) has a block
// too; blanked, the mark becomes spaces, so the text can follow a #line.
TEST(PchBlock, AfterAByteOrderMark) {
  std::string text = "\xEF\xBB\xBF#include <torch/torch.h>\nint x;\n";
  IncludeBlock b = findIncludeBlock(text, "/nowhere");
  EXPECT_EQ(b.header(1), "#include <torch/torch.h>\n");
  std::string blanked = b.blanked(text, 1);
  ASSERT_EQ(blanked.size(), text.size());
  EXPECT_EQ(blanked.find_first_not_of(' '), blanked.find('\n'));
  EXPECT_EQ(b.blanked(text, 0), text);
}

TEST(PchBlock, StopsAtAnythingThatCouldChangeTheHeaders) {
  EXPECT_TRUE(findIncludeBlock("#define NDEBUG\n#include <torch/torch.h>\n", "/").empty());
  EXPECT_TRUE(findIncludeBlock("#if 1\n#include <torch/torch.h>\n#endif\n", "/").empty());
  EXPECT_TRUE(findIncludeBlock("#include TORCH_HEADER\n", "/").empty());
  EXPECT_TRUE(findIncludeBlock("// continued \\\n#include <vector>\n", "/").empty());
  EXPECT_TRUE(findIncludeBlock("#include <vector> \\\n", "/").empty());
  EXPECT_TRUE(findIncludeBlock("int x; /* */\n#include <vector>\n", "/").empty());
  IncludeBlock b = findIncludeBlock("#include <a.h>\n#pragma pack(1)\n#include <b.h>\n", "/");
  EXPECT_EQ(b.directives.size(), 1u);
  EXPECT_EQ(b.header(5), "#include <a.h>\n");
}

// A source file that starts with `#pragma once` (a header renamed to .cpp, or
// one written from a header's template) still leaves the warm parse a text
// without directives: Clang ignores the pragma in the main file.
TEST(PchBlock, BlanksAPragmaOnceBeforeASourceFilesIncludes) {
  std::string text = "#pragma once\n#include <a.h>\nint x;\n";
  IncludeBlock b = findIncludeBlock(text, "/");
  ASSERT_EQ(b.directives.size(), 1u);
  std::string blanked = b.blanked(text, 1);
  EXPECT_EQ(blanked.size(), text.size());
  EXPECT_FALSE(hasDirectives(blanked)) << blanked;
  EXPECT_TRUE(hasDirectives(b.blanked(text, 0)));  // without the block the text is parsed as written
}

TEST(PchBlock, AnchorsQuotedIncludesNextToTheFile) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pchblock", dir));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(std::string(dir) + "/model.h", ec);
    ASSERT_FALSE(ec);
  }
  IncludeBlock b = findIncludeBlock("#include \"model.h\"\n#include \"elsewhere.h\"\n", std::string(dir));
  EXPECT_EQ(b.header(2), "#include \"" + std::string(dir) + "/model.h\"\n#include \"elsewhere.h\"\n");
  EXPECT_TRUE(findIncludeBlock(std::string("#include \"") + kBlockHeaderName + "\"\n", std::string(dir)).empty());
  llvm::sys::fs::remove_directories(dir);
}

// Conditional groups of #include lines right after the block join it for the
// warm session's tail; code, a continued line or an unclosed group ends them.
TEST(PchBlock, TakesInIncludeGroupsAfterTheBlock) {
  std::string text =
      "#include <a.h>\n#ifndef _WIN32\n  #include <b.h>\n#else\n#include <c.h> // windows\n#endif\n\n"
      "#include <d.h>\n#if X\n#include <e.h>\nint y;\n#endif\nint x;\n";
  IncludeBlock b = findIncludeBlock(text, "/nowhere");
  ASSERT_EQ(b.directives.size(), 1u);
  takeInIncludeGroups(b, text, "/nowhere");
  EXPECT_EQ(b.header(b.directives.size()),
            "#include <a.h>\n#ifndef _WIN32\n#include <b.h>\n#else\n#include <c.h>\n#endif\n#include <d.h>\n");
  std::string blanked = b.blanked(text, b.directives.size());
  ASSERT_EQ(blanked.size(), text.size());
  EXPECT_EQ(blanked.find("<b.h>"), std::string::npos);
  EXPECT_EQ(blanked.find("#endif\n\n"), std::string::npos);
  EXPECT_NE(blanked.find("#if X\n#include <e.h>\nint y;\n#endif\nint x;\n"), std::string::npos);

  for (const char *stops : {"#include <a.h>\n#ifdef A\nint x;\n#endif\n", "#include <a.h>\n#ifdef A\n#include <b.h>\n",
                            "#include <a.h>\n#if A && \\\n B\n#include <b.h>\n#endif\n",
                            "#include <a.h>\n#ifdef A /* x\n */\n#include <b.h>\n#endif\n"}) {
    IncludeBlock s = findIncludeBlock(stops, "/nowhere");
    takeInIncludeGroups(s, stops, "/nowhere");
    EXPECT_EQ(s.directives.size(), 1u) << stops;
  }
}

// A failed build's first error names a line of the block's header.
TEST(PchBlock, FindsTheDirectiveOnALineOfItsHeader) {
  IncludeBlock b = findIncludeBlock("#include <torch/torch.h>\n#include \"net.h\"\n#include <vector>\nint x;\n", "/nowhere");
  ASSERT_EQ(b.directives.size(), 3u);
  EXPECT_EQ(b.directiveOnLine(1), 0u);
  EXPECT_EQ(b.directiveOnLine(2), 1u);
  EXPECT_EQ(b.directiveOnLine(3), 2u);
  EXPECT_EQ(b.directiveOnLine(0), 3u);
  EXPECT_EQ(b.directiveOnLine(4), 3u);
}
