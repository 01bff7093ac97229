// The one path-pattern dialect of review-pr: gitignore's. Configuration filters
// (`paths.include`/`exclude`), the profiles' path tables (component tags, CI labels, doc
// paths) and `.gitattributes` all match repository paths with it, so a pattern means the
// same wherever it is written:
//   - `*` and `?` stay within one path component; `[abc]`, `[a-z]`, `[!a]` are classes;
//     `\x` is a literal x;
//   - `**/` at the start matches any number of leading directories, `/**` at the end
//     everything inside, `/**/` zero or more directories; any other `**` is a `*`;
//   - a pattern with no `/` but a trailing one matches a name at any depth (`*.md`,
//     `build/`); one with a `/` at its start or in its middle is anchored at the root
//     (`/setup.py`, `docs/*.rst`);
//   - a trailing `/` matches directories only: everything below them, not a file of that name;
//   - a pattern that matches a directory matches every path below it;
//   - in a list, `!pattern` re-includes what an earlier pattern matched; the last match wins.
// Matching is linear in pattern × path (no backtracking blow-up on hostile patterns).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rp {

// One pattern (no leading `!`) against a '/'-separated repository path.
bool path_pattern_match(std::string_view pattern, std::string_view path);

// A list of patterns, `!` negations included: true when the last pattern that matches is
// not a negation. An empty list matches nothing.
bool path_patterns_match(const std::vector<std::string>& patterns, std::string_view path);

}  // namespace rp
