// The warm session (parse/WarmSession): what it refuses, and that a part
// taken back leaves no trace a later parse could see.
#include "index/IndexJson.h"
#include "parse/WarmSession.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

using namespace nnlint;

TEST(WarmSession, FindsDirectivesOutsideCommentsAndStrings) {
  EXPECT_TRUE(hasDirectives("int x;\n#define N 3\n"));
  EXPECT_TRUE(hasDirectives("  #  include \"model.h\"\n"));
  EXPECT_TRUE(hasDirectives("int x;\n%:define N 3\n"));  // a digraph
  EXPECT_TRUE(hasDirectives("_Pragma(\"once\")\nint x;\n"));
  EXPECT_FALSE(hasDirectives("int x; // #define N 3\n/*\n#define M 4\n*/\n"));
  EXPECT_FALSE(hasDirectives("const char *s = R\"(\n#define N 3\n)\";\n"));
  EXPECT_FALSE(hasDirectives("int y = 1 # 2;\n"));  // not at the start of a line: Sema's business
}

// A macro's definition or undefinition and a conditional can be taken back
// with a part (the session gives the macros back); the rest cannot.
TEST(WarmSession, FindsDirectivesThatOutliveAPart) {
  EXPECT_FALSE(hasLastingDirectives("#define N 3\n#undef N\n#ifdef X\n#elif Y\n#else\n#endif\n#\nint x;\n"));
  EXPECT_FALSE(hasLastingDirectives("#ifndef X\n#if defined(Y)\n#endif\n#endif\n%:define M 1\n"));
  for (const char *text : {"#include \"model.h\"\n", "#pragma once\n", "#pragma pack(1)\n", "_Pragma(\"once\") int x;\n",
                           "#define P _Pragma(\"pack(1)\")\n", "#line 7\n", "# 7 \"other.cpp\"\n", "#import <a.h>\n",
                           "#include_next <a.h>\n", "#warning late\n"})
    EXPECT_TRUE(hasLastingDirectives(text)) << text;
}

TEST(WarmSession, BlanksLastingDirectivesKeepingLines) {
  EXPECT_EQ(withoutLastingDirectives("int x;\n#include \"a.h\"\nint y;\n"), "int x;\n              \nint y;\n");
  EXPECT_EQ(withoutLastingDirectives("#pragma pack(\\\n  1)\nint y;"), "              \n    \nint y;");
  EXPECT_EQ(withoutLastingDirectives("#pragma once /* a\nb */\nint z;\n"), "                 \n    \nint z;\n");
  EXPECT_EQ(withoutLastingDirectives("_Pragma(\"once\") int x;"), "                int x;");
  EXPECT_EQ(withoutLastingDirectives("#define P _Pragma(\"once\")\nint x;"), "                         \nint x;");
  std::string kept = "#ifdef A\n#define N 3\n#else\n#undef N\n#endif\nint x; // #include <a.h>\nint y = 1 # 2;\n";
  EXPECT_EQ(withoutLastingDirectives(kept), kept);
}

namespace {

// A session whose block is `-include`d header text (parsed before any part,
// as a precompiled block is), or none.
std::unique_ptr<WarmSession> openWith(const std::string &blockText) {
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR};
  llvm::SmallString<128> header;
  if (!blockText.empty()) {
    int fd;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("nnlint-block", "h", fd, header));
    llvm::raw_fd_ostream(fd, /*shouldClose=*/true) << blockText;
    args.insert(args.end(), {"-include", std::string(header)});
  }
  args.insert(args.end(), {"/nowhere/model.cpp", "-fsyntax-only"});
  llvm::Expected<std::unique_ptr<WarmSession>> session = WarmSession::open(args, "", SourceFilter(), false);
  if (!header.empty()) llvm::sys::fs::remove(header);  // read when the session opened
  if (!session) {
    ADD_FAILURE() << llvm::toString(session.takeError());
    return nullptr;
  }
  return std::move(*session);
}

const char *kLibrary = "namespace lib { int f(); }\n";
const char *kFile = "/nowhere/model.cpp";

// Taken: indexed without an error; WithErrors: indexed as Clang recovered
// it; Refused: left to the usual path.
enum class Parse { Taken, WithErrors, Refused, Crashed };

