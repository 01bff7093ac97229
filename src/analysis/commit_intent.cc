#include "analysis/commit_intent.h"

#include <cctype>
#include <map>

#include <re2/re2.h>

#include "core/strings.h"

namespace rp {

namespace {

re2::StringPiece piece(std::string_view s) { return re2::StringPiece(s.data(), s.size()); }

// The conventional-commit type or bracket tag the subject starts with, lowercased: "fix(moe): x"
// -> "fix", "[Bugfix] x" -> "bugfix", "style: x" -> "style"; "" when there is none.
std::string leading_type(std::string_view subject) {
  // Each form needs its punctuation: a subject without ':' or '[' compiles neither pattern.
  std::string t;
  bool conventional = subject.find(':') != std::string_view::npos && [&] {
    static const RE2 re(R"(^\s*([A-Za-z]+)(?:\([^)]*\))?!?\s*:)");
    return RE2::PartialMatch(piece(subject), re, &t);
  }();
  bool bracket = !conventional && subject.find('[') != std::string_view::npos && [&] {
    static const RE2 re(R"(^\s*\[([A-Za-z]+)\])");
    return RE2::PartialMatch(piece(subject), re, &t);
  }();
  if (!conventional && !bracket) return {};
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t;
}

// The subject without its type/tag prefix or scope prefix ("gfx1250: stop ..." -> "stop ...").
std::string_view body_of(std::string_view subject) {
  size_t colon = subject.find(':');
  if (colon != std::string_view::npos && colon < 40 && subject.substr(0, colon).find(' ') == std::string_view::npos)
    subject = subject.substr(colon + 1);
  else if (!subject.empty() && subject.front() == '[') {
    size_t close = subject.find(']');
    if (close != std::string_view::npos) subject = subject.substr(close + 1);
  }
  while (!subject.empty() && (subject.front() == ' ' || subject.front() == '\t')) subject.remove_prefix(1);
  return subject;
}

bool type_is_fix(const std::string& t) { return t == "fix" || t == "bugfix" || t == "hotfix" || t == "bug"; }
bool type_is_feature(const std::string& t) { return t == "feat" || t == "feature" || t == "perf" || t == "refactor"; }
bool type_is_housekeeping(const std::string& t) {
  return t == "style" || t == "lint" || t == "format" || t == "chore" || t == "ci" || t == "docs" || t == "doc" ||
         t == "build" || t == "test" || t == "tests";
}

// A subject whose whole content is about formatting or linting ("fix: precommit", "ruff").
bool lint_only(std::string_view subject) {
  static const RE2 re(
      R"((?i)\b(?:lint|linter|linting|pre-?commit|format|formatting|formatted|reformat|ruff|black|isort|yapf|flake8|mypy|clang-format|style|typos?|whitespace)\b)");
  return RE2::PartialMatch(piece(subject), re);
}

}  // namespace

std::string merge_target(std::string_view subject) {
  static const RE2 re(R"(^Merge (?:remote-tracking )?branch '[^']+' into (\S+))");
  std::string target;
  RE2::PartialMatch(piece(subject), re, &target);
  return target;
}

CommitReading read_commit(const CommitInfo& commit) {
  std::string_view s = commit.subject;
  if (commit.merge || s.starts_with("Merge ") || s.starts_with("Merge:")) return CommitReading::Merge;
  if (lint_only(s)) return CommitReading::Housekeeping;
  std::string type = leading_type(s);
  if (type_is_fix(type)) return CommitReading::Fix;
  if (type_is_feature(type)) return CommitReading::Feature;
  if (type_is_housekeeping(type)) return CommitReading::Housekeeping;
  std::string_view body = body_of(s);
  // The verb the subject opens with says what the commit does.
  static const RE2 fix_verb(R"((?i)^(?:fix|fixes|fixed|fixing|bugfix|hotfix|repair|repairs|resolve|resolves|revert)\b)");
  static const RE2 feature_verb(
      R"((?i)^(?:add|adds|added|support|supports|implement|implements|introduce|introduces|enable|enables|new|feat|feature|port|integrate|initial|init)\b)");
  if (RE2::PartialMatch(piece(body), fix_verb)) return CommitReading::Fix;
  if (RE2::PartialMatch(piece(body), feature_verb)) return CommitReading::Feature;
  return CommitReading::Neutral;
}

CommitIntent undescribed_intent(const PullRequestMeta& meta) {
  if (meta.has_description && !trim(meta.body).empty()) return {};
  return read_intent(meta.commits);
}

std::string commit_messages(const std::vector<CommitInfo>& commits, size_t max_bytes) {
  std::string out;
  for (const CommitInfo& c : commits) {
    if (out.size() >= max_bytes) break;
    if (!out.empty()) out += "\n\n";
    out += c.subject;
    if (!c.body.empty()) out += "\n\n" + c.body;
  }
  if (out.size() > max_bytes) out.resize(max_bytes);
  return out;
}

CommitIntent read_intent(const std::vector<CommitInfo>& commits) {
  CommitIntent out;
  std::map<std::string, int> targets;
  std::vector<std::pair<const CommitInfo*, CommitReading>> real;
  for (const CommitInfo& c : commits) {
    CommitReading r = read_commit(c);
    if (r == CommitReading::Merge) {
      if (std::string t = merge_target(c.subject); !t.empty() && t != "main" && t != "master") ++targets[t];
      continue;
    }
    if (r == CommitReading::Housekeeping) continue;
    real.push_back({&c, r});
  }
  // The branch name the author chose, when merges reveal it and it declares a kind.
  std::string branch;
  int most = 0;
  for (const auto& [t, n] : targets)
    if (n > most) branch = t, most = n;
  if (!branch.empty()) {
    static const RE2 fix_branch(R"((?i)^(?:fix|fixes|bugfix|hotfix|bug)[/_-])");
    static const RE2 feature_branch(R"((?i)^(?:feat|feature|features|perf|refactor)[/_-])");
    if (RE2::PartialMatch(branch, fix_branch)) return {true, true, "branch " + branch + " is named as a fix"};
    if (RE2::PartialMatch(branch, feature_branch)) return {true, false, "branch " + branch + " is named as a feature"};
  }
  if (real.empty()) return out;
  out.known = true;
  // The commit that founded the branch states its purpose; later "fix" commits are usually
  // follow-ups on the branch's own work.
  const auto& [first, reading] = real.front();
  if (reading == CommitReading::Fix || reading == CommitReading::Feature) {
    out.fix = reading == CommitReading::Fix;
    out.why = "the branch's first commit \"" + first->subject.substr(0, 100) + "\" reads as " +
              (out.fix ? "a fix" : "a feature");
    return out;
  }
  int fixes = 0;
  for (const auto& [c, r] : real) fixes += r == CommitReading::Fix;
  out.fix = fixes * 2 > static_cast<int>(real.size());
  out.why = std::to_string(fixes) + " of " + std::to_string(real.size()) + " commits read as fixes";
  return out;
}

}  // namespace rp
