// nn-load-without-device: torch::load(module, source) without a device after
// the module was moved to one (on some path of the function, or in another
// method of the class that holds it), and the loads that are fine.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-load-without-device %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-load-without-device %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
// RUN: %if !other-torch %{ cp %s %t.cpp && not %nnlint --checks=-*,nn-load-without-device --fix %t.cpp -- %stub_flags > /dev/null %}
// RUN: %if !other-torch %{ FileCheck %s --check-prefix=FIXED --input-file=%t.cpp %}
// RUN: %if !other-torch %{ %nnlint --checks=-*,nn-load-without-device --list-checks %s | FileCheck %s --check-prefix=LIST %}
// LIST: nn-load-without-device
// RUN: %if !other-torch %{ clang-tidy-19 -load %tidy_plugin '-checks=-*,nn-load-without-device' %s -- %stub_flags 2>/dev/null | FileCheck %s --check-prefix=TIDY %}
#include <torch/torch.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

struct NetImpl : torch::nn::Module {
  explicit NetImpl(int64_t n) : fc(register_module("fc", torch::nn::Linear(n, n))) {}
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);

// ---- Positives ------------------------------------------------------------

// One process per GPU: the model is put on this rank's GPU, then the
// checkpoint (saved from cuda:0) takes it back to cuda:0.
void resume(const std::string &path, int rank) {
  torch::Device device(torch::kCUDA, rank);
  Net net(4);
  net->to(device);
  torch::load(net, path);
  // CHECK: load-without-device.cpp:[[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net' back on the devices the checkpoint was saved from, undoing its move to a device; pass the device as the last argument [nn-load-without-device]
  // CHECK: [[@LINE-3]]:3: note: 'net' is moved to 'device' here
  // TIDY: load-without-device.cpp:[[@LINE-3]]:3: warning: torch::load() without a device puts the parameters of 'net'{{.*}}[nn-load-without-device]
  // FIXED: torch::load(net, path, device);
}

// A shared_ptr to the Impl, moved on one branch only; `(*model).to(...)`.
void maybe_gpu(bool gpu, std::istream &in) {
  auto model = std::make_shared<NetImpl>(4);
  if (gpu) (*model).to(torch::Device(torch::kCUDA, 0));
  torch::load(model, in);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'model' back
  // CHECK: [[@LINE-3]]:12: note: 'model' is moved to 'torch::Device(torch::kCUDA, 0)' here
  // FIXED: torch::load(model, in, torch::Device(torch::kCUDA, 0));
}

// The device is given an index on one path: "cuda:1" and set_index().
void indexed_later(const std::string &path, int rank) {
  torch::Device device(torch::kCUDA);
  if (rank > 0) device = torch::Device("cuda:1");
  Net net(4);
  net->to(device);
  torch::load(net, path);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net' back
  // CHECK: [[@LINE-3]]:3: note: 'net' is moved to 'device' here
  // FIXED: torch::load(net, path, device);
  torch::Device other("cuda");
  other.set_index(static_cast<c10::DeviceIndex>(rank));
  Net net2(4);
  net2->to(other);
  torch::load(net2, path);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net2' back
  // CHECK: [[@LINE-3]]:3: note: 'net2' is moved to 'other' here
  // FIXED: torch::load(net2, path, other);
}

// ---- Notes: moved to a device without an index ----------------------------
// The model sits on the current device of its kind, where a checkpoint saved
// from that kind of device loads anyway: wrong only when it was saved on the
// other kind (a CPU checkpoint into a CUDA run, or the reverse).

