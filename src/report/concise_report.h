// Plain-text forms for terminals and editors.
// `--format concise`: one line per finding, `file:line: severity rule: problem` (a file-level
// finding has no line; one about the PR description names `(description)`), the form
// compilers print, so editors' error parsers and grep read it.
// `--statistics`: findings per rule, most first (`count  rule  severities`).
#pragma once

#include <string>

#include "verdict/verdict.h"

namespace rp {

std::string render_concise(const Review& review);
std::string render_statistics(const Review& review);

}  // namespace rp
