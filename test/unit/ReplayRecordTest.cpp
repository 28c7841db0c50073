// The record that answers an unchanged rerun (replay/ReplayRecord.h): its
// text, and what counts as a changed path.
#include "replay/ReplayRecord.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdlib.h>
#include <unistd.h>

using namespace nnlint::replay;

namespace {

std::string tempDir() {
  char dir[] = "/tmp/nnlint-replay-XXXXXX";
  return ::mkdtemp(dir) ? dir : "";
}

void write(const std::string &path, const std::string &text) { std::ofstream(path, std::ios::binary) << text; }

Record sample(const std::string &dir) {
  write(dir + "/a.cpp", "int a;\n");
  Record r;
  r.key = std::string("key with\nline breaks and \0 bytes", 31);
  r.exitCode = 1;
  r.paths = {stateOf(dir + "/a.cpp"), stateOf(dir + "/missing.h"), stateOf(dir), stateOf(dir + "/a line\nbreak")};
  r.out = "warning: 12 bytes\n";
  r.err = std::string("\0\n\n", 3);
  return r;
}

}  // namespace

TEST(ReplayRecord, ReadsBackWhatItWrote) {
  std::string dir = tempDir();
  Record r = sample(dir);
  std::optional<Record> back = parseRecord(serialize(r));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->key, r.key);
  EXPECT_EQ(back->exitCode, 1);
  ASSERT_EQ(back->paths.size(), 4u);
  for (size_t i = 0; i < r.paths.size(); ++i) EXPECT_TRUE(back->paths[i] == r.paths[i]) << r.paths[i].path;
  EXPECT_EQ(back->paths[0].kind, 'f');
  EXPECT_EQ(back->paths[1].kind, 'a');
  EXPECT_EQ(back->paths[2].kind, 'd');
  EXPECT_EQ(back->out, r.out);
  EXPECT_EQ(back->err, r.err);
  std::filesystem::remove_all(dir);
}

// A record cut anywhere, or with a count that runs past its end, is no record.
TEST(ReplayRecord, RefusesAnyDamage) {
  std::string dir = tempDir();
  std::string text = serialize(sample(dir));
  std::filesystem::remove_all(dir);
  for (size_t n = 0; n < text.size(); ++n) EXPECT_FALSE(parseRecord(text.substr(0, n))) << "cut at " << n;
  EXPECT_FALSE(parseRecord(text + "x"));
  std::string longer = text;
  longer.replace(longer.find("stdout 18"), 9, "stdout 99");
  EXPECT_FALSE(parseRecord(longer));
}

TEST(ReplayRecord, AnyChangeToAPathIsSeen) {
  std::string dir = tempDir();
  Record r = sample(dir);
  EXPECT_TRUE(unchanged(r));
  write(dir + "/missing.h", "");  // a header appears where one was looked for
  EXPECT_FALSE(unchanged(r));
  ::unlink((dir + "/missing.h").c_str());
  EXPECT_TRUE(unchanged(r));
  write(dir + "/a.cpp", "int b;\n");  // same size, new change time (or new inode)
  ::usleep(20000);
  write(dir + "/a.cpp", "int a;\n");
  EXPECT_FALSE(unchanged(r));
  std::filesystem::remove_all(dir);
}

TEST(ReplayRecord, OnlySettledFilesAreRecorded) {
  PathState file;
  file.kind = 'f';
  file.modified = 100;
  file.changed = 200;
  PathState absent;
  absent.kind = 'a';
  EXPECT_TRUE(settledBefore({file, absent}, 201));
  EXPECT_FALSE(settledBefore({file, absent}, 200));
  file.changed = 50;
  EXPECT_FALSE(settledBefore({file}, 100));
}