// "CUDA when present, CPU otherwise", then the checkpoint of an earlier run.
void resume_where_available(const std::string &path) {
  torch::Device device(torch::kCPU);
  if (torch::cuda::is_available()) device = torch::Device(torch::kCUDA);
  Net net(4);
  net->to(device);
  torch::load(net, path);
  // CHECK: [[@LINE-1]]:3: note: torch::load() without a device puts the parameters of 'net' on the devices the checkpoint was saved from; it was moved to a device without an index, so this is wrong only for a checkpoint saved on another kind of device (CPU against CUDA); pass the device as the last argument [nn-load-without-device]
  // CHECK: [[@LINE-3]]:3: note: 'net' is moved to 'device' here
  // FIXED: torch::load(net, path, device);
  auto inputs = torch::zeros({2, 4}, torch::TensorOptions().device(device));  // passed on, not changed
  auto kind = torch::cuda::is_available() ? torch::kCUDA : torch::kCPU;
  Net net2(4);
  net2->to(torch::Device("cuda"));
  net2->to(kind);
  torch::load(net2, path);
  // CHECK: [[@LINE-1]]:3: note: torch::load() without a device puts the parameters of 'net2' on the devices
  // CHECK: [[@LINE-4]]:3: note: 'net2' is moved to 'torch::Device("cuda")' here
  // FIXED: torch::load(net2, path, torch::Device("cuda"));
}

// A member device made with make_shared in the constructor, where the agent
// is moved; the load is in another method.
class Agent {
 public:
  explicit Agent(bool use_cuda) {
    device_ = std::make_shared<torch::Device>(use_cuda && torch::cuda::is_available() ? torch::kCUDA : torch::kCPU);
    helper_ = std::make_shared<Helper>(device_);  // the pointer is passed on, not changed
    net_->to(*device_);
  }
  void restore(const std::string &path) { torch::load(net_, path); }
  // CHECK: [[@LINE-1]]:43: note: torch::load() without a device puts the parameters of 'net_' on the devices
  // CHECK: [[@LINE-4]]:5: note: 'net_' is moved to a device here, in 'Agent::Agent'
  // FIXED: void restore(const std::string &path) { torch::load(net_, path, *device_); }

 private:
  struct Helper {
    explicit Helper(std::shared_ptr<torch::Device> d) : device(std::move(d)) {}
    std::shared_ptr<torch::Device> device;
  };
  std::shared_ptr<torch::Device> device_;
  std::shared_ptr<Helper> helper_;
  Net net_{4};
};

// A flat buffer (data, size): the device would be the third source argument.
// The device is a parameter, so the fix can name it.
void from_buffer(Net net, const std::vector<char> &buffer, torch::Device device) {
  net->to(device, torch::kFloat32);
  torch::load(net, buffer.data(), buffer.size());
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net' back
  // CHECK: [[@LINE-3]]:3: note: 'net' is moved to 'device' here
  // FIXED: torch::load(net, buffer.data(), buffer.size(), device);
}

// A loop over checkpoints of a model moved once, before it; the device is a
// temporary whose text is fine to copy.
void evaluate_all(Net net, const std::vector<std::string> &checkpoints) {
  net->to(torch::Device(torch::kCUDA, 1));
  for (const std::string &path : checkpoints) {
    torch::load(net, path);
    // CHECK: [[@LINE-1]]:5: warning: torch::load() without a device puts the parameters of 'net' back
    // CHECK: [[@LINE-4]]:3: note: 'net' is moved to 'torch::Device(torch::kCUDA, 1)' here
    // FIXED: torch::load(net, path, torch::Device(torch::kCUDA, 1));
    if (path.empty()) break;
  }
}

// A member moved in the constructor and loaded in another method.
class Trainer {
 public:
  explicit Trainer(torch::Device device) : device_(device) { net_->to(device_); }
  void restore(const std::string &path) { torch::load(net_, path); }
  // CHECK: [[@LINE-1]]:43: warning: torch::load() without a device puts the parameters of 'net_' back
  // CHECK: [[@LINE-3]]:62: note: 'net_' is moved to a device here, in 'Trainer::Trainer'
  // FIXED: void restore(const std::string &path) { torch::load(net_, path, device_); }

 private:
  torch::Device device_;
  Net net_{4};
};

// A fresh model is put in the variable, moved, then loaded: the move that
// counts is the one after the reassignment.
void retrain(const std::string &path, torch::Device device) {
  Net net(4);
  net = Net(8);
  net->to(device);
  torch::load(net, path);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net' back
  // CHECK: [[@LINE-3]]:3: note: 'net' is moved to 'device' here
  // FIXED: torch::load(net, path, device);
}

