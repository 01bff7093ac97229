// `review-pr rules [--markdown]`: every rule with its docs.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "report/rules_doc.h"

namespace rp {

Command add_rules_command(CLI::App& app) {
  auto markdown = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("rules", "list every rule with its docs");
  cmd->add_flag("--markdown", *markdown, "render the rule reference as Markdown");
  return {cmd, [markdown] {
            std::cout << (*markdown ? render_rules_markdown() : render_rules_text());
            return kExitOk;
          }};
}

}  // namespace rp
