// The main job, on the root command: `review-pr [--repo ... | --diff ... | --before/--after]`,
// or `review-pr N --github OWNER/NAME [--repo CLONE] [--post [--dry-run]]` for a PR on GitHub.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/command.h"
#include "config/review_config.h"
#include "github/api.h"
#include "github/ci.h"
#include "github/client.h"
#include "github/fetch.h"
#include "github/post.h"
#include "report/card.h"
#include "report/concise_report.h"
#include "report/github_annotations.h"
#include "report/json_report.h"
#include "report/rdjson_report.h"
#include "report/sarif_report.h"
#include "review/review.h"
#include "source/unified_diff.h"
#include "verdict/suppress.h"

namespace rp {

namespace {
struct ReviewArgs {
  ReviewInputs in;
  std::optional<int> pr_number;
  std::string format = "card", output, fail_on, write_baseline, config_from = "base";
  bool statistics = false;
  std::string github, github_api;
  int github_max_wait = 120;
  bool post = false, dry_run = false;
};

struct GitHubRun {
  std::unique_ptr<GitHubClient> client;
  GitHubPullRequest pr;
};

// Reads the PR from GitHub and points the review at it: the clone (fetched into when the
// commits are missing) when --repo is given, else GitHub's diff.
Result<GitHubRun> prepare_github(ReviewArgs& args) {
  if (!args.pr_number) return Status::Error("--github needs the PR number: review-pr N --github OWNER/NAME");
  if (!args.in.diff_file.empty() || !args.in.before_dir.empty() || !args.in.after_dir.empty() ||
      !args.in.meta_file.empty() || !args.in.base.empty() || !args.in.head.empty())
    return Status::Error("--github reads the PR's code and description itself; combine it only with --repo CLONE");
  GitHubOptions options;
  options.api_url = args.github_api.empty() ? api_url_from_environment() : args.github_api;
  if (!options.api_url.starts_with("https://") && !options.api_url.starts_with("http://"))
    return Status::Error("--github-api must be an http(s) URL, got '" + options.api_url + "'");
  options.token = token_from_environment();
  options.dry_run = args.dry_run;
  options.max_rate_wait_s = args.github_max_wait;
  GitHubRun run;
  run.client = std::make_unique<GitHubClient>(options);
  auto pr = read_pull_request(*run.client, args.github, *args.pr_number);
  if (!pr.ok()) return pr.status();
  run.pr = std::move(*pr);
  args.in.meta = run.pr.meta;
  if (!args.in.repo_path.empty()) {
    auto range = fetch_pull_request(args.in.repo_path, run.pr, options.token, options.api_url);
    if (!range.ok()) return range.status();
    args.in.base = range->base;
    args.in.head = range->head;
  } else {
    args.in.diff_text = run.pr.diff;
    // No clone, no trees: the configuration of both revisions through the contents API, so
    // the base's still governs and a head that changes it is still reported.
    for (auto [files, sha] : {std::pair{&args.in.base_files, run.pr.base_sha}, std::pair{&args.in.head_files, run.pr.head_sha}}) {
      auto config = read_file_at(*run.client, args.github, std::string(kConfigFileName), sha, kMaxConfigBytes);
      if (!config.ok()) return config.status();
      files->config = std::move(*config);
      files->read = true;
    }
    auto attributes = read_file_at(*run.client, args.github, ".gitattributes", run.pr.base_sha, kMaxConfigBytes);
    if (!attributes.ok()) return attributes.status();
    args.in.base_files.gitattributes = std::move(*attributes);
  }
  return run;
}

std::string render_writes(const std::vector<ApiWrite>& writes) {
  std::string out;
  for (const ApiWrite& w : writes)
    out += fmt::format("{} {}\n{}\n\n", w.method, w.url, w.body.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
  if (writes.empty()) out = "(nothing to send: the summary is up to date and every finding was posted before)\n";
  return out;
}

std::string render(const Review& review, const std::string& format) {
  if (format == "json") return render_json(review);
  if (format == "sarif") return render_sarif(review);
  if (format == "rdjson") return render_rdjson(review);
  if (format == "github-annotations") return render_github_annotations(review);
  if (format == "concise") return render_concise(review);
  return render_card(review);
}

int run(ReviewArgs& args) {
  if ((args.post || args.dry_run) && args.github.empty()) return fail("--post and --dry-run need --github OWNER/NAME");
  if (args.dry_run && !args.post) return fail("--dry-run shows what --post would send: give both");
  if (args.pr_number && *args.pr_number <= 0) return fail("PR number must be positive");
  std::optional<GitHubRun> github;
  if (!args.github.empty()) {
    auto prepared = prepare_github(args);
    if (!prepared.ok()) return fail(prepared.error());
    github = std::move(*prepared);
  } else if (args.pr_number && args.in.repo_path.empty() && args.in.diff_file.empty() && args.in.before_dir.empty()) {
    return fail("PR #" + std::to_string(*args.pr_number) +
                " is on GitHub: add --github OWNER/NAME (token from GH_TOKEN), or review it from a clone with "
                "--repo PATH --base REF --head REF, or from files with --diff FILE --meta FILE");
  }
  args.in.config_from_head = args.config_from == "head";
  args.in.leave_to_exit = true;  // one review per process: its parses and index are freed at exit
  Result<Review> review = run_review(args.in);
  if (!review.ok()) return fail(review.error());
  if (args.pr_number && !review->number) review->number = args.pr_number;
  if (github) {
    review->number = args.pr_number;
    if (review->head_rev.empty()) {  // reviewed from GitHub's diff: name the commits it shows
      review->base_rev = github->pr.base_sha;
      review->head_rev = github->pr.head_sha;
    }
    std::vector<std::string> paths;
    if (auto changes = parse_unified_diff(github->pr.diff); changes.ok())
      for (const FileChange& f : changes->files) paths.push_back(f.path());
    review->ci = read_ci_status(*github->client, github->pr, paths);
  }

  if (!args.write_baseline.empty() && !emit(args.write_baseline, render_baseline(*review)))
    return fail("cannot write " + args.write_baseline);
  std::string report = args.statistics ? render_statistics(*review) : render(*review, args.format);
  if (args.post && args.dry_run) {
    auto posted = post_review(*github->client, github->pr, *review);
    if (!posted.ok()) return fail(posted.error());
    std::cout << render_writes(github->client->writes());
    if (!args.output.empty() && !emit(args.output, report)) return fail("cannot write " + args.output);
  } else {
    // The report first: a post GitHub refuses (a fork PR's read-only token) must not cost
    // the review itself.
    if (!emit(args.output, report)) return fail("cannot write " + args.output);
  }
  if (args.post && !args.dry_run) {
    auto posted = post_review(*github->client, github->pr, *review);
    if (!posted.ok()) {
      // Fork PRs get a token that cannot write: the findings go to the job log as workflow
      // annotations instead, and the exit code stays the verdict's (--fail-on), not 2.
      std::fprintf(stderr, "review-pr: could not post the review: %s; the findings follow as annotations\n",
                   posted.error().c_str());
      std::cout << render_github_annotations(*review);
      std::cout.flush();
    } else {
      std::fprintf(stderr, "review-pr: %s the summary comment; %d new inline comment%s, %d posted before, %d resolved\n",
                   posted->summary == PostOutcome::Summary::Posted   ? "posted"
                   : posted->summary == PostOutcome::Summary::Edited ? "updated"
                                                                     : "left unchanged",
                   posted->inline_posted,
                   posted->inline_posted == 1 ? "" : "s", posted->inline_known, static_cast<int>(posted->resolved.size()));
    }
  }

  if (args.fail_on == "red" && review->verdict == Verdict::Block) return kExitFailOn;
  if (args.fail_on == "warn" && review->verdict != Verdict::Lgtm) return kExitFailOn;
  return kExitOk;
}
}  // namespace

Command add_review_command(CLI::App& app) {
  auto args = std::make_shared<ReviewArgs>();
  ReviewInputs& in = args->in;
  app.add_option("pr", args->pr_number, "PR number (with --github OWNER/NAME)");
  app.add_option("--repo", in.repo_path,
                 "local git repository (bare or mirror is fine; only objects are read). Default: the clone around the "
                 "current directory");
  app.add_option("--base", in.base, "base revision (default: merge-base of --head with main/master)");
  app.add_option("--head", in.head, "head revision (default: HEAD)");
  app.add_flag("--worktree", in.work_tree,
               "review the work tree (uncommitted changes to tracked files, staged new files) as the head side");
  app.add_flag("--staged", in.staged,
               "review the staged change (the index) against HEAD (or --base): what the next commit holds");
  app.add_option("--diff", in.diff_file, "unified diff file (`gh pr diff` / `git diff` output)");
  app.add_option("--meta", in.meta_file, "PR metadata JSON (`gh pr view --json title,body,number,labels,...`)");
  app.add_option("--before", in.before_dir, "directory with the files before the change");
  app.add_option("--after", in.after_dir, "directory with the files after the change");
  app.add_option("--profile", in.profile, "atom | aiter | generic (default: detected from the repository)");
  app.add_option("--cache-dir", in.cache_dir,
                 "repository index cache (default $XDG_CACHE_HOME/review-pr or ~/.cache/review-pr; '-' = none)");
  app.add_option("--dep", in.deps,
                 "NAME=PATH: check symbols imported from Python package NAME against the repository (git HEAD) or "
                 "directory PATH (repeatable)");
  app.add_option("--rule", in.rules.only, "run only this rule (repeatable)");
  app.add_option("--disable", in.rules.disable, "do not run this rule (repeatable)");
  app.add_option("--rule-timeout", in.rule_timeout,
                 "seconds each rule may spend on one file before it stops and the report names it (default 5; 0 = "
                 "unlimited; config: rules.timeout)");
  app.add_option("-j,--jobs", in.jobs,
                 "threads for this review: 1, or 2 to parse the next changed files while the rules judge one "
                 "(default: 2 from 16 changed files on; findings are the same)")
      ->check(CLI::Range(0, 64));
  app.add_option("--format", args->format,
                 "card | json | sarif | rdjson | github-annotations | concise (file:line: severity rule: problem)")
      ->check(CLI::IsMember({"card", "json", "sarif", "rdjson", "github-annotations", "concise"}));
  app.add_flag("--statistics", args->statistics, "print the number of findings per rule instead of the report");
  app.add_option("--config", in.config_file, "configuration file (default: .review-pr.toml of the base revision)");
  app.add_option("--config-from", args->config_from,
                 "base: .review-pr.toml of the base revision (default; a PR cannot turn its own checks off); head: "
                 "the head's when the base has none")
      ->check(CLI::IsMember({"base", "head"}));
  app.add_option("--baseline", in.baseline_file, "hide findings listed in this baseline (see --write-baseline)");
  app.add_option("--write-baseline", args->write_baseline,
                 "also write the findings of this review (and those the --baseline hid) as a baseline file");
  app.add_option("-o,--output", args->output, "write the report to this file instead of stdout");
  app.add_option("--fail-on", args->fail_on, "exit 1 when the verdict has a finding at this level: red | warn")
      ->check(CLI::IsMember({"red", "warn"}));
  app.add_option("--github", args->github,
                 "read PR N from this GitHub repository (OWNER/NAME; token from GH_TOKEN or GITHUB_TOKEN); with "
                 "--repo CLONE its commits are fetched into the clone for whole-file checks");
  app.add_option("--github-api", args->github_api,
                 "GitHub API URL (default: $GITHUB_API_URL, else https://api.github.com; Enterprise: https://HOST/api/v3)");
  app.add_option("--github-max-wait", args->github_max_wait, "longest wait for a GitHub rate limit, in seconds (default 120)")
      ->check(CLI::Range(0, 3600));
  app.add_flag("--post", args->post, "post the review on the PR: the summary comment (edited in place) and inline comments");
  app.add_flag("--dry-run", args->dry_run, "with --post: print the requests it would send (method, URL, JSON body), send none");
  return {&app, [args] { return run(*args); }};
}

}  // namespace rp
