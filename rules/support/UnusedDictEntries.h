// Entries of a registered ModuleDict member that no method looks up, while
// every lookup of the dict uses a constant key: `heads_["a"]`, `heads_->at<T>("c")`
// in forward(), and an entry "b" put in by the constructor that nothing reads.
#pragma once

#include "index/ModelIndex.h"

#include <set>
#include <string>
#include <vector>

namespace nnlint {

struct UnusedDictEntry {
  const DictEntryFact *entry = nullptr;
  const RegistrationFact *registration = nullptr;  // of the dict
  std::set<std::string> lookedUp;                   // the keys that are looked up
};

// Empty unless the class was seen whole and every key of the dict is known.
std::vector<UnusedDictEntry> unusedDictEntries(const ModelIndex &index, const ClassFact &c);

}  // namespace nnlint
