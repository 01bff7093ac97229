#include "github/ci.h"

#include <ctime>
#include <optional>

#include <re2/re2.h>

#include "core/strings.h"

namespace rp {

namespace {

constexpr int kMaxLogs = 10;
constexpr long long kWindowSeconds = 7 * 24 * 3600;

bool is_failure(const CheckRun& run) {
  return run.status == "completed" &&
         (run.conclusion == "failure" || run.conclusion == "timed_out" || run.conclusion == "startup_failure");
}

// The first line of `text` that `re` matches, trimmed and shortened, or nullopt.
std::optional<std::string> matching_line(const std::string& text, const RE2& re) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + start, end - start);
    if (RE2::PartialMatch(line, re)) {
      std::string out(trim(line));
      // Actions log lines start with a timestamp: keep the message.
      static const RE2 stamp(R"(^\d{4}-\d\d-\d\dT[\d:.]+Z\s+)");
      RE2::Replace(&out, stamp, "");
      if (out.size() > 160) out = out.substr(0, 157) + "...";
      return out;
    }
    start = end + 1;
  }
  return std::nullopt;
}

bool any_path(const std::vector<std::string>& paths, const RE2& re) {
  for (const std::string& p : paths)
    if (RE2::PartialMatch(p, re)) return true;
  return false;
}

std::optional<long long> epoch_of(const std::string& iso) {
  std::tm tm{};
  if (iso.size() < 19 || !strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%S", &tm)) return std::nullopt;
  return static_cast<long long>(timegm(&tm));
}

// Why the failure is an infra flake, or nullopt.
std::optional<std::string> flake_reason(const CheckRun& run, const std::string& text,
                                        const std::vector<std::string>& changed_paths) {
  static const RE2 waiting_step(R"((?i)check[-_ ]?signal|wait[-_ ]for[-_ ](checks?|ci|status)|waiting[-_ ]for)");
  static const RE2 timeout(R"((?i)timed?[-_ ]?out|timeout|exceeded the maximum execution time)");
  static const RE2 waiting_timeout(R"((?i)(timed out|timeout)\s+(while\s+)?waiting\s+for)");
  static const RE2 artifact_count(
      R"((?i)expected exactly (one|\d+)\b.{0,40}artifact|artifact count|found \d+ .{0,30}artifacts?.{0,20}expected|unable to find any artifacts|no artifacts (were )?found)");
  static const RE2 resolver(
      R"((?i)ResolutionImpossible|pip's dependency resolver does not currently take into account|Could not find a version that satisfies the requirement|No matching distribution found for)");
  static const RE2 dependency_file(R"((^|/)(requirements[^/]*\.txt|setup\.py|setup\.cfg|pyproject\.toml|environment\.ya?ml|Dockerfile[^/]*)$)");
  static const RE2 docs_check(R"((?i)readthedocs|\bdocs?\b|documentation|sphinx)");
  static const RE2 docs_input(R"((?i)(^|/)(docs?/|conf\.py$|mkdocs\.ya?ml$|\.readthedocs\.ya?ml$)|\.(md|rst|ipynb)$)");

  if (RE2::PartialMatch(run.name, waiting_step) &&
      (run.conclusion == "timed_out" || RE2::PartialMatch(text, timeout)))
    return "a waiting step (`" + run.name + "`) timed out; it waits on other checks and tests nothing of the PR";
  if (auto line = matching_line(text, waiting_timeout)) return "timed out waiting: \"" + *line + "\"";
  if (auto line = matching_line(text, artifact_count)) return "artifact-count error in the pipeline: \"" + *line + "\"";
  if (!any_path(changed_paths, dependency_file))
    if (auto line = matching_line(text, resolver))
      return "dependency-resolver noise and the PR touches no dependency file: \"" + *line + "\"";
  bool external = run.app != "github-actions";
  bool docs = RE2::PartialMatch(run.name, docs_check) || RE2::PartialMatch(run.app, docs_check);
  if (external && docs && !changed_paths.empty() && !any_path(changed_paths, docs_input))
    return "an external docs build failed and the PR changes no docs input (docs/, *.md, *.rst, conf.py)";
  return std::nullopt;
}

// Whether the base branch fails a check of the same name within a week of this one.
bool fails_on_main(const CheckRun& run, const std::vector<CheckRun>& main_runs) {
  auto when = epoch_of(run.completed_at);
  for (const CheckRun& m : main_runs) {
    if (m.name != run.name || !is_failure(m)) continue;
    auto main_when = epoch_of(m.completed_at);
    if (when && main_when && std::llabs(*when - *main_when) <= kWindowSeconds) return true;
  }
  return false;
}

}  // namespace

CiStatus classify_checks(const std::vector<CheckRun>& runs, const std::vector<CheckRun>& main_runs,
                         const std::vector<std::string>& changed_paths, const LogReader& read_log) {
  CiStatus status;
  status.read = true;
  status.checks = static_cast<int>(runs.size());
  int logs_read = 0;
  for (const CheckRun& run : runs) {
    if (run.status != "completed") {
      ++status.pending;
      continue;
    }
    if (!is_failure(run)) {
      ++status.passed;
      continue;
    }
    CiFailure failure{run.name, run.conclusion, run.url, CiBlame::Pr, ""};
    std::string text = run.title + "\n" + run.summary + "\n" + run.text;
    JobLog log;
    if (run.app == "github-actions" && read_log && logs_read < kMaxLogs) {
      ++logs_read;
      log = read_log(run);
      if (log.state == JobLog::State::Text) text += "\n" + log.text;
    }
    if (log.state == JobLog::State::Expired) {
      failure.blame = CiBlame::ExpiredLogs;
      failure.reason = "logs expired (HTTP 410 Gone): the run is too old to judge against today's base; ask for a rebase and a fresh run";
    } else if (auto reason = flake_reason(run, text, changed_paths)) {
      failure.blame = CiBlame::InfraFlake;
      failure.reason = *reason;
    } else if (fails_on_main(run, main_runs)) {
      failure.blame = CiBlame::AlsoOnMain;
      failure.reason = "the base branch fails the same check within a week: a baseline failure, not this PR's";
    } else {
      failure.reason = run.title.empty() ? "no infra pattern matched and the base branch passes it" : run.title;
    }
    status.failures.push_back(std::move(failure));
  }
  return status;
}

CiStatus read_ci_status(GitHubClient& client, const GitHubPullRequest& pr, const std::vector<std::string>& changed_paths) {
  if (!pr.checks_error.empty()) {
    CiStatus status;
    status.unavailable = pr.checks_error;
    return status;
  }
  std::vector<CheckRun> main_runs;
  bool any_failure = false;
  for (const CheckRun& run : pr.check_runs) any_failure |= is_failure(run);
  if (any_failure && !pr.base_ref.empty()) {
    auto runs = read_check_runs(client, pr.repo, pr.base_ref);
    if (runs.ok()) main_runs = std::move(*runs);
  }
  LogReader read_log = [&](const CheckRun& run) {
    JobLog log;
    auto response = client.get_raw("/repos/" + pr.repo + "/actions/jobs/" + std::to_string(run.id) + "/logs", "application/vnd.github+json");
    if (!response.ok()) return log;
    if (response->status == 410) log.state = JobLog::State::Expired;
    else if (response->status == 200) log = {JobLog::State::Text, std::move(response->body)};
    return log;
  };
  return classify_checks(pr.check_runs, main_runs, changed_paths, read_log);
}

}  // namespace rp
