# cmake -DDIR=<docs/rules> -DOUT=<RulePages.cpp> -P EmbedRulePages.cmake
# Writes a C++ file holding every docs/rules/nn-*.md page as a raw string.
file(GLOB pages "${DIR}/nn-*.md")
list(SORT pages)
set(body "")
foreach(page ${pages})
  get_filename_component(id "${page}" NAME_WLE)
  file(READ "${page}" text)
  string(APPEND body "      {\"${id}\", R\"nnlintpage(${text})nnlintpage\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from docs/rules/*.md by analyzer/report/EmbedRulePages.cmake.
#include \"report/RulePages.h\"

#include <map>

namespace nnlint {

const char *rulePage(const std::string &id) {
  static const std::map<std::string, const char *> pages = {
${body}  };
  auto it = pages.find(id);
  return it == pages.end() ? nullptr : it->second;
}

}  // namespace nnlint
")
configure_file("${OUT}.tmp" "${OUT}" COPYONLY)
