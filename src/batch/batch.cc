#include "batch/batch.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/severity.h"
#include "review/review.h"
#include "source/git_source.h"

namespace rp {

namespace {

using ordered_json = nlohmann::ordered_json;
constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
constexpr size_t kSlowest = 5;

// In the child: the review of one commit as a JSON object, or {"error": ...} with *code = 1.
std::string review_commit(const BatchOptions& options, const std::string& commit, int* code) {
  ordered_json out;
  auto repo = GitRepo::open(options.repo_path);
  if (!repo.ok()) {
    *code = 1;
    return ordered_json{{"error", repo.error()}}.dump(-1, ' ', false, kReplace);
  }
  ReviewInputs in;
  in.repo_path = options.repo_path;
  if (size_t dots = commit.find(".."); dots != std::string::npos) {  // a planned pair: base..head
    in.base = commit.substr(0, dots);
    in.head = commit.substr(dots + 2);
  } else {
    auto parents = (*repo)->parents(commit);
    if (!parents.ok()) {
      *code = 1;
      return ordered_json{{"error", parents.error()}}.dump(-1, ' ', false, kReplace);
    }
    in.base = parents->empty() ? std::string(kEmptyTreeId) : parents->front();
    in.head = commit;
  }
  in.profile = options.profile;
  in.rules = options.rules;
  repo->reset();
  Result<Review> review = run_review(in);
  if (!review.ok()) {
    *code = 1;
    return ordered_json{{"error", review.error()}}.dump(-1, ' ', false, kReplace);
  }
  out["pr"] = review->number ? ordered_json(*review->number) : ordered_json(nullptr);
  out["title"] = review->title;
  out["verdict"] = std::string(verdict_name(review->verdict));
  out["files_changed"] = review->files_changed;
  out["lines_added"] = review->lines_added;
  out["lines_removed"] = review->lines_removed;
  ordered_json findings = ordered_json::array();
  for (const Finding& f : review->findings) {
    ordered_json j;
    j["rule"] = f.rule;
    j["severity"] = std::string(severity_name(f.severity));
    j["file"] = f.location ? ordered_json(f.location->file) : ordered_json(nullptr);
    j["line"] = f.location && f.location->line > 0 ? ordered_json(f.location->line) : ordered_json(nullptr);
    j["problem"] = f.problem;
    j["fingerprint"] = f.fingerprint;
    findings.push_back(std::move(j));
  }
  out["findings"] = std::move(findings);
  return out.dump(-1, ' ', false, kReplace);
}

// The parent's line for one finished job: the child's object (when it is one) plus status,
// time and memory.
ordered_json outcome_line(const std::string& commit, const JobOutcome& o, std::string* error) {
  ordered_json child;
  if (o.status == JobStatus::Ok || o.status == JobStatus::Failed) {
    child = ordered_json::parse(o.output, nullptr, false);
    if (child.is_discarded() || !child.is_object()) {
      child = ordered_json::object();
      if (o.status == JobStatus::Failed) child["error"] = o.output;  // bad_alloc & co: plain text
      else child["error"] = "unreadable result from the review process";
    }
  } else {
    child = ordered_json::object();
  }
  JobStatus status = o.status;
  if (status == JobStatus::Ok && child.contains("error")) status = JobStatus::Failed;
  if (status == JobStatus::Timeout) *error = fmt::format("no result within the time limit ({:.0f} s)", o.seconds);
  else if (status == JobStatus::Crashed) *error = fmt::format("review process ended by signal {} ({})", o.signal, strsignal(o.signal));
  else if (child.contains("error") && child["error"].is_string()) *error = child["error"].get<std::string>();

  ordered_json line;
  line["commit"] = commit;
  line["status"] = std::string(job_status_name(status));
  for (const char* key : {"pr", "title", "verdict", "files_changed", "lines_added", "lines_removed", "findings"})
    line[key] = child.contains(key) ? child[key] : ordered_json(nullptr);
  if (line["findings"].is_null()) line["findings"] = ordered_json::array();
  line["time_ms"] = static_cast<long>(o.seconds * 1000 + 0.5);
  line["peak_rss_kb"] = o.peak_rss_kb;
  line["error"] = error->empty() ? ordered_json(nullptr) : ordered_json(*error);
  return line;
}

void tally(BatchSummary& s, const ordered_json& line, const JobOutcome& o, const std::string& error) {
  std::string status = line["status"].get<std::string>();
  ++s.statuses[status];
  if (line["verdict"].is_string()) ++s.verdicts[line["verdict"].get<std::string>()];
  for (const auto& f : line["findings"])
    if (f.contains("rule") && f.contains("severity")) ++s.findings[f["rule"].get<std::string>()][f["severity"].get<std::string>()];
  if (status != "ok") s.problems.push_back({line["commit"].get<std::string>(), status, error});
  s.max_peak_rss_kb = std::max(s.max_peak_rss_kb, o.peak_rss_kb);
  s.review_seconds += o.seconds;
  s.slowest.push_back({line["commit"].get<std::string>(), o.seconds, o.peak_rss_kb});
  std::sort(s.slowest.begin(), s.slowest.end(), [](const SlowCommit& a, const SlowCommit& b) {
    return a.seconds != b.seconds ? a.seconds > b.seconds : a.commit < b.commit;
  });
  if (s.slowest.size() > kSlowest) s.slowest.resize(kSlowest);
}

}  // namespace

Result<std::vector<std::string>> plan_commits(const GitRepo& repo, const std::string& range,
                                              const std::vector<std::string>& commits, bool first_parent) {
  if (!commits.empty()) {
    std::vector<std::string> out;
    for (const std::string& rev : commits) {
      // "A..B" reviews B against A; "A...B" reviews B against its merge-base with A (a PR
      // branch head against the main it forked from): one PR, not a range of commits.
      if (size_t dots = rev.find(".."); dots != std::string::npos) {
        bool merge_base = rev.compare(dots, 3, "...") == 0;
        std::string left = rev.substr(0, dots), right = rev.substr(dots + (merge_base ? 3 : 2));
        if (left.empty() || right.empty()) return Status::Error(rev + ": expected BASE..HEAD or BASE...HEAD");
        auto head = repo.resolve(right);
        if (!head.ok()) return head.status();
        auto base = merge_base ? repo.merge_base(left, *head) : repo.resolve(left);
        if (!base.ok()) return base.status();
        out.push_back(*base + ".." + *head);
        continue;
      }
      auto id = repo.resolve(rev);
      if (!id.ok()) return id.status();
      out.push_back(*id);
    }
    return out;
  }
  if (range.empty()) return Status::Error("batch needs a range (A..B, or one revision for its whole history) or --commits FILE");
  return repo.rev_list(range, first_parent);
}

Result<BatchSummary> run_batch(const BatchOptions& options, const std::vector<std::string>& commits,
                               const std::function<void(const std::string&)>& line,
                               const std::function<void(const BatchProgress&)>& progress) {
  BatchSummary summary;
  summary.commits = commits.size();
  auto start = std::chrono::steady_clock::now();
  std::map<size_t, std::string> pending;  // finished out of order, waiting for their turn
  size_t next_out = 0;
  BatchProgress p;
  p.total = commits.size();

  bool ok = run_pool(
      commits.size(), options.pool,
      [&](size_t i, int* code) { return review_commit(options, commits[i], code); },
      [&](JobOutcome&& o) {
        std::string error;
        ordered_json j = outcome_line(commits[o.index], o, &error);
        tally(summary, j, o, error);
        pending[o.index] = j.dump(-1, ' ', false, kReplace);
        while (!pending.empty() && pending.begin()->first == next_out) {
          line(pending.begin()->second);
          pending.erase(pending.begin());
          ++next_out;
        }
        ++p.done;
        if (j["status"] != "ok") ++p.problems;
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (progress) progress(p);
      });
  if (!ok) return Status::Error("cannot start review processes (fork/pipe failed)");
  summary.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return summary;
}

std::string render_batch_summary_text(const BatchSummary& s) {
  std::ostringstream out;
  out << fmt::format("{} commits in {:.1f} s wall ({:.1f} s of reviews); peak memory of one review {:.1f} MB\n",
                     s.commits, s.wall_seconds, s.review_seconds, s.max_peak_rss_kb / 1024.0);
  out << "status:";
  for (const auto& [k, v] : s.statuses) out << " " << k << "=" << v;
  out << "\nverdicts:";
  for (const auto& [k, v] : s.verdicts) out << " " << k << "=" << v;
  out << "\nfindings per rule:\n";
  for (const auto& [rule, by_sev] : s.findings) {
    size_t total = 0;
    std::string parts;
    for (const auto& [sev, n] : by_sev) {
      total += n;
      parts += fmt::format(" {}={}", sev, n);
    }
    out << fmt::format("  {:<34} {:>6} ({} )\n", rule, total, parts);
  }
  out << "slowest:\n";
  for (const SlowCommit& c : s.slowest)
    out << fmt::format("  {} {:>8.2f} s {:>8.1f} MB\n", c.commit.substr(0, 12), c.seconds, c.peak_rss_kb / 1024.0);
  out << fmt::format("problems: {}\n", s.problems.size());
  for (const BatchProblem& p : s.problems) out << "  " << p.commit.substr(0, 12) << " " << p.status << ": " << p.message << "\n";
  return out.str();
}

std::string render_batch_summary_json(const BatchSummary& s) {
  ordered_json j;
  j["commits"] = s.commits;
  j["wall_seconds"] = s.wall_seconds;
  j["review_seconds"] = s.review_seconds;
  j["max_peak_rss_kb"] = s.max_peak_rss_kb;
  j["statuses"] = s.statuses;
  j["verdicts"] = s.verdicts;
  j["findings"] = s.findings;
  ordered_json slow = ordered_json::array();
  for (const SlowCommit& c : s.slowest) slow.push_back({{"commit", c.commit}, {"seconds", c.seconds}, {"peak_rss_kb", c.peak_rss_kb}});
  j["slowest"] = slow;
  ordered_json problems = ordered_json::array();
  for (const BatchProblem& p : s.problems) problems.push_back({{"commit", p.commit}, {"status", p.status}, {"error", p.message}});
  j["problems"] = problems;
  return j.dump(2, ' ', false, kReplace) + "\n";
}

}  // namespace rp
