// Whether a head-side file is code a user of the repository runs, for the severity stage:
// a red (blocking) finding needs a trigger on a production path. Test code, scripts outside
// the repository's package (benchmarks, tuners, examples) are not; a crash there is worth
// fixing but does not block the merge.
#pragma once

#include <string>

#include "analysis/context.h"
#include "core/finding.h"
#include "profile/profile.h"

namespace rp {

struct Reach {
  bool production = true;
  std::string why;  // when not production: "`op_tests/x.py` is test code"
};

// `package_in_tree`: the profile's package directory exists in the head tree (an old revision
// may predate the package's name; then only test code is off the path).
Reach code_reach(const Profile& profile, const std::string& path, bool package_in_tree = true);
// The same, with the package looked up in the review's head tree (when it has one).
Reach code_reach(const ReviewContext& ctx, const std::string& path);

// The severity stage's reach gate: a red finding whose trigger runs at `r` becomes a warning
// when `r` is not production code, and its impact says why it does not block.
void demote_off_production(Finding& f, const Reach& r);

}  // namespace rp
