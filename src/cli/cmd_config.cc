// `review-pr config --print | --reference`: the effective configuration of a review (the
// repository's .review-pr.toml or --config FILE, merged with the profile), and the Markdown
// reference of every configuration key (the README section is this output, verbatim).
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "config/review_config.h"
#include "review/review.h"
#include "source/git_source.h"

namespace rp {

namespace {
struct ConfigArgs {
  bool print = false, reference = false;
  ReviewInputs in;
};

int run(ConfigArgs& args) {
  if (args.print == args.reference) return fail("config: give --print or --reference");
  if (args.reference) {
    std::cout << config_reference_markdown();
    return kExitOk;
  }
  ReviewInputs in = args.in;
  // Only the head tree matters here: review it against itself.
  in.base = in.head.empty() ? "HEAD" : in.head;
  if (in.repo_path.empty() && !GitRepo::discover(".").ok()) {
    if (in.config_file.empty()) return fail("config --print: not inside a git repository; give --repo PATH or --config FILE");
    in.diff_text = "";
  }
  auto resolved = resolve_config(in);
  if (!resolved.ok()) return fail(resolved.error());
  std::cout << render_effective_config(resolved->config, resolved->profile);
  return kExitOk;
}
}  // namespace

Command add_config_command(CLI::App& app) {
  auto args = std::make_shared<ConfigArgs>();
  CLI::App* cmd = app.add_subcommand("config", "show the effective configuration, or the configuration reference");
  cmd->add_flag("--print", args->print, "print the effective configuration as TOML");
  cmd->add_flag("--reference", args->reference, "print the reference of every configuration key (Markdown)");
  cmd->add_option("--repo", args->in.repo_path, "repository whose .review-pr.toml to read (default: the one around .)");
  cmd->add_option("--head", args->in.head, "revision to read .review-pr.toml from (default: HEAD)");
  cmd->add_flag("--worktree", args->in.work_tree,
                "what a review of the work tree uses: HEAD's .review-pr.toml (its base), not the work tree's");
  cmd->add_option("--config", args->in.config_file, "configuration file instead of the repository's");
  cmd->add_option("--profile", args->in.profile, "atom | aiter | generic (default: the configuration's, else detected)");
  return {cmd, [args] { return run(*args); }};
}

}  // namespace rp
