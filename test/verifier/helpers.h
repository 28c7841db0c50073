// Helpers shared by the verifier's test files: pick findings by rule, collect parameter names,
// and keep reports for gpu-check.sh's summary.
#pragma once

#include <nnlint/report.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace nnlint_test {

inline std::vector<nnlint::verify::Finding> with_rule(const nnlint::verify::Report& r, const std::string& rule) {
  std::vector<nnlint::verify::Finding> out;
  for (const auto& f : r.findings)
    if (f.rule == rule) out.push_back(f);
  return out;
}

inline std::set<std::string> parameters(const std::vector<nnlint::verify::Finding>& fs) {
  std::set<std::string> out;
  for (const auto& f : fs) out.insert(f.parameter);
  return out;
}

inline bool mentions(const std::vector<nnlint::verify::Finding>& fs, const std::string& text) {
  return std::any_of(fs.begin(), fs.end(), [&](const auto& f) { return f.message.find(text) != std::string::npos; });
}

// With NNLINT_REPORT_DIR set, every report is also appended to <dir>/<test>.txt (gpu-check.sh
// quotes them in its summary).
inline nnlint::verify::Report keep(nnlint::verify::Report r) {
  if (const char* dir = std::getenv("NNLINT_REPORT_DIR")) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "." + info->name();
    std::replace(name.begin(), name.end(), '/', '_');
    std::ofstream(std::string(dir) + "/" + name + ".txt", std::ios::app) << r.to_text() << "\n";
  }
  return r;
}

}  // namespace nnlint_test
