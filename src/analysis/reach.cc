#include "analysis/reach.h"

#include <fmt/format.h>

#include "core/paths.h"

namespace rp {

Reach code_reach(const Profile& profile, const std::string& path) {
  if (is_test_path(path)) return {false, fmt::format("`{}` is test code", path)};
  // Every module of the package is importable by its users (a library's consumers import
  // submodules directly), so inside the package a module nothing here imports still counts.
  if (is_python(path) && !profile.package.empty() && !profile.in_package(path))
    return {false, fmt::format("`{}` is a script outside the `{}` package", path, profile.package)};
  return {};
}

void demote_off_production(Finding& f, const Reach& r) {
  if (f.severity != Severity::Red || r.production) return;
  f.severity = Severity::Warn;
  f.impact += fmt::format(" (a warning, not a blocker: {})", r.why);
}

}  // namespace rp
