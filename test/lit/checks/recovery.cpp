// Code that does not compile: the index runs on Clang's recovered AST. A class
// whose declaration holds an error (a member, a base) is not judged; an error in
// a method body leaves the class judged, less what the statement with the error
// names. The compile errors are
// printed in Clang's form and the exit code is 2.
// RUN: %if !other-torch %{ %expect_exit 2 %nnlint %s -- %stub_flags 2>%t.err | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: %if !other-torch %{ FileCheck %s --check-prefix=ERR --input-file=%t.err %}
// RUN: %expect_exit 2 %nnlint %s -- %torch_flags 2>%t.torch.err | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.torch.err
// ERR: recovery.cpp:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}undeclared_helper{{.*}} [clang-diagnostic-error]
#include <torch/torch.h>

// An error outside every class: the classes below are still judged.
int broken_free_function() { return undeclared_helper(); }

// No error: judged, and its defect reported.
struct CleanImpl : torch::nn::Module {
  CleanImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
  // CHECK: recovery.cpp:[[@LINE-1]]:21: warning: submodule 'fc' (torch::nn::Linear) is never registered {{.*}} [nn-unregistered-submodule]
  // CHECK: recovery.cpp:[[@LINE-4]]:17: note: assigned here, in the constructor
};

// A member of a type written for another LibTorch version: not judged.
struct OldApiImpl : torch::nn::Module {
  OldApiImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return bn(fc(x)); }
  torch::nn::Linear fc{nullptr};
  torch::nn::NoSuchNorm bn{nullptr};
};

// A call that does not resolve in a method body (a RecoveryExpr): what it
// is called on, fc(x), was recovered whole, and the class is judged.
struct BadCallImpl : torch::nn::Module {
  BadCallImpl() { fc = torch::nn::Linear(4, 4); }
  torch::Tensor forward(torch::Tensor x) { return fc(x).no_such_method(); }
  torch::nn::Linear fc{nullptr};
  // CHECK: recovery.cpp:[[@LINE-1]]:21: warning: submodule 'fc' (torch::nn::Linear) is never registered {{.*}} [nn-unregistered-submodule]
  // CHECK: recovery.cpp:[[@LINE-4]]:19: note: assigned here, in the constructor
};

// A registration whose statement Clang drops: judging the class would report
// 'fc' as never registered, which is false.
struct DroppedImpl : torch::nn::Module {
  DroppedImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)) +; }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};

// An error in an out-of-line method: not judged either.
struct SplitImpl : torch::nn::Module {
  SplitImpl();
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
SplitImpl::SplitImpl() {
  fc = register_module("fc", torch::nn::Linear(4, 4));
  undeclared_helper(fc);
}

// An error at the end of forward() while it is being written: Clang drops the
// rest of the body; what it recovered still shows 'head' is never registered.
struct EditingImpl : torch::nn::Module {
  EditingImpl() {
    body = register_module("body", torch::nn::Linear(4, 4));
    head = torch::nn::Linear(4, 2);
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = head(body(x));
    h = h.relu(;
    return h;
  }
  torch::nn::Linear body{nullptr}, head{nullptr};
  // CHECK: recovery.cpp:[[@LINE-1]]:36: warning: submodule 'head' (torch::nn::Linear) is never registered {{.*}} [nn-unregistered-submodule]
  // CHECK: recovery.cpp:[[@LINE-9]]:5: note: assigned here, in the constructor
};

// What Clang dropped may use a member: 'out', named only in the statement it
// dropped, is not reported as unreached from forward().
struct TypingImpl : torch::nn::Module {
  TypingImpl() {
    in = register_module("in", torch::nn::Linear(4, 4));
    out = register_module("out", torch::nn::Linear(4, 4));
    spare = register_module("spare", torch::nn::Linear(4, 4));
  }
  torch::Tensor forward(torch::Tensor x) {
    auto h = in(x);
    h = out(h) +;
    return spare(h);
  }
  torch::nn::Linear in{nullptr}, out{nullptr}, spare{nullptr};
};
