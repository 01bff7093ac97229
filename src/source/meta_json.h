// Reads the PR metadata JSON that `gh pr view --json title,body,number,labels,files,
// author,reviews,comments` prints (every field optional). Nesting deeper than 64 levels or
// input over 64 MB is rejected.
#pragma once

#include <string_view>

#include "core/pull_request.h"
#include "core/status.h"

namespace rp {

Result<PullRequestMeta> parse_pr_meta(std::string_view json_text);

}  // namespace rp
