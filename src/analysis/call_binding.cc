#include "analysis/call_binding.h"

#include <algorithm>

namespace rp {

CallBinding bind_call(const index::PyFunction& fn, const index::PyCall& call) {
  CallBinding b;
  if (call.star_args) return b;
  b.checkable = true;
  const bool any_keyword = fn.takes_any_keyword();
  const bool any_positional = fn.takes_any_positional();
  // Plain parameters before `*args` take positional arguments; those after it are keyword-only.
  int filled = 0;
  bool after_star = false;
  for (const index::PyParam& p : fn.params) {
    if (p.kind == index::PyParam::Star) after_star = true;
    if (p.kind != index::PyParam::Plain) continue;
    if (!after_star) ++b.positional_slots;
    bool by_position = !after_star && filled < call.positional;
    if (by_position) ++filled;
    bool by_keyword = std::find(call.keywords.begin(), call.keywords.end(), p.name) != call.keywords.end();
    if (!by_position && !by_keyword && !p.has_default) b.missing.push_back(p.name);
  }
  if (!any_positional && call.positional > b.positional_slots) b.excess_positional = call.positional - b.positional_slots;
  if (!any_keyword)
    for (const std::string& kw : call.keywords)
      if (!fn.param(kw)) b.unexpected_keywords.push_back(kw);
  return b;
}

bool signature_preserving(const index::PyFunction& fn) {
  for (const std::string& d : fn.decorators) {
    bool ok = false;
    for (std::string_view p : {"compile_ops", "functools.lru_cache", "lru_cache", "functools.cache", "cache",
                               "torch.no_grad", "torch.inference_mode"})
      ok = ok || std::string_view(d).starts_with(p);
    if (!ok) return false;
  }
  return true;
}

int module_bindings(const lang::SyntaxTree& tree, std::string_view name) {
  int n = 0;
  for (lang::Node id : tree.identifiers(name)) {
    if (!tree.is_binding(id)) continue;
    lang::Node scope = id.ancestor({"function_definition", "class_definition", "lambda"});
    // A def's or class's own name belongs to the scope around it.
    if (scope && scope.child_by_field("name") == id) scope = scope.ancestor({"function_definition", "class_definition", "lambda"});
    n += !scope;
  }
  return n;
}

}  // namespace rp
