#include "IndexFixture.h"

using namespace nnlint;
using nnlint::test::indexOf;

namespace {

const WriteFact *firstWrite(const ClassFact &c, const std::string &member) {
  for (const WriteFact &w : c.writes)
    if (w.member == member) return &w;
  return nullptr;
}

}  // namespace

TEST(ModelIndex, ClassifiesMemberHolds) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
#include <array>
#include <map>
struct NetImpl : torch::nn::Module {
  torch::nn::Linear holder{nullptr};
  std::shared_ptr<torch::nn::LinearImpl> shared;
  torch::nn::LinearImpl *raw = nullptr;
  std::vector<torch::nn::Conv2d> vec;
  std::array<torch::nn::Linear, 2> arr{nullptr, nullptr};
  torch::nn::Linear carr[3] = {nullptr, nullptr, nullptr};
  std::map<std::string, std::vector<torch::nn::Linear>> nested;
  torch::Tensor w;
  int not_a_module = 0;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->member("holder")->kind, HoldKind::Holder);
  EXPECT_EQ(c->member("holder")->moduleClass, "torch::nn::LinearImpl");
  EXPECT_TRUE(c->member("holder")->nullInit);
  EXPECT_EQ(c->member("shared")->kind, HoldKind::SharedPtr);
  EXPECT_EQ(c->member("raw")->kind, HoldKind::RawPtr);
  EXPECT_EQ(c->member("vec")->kind, HoldKind::Container);
  EXPECT_EQ(c->member("vec")->moduleClass, "torch::nn::Conv2dImpl");
  EXPECT_EQ(c->member("vec")->containerKind, "std::vector");
  EXPECT_EQ(c->member("arr")->containerKind, "std::array");
  EXPECT_EQ(c->member("carr")->containerKind, "C array");
  EXPECT_EQ(c->member("nested")->containerKind, "std::vector");
  EXPECT_EQ(c->member("w")->kind, HoldKind::Tensor);
  EXPECT_EQ(c->member("not_a_module"), nullptr);
}

TEST(ModelIndex, BindsRegistrationsToMembers) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl() : fc(register_module("fc", torch::nn::Linear(2, 2))) {
    for (int i = 0; i < 3; ++i) blocks.push_back(register_module("b" + std::to_string(i), torch::nn::Linear(2, 2)));
    for (auto &l : more) register_module("m", l);
    w = register_parameter("w", torch::zeros({2}), /*requires_grad=*/false);
    register_buffer("running", running);
  }
  torch::nn::Linear fc;
  std::vector<torch::nn::Linear> blocks, more;
  torch::Tensor w, running;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  std::map<std::string, const RegistrationFact *> by;
  for (const RegistrationFact &r : c->registrations) by[r.member] = &r;
  ASSERT_TRUE(by.count("fc"));
  EXPECT_EQ(by["fc"]->method, "<ctor>");
  ASSERT_TRUE(by.count("blocks"));
  ASSERT_TRUE(by.count("more"));
  ASSERT_TRUE(by.count("w"));
  EXPECT_EQ(by["w"]->kind, RegKind::Parameter);
  EXPECT_FALSE(by["w"]->requiresGrad);
  ASSERT_TRUE(by.count("running"));
  EXPECT_EQ(by["running"]->kind, RegKind::Buffer);
}

TEST(ModelIndex, FollowsHelpersThatRegisterAContainer) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
void register_all(torch::nn::Module &m, std::vector<torch::nn::Linear> &v) {
  for (size_t i = 0; i < v.size(); ++i) m.register_module("l" + std::to_string(i), v[i]);
}
void opaque(std::vector<torch::nn::Linear> &v);
struct NetImpl : torch::nn::Module {
  NetImpl() {
    layers.push_back(torch::nn::Linear(2, 2));
    register_all(*this, layers);
    opaque(hidden);
  }
  std::vector<torch::nn::Linear> layers, hidden;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  bool layersRegistered = false;
  for (const RegistrationFact &r : c->registrations) layersRegistered |= r.member == "layers" && r.viaHelper;
  EXPECT_TRUE(layersRegistered);
  EXPECT_TRUE(c->opaqueMembers.count("hidden"));
  EXPECT_FALSE(c->opaqueMembers.count("layers"));
}

