// The library lead of a file: the <...> lines it and its leading user headers start with.
#include "parse/PchLead.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace nnlint;

namespace {

class PchLead : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("pchlead", dir_)); }
  void TearDown() override { llvm::sys::fs::remove_directories(dir_); }
  std::string write(const std::string &name, const std::string &text) {
    std::string path = std::string(dir_) + "/" + name;
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
    return path;
  }
  IncludeLead lead(const std::string &file, std::vector<std::string> args = {"clang++"}) {
    RegularFiles files;  // each call looks afresh: tests write headers in between
    return findIncludeLead(findIncludeBlock(file, dir()), args, dir(), files);
  }
  std::string dir() const { return std::string(dir_); }
  llvm::SmallString<128> dir_;
};

}  // namespace

TEST_F(PchLead, HeaderGuardsComeBeforeTheIncludes) {
  EXPECT_EQ(findHeaderIncludeBlock("#pragma once\n#include <a.h>\nint x;\n", "/").header(9), "#include <a.h>\n");
  EXPECT_EQ(findHeaderIncludeBlock("// c\n#ifndef M_H\n#define M_H\n#include <a.h>\n", "/").header(9), "#include <a.h>\n");
  EXPECT_TRUE(findHeaderIncludeBlock("#ifndef M_H\n#define OTHER\n#include <a.h>\n", "/").empty());
  EXPECT_TRUE(findHeaderIncludeBlock("#ifndef M_H\n#include <a.h>\n", "/").empty());
  EXPECT_TRUE(findHeaderIncludeBlock("#pragma pack(1)\n#include <a.h>\n", "/").empty());
  EXPECT_TRUE(findHeaderIncludeBlock("#include <a.h>\n#pragma once\n#include <b.h>\n", "/").directives.size() == 1);
  // A source file's block may start with #pragma once (ignored there), not with a guard.
  EXPECT_EQ(findIncludeBlock("#pragma once\n#include <a.h>\n", "/").header(9), "#include <a.h>\n");
  EXPECT_TRUE(findIncludeBlock("#ifndef M\n#define M\n#include <a.h>\n", "/").empty());
}

TEST_F(PchLead, FollowsTheFirstUserHeader) {
  write("model.h", "#pragma once\n#include <torch/torch.h>\n#include \"layers.h\"\n#include <map>\n");
  write("layers.h", "#ifndef L\n#define L\n#include <vector>\n#include <torch/torch.h>\nstruct L1 {};\n#endif\n");
  IncludeLead l = lead("#include \"model.h\"\n#include <string>\nint x;\n");
  // layers.h's code comes before <map> and the file's <string>: the lead stops there.
  EXPECT_EQ(l.block.header(9), "#include <torch/torch.h>\n#include <vector>\n");
  EXPECT_EQ(l.own, 0u);
}

TEST_F(PchLead, OwnLinesFirstThenTheHeaderFoundThroughDashI) {
  write("include/net.h", "#pragma once\n#include <torch/torch.h>\n#include <opencv2/core.hpp>\nstruct Net {};\n");
  std::string file = "#include <torch/torch.h>\n#include \"net.h\"\n";
  EXPECT_EQ(lead(file).block.header(9), "#include <torch/torch.h>\n");  // net.h not found
  IncludeLead l = lead(file, {"clang++", "-Iinclude"});
  EXPECT_EQ(l.block.header(9), "#include <torch/torch.h>\n#include <opencv2/core.hpp>\n");
  EXPECT_EQ(l.own, 1u);
  std::string blanked = l.block.blanked(file, l.own);
  EXPECT_EQ(blanked.find("<torch"), std::string::npos);
  EXPECT_NE(blanked.find("#include \"net.h\""), std::string::npos);
}

TEST_F(PchLead, AnAngledUserHeaderIsFollowed) {
  // The project's own header, written with brackets and found through -I:
  // its lead is the file's, as with quotes. Found through -isystem, it is a
  // library header, a line of the lead.
  write("src/segmentor.h", "#pragma once\n#include <torch/torch.h>\nstruct Seg {};\n");
  std::string file = "#include <segmentor.h>\nint x;\n";
  IncludeLead followed = lead(file, {"clang++", "-Isrc"});
  EXPECT_EQ(followed.block.header(9), "#include <torch/torch.h>\n");
  EXPECT_EQ(followed.own, 0u);
  IncludeLead library = lead(file, {"clang++", "-isystem", "src"});
  EXPECT_EQ(library.block.header(9), "#include <segmentor.h>\n");
  EXPECT_EQ(library.own, 1u);
}

