#include "x.h"

XImpl::XImpl() { fc = torch::nn::Linear(4, 4); }
torch::Tensor XImpl::forward(torch::Tensor x) { return fc(x); }
