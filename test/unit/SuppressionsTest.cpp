#include "project/Suppressions.h"

#include <gtest/gtest.h>

#include <string>

using namespace nnlint;

namespace {

Finding findingAt(const std::string &file, unsigned line, const std::string &check) {
  Finding f;
  f.check = check;
  f.severity = Severity::Warning;
  f.message = "m";
  f.loc = SourcePoint{file, line, 1};
  return f;
}

}  // namespace

// 100,000 NOLINTBEGINs that no NOLINTEND closes, then 100,000 NOLINTENDs that
// close none, inside one pair that does match: each comment is paired with
// one look-up (comparing every END with every open BEGIN took minutes).
TEST(Suppressions, ManyUnmatchedCommentsPairInLinearTime) {
  const unsigned n = 100000;
  std::string text = "// NOLINTBEGIN(nn-a)\n";
  for (unsigned i = 0; i < n; ++i) text += "// NOLINTBEGIN(nn-b)\n";
  for (unsigned i = 0; i < n; ++i) text += "// NOLINTEND(nn-c)\n";
  unsigned findingLine = 2 * n + 2;
  text += "int x;\n// NOLINTEND(nn-a)\nint y;\n";
  const std::string file = "/virtual/many-nolint.cpp";
  SourceText source;
  source.setContents(file, text);
  std::vector<Finding> findings = {findingAt(file, findingLine, "nn-a"), findingAt(file, findingLine + 2, "nn-a")};
  applySuppressions(findings, {file}, source, {"nn-a", "nn-b", "nn-c"});
  unsigned begins = 0, ends = 0, kept = 0;
  for (const Finding &f : findings) {
    if (f.check != kNolintCheck) {
      ++kept;
      EXPECT_EQ(f.loc.line, findingLine + 2);  // the one after the pair's NOLINTEND
      continue;
    }
    bool begin = f.message.find("'NOLINTBEGIN' comment without") != std::string::npos;
    begins += begin;
    ends += !begin;
  }
  EXPECT_EQ(kept, 1u);
  EXPECT_EQ(begins, n);
  EXPECT_EQ(ends, n);
}

// Pairs close by check list, the latest open first; a list given in another
// order is another list, as in clang-tidy.
TEST(Suppressions, EndClosesTheLatestBeginWithItsList) {
  const std::string file = "/virtual/pairs.cpp";
  SourceText source;
  source.setContents(file,
                     "// NOLINTBEGIN(nn-a)\n"   // 1
                     "// NOLINTBEGIN\n"         // 2
                     "// NOLINTEND(nn-a)\n"     // 3
                     "int x;\n"                 // 4: inside the bare pair only
                     "// NOLINTEND\n"           // 5
                     "// NOLINTBEGIN(nn-a,nn-b)\n"  // 6
                     "// NOLINTEND(nn-b,nn-a)\n");  // 7
  std::vector<Finding> findings = {findingAt(file, 4, "nn-b"), findingAt(file, 6, "nn-b")};
  applySuppressions(findings, {file}, source, {"nn-a", "nn-b"});
  std::vector<unsigned> lines;
  for (const Finding &f : findings) lines.push_back(f.loc.line);
  EXPECT_EQ(lines, (std::vector<unsigned>{6, 6, 7}));  // the finding, then the two unmatched comments
}
