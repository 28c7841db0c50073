// nn-load-without-device and construction: a load that runs only while the
// object is constructed (its method called by the constructor, directly or
// through another method, before the constructor moves the module) undoes no
// move. A load called after the move, or by code outside the class, does.
// RUN: %if !other-torch %{ not %nnlint --checks=-*,nn-load-without-device %s -- %stub_flags | FileCheck %s --implicit-check-not="{{warning|note}}:" %}
// RUN: not %nnlint --checks=-*,nn-load-without-device %s -- %torch_flags | FileCheck %s --implicit-check-not="{{warning|note}}:"
#include <torch/torch.h>
struct NetImpl : torch::nn::Module {
  NetImpl() { fc = register_module("fc", torch::nn::Linear(4, 4)); }
  torch::Tensor forward(torch::Tensor x) { return fc(x); }
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(Net);
// Loaded only by the constructor, before the move; moved again elsewhere.
class Policy {
 public:
  Policy(const char *path, bool cuda) : device(torch::kCPU) {
    if (cuda) device = torch::Device(torch::kCUDA, 1);
    if (path) this->load_model(path);
    model->to(device);
  }
  void load_model(const char *path) { torch::load(model, path); }
  void save_cpu(const char *path) {
    model->to(torch::kCPU);
    torch::save(model, path);
    model->to(device);
  }
  Net model;
  torch::Device device;
};
// Through an init() that only the constructor calls.
class Policy2 {
 public:
  explicit Policy2(const char *path) : device(torch::kCUDA, 1) {
    init(path);
    model->to(device);
  }
  void init(const char *path) { restore(path); }
  void restore(const char *path) { torch::load(model, path); }
  Net model;
  torch::Device device;
};
// Loaded after the constructor's move: reported.
class Late {
 public:
  explicit Late(const char *path) : device(torch::kCUDA, 1) {
    model->to(device);
    restore(path);
  }
  void restore(const char *path) { torch::load(model, path); }
  // CHECK: constructor.cpp:[[@LINE-1]]:36: warning: torch::load() without a device puts the parameters of 'model' back{{.*}} [nn-load-without-device]
  // CHECK: constructor.cpp:[[@LINE-5]]:5: note: 'model' is moved to a device here, in 'Late::Late'
  Net model;
  torch::Device device;
};
// Also called by code outside the class, after construction: reported.
class Reloaded {
 public:
  explicit Reloaded(const char *path) : device(torch::kCUDA, 1) {
    restore(path);
    model->to(device);
  }
  void restore(const char *path) { torch::load(model, path); }
  // CHECK: constructor.cpp:[[@LINE-1]]:36: warning: torch::load() without a device puts the parameters of 'model' back{{.*}} [nn-load-without-device]
  // CHECK: constructor.cpp:[[@LINE-4]]:5: note: 'model' is moved to a device here, in 'Reloaded::Reloaded'
  Net model;
  torch::Device device;
};
void reload(Reloaded &r) { r.restore("best.pt"); }
