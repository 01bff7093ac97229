// See source_facts.h.
#include "rules/source_facts.h"

#include "core/paths.h"
#include "rules/facts.h"

namespace rp {

std::vector<ChangedSource> changed_sources(const ReviewContext& ctx, const std::function<bool(std::string_view)>& keep) {
  std::vector<ChangedSource> out;
  for (const FileChange& f : ctx.pr.changes.files) {
    if (f.status == FileStatus::Deleted || f.binary || is_test_path(f.new_path) || !keep(f.new_path)) continue;
    ChangedSource s;
    s.file = &f;
    s.added = added_line_numbers(f);
    if (s.added.empty()) continue;
    s.tree = ctx.workspace.new_tree(f.new_path);
    if (!s.tree) continue;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace rp
