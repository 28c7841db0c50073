// Findings of the runtime verifier and the report that carries them.
// Deliberately free of torch headers: tools that only print reports stay cheap to build.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace nnlint::verify {

struct Finding {
  std::string rule;       // "nn-container-alias", "nn-runtime-gradient-mismatch", ...
  std::string message;    // one line that names the parameter, op, replica and devices
  std::string parameter;  // qualified name in the original model ("layer1.conv.weight"), or ""
  std::string op;         // operator that touched it ("aten::linear"), or ""
  std::string device;     // device of the replica concerned ("cuda:1"), or ""
  int replica = -1;       // replica index; -1 for the original model or all replicas
  // "warning": a defect, and the report is not ok(). "note": a cost worth knowing (what
  // data_parallel's replication or device 0's extra memory costs); the report stays ok().
  std::string level = "warning";
};

struct Report {
  std::vector<Finding> findings;
  // Facts about the run that are not defects: backend, devices, shard sizes, NCCL version,
  // gradient error, peak memory. Ordered as recorded.
  std::vector<std::pair<std::string, std::string>> info;

  // No warnings (notes may be present).
  bool ok() const;
  void add_info(std::string key, std::string value);
  // Value recorded under key, or nullptr.
  const std::string* info_value(const std::string& key) const;

  std::string to_text() const;
  std::string to_json() const;
  std::string to_sarif() const;
};

}  // namespace nnlint::verify
