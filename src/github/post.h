// --post: puts a review on the PR page. One summary comment (the card), found again on later
// runs by a hidden marker and edited in place; one GitHub review with inline comments on the
// PR's changed lines for findings that have a location and were not posted before (each
// inline comment hides its finding's fingerprint, which survives pushes that shift lines);
// findings posted earlier and gone now are listed as resolved in the summary. With a
// dry-run client nothing is sent and the writes are only recorded.
#pragma once

#include <string>
#include <vector>

#include "core/status.h"
#include "github/api.h"
#include "github/client.h"
#include "verdict/verdict.h"

namespace rp {

inline constexpr const char* kSummaryMarker = "<!-- review-pr:summary -->";

struct PostOutcome {
  enum class Summary { Posted, Edited, Unchanged };
  Summary summary = Summary::Posted;  // what happened to the summary comment
  int inline_posted = 0;        // new inline comments
  int inline_known = 0;         // already posted on an earlier run
  int not_on_diff = 0;          // findings whose line is outside the PR's diff (summary only)
  std::vector<std::string> resolved;  // fingerprints posted before and gone now
};

// The hidden marker of one inline comment: "<!-- review-pr:fp=<16 hex> -->".
std::string fingerprint_marker(const std::string& fingerprint);

// The summary comment's body: marker, the card, the resolved findings, and one hidden line
// per current finding (fingerprint, rule, place) so the next run knows what was said.
std::string summary_body(const std::string& card, const Review& review, const std::vector<std::string>& resolved_lines);

Result<PostOutcome> post_review(GitHubClient& client, const GitHubPullRequest& pr, const Review& review);

}  // namespace rp