// The variable is given a new model on one branch only: on the other path
// the moved model reaches the load.
void maybe_fresh(const std::string &path, torch::Device device, bool fresh) {
  Net net(4);
  net->to(device);
  if (fresh) net = Net(4);
  torch::load(net, path);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'net' back
  // CHECK: [[@LINE-4]]:3: note: 'net' is moved to 'device' here
  // FIXED: torch::load(net, path, device);
}

// The model is a field of a local struct: the place is `state.net`.
struct TrainState {
  Net net{4};
  int epoch = 0;
};
void resume_state(const std::string &path, int rank) {
  TrainState state;
  state.net->to(torch::Device(torch::kCUDA, rank));
  torch::load(state.net, path);
  // CHECK: [[@LINE-1]]:3: warning: torch::load() without a device puts the parameters of 'state.net' back
  // CHECK: [[@LINE-3]]:3: note: 'state.net' is moved to 'torch::Device(torch::kCUDA, rank)' here
  // FIXED: torch::load(state.net, path, torch::Device(torch::kCUDA, rank));
}

// Another field, or the whole struct replaced before the load: silent.
struct Pair {
  Net a{4}, b{4};
};
void resume_other_field(const std::string &path, int rank) {
  Pair p;
  p.a->to(torch::Device(torch::kCUDA, rank));
  torch::load(p.b, path);
}
void resume_replaced(const std::string &path, int rank) {
  TrainState state;
  state.net->to(torch::Device(torch::kCUDA, rank));
  state = TrainState();
  torch::load(state.net, path);
}

// ---- Negatives ------------------------------------------------------------

// Train on the device, then load the best checkpoint into a new model that
// was never moved: the load puts it where it was saved from, as wanted.
void reload_best(const std::string &path, torch::Device device) {
  Net model(4);
  model->to(device);
  torch::save(model, path);
  model = Net(4);
  torch::load(model, path);
}

// The same with a shared_ptr to the Impl.
void reload_best_shared(const std::string &path, torch::Device device) {
  auto model = std::make_shared<NetImpl>(4);
  model->to(device);
  model = std::make_shared<NetImpl>(4);
  torch::load(model, path);
}

// A member moved in the constructor, replaced by a new module before the
// load: that module was never moved.
class Evaluator {
 public:
  explicit Evaluator(torch::Device device) { net_->to(device); }
  void restore(const std::string &path) {
    net_ = Net(4);
    torch::load(net_, path);
  }

 private:
  Net net_{4};
};

void load_then_move(const std::string &path, torch::Device device) {
  Net net(4);
  torch::load(net, path);
  net->to(device);
}

void with_device(const std::string &path, std::istream &in, torch::Device device) {
  Net net(4);
  net->to(device);
  torch::load(net, path, device);
  torch::load(net, in, torch::kCUDA);
  torch::load(net, path, "cuda:1");
}

// Every path moves the model again after loading it.
void load_then_move_in_loop(Net net, const std::vector<std::string> &paths, torch::Device device) {
  for (const std::string &path : paths) {
    torch::load(net, path);
    net->to(device);
  }
}

void other_things(const std::string &path, torch::Device device) {
  Net a(4), b(4);
  a->to(device);
  torch::load(b, path);  // b was never moved
  b->to(torch::kFloat64);  // a dtype, not a device
  torch::load(b, path);
  torch::optim::SGD opt(a->parameters(), torch::optim::SGDOptions(0.1));
  torch::load(opt, path);  // optimizer state, not a module
  std::vector<torch::Tensor> tensors;
  torch::load(tensors, path);
}

// The member is moved in this method, but only after loading; and a class
// whose member is never moved.
class Loader {
 public:
  void init(const std::string &path, torch::Device device) {
    torch::load(net_, path);
    net_->to(device);
  }
  void reload(const std::string &path) { torch::load(other_, path); }

 private:
  Net net_{4}, other_{4};
};
