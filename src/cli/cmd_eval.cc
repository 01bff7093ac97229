// `review-pr eval CASES_DIR [--repo OWNER/NAME=PATH ...]`: score the rules on a corpus.
#include <algorithm>
#include <memory>
#include <thread>

#include "cli/command.h"
#include "eval/evaluate.h"

namespace rp {

namespace {
struct EvalArgs {
  std::string dir, format = "text", output;
  std::vector<std::string> repos, cases, only, enable;
  int jobs = 0;
};

int run_eval(const EvalArgs& args) {
  EvalOptions options;
  for (const std::string& spec : args.repos) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size() || spec.find('/') > eq)
      return fail("--repo " + spec + ": expected OWNER/NAME=PATH");
    options.repos[spec.substr(0, eq)] = spec.substr(eq + 1);
  }
  options.only = args.cases;
  options.rules.only = args.only;
  options.rules.enable = args.enable;
  options.jobs = args.jobs > 0 ? args.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  auto cases = load_cases(args.dir);
  if (!cases.ok()) return fail(cases.error());
  auto report = evaluate(*cases, options);
  if (!report.ok()) return fail(report.error());
  std::string text = args.format == "json" ? render_eval_json(*report) : render_eval_text(*report);
  if (!emit(args.output, text)) return fail("cannot write " + args.output);
  return kExitOk;
}
}  // namespace

Command add_eval_command(CLI::App& app) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* cmd = app.add_subcommand("eval", "review a corpus of cases and score the rules against their expectations");
  cmd->add_option("cases_dir", args->dir, "folder of case folders (case.json + pr.diff), or one case folder")->required();
  cmd->add_option("--repo", args->repos, "OWNER/NAME=PATH: review that repository's cases from this clone (repeatable)");
  cmd->add_option("--format", args->format, "text | json")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--cases", args->cases, "run only these case ids (comma-separated)")->delimiter(',');
  cmd->add_option("--rule", args->only, "score only this rule (repeatable)");
  cmd->add_option("--enable", args->enable, "also run this rule where it is switched off (repeatable)");
  cmd->add_option("-o,--output", args->output, "write the report to this file instead of stdout");
  cmd->add_option("-j,--jobs", args->jobs, "cases reviewed at once, each in its own process (default: the number of cores)")
      ->check(CLI::Range(1, 256));
  return {cmd, [args] { return run_eval(*args); }};
}

}  // namespace rp