// What the session does with `text`, parsed in a fork as the parse host does
// (index() leaves its part in the session).
Parse parseInFork(WarmSession &session, const std::string &text) {
  pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(60);  // a parse that never ends reads as a crash
    SourceFilter filter;
    bool canWarmUp = false;
    std::optional<FileResult> result = session.index(kFile, text, filter, canWarmUp);
    ::_exit(!result ? 1 : result->ok ? 0 : 2);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (!WIFEXITED(status)) return Parse::Crashed;
  int code = WEXITSTATUS(status);
  return code == 0 ? Parse::Taken : code == 2 ? Parse::WithErrors : Parse::Refused;
}

bool takes(WarmSession &session, const std::string &text) { return parseInFork(session, text) == Parse::Taken; }
// Not taken as a text without errors.
bool refuses(WarmSession &session, const std::string &text) {
  Parse p = parseInFork(session, text);
  return p == Parse::WithErrors || p == Parse::Refused;
}

}  // namespace

TEST(WarmSession, ParsesWhatTheWarmUpRead) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  std::string text = "struct Net { int g() { return lib::f(); } };\n";
  EXPECT_TRUE(takes(*session, text));
  ASSERT_TRUE(session->warmUp(kFile, text));
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(takes(*session, text)) << i;
}

// A warm-up's own names are gone once it is taken back: using one that the
// new text no longer declares is an error, which the usual parse reports.
TEST(WarmSession, TakesBackWhatAWarmUpDeclared) {
  auto session = openWith("");
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->warmUp(kFile, "int helper();\nint g() { return helper(); }\n"));
  EXPECT_FALSE(takes(*session, "int g() { return helper(); }\n"));
  EXPECT_TRUE(takes(*session, "int helper();\nint g() { return helper(); }\n"));
}

// A file-scope `using namespace` of the block is taken back with its part
// (Clang 19 would crash on it): it is not in effect in a later part.
TEST(WarmSession, UsingDirectivesOfTheBlock) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  ASSERT_TRUE(session->warmUp(kFile, "using namespace lib;\nint g() { return f(); }\n"));
  EXPECT_TRUE(takes(*session, "using namespace lib;\nint g() { return f(); }\n"));
  EXPECT_FALSE(takes(*session, "int g() { return f(); }\nusing namespace lib;\n"));
  EXPECT_FALSE(takes(*session, "int g() { return f(); }\n"));
}

// A part that reaches outside itself (parse/PartUnloader) is taken back
// whole: the same text parses again, and what only it declared is gone.
TEST(WarmSession, PartsThatReachOutsideAreTakenBack) {
  struct Case {
    const char *text, *usesWhatItDeclared;  // the second fails once the first is taken back
  };
  for (Case c : {Case{"namespace lib { int h(); }\n", "int g() { return lib::h(); }\n"},  // reopens the block's namespace
                 Case{"int lib::f() { return 1; }\n", nullptr},  // defines the block's function
                 Case{"namespace { int h() { return 1; } }\n", "int g() { return h(); }\n"},
                 Case{"namespace lib { namespace { int h(); } int f() { return h(); } }\n",
                      "int g() { return lib::h(); }\n"}}) {
    // The block looks into `lib`, which gives it a lookup table of its own.
    auto session = openWith("namespace lib { int f(); }\nint use() { return lib::f(); }\n");
    ASSERT_TRUE(session);
    EXPECT_TRUE(takes(*session, c.text)) << c.text;
    ASSERT_TRUE(session->warmUp(kFile, c.text)) << c.text;
    for (int i = 0; i < 2; ++i) EXPECT_TRUE(takes(*session, c.text)) << c.text;
    EXPECT_TRUE(takes(*session, "int g() { return lib::f() + use(); }\n")) << c.text;  // the block's names stay
    if (c.usesWhatItDeclared) EXPECT_TRUE(refuses(*session, c.usesWhatItDeclared)) << c.text;
  }
}

