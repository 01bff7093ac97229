// The PR Self-Review gate of the aiter PR page, offline: does the PR description's
// "PR Self-Review" section answer the four questions, and does its "Reviewed revision" name
// the current head commit? Reads the description as Markdown (text/markdown.h), so HTML
// comments and template filler never count as an answer. Output mirrors the bot's comment.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/change_set.h"
#include "profile/profile.h"

namespace rp::bots {

enum class GateMode { Shadow, Enforce };

// One check of the gate: `requirement` is the bot's FAIL line, `text` what satisfied or
// failed it (quoted from the description, or what is missing).
struct GateCheck {
  std::string name;
  bool pass = false;
  std::string requirement;
  std::string text;
};

struct SelfReviewInput {
  std::string body;      // the PR description (Markdown)
  std::string head_sha;  // the current head commit, 7 to 40 hex digits
  // The changed op-test files when the diff is known; nullopt when only the description is.
  std::optional<std::vector<std::string>> changed_op_tests;
};

struct SelfReviewReport {
  std::string head_sha;
  std::vector<GateCheck> checks;  // behavior, validation, boundaries, op tests, revision
  bool pass() const;
};

// The four questions, as the bot asks them (numbered 1..4 in its comment).
const std::vector<std::string>& self_review_questions();

// 7 to 40 hex digits.
bool is_commit_sha(std::string_view s);

// Files of `changes` under the profile's op-test folders (every test path when it names none).
std::vector<std::string> changed_op_test_files(const ChangeSet& changes, const Profile& profile);

SelfReviewReport run_self_review(const SelfReviewInput& in);

std::string render_self_review_markdown(const SelfReviewReport& report, GateMode mode);
// {"status": "PASS"|"FAIL", "mode", "head", "checks": [{"name", "result", "requirement", "text"}]}
std::string render_self_review_json(const SelfReviewReport& report, GateMode mode);

}  // namespace rp::bots
