#include "y.h"

YImpl::YImpl() { fc = torch::nn::Linear(4, 4); }
torch::Tensor YImpl::forward(torch::Tensor x) { return fc(x); }