// A parse adds to Clang's uniquing tables: here a nested name specifier
// and an elaborated type for each class the text names qualified, new in each
// parse. The session leaves room for as many again, so that a fork does not
// grow a table, which rehashes -- writes into -- every node the session holds
// (parse/UniquingTables.h).
TEST(WarmSession, AForkDoesNotGrowTheUniquingTables) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  std::string text;
  for (int i = 0; i < 300; ++i) {
    std::string n = std::to_string(i);
    text += "struct S" + n + " { struct T {}; };\nS" + n + "::T t" + n + ";\n";
  }
  ASSERT_TRUE(session->warmUp(kFile, text));
  for (int edit = 0; edit < 3; ++edit) {
    pid_t pid = ::fork();
    if (pid == 0) {
      bool canWarmUp = false;
      std::string edited = text + "int edit" + std::to_string(edit) + ";\n";
      std::optional<FileResult> result = session->index(kFile, edited, SourceFilter(), canWarmUp);
      ::_exit(!result || !result->ok ? 2 : session->grewTables() ? 1 : 0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "edit " << edit << ", status " << status;
  }
}

// Each parse starts __COUNTER__ where the block left it, as the file's own
// parse does, not where the last part left it.
TEST(WarmSession, CounterStartsWhereTheBlockLeftIt) {
  auto session = openWith("inline int fromTheBlock = __COUNTER__;\n");
  ASSERT_TRUE(session);
  std::string text = "static_assert(__COUNTER__ == 1, \"\");\n";
  EXPECT_TRUE(takes(*session, text));
  ASSERT_TRUE(session->warmUp(kFile, text));
  EXPECT_TRUE(takes(*session, text));
}

// A class that the block declares and the part defines cannot be taken
// back: its definition is shared by all its declarations.
TEST(WarmSession, DefinitionsOfTheBlocksClassesCannotWarmUp) {
  auto session = openWith("namespace lib { struct Fwd; }\n");
  ASSERT_TRUE(session);
  std::string text = "struct lib::Fwd { int x; };\n";
  EXPECT_TRUE(takes(*session, text));
  EXPECT_FALSE(session->warmUp(kFile, text));
}

TEST(WarmSession, OnlyForOneCxxCompilation) {
  auto session = WarmSession::open({"clang", "-x", "c", "-resource-dir=" NNLINT_RESOURCE_DIR, kFile, "-fsyntax-only"},
                                   "", SourceFilter(), false);
  ASSERT_FALSE(session);
  EXPECT_FALSE(llvm::toString(session.takeError()).empty());
}

// The rest of an include block that the PCH does not hold is parsed once and
// stays; a user's header there is checked as one in the PCH is.
TEST(WarmSession, TheRestOfTheBlock) {
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR, kFile,
                                   "-fsyntax-only"};
  auto session = WarmSession::open(args, "#include <cstddef>\n", SourceFilter(), false);
  ASSERT_TRUE(bool(session)) << llvm::toString(session.takeError());
  EXPECT_TRUE(takes(**session, "std::size_t n = 0;\n"));

  llvm::SmallString<128> header;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("nnlint-user", "h", fd, header));
  llvm::raw_fd_ostream(fd, /*shouldClose=*/true) << "struct Net {};\n";
  auto withHeader = WarmSession::open(args, "#include \"" + std::string(header) + "\"\n", SourceFilter(), false);
  ASSERT_TRUE(bool(withHeader)) << llvm::toString(withHeader.takeError());
  EXPECT_TRUE((*withHeader)->userHeadersUnchanged());
  EXPECT_TRUE(takes(**withHeader, "Net n;\n"));
  {
    std::error_code ec;
    llvm::raw_fd_ostream(header, ec) << "struct Net { int x; };\n";
  }
  EXPECT_FALSE((*withHeader)->userHeadersUnchanged());
  llvm::sys::fs::remove(header);
}

