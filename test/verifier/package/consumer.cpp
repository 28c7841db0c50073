#include <nnlint/report.h>

#include <iostream>

int main() {
  nnlint::verify::Report report;
  report.add_info("consumer", "built against the installed package");
  std::cout << report.to_text();
  return report.ok() ? 0 : 1;
}
