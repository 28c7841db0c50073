// The model index as JSON: how worker processes hand their per-file results
// to the parent process.
#pragma once

#include "index/FileResult.h"
#include "index/ModelIndex.h"

#include <nlohmann/json.hpp>

namespace nnlint {

nlohmann::json indexToJson(const ModelIndex &index);
// Throws nlohmann::json::exception when `j` is not an index written by indexToJson.
ModelIndex indexFromJson(const nlohmann::json &j);

nlohmann::json fileResultToJson(const FileResult &result);
FileResult fileResultFromJson(const nlohmann::json &j);

}  // namespace nnlint