// A block that holds a user header: each index lists it, and an edit of it
// is seen (the parse host then opens the session again).
TEST(WarmSession, UserHeadersInTheBlock) {
  llvm::SmallString<128> header;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("nnlint-user", "h", fd, header));
  llvm::raw_fd_ostream(fd, /*shouldClose=*/true) << "struct Net { int forward(); };\n";
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR,
                                   "-include", std::string(header), kFile, "-fsyntax-only"};
  auto opened = WarmSession::open(args, "", SourceFilter(), /*pchHoldsUserCode=*/true);
  ASSERT_TRUE(bool(opened)) << llvm::toString(opened.takeError());
  std::unique_ptr<WarmSession> session = std::move(*opened);
  EXPECT_TRUE(session->userHeadersUnchanged());
  pid_t pid = ::fork();
  if (pid == 0) {
    SourceFilter filter;
    bool canWarmUp = false;
    std::optional<FileResult> result =
        session->index(kFile, "int use(Net &n) { return n.forward(); }\n", filter, canWarmUp);
    bool listed = result && result->inputs.size() == 1 && result->inputs[0].path == std::string(header);
    ::_exit(listed ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the index does not list the header";
  {
    std::error_code ec;
    llvm::raw_fd_ostream(header, ec) << "struct Net { int forward(); int other(); };\n";
  }
  EXPECT_FALSE(session->userHeadersUnchanged());
  llvm::sys::fs::remove(header);
}

// The block's facts are walked once, when the session opens; each index
// walks only the file's part and adds them. A class of the block whose
// members the file defines is judged whole: the file's registrations count.
TEST(WarmSession, BlockFactsAndTheFilesOwn) {
  llvm::SmallString<128> header;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("nnlint-user", "h", fd, header));
  llvm::raw_fd_ostream(fd, /*shouldClose=*/true)
      << "#include <torch/torch.h>\n"
         "struct NetImpl : torch::nn::Module {\n"
         "  NetImpl();\n"
         "  torch::Tensor forward(torch::Tensor x);\n"
         "  torch::nn::Linear a{nullptr}, b{nullptr};\n"
         "};\n"
         "struct HeadImpl : torch::nn::Module {\n"
         "  HeadImpl() { fc = register_module(\"fc\", torch::nn::Linear(4, 4)); }\n"
         "  torch::nn::Linear fc{nullptr};\n"
         "};\n";
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR,
                                   "-isystem", NNLINT_STUB_INCLUDE, "-include", std::string(header), kFile,
                                   "-fsyntax-only"};
  auto opened = WarmSession::open(args, "", SourceFilter(), /*pchHoldsUserCode=*/true);
  ASSERT_TRUE(bool(opened)) << llvm::toString(opened.takeError());
  std::unique_ptr<WarmSession> session = std::move(*opened);
  std::string text =
      "NetImpl::NetImpl() { a = register_module(\"a\", torch::nn::Linear(4, 4)); }\n"
      "torch::Tensor NetImpl::forward(torch::Tensor x) { return a(x); }\n";
  auto registered = [](const ClassFact &c) {
    std::set<std::string> out;
    for (const RegistrationFact &r : c.registrations) out.insert(r.member);
    return out;
  };
  for (bool warmedUp : {false, true}) {
    pid_t pid = ::fork();
    if (pid == 0) {
      SourceFilter filter;
      bool canWarmUp = false;
      std::optional<FileResult> result = session->index(kFile, text, filter, canWarmUp);
      if (!result) ::_exit(2);
      auto named = [&](const std::string &name) {
        auto it = result->index.classes.begin();
        while (it != result->index.classes.end() && it->second.name != name) ++it;
        return it;
      };
      auto net = named("NetImpl"), head = named("HeadImpl");
      if (net == result->index.classes.end() || head == result->index.classes.end()) ::_exit(3);
      if (net->second.members.size() != 2 || registered(net->second) != std::set<std::string>{"a"}) ::_exit(4);
      if (!net->second.methods["forward"].defined || net->second.methods["forward"].membersUsed.count("a") == 0)
        ::_exit(5);
      ::_exit(registered(head->second) == std::set<std::string>{"fc"} ? 0 : 6);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status)) << warmedUp;
    EXPECT_EQ(WEXITSTATUS(status), 0) << warmedUp << ": 2 no index, 3 a class missing, 4 NetImpl's members, "
                                         "5 its forward, 6 HeadImpl's registrations";
    if (!warmedUp) ASSERT_TRUE(session->warmUp(kFile, text));
  }
  llvm::sys::fs::remove(header);
}

