#include "github/api.h"

#include <fmt/format.h>
#include <re2/re2.h>

namespace rp {

namespace {

using json = nlohmann::json;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int64_t id_of(const json& j) {
  auto it = j.find("id");
  return it != j.end() && it->is_number_integer() ? it->get<int64_t>() : 0;
}

std::string login_of(const json& j) {
  auto it = j.find("user");
  return it != j.end() && it->is_object() ? str(*it, "login") : std::string();
}

const json& at_or_null(const json& j, const char* key) {
  static const json null;
  auto it = j.find(key);
  return it == j.end() ? null : *it;
}

bool is_ours(const std::string& body) { return body.find(kReviewPrMarker) != std::string::npos; }

// A unified diff from the files list, for PRs whose diff GitHub will not render (too many
// files or lines: 406). Files without a `patch` (binary, very large) keep only their header.
std::string diff_from_files(const json& files) {
  std::string out;
  for (const json& f : files) {
    std::string path = str(f, "filename"), status = str(f, "status"), old_path = str(f, "previous_filename");
    if (path.empty()) continue;
    if (old_path.empty()) old_path = path;
    out += "diff --git a/" + old_path + " b/" + path + "\n";
    if (status == "added") out += "new file mode 100644\n";
    if (status == "removed") out += "deleted file mode 100644\n";
    if (status == "renamed") out += "rename from " + old_path + "\nrename to " + path + "\n";
    std::string patch = str(f, "patch");
    if (patch.empty()) continue;
    out += "--- " + (status == "added" ? std::string("/dev/null") : "a/" + old_path) + "\n";
    out += "+++ " + (status == "removed" ? std::string("/dev/null") : "b/" + path) + "\n";
    out += patch;
    if (out.back() != '\n') out += '\n';
  }
  return out;
}

Result<std::string> read_diff(GitHubClient& client, const std::string& pr_path) {
  auto response = client.get_raw(pr_path, "application/vnd.github.diff");
  if (!response.ok()) return response.status();
  if (response->status >= 200 && response->status < 300) return std::move(response->body);
  if (response->status != 406 && response->status != 422)
    return Status::Error("GitHub API GET " + pr_path + " (diff): HTTP " + std::to_string(response->status));
  auto files = client.get_all(pr_path + "/files");
  if (!files.ok()) return files.status();
  return diff_from_files(*files);
}

}  // namespace

Result<std::optional<std::string>> read_file_at(GitHubClient& client, const std::string& repo, const std::string& path,
                                                const std::string& ref, size_t max_bytes) {
  std::string target = "/repos/" + repo + "/contents/" + path + "?ref=" + ref;
  auto response = client.get_raw(target, "application/vnd.github.raw+json");
  if (!response.ok()) return response.status();
  if (response->status == 404) return std::optional<std::string>();
  if (response->status < 200 || response->status >= 300)
    return Status::Error(fmt::format("GitHub API GET {}: HTTP {}", client.scrub(target), response->status));
  if (response->body.size() > max_bytes)
    return Status::Error(fmt::format("{} at {}: larger than {} bytes", path, ref.substr(0, 12), max_bytes));
  return std::optional<std::string>(std::move(response->body));
}

namespace {

CheckRun check_run_of(const json& j) {
  CheckRun run;
  run.id = id_of(j);
  run.name = str(j, "name");
  run.status = str(j, "status");
  run.conclusion = str(j, "conclusion");
  const json& output = at_or_null(j, "output");
  if (output.is_object()) {
    run.title = str(output, "title");
    run.summary = str(output, "summary");
    run.text = str(output, "text");
  }
  const json& app = at_or_null(j, "app");
  if (app.is_object()) run.app = str(app, "slug");
  run.url = str(j, "html_url");
  run.started_at = str(j, "started_at");
  run.completed_at = str(j, "completed_at");
  return run;
}

}  // namespace

bool valid_repo_name(const std::string& repo) {
  static const RE2 re(R"([A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100})");
  return RE2::FullMatch(repo, re) && repo.find("/..") == std::string::npos && !repo.ends_with("/.");
}

std::optional<int> linked_issue_number(const std::string& body) {
  static const RE2 re(R"((?i)\b(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?)\b[:\s]*#(\d{1,9})\b)");
  int n = 0;
  if (RE2::PartialMatch(body, re, &n) && n > 0) return n;
  return std::nullopt;
}

Result<std::vector<CheckRun>> read_check_runs(GitHubClient& client, const std::string& repo, const std::string& ref) {
  auto runs = client.get_all("/repos/" + repo + "/commits/" + ref + "/check-runs", "check_runs");
  if (!runs.ok()) return runs.status();
  std::vector<CheckRun> out;
  for (const json& j : *runs)
    if (j.is_object()) out.push_back(check_run_of(j));
  return out;
}

Result<GitHubPullRequest> read_pull_request(GitHubClient& client, const std::string& repo, int number) {
  if (!valid_repo_name(repo)) return Status::Error("--github wants OWNER/NAME, got '" + repo + "'");
  if (number <= 0) return Status::Error("PR number must be positive");
  GitHubPullRequest pr;
  pr.repo = repo;
  pr.number = number;
  std::string pr_path = "/repos/" + repo + "/pulls/" + std::to_string(number);

  auto head = client.get_json(pr_path);
  if (!head.ok()) return head.status();
  const json& p = *head;
  if (!p.is_object()) return Status::Error("GitHub API GET " + pr_path + ": expected a pull request object");
  PullRequestMeta& meta = pr.meta;
  meta.has_description = true;
  meta.number = number;
  meta.title = str(p, "title");
  meta.body = str(p, "body");
  meta.author = login_of(p);
  meta.has_labels = at_or_null(p, "labels").is_array();
  for (const json& l : at_or_null(p, "labels"))
    if (l.is_object()) meta.labels.push_back(str(l, "name"));
  for (const char* side : {"head", "base"}) {
    const json& s = at_or_null(p, side);
    if (!s.is_object()) return Status::Error("GitHub API GET " + pr_path + ": no " + side + " commit");
    const json& r = at_or_null(s, "repo");
    std::string clone = r.is_object() ? str(r, "clone_url") : std::string();
    if (std::string(side) == "head") {
      pr.head_sha = str(s, "sha");
      pr.head_clone_url = clone;
    } else {
      pr.base_sha = str(s, "sha");
      pr.base_ref = str(s, "ref");
      pr.clone_url = clone;
    }
  }
  if (pr.head_sha.empty() || pr.base_sha.empty())
    return Status::Error("GitHub API GET " + pr_path + ": head or base sha missing");

  auto diff = read_diff(client, pr_path);
  if (!diff.ok()) return diff.status();
  pr.diff = std::move(*diff);

  auto issue_comments = client.get_all("/repos/" + repo + "/issues/" + std::to_string(number) + "/comments");
  if (!issue_comments.ok()) return issue_comments.status();
  for (const json& c : *issue_comments) {
    GitHubComment comment{id_of(c), login_of(c), str(c, "body"), "", 0};
    if (!is_ours(comment.body) && !comment.body.empty()) meta.comments.push_back({comment.author, comment.body, "", 0});
    pr.issue_comments.push_back(std::move(comment));
  }
  auto reviews = client.get_all(pr_path + "/reviews");
  if (!reviews.ok()) return reviews.status();
  for (const json& r : *reviews) {
    std::string body = str(r, "body");
    if (!body.empty() && !is_ours(body)) meta.comments.push_back({login_of(r), body, "", 0});
  }
  auto review_comments = client.get_all(pr_path + "/comments");
  if (!review_comments.ok()) return review_comments.status();
  for (const json& c : *review_comments) {
    GitHubComment comment{id_of(c), login_of(c), str(c, "body"), str(c, "path"), 0};
    if (auto line = c.find("line"); line != c.end() && line->is_number_integer()) comment.line = line->get<int>();
    if (!is_ours(comment.body) && !comment.body.empty())
      meta.comments.push_back({comment.author, comment.body, comment.path, comment.line});
    pr.review_comments.push_back(std::move(comment));
  }

  if (auto issue = linked_issue_number(meta.body)) {
    // A missing or cross-repository issue is not an error: the PR is still reviewable.
    auto response = client.get_raw("/repos/" + repo + "/issues/" + std::to_string(*issue), "application/vnd.github+json");
    if (!response.ok()) return response.status();
    if (response->status == 200) {
      json j = json::parse(response->body, nullptr, /*allow_exceptions=*/false);
      if (j.is_object()) meta.linked_issue = LinkedIssue{*issue, str(j, "title"), str(j, "body")};
    }
  }

  // A token without the checks permission cannot read check runs; the review still runs
  // and the card says CI was not classified.
  auto runs = read_check_runs(client, repo, pr.head_sha);
  if (runs.ok()) pr.check_runs = std::move(*runs);
  else pr.checks_error = runs.error();
  return pr;
}

}  // namespace rp
