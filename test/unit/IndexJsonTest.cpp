// The model index survives the trip through JSON that worker processes use
// to hand their results to the parent: same facts, same findings.
#include "IndexFixture.h"
#include "cache/ParallelIndex.h"
#include "index/Condition.h"
#include "index/IndexJson.h"
#include "parse/Frontend.h"
#include "project/Analyzer.h"
#include "rules/Rule.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace nnlint;

namespace {

std::string findingsText(const ModelIndex &index) {
  std::vector<Finding> findings;
  for (const auto &rule : allRules()) rule->check(index, findings);
  sortFindings(findings);
  std::string out;
  for (const Finding &f : findings) {
    out += f.loc.file + ":" + std::to_string(f.loc.line) + ":" + std::to_string(f.loc.column) + ": " + f.check + ": " +
           f.message + "\n";
    for (const RelatedNote &n : f.notes)
      out += "  " + n.loc.file + ":" + std::to_string(n.loc.line) + ": " + n.message + "\n";
  }
  return out;
}

// The check tests' inputs: real model code with every kind of fact.
std::vector<std::string> checkInputs() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(NNLINT_SOURCE_DIR "/test/lit/checks", ec), end; !ec && it != end;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".cpp") files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

// The indexes of the files that compile against the stand-in header (some
// check inputs hold deliberately broken code). Parsed in this process as
// nnlint parses files (library bodies skipped, their shared include block
// precompiled once), never through a worker, whose result would have made
// the trip through JSON already.
std::vector<ModelIndex> indexesOf(const std::vector<std::string> &files) {
  std::vector<clang::tooling::CompileCommand> commands;
  for (const std::string &file : files)
    commands.emplace_back(llvm::sys::path::parent_path(file), file,
                          std::vector<std::string>{"clang++", "-std=c++17", "-isystem", NNLINT_STUB_INCLUDE, file}, "");
  ParseOptions opts;
  opts.resourceDir = findResourceDir();
  opts.clangPath = clangNextTo(opts.resourceDir);
  llvm::SmallString<128> cache;
  EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("nnlint-index-json", cache));
  SpeedOptions speed;
  speed.jobs = 1;
  speed.cacheDir = std::string(cache);
  std::vector<ModelIndex> indexes;
  for (FileResult &r : indexFiles(commands, opts, SourceFilter(), speed))
    if (r.ok) indexes.push_back(std::move(r.index));
  llvm::sys::fs::remove_directories(cache);
  return indexes;
}

}  // namespace

