#include "net.h"

// Out of line, naming the private `Args` and `Layer`: valid here, and what
// Clang 19's incremental parser alone rejects.
NetImpl::Args::Args() : width(4) {}

NetImpl::Layer *NetImpl::first() { return &fc; }

NetImpl::NetImpl() { fc = register_module("fc", torch::nn::Linear(args_.width, 2)); }

torch::Tensor NetImpl::forward(torch::Tensor x) { return torch::dropout(fc(x), 0.5, true); }
