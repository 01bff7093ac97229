// `review-pr batch --repo PATH [A..B | REV] [--commits FILE]`: every commit of a range
// reviewed as its own PR, in parallel, one JSON line per commit, a summary at the end.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <thread>

#include <fmt/format.h>

#include "batch/batch.h"
#include "cli/command.h"
#include "source/git_source.h"
#include "source/input_file.h"

namespace rp {

namespace {

struct BatchArgs {
  std::string repo, range, commits_file, output, summary_file, profile;
  std::vector<std::string> only, disable;
  bool first_parent = false, quiet = false;
  int jobs = 0;
  double timeout = 120;
  size_t max_memory_mb = 4096;
};

Result<std::vector<std::string>> read_commit_list(const std::string& path) {
  auto text = read_input_file(path, size_t(64) << 20);
  if (!text.ok()) return text.status();
  std::vector<std::string> revs;
  std::istringstream in(*text);
  std::string line;
  while (std::getline(in, line)) {
    size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    size_t b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
    if (b == std::string::npos) continue;
    revs.push_back(line.substr(b, e - b + 1));
  }
  if (revs.empty()) return Status::Error(path + ": no commits listed");
  return revs;
}

void draw_progress(const BatchProgress& p) {
  constexpr int kWidth = 30;
  int filled = p.total ? static_cast<int>(kWidth * p.done / p.total) : kWidth;
  double rate = p.seconds > 0 ? p.done / p.seconds : 0;
  double eta = rate > 0 ? (p.total - p.done) / rate : 0;
  std::fprintf(stderr, "\r[%s%s] %zu/%zu commits, %zu problems, %.1f/s, ETA %.0f s ",
               std::string(filled, '#').c_str(), std::string(kWidth - filled, '.').c_str(), p.done, p.total,
               p.problems, rate, eta);
  if (p.done == p.total) std::fputc('\n', stderr);
  std::fflush(stderr);
}

int run(const BatchArgs& args) {
  auto repo = GitRepo::open(args.repo);
  if (!repo.ok()) return fail(repo.error());
  std::vector<std::string> listed;
  if (!args.commits_file.empty()) {
    auto revs = read_commit_list(args.commits_file);
    if (!revs.ok()) return fail(revs.error());
    listed = std::move(*revs);
  }
  if (!args.range.empty() && !listed.empty()) return fail("give a range or --commits FILE, not both");
  auto commits = plan_commits(**repo, args.range, listed, args.first_parent);
  if (!commits.ok()) return fail(commits.error());
  repo->reset();  // children open their own handle

  BatchOptions options;
  options.repo_path = args.repo;
  options.profile = args.profile;
  options.rules.only = args.only;
  options.rules.disable = args.disable;
  options.pool.jobs = args.jobs > 0 ? args.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.pool.timeout_seconds = args.timeout;
  options.pool.memory_limit_mb = args.max_memory_mb;

  // Lines stream to stdout, or into a temporary file renamed into place at the end.
  std::string tmp = args.output.empty() ? "" : args.output + ".tmp-review-pr";
  std::ofstream file;
  if (!tmp.empty()) {
    file.open(tmp, std::ios::binary | std::ios::trunc);
    if (!file) return fail("cannot write " + args.output);
  }
  bool show_progress = !args.quiet && ::isatty(STDERR_FILENO);
  auto summary = run_batch(
      options, *commits,
      [&](const std::string& line) {
        if (tmp.empty()) std::fprintf(stdout, "%s\n", line.c_str()), std::fflush(stdout);
        else file << line << '\n';
      },
      [&](const BatchProgress& p) {
        if (show_progress) draw_progress(p);
      });
  if (!summary.ok()) {
    if (!tmp.empty()) std::filesystem::remove(tmp);
    return fail(summary.error());
  }
  if (!tmp.empty()) {
    file.close();
    std::error_code ec;
    if (!file || (std::filesystem::rename(tmp, args.output, ec), ec)) {
      std::filesystem::remove(tmp, ec);
      return fail("cannot write " + args.output);
    }
  }
  if (!args.summary_file.empty() && !emit(args.summary_file, render_batch_summary_json(*summary)))
    return fail("cannot write " + args.summary_file);
  if (!args.quiet) std::fputs(render_batch_summary_text(*summary).c_str(), stderr);
  return summary->problems.empty() ? kExitOk : kExitFailOn;
}

}  // namespace

Command add_batch_command(CLI::App& app) {
  auto args = std::make_shared<BatchArgs>();
  CLI::App* cmd = app.add_subcommand(
      "batch", "review every commit of a range as its own PR (C^..C), in parallel; one JSON line per commit");
  cmd->add_option("range", args->range, "A..B, or one revision for its whole history");
  cmd->add_option("--repo", args->repo, "local git repository (bare is fine)")->required();
  cmd->add_option("--commits", args->commits_file, "file with one revision per line instead of a range (a line A..B or A...B is one review of B against A or against merge-base(A,B))");
  cmd->add_flag("--first-parent", args->first_parent, "follow only the first parent (the squash-merge line of main)");
  cmd->add_option("-j,--jobs", args->jobs, "reviews at once (default: the number of cores)")->check(CLI::Range(1, 256));
  cmd->add_option("--timeout", args->timeout, "seconds per commit before it is reported as a timeout (default 120)")
      ->check(CLI::Range(0.1, 86400.0));
  cmd->add_option("--max-memory", args->max_memory_mb, "address-space limit per review in MB (default 4096)")
      ->check(CLI::Range(64, 1 << 20));
  cmd->add_option("--profile", args->profile, "atom | aiter | generic (default: detected per commit)");
  cmd->add_option("--rule", args->only, "run only this rule (repeatable)");
  cmd->add_option("--disable", args->disable, "do not run this rule (repeatable)");
  cmd->add_option("-o,--output", args->output, "write the JSON lines to this file (default: stdout)");
  cmd->add_option("--summary", args->summary_file, "also write the summary as JSON to this file");
  cmd->add_flag("-q,--quiet", args->quiet, "no progress bar and no summary on stderr (for CI logs)");
  return {cmd, [args] { return run(*args); }};
}

}  // namespace rp
