#include "project/CheckFilter.h"

#include <gtest/gtest.h>

using nnlint::CheckFilter;
using nnlint::globMatch;

TEST(Glob, MatchesLikeClangTidy) {
  EXPECT_TRUE(globMatch("nn-*", "nn-container-alias"));
  EXPECT_TRUE(globMatch("*alias", "nn-container-alias"));
  EXPECT_TRUE(globMatch("nn-unregistered-*", "nn-unregistered-tensor"));
  EXPECT_FALSE(globMatch("nn-unregistered-*", "nn-container-alias"));
  EXPECT_FALSE(globMatch("nn-alias", "nn-container-alias"));
}

TEST(CheckFilter, LaterGlobsWin) {
  std::vector<std::string> known = {"nn-a", "nn-b", "nn-unregistered-x"};
  CheckFilter f;
  ASSERT_EQ(f.parse("-*,nn-unregistered-*,nn-a,-nn-a", known), "");
  EXPECT_TRUE(f.enabled("nn-unregistered-x"));
  EXPECT_FALSE(f.enabled("nn-a"));
  EXPECT_FALSE(f.enabled("nn-b"));
}

TEST(CheckFilter, UnknownNameIsAnError) {
  CheckFilter f;
  EXPECT_NE(f.parse("nn-does-not-exist", {"nn-a"}), "");
  CheckFilter g;
  EXPECT_EQ(g.parse("nn-nothing-*", {"nn-a"}), "");  // a glob may match nothing
}

TEST(CheckFilter, ListOverSeveralLines) {
  CheckFilter f;
  ASSERT_EQ(f.parse("-*,\n  nn-a\n  nn-b", {"nn-a", "nn-b", "nn-c"}), "");
  EXPECT_TRUE(f.enabled("nn-a"));
  EXPECT_TRUE(f.enabled("nn-b"));
  EXPECT_FALSE(f.enabled("nn-c"));
}

TEST(CheckFilter, EnablesAny) {
  std::vector<std::string> known = {"nn-a", "nn-b"};
  CheckFilter none;
  ASSERT_EQ(none.parse("-*", known), "");
  EXPECT_FALSE(none.enablesAny(known));
  CheckFilter elsewhere;
  ASSERT_EQ(elsewhere.parse("-*,clang-analyzer-*", known), "");
  EXPECT_FALSE(elsewhere.enablesAny(known));
  CheckFilter some;
  ASSERT_EQ(some.parse("-*,nn-b", known), "");
  EXPECT_TRUE(some.enablesAny(known));
}

TEST(Glob, MatchesAnyKnown) {
  EXPECT_TRUE(nnlint::globMatchesAny("nn-reset-*", {"nn-a", "nn-reset-accumulates"}));
  EXPECT_FALSE(nnlint::globMatchesAny("nn-resett-*", {"nn-a", "nn-reset-accumulates"}));
}
