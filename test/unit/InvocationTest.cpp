// Which command lines a record may answer, and what their key holds
// (replay/Invocation.h).
#include "replay/Invocation.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>
#include <vector>

using namespace nnlint::replay;

namespace {

struct Command {
  std::vector<std::string> args, env = {"HOME=/home/u", "PATH=/bin"};
  int out = -1, err = -1;  // a file each by default
  std::string analyzer = "/proc/self/exe";  // any executable file
};

std::optional<Invocation> replayableFor(const Command &c) {
  std::vector<char *> argv, envp;
  std::vector<std::string> args = c.args, env = c.env;
  args.insert(args.begin(), "nnlint");
  for (std::string &a : args) argv.push_back(a.data());
  for (std::string &e : env) envp.push_back(e.data());
  argv.push_back(nullptr);
  envp.push_back(nullptr);
  int file = ::open("/tmp", O_TMPFILE | O_RDWR, 0600);
  int out = c.out >= 0 ? c.out : file, err = c.err >= 0 ? c.err : ::open("/tmp", O_TMPFILE | O_RDWR, 0600);
  std::optional<Invocation> inv =
      replayable(int(args.size()), argv.data(), envp.data(), c.analyzer, out, err);
  ::close(file);
  if (c.err < 0) ::close(err);
  return inv;
}

}  // namespace

TEST(Invocation, AnsweredOnlyWhenPrintingIsAllItDoes) {
  EXPECT_TRUE(replayableFor({{"-p", "build", "a.cpp"}}));
  EXPECT_TRUE(replayableFor({{"--format=sarif", "-j2", "a.cpp", "--", "-std=c++17", "--output=x"}}));
  for (const char *refused : {"--output=r.sarif", "-output", "--fix", "--export-fixes=f.yaml", "--write-baseline=b",
                              "--lsp", "--no-cache", "--version", "-help", "--list-checks", "--dump-config", "-",
                              "@args.rsp"})
    EXPECT_FALSE(replayableFor({{refused, "a.cpp"}})) << refused;
}

// A record names the analyzer that made it: without one found, no record.
TEST(Invocation, NotWithoutTheAnalyzer) {
  Command c{{"a.cpp"}};
  c.analyzer = "/nonexistent/nnlint-analyzer";
  EXPECT_FALSE(replayableFor(c));
  c.analyzer = "nnlint-analyzer";
  EXPECT_FALSE(replayableFor(c));
}

TEST(Invocation, NotForATerminal) {
  int master = ::posix_openpt(O_RDWR | O_NOCTTY);
  ASSERT_GE(master, 0);
  ASSERT_EQ(::grantpt(master), 0);
  ASSERT_EQ(::unlockpt(master), 0);
  int terminal = ::open(::ptsname(master), O_RDWR | O_NOCTTY);
  ASSERT_GE(terminal, 0);
  EXPECT_FALSE(replayableFor({{"a.cpp"}, {"HOME=/h"}, terminal}));
  EXPECT_FALSE(replayableFor({{"a.cpp"}, {"HOME=/h"}, -1, terminal}));
  ::close(terminal);
  ::close(master);
}

TEST(Invocation, RecordsLiveInTheCache) {
  EXPECT_EQ(replayableFor({{"--cache-dir=/c", "a.cpp"}})->recordPath.rfind("/c/replay/", 0), 0u);
  EXPECT_EQ(replayableFor({{"-cache-dir", "/d", "a.cpp"}})->recordPath.rfind("/d/replay/", 0), 0u);
  EXPECT_EQ(replayableFor({{"a.cpp"}, {"XDG_CACHE_HOME=/x", "HOME=/h"}})->recordPath.rfind("/x/nnlint/replay/", 0),
            0u);
  EXPECT_EQ(replayableFor({{"a.cpp"}, {"HOME=/h"}})->recordPath.rfind("/h/.cache/nnlint/replay/", 0), 0u);
  EXPECT_FALSE(replayableFor({{"a.cpp"}, {"PATH=/bin"}}));  // no cache, no record
}

// The arguments and the environment are the key; what a shell changes between
// two commands, and nnlint's log, are not.
TEST(Invocation, KeyedByArgumentsAndEnvironment) {
  std::string key = replayableFor({{"a.cpp"}, {"HOME=/h", "CPATH=/inc"}})->key;
  EXPECT_NE(key, replayableFor({{"b.cpp"}, {"HOME=/h", "CPATH=/inc"}})->key);
  EXPECT_NE(key, replayableFor({{"a.cpp", "--quiet"}, {"HOME=/h", "CPATH=/inc"}})->key);
  EXPECT_NE(key, replayableFor({{"a.cpp"}, {"HOME=/h", "CPATH=/other"}})->key);
  EXPECT_NE(key, replayableFor({{"a.cpp"}, {"HOME=/h"}})->key);
  EXPECT_EQ(key, replayableFor({{"a.cpp"}, {"CPATH=/inc", "HOME=/h", "_=/usr/bin/nnlint", "SHLVL=3",
                                            "NNLINT_CACHE_LOG=/tmp/log"}})->key);
  // Output and errors to one place are another command than to two.
  int file = ::open("/tmp", O_TMPFILE | O_RDWR, 0600);
  std::optional<Invocation> one = replayableFor({{"a.cpp"}, {"HOME=/h", "CPATH=/inc"}, file, file});
  ::close(file);
  ASSERT_TRUE(one);
  EXPECT_TRUE(one->oneStream);
  EXPECT_NE(key, one->key);
}
