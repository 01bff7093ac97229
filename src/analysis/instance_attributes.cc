#include "analysis/instance_attributes.h"

#include "analysis/class_members.h"
#include "analysis/index_facts.h"
#include "index/knowledge.h"

namespace rp {
namespace {

using index::PyImport;
using index::RepoIndex;

std::optional<ClassRef> chase(const RepoIndex& idx, const std::string& module_path, const std::string& name, int depth) {
  const index::FileIndex* fi = idx.file(module_path);
  if (!fi || depth > 8) return std::nullopt;
  if (const index::PyClass* c = fi->klass(name); c && c->top_level) return ClassRef{module_path, name};
  for (const PyImport& im : fi->imports) {
    if (!im.at_import) continue;
    for (const auto& n : im.names) {
      if (n.name != "*" && n.bound() != name) continue;
      std::string target = idx.module_path(RepoIndex::absolute_module(module_path, im));
      if (target.empty()) continue;
      if (auto found = chase(idx, target, n.name == "*" ? name : n.name, depth + 1)) return found;
    }
  }
  return std::nullopt;
}

bool collect(const ReviewContext& ctx, const RepoIndex& idx, const ClassRef& cls, InstanceAttributes& out, int depth) {
  if (depth > 8) return false;
  const lang::SyntaxTree* tree = ctx.workspace.new_tree(cls.path);
  if (!tree) return false;
  ClassMembers m = class_members(*tree, cls.name);
  if (!m.found || !m.knowable) return false;
  if (depth == 0) out.line = m.line;
  out.names.insert(m.names.begin(), m.names.end());
  for (const std::string& base : m.bases) {
    auto ref = resolve_class(idx, cls.path, base, 0);
    if (!ref || !collect(ctx, idx, *ref, out, depth + 1)) return false;
  }
  return true;
}

}  // namespace

std::optional<ClassRef> resolve_class(const RepoIndex& idx, const std::string& path, const std::string& text,
                                      int line) {
  const index::FileIndex* fi = idx.file(path);
  if (!fi || text.empty()) return std::nullopt;
  if (text.find('.') == std::string::npos) {
    if (const index::PyClass* c = fi->klass(text); c && c->top_level) return ClassRef{path, text};
  }
  auto target = resolve_symbol(idx, path, text, line);
  if (!target || target->module_path == path) return std::nullopt;
  return chase(idx, target->module_path, target->name, 0);
}

std::optional<InstanceAttributes> instance_attributes(const ReviewContext& ctx, const ClassRef& cls) {
  if (!ctx.repo) return std::nullopt;
  const RepoIndex& idx = ctx.repo->index();
  InstanceAttributes out;
  if (!collect(ctx, idx, cls, out, 0)) return std::nullopt;
  for (const auto& [path, sub] : idx.subclasses(cls.name))
    for (const std::string& base : sub->bases)
      if (auto ref = resolve_class(idx, path, base, 0); ref && *ref == cls) {
        out.subclasses.push_back(ClassRef{path, sub->name});
        break;
      }
  return out;
}

}  // namespace rp
