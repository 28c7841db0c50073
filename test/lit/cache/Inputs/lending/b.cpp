#include "net.h"
#include "trainer.h"

torch::Tensor NetImpl::forward(torch::Tensor x) { return head(fc(x)) + aux(x); }
