// nn-load-without-device, TorchScript: torch::jit::load(source) without a
// device whose module then runs on inputs put on a device, never moved itself.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-load-without-device %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-load-without-device %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ cp %s %t.cpp && not %nnlint --checks=-*,nn-load-without-device --fix %t.cpp -- %stub_flags > /dev/null %}
// RUN: %if !other-torch %{ FileCheck %s --check-prefix=FIXED --input-file=%t.cpp %}
#include <torch/script.h>
#include <torch/torch.h>

#include <istream>
#include <string>
#include <vector>

// ---- Positives ------------------------------------------------------------

torch::Tensor serve(const std::string &path, torch::Tensor image, int rank) {
  torch::Device device(torch::kCUDA, rank);
  torch::jit::Module model = torch::jit::load(path);
  // CHECK: jit-load-without-device.cpp:[[@LINE-1]]:30: warning: torch::jit::load() without a device leaves 'model' on the devices the file was saved from, but it is run on inputs put on 'device'; pass the device as the second argument [nn-load-without-device]
  // CHECK: [[@LINE+2]]:25: note: the inputs of 'model' are put on 'device' here
  // FIXED: torch::jit::Module model = torch::jit::load(path, device);
  return model.forward({image.to(device)}).toTensor();
}

// Inputs collected in a vector; the module called with operator().
torch::Tensor run(std::istream &in, torch::Tensor x) {
  auto module = torch::jit::load(in);
  // CHECK: [[@LINE-1]]:17: warning: torch::jit::load() without a device leaves 'module' {{.*}} put on 'torch::kCUDA'
  // CHECK: [[@LINE+3]]:20: note: the inputs of 'module' are put on 'torch::kCUDA' here
  // FIXED: auto module = torch::jit::load(in, torch::kCUDA);
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(x.cuda());
  return module(inputs).toTensor();
}

// Assigned later; the input is a local moved to a device given as a temporary.
torch::Tensor reload(torch::jit::Module &m, const std::string &path, torch::Tensor x) {
  torch::jit::Module fresh;
  fresh = torch::jit::load(path);
  // CHECK: [[@LINE-1]]:11: warning: torch::jit::load() without a device leaves 'fresh' {{.*}} put on 'torch::Device(torch::kCUDA, 1)'
  // CHECK: [[@LINE+2]]:16: note: the inputs of 'fresh' are put on 'torch::Device(torch::kCUDA, 1)' here
  // FIXED: fresh = torch::jit::load(path, torch::Device(torch::kCUDA, 1));
  auto batch = x.to(torch::Device(torch::kCUDA, 1));
  return fresh.run_method("forward", batch).toTensor();
}

// ---- Negatives ------------------------------------------------------------

torch::Tensor given_device(const std::string &path, torch::Tensor x, torch::Device device) {
  auto a = torch::jit::load(path, device);
  auto b = torch::jit::load(path);
  b.to(device);  // moved before it runs
  auto c = torch::jit::load(path);
  auto cpu = c.forward({x}).toTensor();                 // inputs left where they are
  auto half = c.forward({x.to(torch::kHalf)}).toTensor();  // a dtype, not a device
  return a.forward({x.to(device)}).toTensor() + b.forward({x.to(device)}).toTensor() + cpu + half;
}