TEST(IndexJson, RoundTripsTheIndexOfRealCode) {
  std::vector<std::string> files = checkInputs();
  ASSERT_FALSE(files.empty());
  ModelIndex all;
  for (ModelIndex &one : indexesOf(files)) all.merge(one);
  all.resolveHelpers();
  ASSERT_FALSE(all.classes.empty());

  nlohmann::json written = indexToJson(all);
  ModelIndex read = indexFromJson(nlohmann::json::parse(written.dump()));
  EXPECT_EQ(indexToJson(read), written);
  EXPECT_EQ(findingsText(read), findingsText(all));
  EXPECT_FALSE(findingsText(all).empty()) << "the inputs should give findings, or this test compares nothing";

  // Spot checks against the original structs, not through JSON.
  ASSERT_EQ(read.classes.size(), all.classes.size());
  size_t conditionalRegistrations = 0, flags = 0, stateless = 0;
  for (const auto &[name, c] : all.classes) {
    const ClassFact &r = read.classes.at(name);
    EXPECT_EQ(r.loc, c.loc) << name;
    ASSERT_EQ(r.members.size(), c.members.size()) << name;
    for (size_t i = 0; i < c.members.size(); ++i) {
      EXPECT_EQ(r.members[i].name, c.members[i].name);
      EXPECT_EQ(r.members[i].kind, c.members[i].kind);
      EXPECT_EQ(r.members[i].nullInit, c.members[i].nullInit);
    }
    ASSERT_EQ(r.writes.size(), c.writes.size()) << name;
    for (size_t i = 0; i < c.writes.size(); ++i) {
      EXPECT_EQ(r.writes[i].kind, c.writes[i].kind);
      EXPECT_EQ(r.writes[i].sourceMembers, c.writes[i].sourceMembers);
    }
    ASSERT_EQ(r.methods.size(), c.methods.size()) << name;
    for (const auto &[m, fact] : c.methods) {
      EXPECT_EQ(r.methods.at(m).callees, fact.callees) << name << "::" << m;
      const MethodFact &rm = r.methods.at(m);
      ASSERT_EQ(rm.deadMembers.size(), fact.deadMembers.size()) << name << "::" << m;
      for (const auto &[member, use] : fact.deadMembers) {
        EXPECT_EQ(rm.deadMembers.at(member).reason, use.reason);
        EXPECT_EQ(rm.deadMembers.at(member).loc, use.loc);
        EXPECT_EQ(rm.deadMembers.at(member).variable, use.variable);
      }
      EXPECT_EQ(rm.deadCallees.size(), fact.deadCallees.size()) << name << "::" << m;
      EXPECT_EQ(rm.membersMutated, fact.membersMutated) << name << "::" << m;
      for (const auto &[member, g] : fact.memberGuards)
        EXPECT_TRUE(condEqual(rm.memberGuards.at(member).skip, g.skip)) << name << "::" << member;
    }
    ASSERT_EQ(r.registrations.size(), c.registrations.size()) << name;
    for (size_t i = 0; i < c.registrations.size(); ++i) {
      EXPECT_TRUE(condEqual(r.registrations[i].when, c.registrations[i].when)) << name;
      conditionalRegistrations += !isTrue(c.registrations[i].when);
    }
    ASSERT_EQ(r.flagValues.size(), c.flagValues.size()) << name;
    for (const auto &[flag, value] : c.flagValues) EXPECT_TRUE(condEqual(r.flagValues.at(flag), value)) << flag;
    flags += c.flagValues.size();
    EXPECT_EQ(r.containerElements, c.containerElements) << name;
    EXPECT_EQ(r.statelessModules, c.statelessModules) << name;
    stateless += c.statelessModules.size();
    EXPECT_EQ(r.frozenMembers, c.frozenMembers) << name;
    EXPECT_EQ(r.parameterWrites.size(), c.parameterWrites.size()) << name;
  }
  EXPECT_GT(conditionalRegistrations, 0u) << "the inputs should register under conditions";
  EXPECT_GT(flags, 0u) << "the inputs should set flags in constructors";
  EXPECT_GT(stateless, 0u) << "the inputs should hold parameter-less library modules";
  // The inputs hold every kind of the new facts, or the spot checks compare nothing.
  std::set<DeadReason> reasons;
  bool frozen = false, overwritten = false;
  for (const auto &[name, c] : read.classes) {
    for (const auto &[m, fact] : c.methods)
      for (const auto &[member, use] : fact.deadMembers) reasons.insert(use.reason);
    frozen |= !c.frozenMembers.empty();
    overwritten |= !c.parameterWrites.empty();
  }
  EXPECT_EQ(reasons.size(), 6u);  // every DeadReason
  EXPECT_TRUE(frozen);
  EXPECT_TRUE(overwritten);
  EXPECT_EQ(read.forwardCalls.size(), all.forwardCalls.size());
  ASSERT_FALSE(all.outsideCalls.empty()) << "the gradient checks' inputs should call module methods from outside";
  ASSERT_EQ(read.outsideCalls.size(), all.outsideCalls.size());
  for (size_t i = 0; i < all.outsideCalls.size(); ++i) {
    EXPECT_EQ(read.outsideCalls[i].moduleClass, all.outsideCalls[i].moduleClass);
    EXPECT_EQ(read.outsideCalls[i].method, all.outsideCalls[i].method);
    EXPECT_EQ(read.outsideCalls[i].training, all.outsideCalls[i].training);
    EXPECT_EQ(read.outsideCalls[i].loc, all.outsideCalls[i].loc);
  }
  EXPECT_EQ(read.helpers.size(), all.helpers.size());
  ASSERT_FALSE(all.callSites.empty()) << "the call-site checks' inputs should give call-site facts";
  ASSERT_EQ(read.callSites.size(), all.callSites.size());
  for (size_t i = 0; i < all.callSites.size(); ++i) {
    const CallSiteFact &c = all.callSites[i], &r = read.callSites[i];
    EXPECT_EQ(r.kind, c.kind);
    EXPECT_EQ(r.loc, c.loc);
    EXPECT_EQ(r.cause, c.cause);
    EXPECT_EQ(r.fixBegin, c.fixBegin);
    EXPECT_EQ(r.fixText, c.fixText);
  }
}

