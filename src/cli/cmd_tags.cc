// `review-pr tags --meta FILE (--diff FILE | --repo PATH [--base REF] [--head REF])`: the PR
// title component tags, labels, one-backend-per-PR rule and CI label guide of the aiter PR
// page (src/bots/tags.h). Advisory: exits 0 unless the input is bad.
#include <memory>

#include "bots/tags.h"
#include "cli/bot_inputs.h"
#include "cli/command.h"

namespace rp {

namespace {
struct TagsArgs {
  BotArgs in;
  std::string format = "md", output;
};

int run_tags_command(const TagsArgs& args) {
  if (args.in.diff_file.empty() && args.in.repo_path.empty())
    return fail("tags needs the changed files: --diff FILE or --repo PATH [--base REF] [--head REF]");
  if (args.in.repo_path.empty() && (!args.in.base.empty() || !args.in.head.empty())) return fail("--base/--head need --repo");
  auto in = load_bot_inputs(args.in);
  if (!in.ok()) return fail(in.error());
  PullRequestMeta meta = in->meta.value_or(PullRequestMeta{});
  if (meta.title.empty()) meta.title = in->head_subject;
  bots::TagsReport report = bots::compute_tags(meta, *in->changes, *in->profile);
  std::string text = args.format == "json" ? bots::render_tags_json(report) : bots::render_tags_markdown(report);
  if (!emit(args.output, text)) return fail("cannot write " + args.output);
  return kExitOk;
}
}  // namespace

Command add_tags_command(CLI::App& app) {
  auto args = std::make_shared<TagsArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tags", "PR title component tags and labels from the changed paths, one backend per PR, and the CI label guide");
  add_bot_input_options(*cmd, args->in, "PR metadata JSON (title and labels; `gh pr view --json title,labels`)");
  cmd->add_option("--format", args->format, "md | json")->check(CLI::IsMember({"md", "json"}));
  cmd->add_option("-o,--output", args->output, "write the report to this file instead of stdout");
  return {cmd, [args] { return run_tags_command(*args); }};
}

}  // namespace rp
