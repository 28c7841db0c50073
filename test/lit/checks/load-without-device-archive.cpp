// nn-load-without-device follows what torch::load does in its two steps: an
// InputArchive read with load_from() and no device, then loaded into a module
// that was moved to a device (module->load(archive), archive >> module).
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-load-without-device %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-load-without-device %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ cp %s %t.cpp && not %nnlint --checks=-*,nn-load-without-device --fix %t.cpp -- %stub_flags > /dev/null %}
// RUN: %if !other-torch %{ FileCheck %s --check-prefix=FIXED --input-file=%t.cpp %}
#include <torch/torch.h>

#include <string>

struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t n) : fc(register_module("fc", torch::nn::Linear(n, n))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// ---- Positives ------------------------------------------------------------

void resume_with_method(const std::string &path, int rank) {
  torch::Device device(torch::kCUDA, rank);
  Net net(4);
  net->to(device);
  torch::serialize::InputArchive archive;
  archive.load_from(path);
  net->load(archive);
  // CHECK: load-without-device-archive.cpp:[[@LINE-1]]:3: warning: loading from an archive read without a device puts the parameters of 'net' back on the devices the checkpoint was saved from, undoing its move to a device; pass the device as the last argument of load_from() [nn-load-without-device]
  // CHECK: [[@LINE-5]]:3: note: 'net' is moved to 'device' here
  // CHECK: [[@LINE-4]]:3: note: the archive is read here without a device
  // FIXED: archive.load_from(path, device);
}

void resume_with_operator(const std::string &path) {
  auto model = std::make_shared<NetImpl>(4);
  model->to(torch::Device(torch::kCUDA, 1));
  torch::serialize::InputArchive in;
  in.load_from(path);
  in >> model;
  // CHECK: [[@LINE-1]]:3: warning: loading from an archive read without a device puts the parameters of 'model' back
  // CHECK: [[@LINE-5]]:3: note: 'model' is moved to 'torch::Device(torch::kCUDA, 1)' here
  // CHECK: [[@LINE-4]]:3: note: the archive is read here without a device
  // FIXED: in.load_from(path, torch::Device(torch::kCUDA, 1));
}

// ---- Negatives ------------------------------------------------------------

// The archive is read onto the device the module is on.
void resume_on_device(const std::string &path) {
  torch::Device device(torch::kCUDA, 1);
  Net net(4);
  net->to(device);
  torch::serialize::InputArchive archive;
  archive.load_from(path, device);
  net->load(archive);
}

// Loaded first, moved after: the move wins.
void load_then_move(const std::string &path) {
  Net net(4);
  torch::serialize::InputArchive archive;
  archive.load_from(path);
  net->load(archive);
  net->to(torch::Device(torch::kCUDA, 1));
}
