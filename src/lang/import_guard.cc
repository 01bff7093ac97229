#include "lang/import_guard.h"

namespace rp {

bool guarded_by_import_error(const lang::SyntaxTree& tree, lang::Node n) {
  if (!tree.is_python()) return false;
  lang::Node child = n;
  for (lang::Node p = n.parent(); p; child = p, p = p.parent()) {
    if (p.kind() != "try_statement" || !(p.child_by_field("body") == child)) continue;
    for (const lang::TryBlock& t : tree.try_blocks(p)) {
      if (!(t.node == p)) continue;
      for (const std::string& type : t.handler_types) {
        std::string_view ty = type;
        if (ty.starts_with("(")) ty.remove_prefix(1);
        if (ty.empty() || ty.find("ImportError") != std::string_view::npos ||
            ty.find("ModuleNotFoundError") != std::string_view::npos || ty == "Exception" ||
            ty == "BaseException")
          return true;
      }
    }
  }
  return false;
}

bool under_type_checking(lang::Node n) {
  for (lang::Node p = n.parent(); p; p = p.parent()) {
    if (p.kind() != "if_statement") continue;
    std::string_view cond = p.child_by_field("condition").text();
    if (cond == "TYPE_CHECKING" || cond == "typing.TYPE_CHECKING") return true;
  }
  return false;
}

}  // namespace rp
