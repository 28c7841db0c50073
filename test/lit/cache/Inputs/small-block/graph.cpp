#include "graph.h"

#ifdef USE_CUDA
GraphImpl::GraphImpl(Trainer *) { fc = torch::nn::Linear(4, 4); }
torch::Tensor GraphImpl::forward(torch::Tensor x) { return fc(x); }
#endif