// The facts that wait for the merge (helper results, lambda captures, what
// helpers return) cross the pipe between workers before they are resolved.
TEST(IndexJson, RoundTripsUnresolvedPointsToFacts) {
  ModelIndex one;
  for (ModelIndex &i : indexesOf({NNLINT_SOURCE_DIR "/test/lit/checks/unregistered-submodule-helpers.cpp",
                                  NNLINT_SOURCE_DIR "/test/lit/checks/captured-members.cpp"}))
    one.merge(i);
  size_t fromHelpers = 0, captured = 0, returning = 0, via = 0;
  for (const auto &[name, c] : one.classes)
    for (const WriteFact &w : c.writes) {
      fromHelpers += w.fromHelpers.size();
      captured += w.capturedMembers.size();
    }
  for (const auto &[usr, h] : one.helpers) {
    returning += h.returns != ReturnedModule::None;
    via += h.returnsVia.size();
  }
  ASSERT_GT(fromHelpers, 0u);
  ASSERT_GT(captured, 0u);
  ASSERT_GT(returning, 0u);
  ASSERT_GT(via, 0u);

  ModelIndex read = indexFromJson(nlohmann::json::parse(indexToJson(one).dump()));
  for (const auto &[name, c] : one.classes) {
    const ClassFact &r = read.classes.at(name);
    ASSERT_EQ(r.writes.size(), c.writes.size());
    for (size_t i = 0; i < c.writes.size(); ++i) {
      EXPECT_EQ(r.writes[i].fromHelpers, c.writes[i].fromHelpers);
      EXPECT_EQ(r.writes[i].capturedMembers, c.writes[i].capturedMembers);
    }
  }
  for (const auto &[usr, h] : one.helpers) {
    EXPECT_EQ(read.helpers.at(usr).returns, h.returns) << usr;
    EXPECT_EQ(read.helpers.at(usr).returnsVia, h.returnsVia) << usr;
  }
  read.resolveHelpers();
  one.resolveHelpers();
  EXPECT_EQ(findingsText(read), findingsText(one));
}

TEST(IndexJson, FileResultKeepsErrors) {
  FileResult r;
  r.file = "/src/a.cpp";
  r.error = "a.cpp:3:1: error: unknown type name 'x'; file not analyzed";
  r.missingInclude = true;
  r.absentFiles = {"/src/later.h", "/usr/include/later.h"};
  r.blockError = true;
  FileResult back = fileResultFromJson(fileResultToJson(r));
  EXPECT_EQ(back.file, r.file);
  EXPECT_FALSE(back.ok);
  EXPECT_EQ(back.error, r.error);
  EXPECT_TRUE(back.missingInclude);
  EXPECT_EQ(back.absentFiles, r.absentFiles);
  EXPECT_TRUE(back.blockError);
}

TEST(IndexJson, RejectsMalformedInput) {
  EXPECT_THROW(indexFromJson(nlohmann::json::parse(R"({"classes": 3})")), nlohmann::json::exception);
  EXPECT_THROW(fileResultFromJson(nlohmann::json::parse("[]")), nlohmann::json::exception);
}

// Fields that hold their default are not written, and read back as defaults.
TEST(IndexJson, LeavesOutDefaultFields) {
  ModelIndex index;
  index.helpers["c:@F@none#"];
  HelperSummary &registered = index.helpers["c:@F@registered#"];
  registered.returns = ReturnedModule::Registered;
  registered.returnsRegistration.kind = RegKind::Buffer;
  registered.returnsRegistration.requiresGrad = false;
  nlohmann::json j = indexToJson(index);
  EXPECT_EQ(j["helpers"]["c:@F@none#"], nlohmann::json::object());
  EXPECT_EQ(j["helpers"]["c:@F@registered#"]["returnsRegistration"].size(), 2u);
  ModelIndex back = indexFromJson(j);
  EXPECT_EQ(back.helpers.at("c:@F@registered#").returnsRegistration.kind, RegKind::Buffer);
  EXPECT_FALSE(back.helpers.at("c:@F@registered#").returnsRegistration.requiresGrad);
  EXPECT_EQ(back.helpers.at("c:@F@none#").returns, ReturnedModule::None);
  EXPECT_TRUE(back.helpers.at("c:@F@registered#").returnsRegistration.when.args.empty());
}