// The block's facts kept at a path are read by the next session rather than
// walked again; facts that cannot be read are walked again and rewritten.
TEST(WarmSession, KeepsTheBlocksFactsForTheNextSession) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-block-facts", dir));
  std::string header = std::string(dir) + "/head.h", facts = std::string(dir) + "/block.blockfacts";
  {
    std::error_code ec;
    llvm::raw_fd_ostream(header, ec) << "#include <torch/torch.h>\n"
                                        "struct HeadImpl : torch::nn::Module {\n"
                                        "  HeadImpl() { fc = register_module(\"fc\", torch::nn::Linear(4, 4)); }\n"
                                        "  torch::nn::Linear fc{nullptr};\n"
                                        "};\n";
  }
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR,
                                   "-isystem", NNLINT_STUB_INCLUDE, "-include", header, kFile, "-fsyntax-only"};
  // Whether a session opened now indexes a class of that name.
  auto hasClass = [&](const std::string &name) {
    auto opened = WarmSession::open(args, "", SourceFilter(), /*pchHoldsUserCode=*/true, facts);
    if (!opened) {
      ADD_FAILURE() << llvm::toString(opened.takeError());
      return false;
    }
    pid_t pid = ::fork();
    if (pid == 0) {
      bool canWarmUp = false;
      std::optional<FileResult> result = (*opened)->index(kFile, "int x;\n", SourceFilter(), canWarmUp);
      bool found = result && llvm::any_of(result->index.classes, [&](const auto &c) { return c.second.name == name; });
      ::_exit(found ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
  };
  auto kept = [&] {
    auto text = llvm::MemoryBuffer::getFile(facts);
    return text ? indexFromJson(nlohmann::json::parse((*text)->getBuffer())) : ModelIndex();
  };
  auto keep = [&](const std::string &text) {
    std::error_code ec;
    llvm::raw_fd_ostream(facts, ec) << text;
  };

  EXPECT_TRUE(hasClass("HeadImpl"));  // walked, and written
  ModelIndex written = kept();
  ASSERT_EQ(written.classes.size(), 1u);
  // Read back: a name only the kept facts hold.
  written.classes.begin()->second.name = "KeptImpl";
  keep(indexToJson(written).dump());
  EXPECT_TRUE(hasClass("KeptImpl"));
  EXPECT_FALSE(hasClass("HeadImpl"));
  // Damaged: walked again, and written whole.
  keep("{\"classes\": [");
  EXPECT_TRUE(hasClass("HeadImpl"));
  EXPECT_EQ(kept().classes.size(), 1u);
  llvm::sys::fs::remove_directories(dir);
}

// A text with a directive after its block is parsed, never warmed up with;
// a user header it includes is one of the result's inputs.
TEST(WarmSession, DirectivesAfterTheBlock) {
  llvm::SmallString<128> header;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("nnlint-user", "h", fd, header));
  llvm::raw_fd_ostream(fd, /*shouldClose=*/true) << "#define WIDTH 4\n";
  auto session = openWith("");
  ASSERT_TRUE(session);
  std::string text = "#include \"" + std::string(header) + "\"\nint width = WIDTH;\n";
  pid_t pid = ::fork();
  if (pid == 0) {
    SourceFilter filter;
    bool canWarmUp = true;
    std::optional<FileResult> result = session->index(kFile, text, filter, canWarmUp);
    if (!result || canWarmUp) ::_exit(2);
    bool listed = false;
    for (const SourceInput &in : result->inputs) listed |= in.path == std::string(header);
    ::_exit(listed ? 0 : 3);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "2: not parsed, or could warm up; 3: the header is not an input";
  llvm::sys::fs::remove(header);
}

// A text with errors is indexed as Clang recovered it, with the usual
// parse's errors, and never warms the session up; the session stays as it
// was for the next text.
TEST(WarmSession, IndexesWhatClangRecovered) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(60);
    SourceFilter filter;
    bool canWarmUp = true;
    std::optional<FileResult> result =
        session->index(kFile, "int g() { return lib::f(); }\nint h() { return undeclared + 1; }\nint k = missing_value;\n",
                       filter, canWarmUp);
    if (!result || result->ok || canWarmUp) ::_exit(2);
    ::_exit(result->errorCount == 2 && result->errorLoc.line == 2 && result->errorLoc.column == 18 ? 0 : 3);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "2: not indexed, or could warm up; 3: other errors than the usual parse's";
  EXPECT_TRUE(takes(*session, "int g() { return lib::f(); }\n"));
}

// The declarations that hold a text's errors: the function inside the
// namespace (not the namespace), the whole class for an error in an inline
// member, and the variable's declaration with its initializer.
TEST(WarmSession, FindsTheDeclarationsThatHoldErrors) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  std::string text = "namespace n {\nint g() { return lib::f(); }\nint h() { return undeclared + 1; }\n}\n"
                     "struct S { int m() { return nope; } };\nint k = missing_value;\nint fine = 1;\n";
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(60);
    bool canWarmUp = false;
    std::string blanked;
    if (session->index(kFile, text, SourceFilter(), canWarmUp)) blanked = withoutRanges(text, session->declarationsWithErrors());
    ssize_t ignored = ::write(fds[1], blanked.data(), blanked.size());
    (void)ignored;
    ::_exit(0);
  }
  ::close(fds[1]);
  std::string got;
  char buf[512];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) got.append(buf, n);
  ::close(fds[0]);
  ::waitpid(pid, nullptr, 0);
  ASSERT_EQ(got.size(), text.size());
  EXPECT_EQ(std::count(got.begin(), got.end(), '\n'), std::count(text.begin(), text.end(), '\n'));
  EXPECT_NE(got.find("namespace n {"), std::string::npos);
  EXPECT_NE(got.find("int g() { return lib::f(); }"), std::string::npos);
  EXPECT_EQ(got.find("undeclared"), std::string::npos);
  EXPECT_EQ(got.find("struct S"), std::string::npos);
  EXPECT_EQ(got.find("missing_value"), std::string::npos);
  EXPECT_NE(got.find("int fine = 1;"), std::string::npos);
  EXPECT_TRUE(takes(*session, got));
}

