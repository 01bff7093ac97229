// Inputs of the PR-page bot commands (self-review, tags): the PR's metadata JSON and, when
// given, its change from a diff file or a local git range. One loader so both commands read
// --meta / --diff / --repo --base --head the same way as the review itself.
#pragma once

#include <optional>
#include <string>

#include "core/change_set.h"
#include "core/pull_request.h"
#include "core/status.h"
#include "profile/profile.h"

namespace CLI {
class App;
}

namespace rp {

struct BotArgs {
  std::string meta_file, diff_file, repo_path, base, head, profile;
};

struct BotInputs {
  std::optional<PullRequestMeta> meta;  // from --meta
  std::optional<ChangeSet> changes;     // from --diff or --repo
  std::string head_commit;              // resolved from --repo, else empty
  std::string head_subject;             // the head commit's subject line (git only)
  const Profile* profile = nullptr;     // --profile, else detected; aiter when nothing says otherwise
};

// One-line error on bad input (missing file, bad JSON or diff, unknown ref or profile).
Result<BotInputs> load_bot_inputs(const BotArgs& args);

// Adds --meta, --diff, --repo, --base, --head and --profile, written the same for every bot
// command; `meta_help` says which `gh pr view --json` fields the command reads.
void add_bot_input_options(CLI::App& cmd, BotArgs& in, const std::string& meta_help);

}  // namespace rp
