// Parses `git diff` / `gh pr diff` text (unified format with git extended headers) into a
// ChangeSet. Handles new, deleted, renamed, copied and binary files, mode changes,
// "\ No newline at end of file", CRLF line ends and non-UTF-8 bytes (kept as bytes).
#pragma once

#include <string_view>

#include "core/change_set.h"
#include "core/status.h"

namespace rp {

struct DiffLimits {
  size_t max_bytes = size_t(512) << 20;  // whole diff text
  size_t max_files = 100000;
};

// An empty text is an empty ChangeSet. Fails (one-line message naming the diff line
// number) on text that is not a unified diff, a hunk that claims more lines than it has,
// unsafe paths ("..", absolute), or input beyond the limits.
Result<ChangeSet> parse_unified_diff(std::string_view text, const DiffLimits& limits = {});

}  // namespace rp
