// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-unregistered-submodule %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-unregistered-submodule %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// A container of user structs whose fields hold modules: the struct is one
// value, so what a local struct's fields are given is what the container
// it is appended to holds, whichever way it is filled.
#include <torch/torch.h>

#include <string>
#include <utility>
#include <vector>

struct Block {
  torch::nn::Linear fc{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
};

Block make_block(int64_t width) {
  Block b;
  b.fc = torch::nn::Linear(width, width);
  b.bn = torch::nn::BatchNorm1d(width);
  return b;
}

// A local struct whose fields are assigned, then appended.
struct LocalImpl : torch::nn::Module {
  explicit LocalImpl(int n) {
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = torch::nn::Linear(8, 8);
      b.bn = torch::nn::BatchNorm1d(8);
      blocks.push_back(b);
      // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:7: note: filled here, in the constructor
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
  // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:22: warning: 'blocks' holds submodules in a plain Block that is never registered
};

// A factory that returns the struct.
struct FactoryImpl : torch::nn::Module {
  explicit FactoryImpl(int n) {
    for (int i = 0; i < n; ++i) blocks.push_back(make_block(8));
    // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:33: note: filled here, in the constructor
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
  // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:22: warning: 'blocks' holds submodules in a plain Block that is never registered
};

// A local vector of structs, moved into the member.
struct MovedImpl : torch::nn::Module {
  explicit MovedImpl(int n) {
    std::vector<Block> v;
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = torch::nn::Linear(8, 8);
      b.bn = torch::nn::BatchNorm1d(8);
      v.push_back(std::move(b));
    }
    blocks = std::move(v);
    // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:5: note: assigned here, in the constructor
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
  // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:22: warning: 'blocks' holds submodules in a plain Block that is never registered
};

// One field registered, the other not: the batch norm is lost.
struct HalfImpl : torch::nn::Module {
  explicit HalfImpl(int n) {
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = register_module("fc" + std::to_string(i), torch::nn::Linear(8, 8));
      b.bn = torch::nn::BatchNorm1d(8);
      blocks.push_back(b);
      // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:7: note: filled here, in the constructor
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
  // CHECK-DAG: unregistered-submodule-struct-elements.cpp:[[@LINE-1]]:22: warning: 'blocks' holds submodules in a plain Block that is never registered
};

// Every field registered, each way it can be spelled: silent.
struct RegisteredLocalImpl : torch::nn::Module {
  explicit RegisteredLocalImpl(int n) {
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = torch::nn::Linear(8, 8);
      b.bn = torch::nn::BatchNorm1d(8);
      register_module("fc" + std::to_string(i), b.fc);
      register_module("bn" + std::to_string(i), b.bn);
      blocks.push_back(b);
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
};

struct RegisteredFieldsImpl : torch::nn::Module {
  explicit RegisteredFieldsImpl(int n) {
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = register_module("fc" + std::to_string(i), torch::nn::Linear(8, 8));
      b.bn = register_module("bn" + std::to_string(i), torch::nn::BatchNorm1d(8));
      blocks.emplace_back(std::move(b));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
};

struct RegisteredInPlaceImpl : torch::nn::Module {
  explicit RegisteredInPlaceImpl(int n) {
    blocks.resize(n);
    int i = 0;
    for (auto &b : blocks) {
      b.fc = register_module("fc" + std::to_string(i), torch::nn::Linear(8, 8));
      b.bn = register_module("bn" + std::to_string(i++), torch::nn::BatchNorm1d(8));
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
};

// The struct is given to a helper nnlint cannot see, which may register it: silent.
void register_block(torch::nn::Module &owner, Block &b);

struct HandedOffImpl : torch::nn::Module {
  explicit HandedOffImpl(int n) {
    for (int i = 0; i < n; ++i) {
      Block b;
      b.fc = torch::nn::Linear(8, 8);
      b.bn = torch::nn::BatchNorm1d(8);
      register_block(*this, b);
      blocks.push_back(b);
    }
  }
  torch::Tensor forward(torch::Tensor x) {
    for (auto &b : blocks) x = b.bn(b.fc(x));
    return x;
  }
  std::vector<Block> blocks;
};
