// review-pr: the command line. Registers the commands (src/cli/cmd_*.cc), parses, dispatches.
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/command.h"
#include "core/version.h"

int main(int argc, char** argv) {
  CLI::App app{"review-pr: a deterministic, offline reviewer for GPU-kernel and LLM-inference pull requests"};
  app.set_version_flag("--version", std::string(rp::kToolName) + " " + std::string(rp::tool_version()) + " (" +
                                        std::string(rp::tool_revision()) + ")");

  rp::Command review = rp::add_review_command(app);
  std::vector<rp::Command> subcommands = {
      rp::add_rules_command(app),
      rp::add_rule_command(app),
      rp::add_eval_command(app),
      rp::add_config_command(app),
      rp::add_self_review_command(app),
      rp::add_tags_command(app),
      rp::add_batch_command(app),
      rp::add_mine_command(app),
      rp::add_completion_command(app),
  };

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return rp::fail(std::string(e.what()) + " (see --help)");
  }

  for (const rp::Command& command : subcommands)
    if (command.app->parsed()) return command.run();
  return review.run();
}
