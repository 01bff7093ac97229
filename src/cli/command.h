// The command-line surface: each subcommand lives in its own file (cmd_<name>.cc) and
// registers itself on the CLI11 app; main.cc only parses and dispatches.
#pragma once

#include <functional>
#include <string>

#include <CLI/CLI.hpp>

namespace rp {

constexpr int kExitOk = 0;
constexpr int kExitFailOn = 1;
constexpr int kExitBadInput = 2;

// A subcommand: its CLI11 node and what runs when it was given. `run` returns the exit code.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

// Prints "review-pr: <message>" on stderr and returns kExitBadInput.
int fail(const std::string& message);

// Writes `data` to `path` through a temporary file renamed into place (never half a report),
// or to stdout when path is empty. False when the file cannot be written.
bool emit(const std::string& path, const std::string& data);

// The root command (the review itself) and the subcommands, one file each.
Command add_review_command(CLI::App& app);
Command add_rules_command(CLI::App& app);
Command add_rule_command(CLI::App& app);
// `completion bash`: a completion script generated from `app`'s own subcommands and options.
Command add_completion_command(CLI::App& app);
Command add_eval_command(CLI::App& app);
Command add_config_command(CLI::App& app);
Command add_self_review_command(CLI::App& app);
Command add_tags_command(CLI::App& app);
Command add_batch_command(CLI::App& app);
Command add_mine_command(CLI::App& app);

}  // namespace rp
