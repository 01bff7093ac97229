#include "analysis/shape_docs.h"

#include <re2/re2.h>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {

std::vector<DocShape> documented_shapes(std::string_view doc) {
  static const RE2 entry(R"(^\s*(\w+)\s*:\s*[\[(]([^\])]*)[\])])");
  static const RE2 returns(R"((?i)^\s*returns?\s*:?\s*$)");
  std::vector<DocShape> out;
  bool returned = false;
  size_t start = 0;
  while (start <= doc.size()) {
    size_t end = doc.find('\n', start);
    std::string line(doc.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    std::string name, dims;
    if (RE2::PartialMatch(line, returns)) {
      returned = true;
    } else if (RE2::PartialMatch(line, entry, &name, &dims)) {
      DocShape s{name, {}, returned};
      size_t p = 0;
      while (p <= dims.size()) {
        size_t c = dims.find(',', p);
        std::string d(trim(std::string_view(dims).substr(p, c == std::string::npos ? std::string::npos : c - p)));
        if (!d.empty()) s.dims.push_back(d);
        if (c == std::string::npos) break;
        p = c + 1;
      }
      if (!s.dims.empty()) out.push_back(std::move(s));
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

bool documents_reduced_dimension(const lang::SyntaxTree& tree, const std::function<bool(std::string_view)>& is_dim) {
  for (const lang::Function& fn : tree.functions()) {
    lang::Node doc = lang::docstring(fn.body);
    if (!doc) continue;
    bool in = false, out = false, out_has = false;
    for (const DocShape& s : documented_shapes(doc.text())) {
      bool has = false;
      for (const std::string& d : s.dims) has = has || is_dim(d);
      if (s.returned) {
        out = true;
        out_has = out_has || has;
      } else {
        in = in || has;
      }
    }
    if (in && out && !out_has) return true;
  }
  return false;
}

}  // namespace rp