// Texts left to the usual path: a missing #include, and an error whose
// recovery skips to the end of the text (Clang 19's incremental parser
// looped there). An error in a template's instantiation, at the end of the
// part, is an error of the text.
TEST(WarmSession, TextsForTheUsualPath) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  EXPECT_EQ(parseInFork(*session, "#include \"no-such-header.h\"\nint g();\n"), Parse::Refused);
  EXPECT_EQ(parseInFork(*session, "int g(int);\nint f() { return g(; }\nint k() { return 1; }\n"), Parse::Refused);
  EXPECT_EQ(parseInFork(*session, "template <class T> int twice(T t) { return t.no(); }\nint g() { return twice(1); }\n"),
            Parse::WithErrors);
  EXPECT_EQ(parseInFork(*session, "template <class T> int twice(T t) { return t.no(); }\nint g() { return twice(1) + x; }\n"),
            Parse::WithErrors);
  // A last declaration without its `;`: the usual parse reports it.
  EXPECT_EQ(parseInFork(*session, "int g() { return lib::f(); }\nstruct S {}"), Parse::Refused);
  EXPECT_EQ(parseInFork(*session, "int g() { return lib::f(); }\nint k = 1"), Parse::Refused);
  EXPECT_EQ(parseInFork(*session, "int g() { return lib::f(); };;\nstruct S {};"), Parse::Taken);
  EXPECT_TRUE(takes(*session, "int g() { return lib::f(); }\n"));
}

