// NOLINT comments with clang-tidy's syntax and meaning.
// RUN: %expect_exit 1 %nnlint %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|error}}:"
#include <torch/torch.h>

#define HOLDER(name) struct name##Impl : torch::nn::Module { \
    name##Impl() { fc = torch::nn::Linear(4, 4); }          \
    torch::Tensor forward(torch::Tensor x) { return fc(x); }

HOLDER(Plain)
  torch::nn::Linear fc{nullptr}; // NOLINT
};
HOLDER(Named)
  torch::nn::Linear fc{nullptr}; // NOLINT(nn-unregistered-submodule)
};
HOLDER(Glob)
  torch::nn::Linear fc{nullptr}; // NOLINT(nn-container-alias, nn-unregistered-*)
};
HOLDER(OtherCheck)
  torch::nn::Linear fc{nullptr}; // NOLINT(nn-container-alias)
  // CHECK: nolint.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
HOLDER(EmptyList)
  torch::nn::Linear fc{nullptr}; // NOLINT()
  // CHECK: nolint.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
HOLDER(NextLine)
  // NOLINTNEXTLINE(nn-unregistered-submodule)
  torch::nn::Linear fc{nullptr};
};
HOLDER(NextLineTooFar)
  // NOLINTNEXTLINE(nn-unregistered-submodule)

  torch::nn::Linear fc{nullptr};
  // CHECK: nolint.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
HOLDER(NotADirective)
  torch::nn::Linear fc{nullptr}; // NOLINTED is not a directive
  // CHECK: nolint.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
// NOLINTBEGIN(nn-unregistered-*)
HOLDER(InBlock)
  torch::nn::Linear fc{nullptr};
};
// NOLINTEND(nn-unregistered-*)
HOLDER(AfterBlock)
  torch::nn::Linear fc{nullptr};
  // CHECK: nolint.cpp:[[@LINE-1]]:21: warning: submodule 'fc' {{.*}} [nn-unregistered-submodule]
};