TEST_F(PchLead, StopsAtAHeaderThatDefinesFirst) {
  write("config.h", "#define USE_CUDA 1\n#include <torch/torch.h>\n");
  EXPECT_TRUE(lead("#include \"config.h\"\n#include <torch/torch.h>\n").block.empty());
  write("loop.h", "#pragma once\n#include \"loop.h\"\n#include <a.h>\n");
  EXPECT_TRUE(lead("#include \"loop.h\"\n").block.empty());
}

TEST_F(PchLead, ReadsPastAnUndefOfAMacroNothingDefinedYet) {
  write("util.h", "#ifndef UTIL_H\n#define UTIL_H\n#undef slots\n#include <torch/torch.h>\n#define slots Q_SLOTS\n#endif\n");
  std::string file = "#include \"util.h\"\n";
  IncludeLead l = lead(file);
  EXPECT_EQ(l.block.header(9), "#include <torch/torch.h>\n");
  EXPECT_EQ(l.undefined, std::vector<std::string>{"slots"});
  // The command may have defined it.
  EXPECT_TRUE(lead(file, {"clang++", "-Dslots=x"}).block.empty());
  EXPECT_TRUE(lead(file, {"clang++", "-D", "slots"}).block.empty());
  EXPECT_TRUE(lead(file, {"clang++", "-Uslots"}).block.empty());
  // The compiler may have: reserved names, and GNU mode's `linux`.
  write("r.h", "#pragma once\n#undef __STRICT_ANSI__\n#include <torch/torch.h>\n");
  EXPECT_TRUE(lead("#include \"r.h\"\n").block.empty());
  write("g.h", "#pragma once\n#undef linux\n#include <torch/torch.h>\n");
  EXPECT_TRUE(lead("#include \"g.h\"\n").block.empty());
  // A guard on the way defined it.
  write("guard.h", "#ifndef G\n#define G\n#undef G\n#include <torch/torch.h>\n#endif\n");
  EXPECT_TRUE(lead("#include \"guard.h\"\n").block.empty());
  // A library line before it may have: the lead stops at the #undef.
  write("after.h", "#pragma once\n#include <vector>\n#undef slots\n#include <torch/torch.h>\n");
  IncludeLead after = lead("#include \"after.h\"\n");
  EXPECT_EQ(after.block.header(9), "#include <vector>\n");
  EXPECT_TRUE(after.undefined.empty());
  // A source file's own #undef still ends its block.
  EXPECT_TRUE(findIncludeBlock("#undef slots\n#include <a.h>\n", "/").empty());
}

// Pragmas that change at most which warnings are reported do not end a
// header's block (the header runs them again after the lead's headers); one
// that could fail a library header's parse, or that changes declarations,
// does.
TEST_F(PchLead, ReadsPastPragmasThatChangeOnlyWarnings) {
  auto lines = [](const std::string &text) { return findHeaderIncludeBlock(text, "/").directives.size(); };
  EXPECT_EQ(lines("#pragma once\n#pragma warning(push)\n#pragma warning(disable : 4251)\n#include <a.h>\n"
                  "#pragma warning(pop)\n#include <b.h>\n"),
            2u);
  EXPECT_EQ(lines("#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wshadow\"\n#include <a.h>\n"), 1u);
  EXPECT_EQ(lines("#pragma clang diagnostic ignored \"-Wshadow\"\n#pragma region io\n#include <a.h>\n"), 1u);
  EXPECT_EQ(lines("#pragma GCC diagnostic error \"-Wshadow\"\n#include <a.h>\n"), 0u);
  EXPECT_EQ(lines("#pragma warning(error : 4996)\n#include <a.h>\n"), 0u);
  EXPECT_EQ(lines("#pragma pack(push, 1)\n#include <a.h>\n"), 0u);
  EXPECT_EQ(lines("#pragma GCC visibility push(default)\n#include <a.h>\n"), 0u);
  // A source file's block still ends at a pragma: its lines are blanked, not run again.
  EXPECT_TRUE(findIncludeBlock("#pragma warning(push)\n#include <a.h>\n", "/").empty());
}
