// Members a base class registers and its forward() uses, which a derived
// class's forward() override never reaches: it neither calls the base's
// forward() nor uses them. A derived object still holds them in parameters().
#pragma once

#include "index/ModelIndex.h"

#include <vector>

namespace nnlint {

struct SkippedBaseMember {
  const ClassFact *base = nullptr;                    // the class that registers it
  const RegistrationFact *registration = nullptr;     // in the base's constructor or reset()
  const MethodFact *baseForward = nullptr;            // the base's forward(), which reaches it
};

// Empty unless the derived class and every user base of it were seen whole.
std::vector<SkippedBaseMember> skippedBaseMembers(const ModelIndex &index, const ClassFact &derived);

}  // namespace nnlint
