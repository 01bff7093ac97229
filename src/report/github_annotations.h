// `--format github-annotations`: GitHub Actions workflow commands, one line per finding,
// for plain Actions logs and the PR's "Files changed" annotations:
//   ::error file=aiter/ops/x.py,line=12,title=unbound-local::problem. impact. action.
// red → error, warn → warning, note → notice. The message escapes %, CR and LF
// (%25 %0D %0A); property values also escape ':' and ',' (%3A %2C), as the runner's
// command parser requires. A finding without a location has no file/line properties.
// Suppressed and baseline-hidden findings are left out.
#pragma once

#include <string>
#include <string_view>

#include "verdict/verdict.h"

namespace rp {

std::string render_github_annotations(const Review& review);

// The two escapings (exposed for tests).
std::string escape_workflow_data(std::string_view s);
std::string escape_workflow_property(std::string_view s);

}  // namespace rp