TEST(ModelIndex, RecordsWritesWithTheirMethodAndSources) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct AImpl : torch::nn::Cloneable<AImpl> {
  AImpl() { reset(); cells = {fc1, fc2}; }
  void reset() override {
    cells.clear();
    fc1 = register_module("fc1", torch::nn::Linear(8, 8));
    fc2 = register_module("fc2", torch::nn::Linear(8, 8));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  std::vector<torch::nn::Linear> cells;
};)");
  const ClassFact *c = index.find("AImpl");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->isCloneable);
  EXPECT_FALSE(c->hasOwnClone);
  const WriteFact *w = nullptr;
  for (const WriteFact &x : c->writes)
    if (x.member == "cells" && x.kind == WriteKind::Assign) w = &x;
  ASSERT_TRUE(w);
  EXPECT_EQ(w->method, "<ctor>");
  EXPECT_EQ(w->sourceMembers, (std::vector<std::string>{"fc1", "fc2"}));
  // Methods are walked in source order: the constructor's write comes first.
  const WriteFact *clear = nullptr;
  for (const WriteFact &x : c->writes)
    if (x.member == "cells" && x.kind == WriteKind::Clear) clear = &x;
  ASSERT_TRUE(clear);
  EXPECT_EQ(clear->method, "reset");
  EXPECT_LT(w->order, clear->order);  // offsets in the file: the constructor comes first
  EXPECT_TRUE(c->reachableFrom("<ctor>").count("reset"));
  EXPECT_TRUE(c->allMethodsSeen());
}

TEST(ModelIndex, IndexesClassTemplatesAndUserBases) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct Base : torch::nn::Module {};
template <int N>
struct BlockImpl : Base {
  BlockImpl() { for (int i = 0; i < N; ++i) layers.push_back(torch::nn::Linear(N, N)); }
  std::vector<torch::nn::Linear> layers;
};
template struct BlockImpl<2>;
)");
  const ClassFact *c = index.find("BlockImpl");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->moduleBases, (std::vector<std::string>{"Base"}));
  ASSERT_TRUE(c->member("layers"));
  const WriteFact *w = firstWrite(*c, "layers");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->kind, WriteKind::Append);
}

TEST(ModelIndex, LocalsTakeTheRegistrationOfTheirValue) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl() {
    auto block = register_module("b", torch::nn::Linear(2, 2));
    blocks.push_back(block);
    torch::nn::Linear tail(2, 2);
    extra.push_back(tail);
    register_module("tail", tail);
    torch::nn::Linear lost(2, 2);
    unregistered.push_back(lost);
  }
  std::vector<torch::nn::Linear> blocks, extra, unregistered;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  const WriteFact *blocks = firstWrite(*c, "blocks");
  const WriteFact *extra = firstWrite(*c, "extra");
  const WriteFact *lost = firstWrite(*c, "unregistered");
  ASSERT_TRUE(blocks && extra && lost);
  EXPECT_TRUE(blocks->fromRegistration);
  EXPECT_TRUE(extra->fromRegistration);  // registered after it was appended
  EXPECT_FALSE(extra->freshModule);
  EXPECT_FALSE(lost->fromRegistration);
  EXPECT_TRUE(lost->freshModule);
}

TEST(ModelIndex, WritesThroughAWrapperStructBindTheMember) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct Bank { std::vector<torch::nn::Linear> items; };
struct NetImpl : torch::nn::Module {
  NetImpl() { bank.items.push_back(torch::nn::Linear(2, 2)); }
  Bank bank;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  ASSERT_TRUE(c->member("bank"));
  EXPECT_EQ(c->member("bank")->kind, HoldKind::Container);
  const WriteFact *w = firstWrite(*c, "bank");
  ASSERT_TRUE(w);
  EXPECT_EQ(w->kind, WriteKind::Append);
  EXPECT_TRUE(w->freshModule);
}

