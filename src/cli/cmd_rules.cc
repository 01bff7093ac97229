// `review-pr rules [--markdown]`: every rule with its docs; `review-pr rule NAME`: one rule.
#include <iostream>
#include <memory>

#include "cli/command.h"
#include "report/rules_doc.h"
#include "rules/registry.h"

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

Command add_rule_command(CLI::App& app) {
  auto name = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("rule", "one rule's docs: codes, severity, what it reads, examples");
  cmd->add_option("name", *name, "rule name (see `review-pr rules`)")->required();
  return {cmd, [name] {
            const RuleInfo* info = rule_info_of(*name);
            if (!info) return fail("unknown rule '" + *name + "' (see `review-pr rules`)");
            std::cout << render_rule_text(*info);
            return kExitOk;
          }};
}

}  // namespace rp
