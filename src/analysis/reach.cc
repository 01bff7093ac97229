#include "analysis/reach.h"

#include <fmt/format.h>

#include "core/paths.h"

namespace rp {

Reach code_reach(const Profile& profile, const std::string& path, bool package_in_tree) {
  if (is_test_path(path)) return {false, fmt::format("`{}` is test code", path)};
  // Every module of the package is importable by its users (a library's consumers import
  // submodules directly), so inside the package a module nothing here imports still counts.
  if (package_in_tree && is_python(path) && !profile.package.empty() && !profile.in_package(path))
    return {false, fmt::format("`{}` is a script outside the `{}` package", path, profile.package)};
  return {};
}

Reach code_reach(const ReviewContext& ctx, const std::string& path) {
  const TreeReader* head = ctx.workspace.head_tree();
  bool present = !head || ctx.profile.package.empty() || head->exists(ctx.profile.package + "/__init__.py");
  return code_reach(ctx.profile, path, present);
}

void demote_off_production(Finding& f, const Reach& r) {
  if (f.severity != Severity::Red || r.production) return;
  f.severity = Severity::Warn;
  f.impact += fmt::format(" (a warning, not a blocker: {})", r.why);
}

}  // namespace rp
