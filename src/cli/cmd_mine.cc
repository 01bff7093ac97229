// `review-pr mine --repo PATH -o DIR`: evaluation cases mined from a repository's history
// (review-fix commits on PR branches, follow-up fixes on main, SZZ, negatives); see mine/mine.h.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>

#include <re2/re2.h>

#include "cli/command.h"
#include "mine/mine.h"

namespace rp {

namespace {
struct MineArgs {
  std::string repo, name, since, output, exclude_cases;
  std::vector<std::string> reserved;
  int limit = 0, negatives = 0;
};

// "ROCm/aiter" from a mirror path such as /work/.mirror/ROCm+aiter/repo.
std::string name_from_path(const std::string& path) {
  static const RE2 re(R"(^([A-Za-z0-9][A-Za-z0-9_.-]*)\+([A-Za-z0-9][A-Za-z0-9_.-]*)$)");
  std::filesystem::path p = std::filesystem::absolute(path).lexically_normal();
  for (const auto& part : p) {
    std::string owner, name;
    if (RE2::FullMatch(part.string(), re, &owner, &name)) return owner + "/" + name;
  }
  return "";
}

int run_mine(const MineArgs& args) {
  MineOptions options;
  options.repo_path = args.repo;
  options.name = args.name.empty() ? name_from_path(args.repo) : args.name;
  static const RE2 name_re(R"(^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$)");
  if (options.name.empty()) return fail("--name OWNER/NAME is needed (not derivable from " + args.repo + ")");
  if (!RE2::FullMatch(options.name, name_re)) return fail("--name " + options.name + ": expected OWNER/NAME");
  if (!args.since.empty()) {
    std::tm tm{};
    int y = 0, m = 0, d = 0;
    char extra = 0;
    if (std::sscanf(args.since.c_str(), "%4d-%2d-%2d%c", &y, &m, &d, &extra) != 3 || y < 1970 || m < 1 || m > 12 ||
        d < 1 || d > 31)
      return fail("--since " + args.since + ": expected YYYY-MM-DD");
    tm.tm_year = y - 1900;
    tm.tm_mon = m - 1;
    tm.tm_mday = d;
    options.since = static_cast<int64_t>(timegm(&tm));
  }
  if (args.limit < 0 || args.negatives < 0) return fail("--limit and --negatives must not be negative");
  options.limit = args.limit;
  options.negatives = args.negatives;
  std::string key = options.name;
  for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const std::string& file : args.reserved) {
    auto list = read_pr_list(file);
    if (!list.ok()) return fail(list.error());
    for (int n : (*list)[key]) options.skip.insert(n);
  }
  if (!args.exclude_cases.empty()) {
    auto prs = read_case_prs(args.exclude_cases);
    if (!prs.ok()) return fail("--exclude-cases: " + prs.error());
    for (int n : (*prs)[key]) options.skip.insert(n);
  }
  MineStats stats;
  auto cases = mine_repository(options, stats);
  if (!cases.ok()) return fail(cases.error());
  if (Status s = write_mined_cases(*cases, options.name, args.repo, args.output); !s.ok()) return fail(s.message());
  std::fputs(render_mine_summary(options.name, *cases, stats).c_str(), stdout);
  return kExitOk;
}
}  // namespace

Command add_mine_command(CLI::App& app) {
  auto args = std::make_shared<MineArgs>();
  CLI::App* cmd = app.add_subcommand("mine", "mine evaluation cases (review fixes, follow-up fixes, negatives) from git history");
  cmd->add_option("--repo", args->repo, "local git repository with refs/pull/N/head (a bare mirror is fine)")->required();
  cmd->add_option("--name", args->name, "OWNER/NAME of the repository (default: from a mirror path OWNER+NAME)");
  cmd->add_option("--since", args->since, "mine evidence commits from this date on (YYYY-MM-DD, UTC)");
  cmd->add_option("--limit", args->limit, "at most N cases per source, newest first (0 = no limit)");
  cmd->add_option("--reserved", args->reserved, "file of 'OWNER/NAME NUMBER' lines: PRs never to mine (repeatable)");
  cmd->add_option("--exclude-cases", args->exclude_cases, "corpus folder whose PRs are not mined (keeps the sets disjoint)");
  cmd->add_option("--negatives", args->negatives, "also write N clean merged PRs as negative cases");
  cmd->add_option("-o,--output", args->output, "folder to write the case folders into")->required();
  return {cmd, [args] { return run_mine(*args); }};
}

}  // namespace rp
