// See source_facts.h.
#include "analysis/source_facts.h"

#include "analysis/facts.h"
#include "core/paths.h"

namespace rp {

namespace {
std::vector<ChangedSource> collect(std::span<const FileChange> files, Workspace& ws, bool tests,
                                   const std::function<bool(std::string_view)>& keep,
                                   std::initializer_list<std::string_view> needles) {
  std::vector<ChangedSource> out;
  for (const FileChange& f : files) {
    if (f.status == FileStatus::Deleted || f.new_path.empty() || f.binary || (!tests && is_test_path(f.new_path)) ||
        !keep(f.new_path))
      continue;
    ChangedSource s;
    s.file = &f;
    s.added = added_line_numbers(f);
    if (s.added.empty()) continue;
    if (needles.size()) {
      const std::string* text = ws.new_text(f.new_path);
      bool any = false;
      for (std::string_view n : needles) any = any || (text && text->find(n) != std::string::npos);
      if (!any) continue;
    }
    s.tree = ws.new_tree(f.new_path);
    if (!s.tree) continue;
    out.push_back(std::move(s));
  }
  return out;
}
}  // namespace

std::vector<ChangedSource> changed_sources(const PullRequest& pr, Workspace& ws,
                                           const std::function<bool(std::string_view)>& keep,
                                           std::initializer_list<std::string_view> needles) {
  return collect(pr.changes.files, ws, false, keep, needles);
}

std::vector<ChangedSource> changed_sources(std::span<const FileChange> files, Workspace& ws,
                                           const std::function<bool(std::string_view)>& keep,
                                           std::initializer_list<std::string_view> needles) {
  return collect(files, ws, false, keep, needles);
}

std::vector<ChangedSource> changed_sources_with_tests(std::span<const FileChange> files, Workspace& ws,
                                                      const std::function<bool(std::string_view)>& keep) {
  return collect(files, ws, true, keep, {});
}

std::vector<ChangedSource> changed_sources_with_tests(const PullRequest& pr, Workspace& ws,
                                                      const std::function<bool(std::string_view)>& keep) {
  return collect(pr.changes.files, ws, true, keep, {});
}

}  // namespace rp
