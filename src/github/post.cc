#include "github/post.h"

#include <map>
#include <set>

#include <fmt/format.h>
#include <re2/re2.h>

#include "report/card.h"
#include "source/unified_diff.h"

namespace rp {

namespace {

using json = nlohmann::json;

constexpr size_t kMaxCommentBytes = 60'000;  // GitHub refuses comment bodies over 65,536 chars

// What an earlier run said: fingerprint → how to name it when it is resolved.
using Said = std::map<std::string, std::string>;

std::string place_of(const Finding& f) {
  if (!f.location) return "the PR description";
  return f.location->line > 0 ? fmt::format("{}:{}", f.location->file, f.location->line) : f.location->file;
}

// Hidden lines of a summary: "<!-- review-pr:finding fp=X rule=R at=PLACE -->" (also
// "resolved"). PLACE has no spaces in practice; it is only shown back.
Said said_in_summary(const std::string& body) {
  static const RE2 re(R"(<!-- review-pr:(?:finding|resolved) fp=([0-9a-f]{16}) rule=(\S+) at=(.*?) -->)");
  Said said;
  re2::StringPiece input(body);
  std::string fp, rule, at;
  while (RE2::FindAndConsume(&input, re, &fp, &rule, &at)) said[fp] = fmt::format("`{}` at `{}`", rule, at);
  return said;
}

std::string fingerprint_in(const std::string& body) {
  static const RE2 re(R"(<!-- review-pr:fp=([0-9a-f]{16}) -->)");
  std::string fp;
  return RE2::PartialMatch(body, re, &fp) ? fp : std::string();
}

// path → head-side lines GitHub accepts a comment on (added and context lines of the diff).
std::map<std::string, std::set<int>> commentable_lines(const std::string& diff) {
  std::map<std::string, std::set<int>> lines;
  auto changes = parse_unified_diff(diff);
  if (!changes.ok()) return lines;
  for (const FileChange& file : changes->files) {
    if (file.new_path.empty()) continue;
    for (const Hunk& hunk : file.hunks)
      for (const DiffLine& line : hunk.lines)
        if (line.new_line > 0) lines[file.new_path].insert(line.new_line);
  }
  return lines;
}

std::string inline_body(const Finding& f) {
  return render_finding_markdown(f) + fmt::format("\n<sub>review-pr · `{}`</sub>\n{}", f.rule, fingerprint_marker(f.fingerprint));
}

const GitHubComment* find_summary(const GitHubPullRequest& pr) {
  for (const GitHubComment& c : pr.issue_comments)
    if (c.body.find(kSummaryMarker) != std::string::npos) return &c;
  return nullptr;
}

}  // namespace

std::string fingerprint_marker(const std::string& fingerprint) { return "<!-- review-pr:fp=" + fingerprint + " -->"; }

std::string summary_body(const std::string& card, const Review& review, const std::vector<std::string>& resolved_lines) {
  std::string out = std::string(kSummaryMarker) + "\n";
  if (card.size() > kMaxCommentBytes) {
    size_t cut = card.rfind('\n', kMaxCommentBytes);
    out += card.substr(0, cut == std::string::npos ? kMaxCommentBytes : cut) + "\n\n_(card truncated: run review-pr locally for the rest)_\n";
  } else {
    out += card;
  }
  if (!resolved_lines.empty()) {
    out += "\n### Resolved since an earlier review-pr run\n\n";
    for (const std::string& line : resolved_lines) out += "- ✅ " + line + "\n";
  }
  if (!review.head_rev.empty()) out += fmt::format("\n<sub>review-pr on {}</sub>\n", review.head_rev.substr(0, 12));
  for (const Finding& f : review.findings)
    if (!f.fingerprint.empty())
      out += fmt::format("<!-- review-pr:finding fp={} rule={} at={} -->\n", f.fingerprint, f.rule, place_of(f));
  return out;
}

Result<PostOutcome> post_review(GitHubClient& client, const GitHubPullRequest& pr, const Review& review) {
  PostOutcome outcome;
  const std::string repo_path = "/repos/" + pr.repo;
  const GitHubComment* summary = find_summary(pr);

  // What earlier runs said: the summary's hidden lines, and the inline comments' markers.
  Said said = summary ? said_in_summary(summary->body) : Said{};
  std::set<std::string> posted_inline;
  for (const GitHubComment& c : pr.review_comments) {
    std::string fp = fingerprint_in(c.body);
    if (fp.empty()) continue;
    posted_inline.insert(fp);
    if (said.count(fp)) continue;
    static const RE2 rule_re(R"(review-pr · `([^`]+)`)");
    std::string rule = "finding";
    RE2::PartialMatch(c.body, rule_re, &rule);
    said[fp] = c.line > 0 ? fmt::format("`{}` at `{}:{}`", rule, c.path, c.line) : fmt::format("`{}` at `{}`", rule, c.path);
  }

  // A folded finding stands for every member it absorbed: none of them is resolved, and one
  // already commented on means the fold is (a push that adds a member above the one posted
  // changes which member heads the fold, not what was said).
  auto members = [&review](const Finding& f) {
    std::vector<std::string> out{f.fingerprint};
    if (auto it = review.absorbed.find(f.fingerprint); it != review.absorbed.end())
      for (const auto& m : it->second) out.push_back(m.first);
    return out;
  };
  std::set<std::string> current;
  for (const Finding& f : review.findings)
    if (!f.fingerprint.empty())
      for (std::string& fp : members(f)) current.insert(std::move(fp));
  std::vector<std::string> resolved_lines;
  for (const auto& [fp, name] : said) {
    if (current.count(fp)) continue;
    outcome.resolved.push_back(fp);
    resolved_lines.push_back(name);
  }

  // Inline comments for new findings on lines GitHub can anchor to.
  auto lines = commentable_lines(pr.diff);
  json comments = json::array();
  for (const Finding& f : review.findings) {
    if (!f.location || f.location->line <= 0 || f.fingerprint.empty()) continue;
    bool known = false;
    for (const std::string& fp : members(f)) known = known || posted_inline.count(fp);
    if (known) {
      ++outcome.inline_known;
      continue;
    }
    auto file = lines.find(f.location->file);
    if (file == lines.end() || !file->second.count(f.location->line)) {
      ++outcome.not_on_diff;
      continue;
    }
    comments.push_back({{"path", f.location->file}, {"line", f.location->line}, {"side", "RIGHT"}, {"body", inline_body(f)}});
  }
  if (!comments.empty()) {
    outcome.inline_posted = static_cast<int>(comments.size());
    json body = {{"commit_id", pr.head_sha},
                 {"event", "COMMENT"},
                 {"body", fmt::format("review-pr: {} new finding{} on changed lines; the summary comment has the whole review.",
                                      comments.size(), comments.size() == 1 ? "" : "s")},
                 {"comments", comments}};
    auto posted = client.write("POST", repo_path + "/pulls/" + std::to_string(pr.number) + "/reviews", body);
    if (!posted.ok()) return posted.status();
  }

  // Resolved lines are carried as hidden lines too, so they stay listed on later runs.
  std::string body = summary_body(render_card(review), review, resolved_lines);
  for (const std::string& fp : outcome.resolved) {
    auto it = said.find(fp);
    std::string rule = "finding", at = "?";
    static const RE2 re(R"(`(\S+)` at `(.*)`)");
    RE2::FullMatch(it->second, re, &rule, &at);
    body += fmt::format("<!-- review-pr:resolved fp={} rule={} at={} -->\n", fp, rule, at);
  }
  if (summary) {
    outcome.summary = summary->body == body ? PostOutcome::Summary::Unchanged : PostOutcome::Summary::Edited;
    if (summary->body != body) {
      auto edited = client.write("PATCH", repo_path + "/issues/comments/" + std::to_string(summary->id), {{"body", body}});
      if (!edited.ok()) return edited.status();
    }
  } else {
    auto created = client.write("POST", repo_path + "/issues/" + std::to_string(pr.number) + "/comments", {{"body", body}});
    if (!created.ok()) return created.status();
  }
  return outcome;
}

}  // namespace rp