namespace {

// Whether the session can be warmed up with `text` itself (index()'s canWarmUp).
bool canWarmUpWith(WarmSession &session, const std::string &text) {
  pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(60);
    SourceFilter filter;
    bool canWarmUp = false;
    std::optional<FileResult> result = session.index(kFile, text, filter, canWarmUp);
    ::_exit(result && canWarmUp ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

// A text that defines and uses its own macros warms the session up with
// itself; once its part is taken back its macros are gone: the name is an
// ordinary identifier again, as in the usual parse of a text without them.
TEST(WarmSession, TakesBackTheMacrosAWarmUpDefined) {
  auto session = openWith(kLibrary);
  ASSERT_TRUE(session);
  std::string text =
      "#define WIDTH 4\n#define CALL(f) lib::f()\n#ifdef WIDTH\nint w = WIDTH + CALL(f);\n#else\nint w = x;\n#endif\n";
  EXPECT_TRUE(canWarmUpWith(*session, text));
  ASSERT_TRUE(session->warmUp(kFile, text));
  EXPECT_TRUE(takes(*session, text));
  EXPECT_TRUE(takes(*session, "int WIDTH = 3;\nint CALL = WIDTH;\n"));
  EXPECT_TRUE(takes(*session, "#ifdef WIDTH\nint w = x;\n#endif\n"));
  EXPECT_TRUE(takes(*session, "#define WIDTH 5\nstatic_assert(WIDTH == 5, \"\");\n"));
}

// A block's macro that the warm-up redefined or undefined is the block's
// again in the next parse.
TEST(WarmSession, GivesBackTheBlocksMacros) {
  auto session = openWith("#define WIDTH 4\n#define DEPTH 2\n");
  ASSERT_TRUE(session);
  std::string text = "#undef WIDTH\n#define WIDTH 5\n#undef DEPTH\nstatic_assert(WIDTH == 5, \"\");\nint DEPTH = 1;\n";
  EXPECT_TRUE(canWarmUpWith(*session, text));
  ASSERT_TRUE(session->warmUp(kFile, text));
  EXPECT_TRUE(takes(*session, "static_assert(WIDTH == 4 && DEPTH == 2, \"\");\n"));
  EXPECT_TRUE(takes(*session, text));
}


// A text may be kept whole unless a text appended to it could join its
// last line.
TEST(WarmSession, WhereAWholePrefixEnds) {
  EXPECT_EQ(wholePrefixEnd("int a;\n"), 7u);
  EXPECT_EQ(wholePrefixEnd("int a;\r\n"), 8u);
  EXPECT_EQ(wholePrefixEnd("int a;\nint b; /* c */"), 21u);
  EXPECT_EQ(wholePrefixEnd("int a;\nint b; // c"), 0u);  // `d` appended would be in the comment
  EXPECT_EQ(wholePrefixEnd("int a; // \\\n"), 0u);     // so would the next line
  EXPECT_EQ(wholePrefixEnd("int a; \\"), 0u);
  EXPECT_EQ(wholePrefixEnd(""), 0u);
}

namespace {

// The index a fork of the session gives `text`, as JSON with its errors,
// or "refused".
std::string indexInFork(WarmSession &session, const std::string &text) {
  int out[2];
  if (::pipe(out) != 0) return "no pipe";
  pid_t pid = ::fork();
  if (pid == 0) {
    ::alarm(60);
    ::close(out[0]);
    bool canWarmUp = false;
    std::optional<FileResult> result = session.index(kFile, text, SourceFilter(), canWarmUp);
    std::string answer = !result ? "refused"
                                 : indexToJson(result->index).dump() + " errors " + std::to_string(result->errorCount) +
                                       " " + result->error;
    ::_exit(::write(out[1], answer.data(), answer.size()) == ssize_t(answer.size()) ? 0 : 1);
  }
  ::close(out[1]);
  std::string got;
  char buffer[4096];
  ssize_t n;
  while ((n = ::read(out[0], buffer, sizeof buffer)) > 0) got.append(buffer, n);
  ::close(out[0]);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? got : "crashed";
}

const char *kModules =
    "struct NetImpl : torch::nn::Module {\n"
    "  NetImpl() { a = register_module(\"a\", torch::nn::Linear(4, 4)); }\n"
    "  torch::Tensor forward(torch::Tensor x) { return a(x); }\n"
    "  torch::nn::Linear a{nullptr}, b{nullptr};\n"
    "};\n"
    "int helper(NetImpl &n) { return 1; }\n"
    "struct HeadImpl : torch::nn::Module {\n"
    "  HeadImpl();\n"
    "  torch::nn::Linear fc{nullptr};\n"
    "};\n";

std::unique_ptr<WarmSession> moduleSession() {
  std::vector<std::string> args = {"clang++", "-std=c++17", "-w", "-resource-dir=" NNLINT_RESOURCE_DIR, "-isystem",
                                   NNLINT_STUB_INCLUDE, "-include", "torch/torch.h", kFile, "-fsyntax-only"};
  auto opened = WarmSession::open(args, "", SourceFilter(), false);
  if (!opened) {
    ADD_FAILURE() << llvm::toString(opened.takeError());
    return nullptr;
  }
  return std::move(*opened);
}

}  // namespace

// A kept prefix is parsed once; a text that starts with it parses only its
// rest, and indexes as the whole text does: facts of a class split over the
// prefix and the rest, errors in the rest, __COUNTER__ going on.
TEST(WarmSession, AKeptPrefixIndexesAsTheWholeText) {
  auto session = moduleSession();
  ASSERT_TRUE(session);
  std::string text = std::string(kModules) + "static_assert(__COUNTER__ == 0, \"\");\n";
  ASSERT_TRUE(session->warmUp(kFile, text));
  std::vector<std::string> edits = {
      text,
      text + "HeadImpl::HeadImpl() { fc = register_module(\"fc\", torch::nn::Linear(4, 4)); }\n",
      text + "HeadImpl::HeadImpl() { b = 1; }\nstatic_assert(__COUNTER__ == 1, \"\");\n",  // an error, in the rest
      text + "int later(NetImpl &n) { return helper(n); }\n"};
  std::vector<std::string> whole;
  for (const std::string &edit : edits) whole.push_back(indexInFork(*session, edit));
  ASSERT_EQ(session->keepPrefix(kFile, text, wholePrefixEnd(text), SourceFilter()), WarmSession::Prefix::Kept);
  for (size_t i = 0; i < edits.size(); ++i) {
    EXPECT_TRUE(session->prefixFits(kFile, edits[i])) << i;
    EXPECT_NE(whole[i].find("\"classes\""), std::string::npos) << whole[i];
    EXPECT_EQ(indexInFork(*session, edits[i]), whole[i]) << i;
  }
  EXPECT_NE(whole[2].find("errors 1"), std::string::npos) << whole[2];
  EXPECT_EQ(session->keepPrefix(kFile, text, wholePrefixEnd(text), SourceFilter()), WarmSession::Prefix::NotKept);
}

// A text that changes the prefix is refused until it is dropped; the
// declarations before the change can be kept as the next prefix, which
// ends where a declaration begins on a line of its own.
TEST(WarmSession, AnEditInsideThePrefix) {
  auto session = moduleSession();
  ASSERT_TRUE(session);
  std::string text = std::string(kModules) + "int a = 1; int b = 2;\nint c = 3;\n";
  ASSERT_TRUE(session->warmUp(kFile, text));
  ASSERT_EQ(session->keepPrefix(kFile, text, text.size(), SourceFilter()), WarmSession::Prefix::Kept);
  std::string helperLine = "int helper(NetImpl &n) { return 1; }\n";
  size_t helperAt = text.find(helperLine), bAt = text.find("int b"), cAt = text.find("int c");
  std::string changed = text;
  changed.replace(helperAt, helperLine.size(), "int helper(NetImpl &n) { return 2; }\n");
  EXPECT_FALSE(session->prefixFits(kFile, changed));
  EXPECT_EQ(indexInFork(*session, changed), "refused");
  EXPECT_EQ(session->sharedPrefixEnd(changed), helperAt);
  // `int b` shares its line with `int a`: a change there keeps the prefix before `int a`.
  std::string changedB = text;
  changedB.replace(bAt, 9, "int b = 3");
  EXPECT_EQ(session->sharedPrefixEnd(changedB), text.find("int a"));
  EXPECT_EQ(session->sharedPrefixEnd(text.substr(0, cAt) + "int d;\n"), cAt);
  EXPECT_FALSE(session->prefixFits("/nowhere/other.cpp", text));

  ASSERT_TRUE(session->dropPrefix());
  std::string whole = indexInFork(*session, changed);
  EXPECT_NE(whole.find("\"classes\""), std::string::npos) << whole;
  ASSERT_EQ(session->keepPrefix(kFile, changed, helperAt, SourceFilter()), WarmSession::Prefix::Kept);
  EXPECT_EQ(indexInFork(*session, changed), whole);
}

// A prefix may define macros, which its rest then reads and which are
// given back with it, and hold whole conditionals; a directive that would
// outlive it (an include guard, a pragma) or a conditional left open keeps
// no prefix, and none ends inside a conditional.
TEST(WarmSession, DirectivesInAPrefix) {
  auto session = moduleSession();
  ASSERT_TRUE(session);
  std::string text = "#define WIDTH 4\n#ifndef NARROW\nint w = WIDTH;\n#endif\nint z;\nint y;\n";
  ASSERT_TRUE(session->warmUp(kFile, text));
  std::string edited = text + "static_assert(WIDTH == 4, \"\");\n";
  std::string whole = indexInFork(*session, edited);
  EXPECT_EQ(session->keepPrefix(kFile, "#pragma once\nint v;\n", 21, SourceFilter()), WarmSession::Prefix::NotKept);
  EXPECT_EQ(session->keepPrefix(kFile, text, text.find("#endif"), SourceFilter()), WarmSession::Prefix::NotKept);
  ASSERT_EQ(session->keepPrefix(kFile, text, text.size(), SourceFilter()), WarmSession::Prefix::Kept);
  EXPECT_EQ(indexInFork(*session, edited), whole);
  // `int z` follows the conditional's end, `int y` only declarations.
  EXPECT_EQ(session->sharedPrefixEnd(text.substr(0, text.find("int z")) + "int x;\n"), 0u);
  EXPECT_EQ(session->sharedPrefixEnd(text.substr(0, text.find("int y")) + "int x;\n"), text.find("int y"));
  ASSERT_TRUE(session->dropPrefix());
  EXPECT_TRUE(takes(*session, "int WIDTH = 3;\n"));  // the macro was given back
}

// A text whose last line does not end is kept whole; what follows on that
// line may not start a directive, which it would once the prefix is blanked.
TEST(WarmSession, APrefixWhoseLastLineDoesNotEnd) {
  auto session = moduleSession();
  ASSERT_TRUE(session);
  std::string text = std::string(kModules) + "int last = 1;";
  ASSERT_TRUE(session->warmUp(kFile, text));
  std::string appended = text + " int more = helper(*(NetImpl *)nullptr);\n";
  std::string whole = indexInFork(*session, appended);
  ASSERT_EQ(session->keepPrefix(kFile, text, wholePrefixEnd(text), SourceFilter()), WarmSession::Prefix::Kept);
  EXPECT_TRUE(session->prefixFits(kFile, appended));
  EXPECT_EQ(indexInFork(*session, appended), whole);
  EXPECT_FALSE(session->prefixFits(kFile, text + "#define WIDTH 4\n"));
  EXPECT_TRUE(session->prefixFits(kFile, text + "\n#define WIDTH 4\n"));
}
