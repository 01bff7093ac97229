#include "cli/bot_inputs.h"

#include <CLI/CLI.hpp>

#include "source/git_source.h"
#include "source/input_file.h"
#include "source/meta_json.h"
#include "source/unified_diff.h"

namespace rp {

namespace {
constexpr size_t kMaxDiffBytes = size_t(512) << 20;
constexpr size_t kMaxMetaBytes = size_t(64) << 20;
}  // namespace

Result<BotInputs> load_bot_inputs(const BotArgs& args) {
  BotInputs in;
  if (!args.diff_file.empty() && !args.repo_path.empty()) return Status::Error("give one code source: --diff or --repo");
  if (!args.meta_file.empty()) {
    auto text = read_input_file(args.meta_file, kMaxMetaBytes);
    if (!text.ok()) return text.status();
    auto parsed = parse_pr_meta(*text);
    if (!parsed.ok()) return Status::Error(args.meta_file + ": " + parsed.error());
    in.meta = std::move(*parsed);
  }
  std::string diff_text;
  bool have_diff = false;
  if (!args.repo_path.empty()) {
    auto repo = GitRepo::open(args.repo_path);
    if (!repo.ok()) return repo.status();
    auto head = (*repo)->resolve(args.head.empty() ? "HEAD" : args.head);
    if (!head.ok()) return head.status();
    auto base = args.base.empty() ? (*repo)->default_base(*head) : (*repo)->resolve(args.base);
    if (!base.ok()) return base.status();
    auto text = (*repo)->diff_text(*base, *head);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
    have_diff = true;
    in.head_commit = *head;
    if (auto subject = (*repo)->commit_subject(*head); subject.ok()) in.head_subject = *subject;
  } else if (!args.diff_file.empty()) {
    auto text = read_input_file(args.diff_file, kMaxDiffBytes);
    if (!text.ok()) return text.status();
    diff_text = std::move(*text);
    have_diff = true;
  }
  if (have_diff) {
    auto changes = parse_unified_diff(diff_text);
    if (!changes.ok()) return Status::Error((args.diff_file.empty() ? "diff: " : args.diff_file + ": ") + changes.error());
    in.changes = std::move(*changes);
  }
  if (!args.profile.empty()) {
    in.profile = find_profile(args.profile);
    if (!in.profile) return Status::Error("unknown profile '" + args.profile + "' (atom, aiter, generic)");
  } else {
    std::vector<std::string> paths;
    if (in.changes)
      for (const FileChange& f : in.changes->files) paths.push_back(f.path());
    in.profile = &detect_profile(nullptr, paths);
    // These bots are the aiter PR page's: a diff with no Python package says nothing else.
    if (in.profile->name == "generic") in.profile = find_profile("aiter");
  }
  return in;
}

void add_bot_input_options(CLI::App& cmd, BotArgs& in, const std::string& meta_help) {
  cmd.add_option("--meta", in.meta_file, meta_help);
  cmd.add_option("--diff", in.diff_file, "unified diff of the PR");
  cmd.add_option("--repo", in.repo_path, "local git repository (a bare mirror is fine): reads --base..--head");
  cmd.add_option("--base", in.base, "base revision with --repo (default: merge-base of --head with main/master)");
  cmd.add_option("--head", in.head, "head revision with --repo (default: HEAD), or the current head commit SHA");
  cmd.add_option("--profile", in.profile, "atom | aiter | generic (default: detected, else aiter)");
}

}  // namespace rp
