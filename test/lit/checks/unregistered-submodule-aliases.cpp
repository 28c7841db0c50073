// nn-unregistered-submodule follows modules, not names: holder copies,
// parameters that shadow members, locals moved into containers, nested
// containers and braced lists of members.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>

#include <utility>
#include <vector>

namespace nn = torch::nn;

// ---- Holder copies: a copy of a holder is the same module -----------------

// The member is a copy of a parameter; the parameter is what gets registered.
struct CopiedParamImpl : nn::Module {
  CopiedParamImpl(nn::GRU gru_layer, nn::Linear proj_layer) {
    gru = gru_layer;
    register_module("gru_layer", gru_layer);
    register_module("proj_layer", proj_layer);
    proj = proj_layer;
  }
  torch::Tensor forward(torch::Tensor x) { return proj(std::get<0>(gru(x))); }
  nn::GRU gru{nullptr};
  nn::Linear proj{nullptr};
};

// A constructor parameter that shadows the member.
struct ShadowImpl : nn::Module {
  explicit ShadowImpl(nn::Linear head) {
    this->head = head;
    register_module("head", head);
  }
  torch::Tensor forward(torch::Tensor x) { return head(x); }
  nn::Linear head{nullptr};
};

// The member is initialised from a local that is registered afterwards.
struct LocalCopyImpl : nn::Module {
  LocalCopyImpl() {
    nn::Conv2d conv(nn::Conv2dOptions(3, 8, 3));
    stem = conv;
    register_module("stem", conv);
  }
  torch::Tensor forward(torch::Tensor x) { return stem(x); }
  nn::Conv2d stem{nullptr};
};

// The parameter is copied into the member but never registered: the member is unregistered.
struct CopiedButLostImpl : nn::Module {
  explicit CopiedButLostImpl(nn::Linear layer) { fc = layer; }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  nn::Linear fc{nullptr};
  // CHECK: unregistered-submodule-aliases.cpp:[[@LINE-1]]:14: warning: submodule 'fc' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-4]]:50: note: assigned here, in the constructor
};

// A local is registered, but a different one is copied into the member.
struct WrongLocalImpl : nn::Module {
  WrongLocalImpl() {
    nn::Linear a(4, 4), b(4, 4);
    register_module("a", a);
    out = b;
  }
  torch::Tensor forward(torch::Tensor x) { return out(x); }
  nn::Linear out{nullptr};
  // CHECK: [[@LINE-1]]:14: warning: submodule 'out' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:5: note: assigned here, in the constructor
};

// ---- Registration results through locals, std::move and nested containers ----

struct MovedImpl : nn::Module {
  explicit MovedImpl(int n) {
    for (int i = 0; i < n; ++i) {
      auto block = register_module("block" + std::to_string(i), nn::Linear(4, 4));
      blocks.push_back(std::move(block));
    }
    auto tail = register_module("tail", nn::Linear(4, 4));
    extra.emplace_back(std::move(tail));
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b(x);
    return extra.front()(x);
  }
  std::vector<nn::Linear> blocks, extra;
};

// Rows of registered stages, in a vector of vectors.
struct GridImpl : nn::Module {
  GridImpl(int rows, int cols) {
    for (int r = 0; r < rows; ++r) {
      std::vector<nn::Sequential> row;
      for (int c = 0; c < cols; ++c) {
        nn::Sequential stage(nn::Linear(4, 4), nn::ReLU());
        row.push_back(register_module("s" + std::to_string(r) + "_" + std::to_string(c), stage));
      }
      grid.push_back(std::move(row));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &row : grid)
      for (auto &stage : row) x = stage->forward(x);
    return x;
  }
  std::vector<std::vector<nn::Sequential>> grid;
};

// The same nesting, with the inner modules never registered.
struct LostGridImpl : nn::Module {
  explicit LostGridImpl(int rows) {
    for (int r = 0; r < rows; ++r) {
      std::vector<nn::Linear> row;
      row.emplace_back(nn::Linear(4, 4));
      grid.push_back(std::move(row));
    }
  }
  torch::Tensor forward(torch::Tensor x) { return grid[0][0](x); }
  std::vector<std::vector<nn::Linear>> grid;
  // CHECK: [[@LINE-1]]:40: warning: 'grid' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:7: note: filled here, in the constructor
};

// A moved local that was never registered.
struct MovedLostImpl : nn::Module {
  MovedLostImpl() {
    nn::Linear layer(4, 4);
    layers.push_back(std::move(layer));
  }
  torch::Tensor forward(torch::Tensor x) { return layers[0](x); }
  std::vector<nn::Linear> layers;
  // CHECK: [[@LINE-1]]:27: warning: 'layers' holds submodules in a plain std::vector that is never registered{{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-5]]:5: note: filled here, in the constructor
};

// ---- Braced lists of members ------------------------------------------------

// Registered through pointers in a braced list.
struct PointerListImpl : nn::Module {
  PointerListImpl() {
    int i = 0;
    for (nn::Linear *cell : {&cell_0, &cell_1, &cell_2}) {
      *cell = nn::Linear(4, 4);
      register_module("cell_" + std::to_string(i++), *cell);
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (nn::Linear *cell : {&cell_0, &cell_1, &cell_2}) x = (*cell)(x);
    return x;
  }
  nn::Linear cell_0{nullptr}, cell_1{nullptr}, cell_2{nullptr};
};

// Registered through copies in a braced list (copies of holders share the module).
struct CopyListImpl : nn::Module {
  CopyListImpl() : enc(4, 4), dec(4, 4) {
    int i = 0;
    for (auto &part : {enc, dec}) register_module("part" + std::to_string(i++), part);
  }
  torch::Tensor forward(torch::Tensor x) { return dec(enc(x)); }
  nn::Linear enc, dec;
};

// A braced list that names only some of the members: the others stay unregistered.
struct PartialListImpl : nn::Module {
  PartialListImpl() : a(4, 4), b(4, 4), c(4, 4) {
    for (const auto &m : {a, b}) register_module("m", m);
  }
  torch::Tensor forward(torch::Tensor x) { return c(b(a(x))); }
  nn::Linear a, b, c;
  // CHECK: [[@LINE-1]]:20: warning: submodule 'c' (nn::Linear) is never registered with register_module(){{.*}} [nn-unregistered-submodule]
  // CHECK: [[@LINE-6]]:41: note: assigned here, in the constructor
};