TEST(ModelIndex, ModuleContainersBuiltFromMembersNameTheirSources) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(2, 2));
    seq = torch::nn::Sequential(fc1);
    fresh = torch::nn::Sequential(torch::nn::Linear(2, 2));
  }
  torch::nn::Linear fc1{nullptr};
  torch::nn::Sequential seq{nullptr}, fresh{nullptr};
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  const WriteFact *seq = firstWrite(*c, "seq");
  ASSERT_TRUE(seq);
  EXPECT_EQ(seq->sourceMembers, (std::vector<std::string>{"fc1"}));
  EXPECT_FALSE(seq->freshModule);
  const WriteFact *fresh = firstWrite(*c, "fresh");
  ASSERT_TRUE(fresh);
  EXPECT_TRUE(fresh->freshModule);
}

TEST(ModelIndex, ArrayOfNullHoldersIsNotAnInitialisation) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
#include <array>
struct NetImpl : torch::nn::Module {
  std::array<torch::nn::Linear, 2> pair{nullptr, nullptr};
  std::array<torch::nn::Linear, 1> built{torch::nn::Linear(2, 2)};
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  EXPECT_TRUE(c->member("pair")->nullInit);
  EXPECT_EQ(firstWrite(*c, "pair"), nullptr);
  EXPECT_FALSE(c->member("built")->nullInit);
  EXPECT_NE(firstWrite(*c, "built"), nullptr);
}

TEST(ModelIndex, HelperRegistrationsKeepTheirKind) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
void add_bias(torch::nn::Module &m, torch::Tensor &b) { b = m.register_parameter("b", torch::zeros({2})); }
void add_mean(torch::nn::Module &m, torch::Tensor &t) { m.register_buffer("mean", t); }
struct NetImpl : torch::nn::Module {
  NetImpl() { add_bias(*this, bias); add_mean(*this, mean); }
  torch::Tensor bias, mean;
};)");
  const ClassFact *c = index.find("NetImpl");
  ASSERT_TRUE(c);
  std::map<std::string, const RegistrationFact *> by;
  for (const RegistrationFact &r : c->registrations) by[r.member] = &r;
  ASSERT_TRUE(by.count("bias"));
  EXPECT_EQ(by["bias"]->kind, RegKind::Parameter);
  EXPECT_TRUE(by["bias"]->viaHelper);
  EXPECT_EQ(by["bias"]->method, "<ctor>");
  ASSERT_TRUE(by.count("mean"));
  EXPECT_EQ(by["mean"]->kind, RegKind::Buffer);
}

// A summary that says nothing, of a function whose body every file that calls
// it sees (inline, internal) and that no call here names, is left out of the
// file's facts: each caller's file summarises it itself. One that a call
// names, or of a function other files may call without its body, stays.
TEST(ModelIndex, LeavesOutSummariesThatSayNothingOfFunctionsEveryCallerSees) {
  ModelIndex index = indexOf(R"(
#include <torch/torch.h>
inline int unusedInline(int x) { return x + 1; }
static int unusedStatic(int x) { return x * 2; }
int external(int x) { return x - 1; }
inline void touches(torch::nn::Linear &layer) { (void)layer; }
struct NetImpl : torch::nn::Module {
  NetImpl() { touches(fc); }
  int scale(int x) { return unusedStatic(x); }
  torch::nn::Linear fc{nullptr};
};
)");
  auto summarised = [&](const char *name) {
    for (const auto &[usr, h] : index.helpers)
      if (usr.find(name) != std::string::npos) return true;
    return false;
  };
  EXPECT_FALSE(summarised("unusedInline"));
  EXPECT_FALSE(summarised("unusedStatic"));
  EXPECT_TRUE(summarised("external"));
  EXPECT_TRUE(summarised("touches"));
}
