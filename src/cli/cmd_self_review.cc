// `review-pr self-review --meta FILE --head SHA [--mode shadow|enforce] [--format md|json]`:
// the PR Self-Review gate of the aiter PR page (src/bots/self_review.h). The head commit comes
// from --head, from --repo (where --head is any ref), or from the metadata's headRefOid.
#include <memory>

#include "bots/self_review.h"
#include "cli/bot_inputs.h"
#include "cli/command.h"

namespace rp {

namespace {
struct SelfReviewArgs {
  BotArgs in;
  std::string mode = "shadow", format = "md", output;
};

int run_self_review_command(const SelfReviewArgs& args) {
  if (args.in.meta_file.empty()) return fail("self-review needs the PR description: --meta FILE");
  if (args.in.repo_path.empty() && !args.in.base.empty()) return fail("--base needs --repo");
  auto in = load_bot_inputs(args.in);
  if (!in.ok()) return fail(in.error());

  std::string head = in->head_commit;
  if (head.empty() && !args.in.head.empty()) {
    if (!bots::is_commit_sha(args.in.head))
      return fail("--head " + args.in.head + ": expected a commit SHA (7 to 40 hex digits); give --repo PATH to resolve a ref");
    head = args.in.head;
  }
  if (head.empty() && bots::is_commit_sha(in->meta->head_ref_oid)) head = in->meta->head_ref_oid;
  if (head.empty()) return fail("self-review needs the head commit: --head SHA, --repo PATH, or headRefOid in --meta");

  bots::SelfReviewInput input{in->meta->body, head, std::nullopt};
  if (in->changes) input.changed_op_tests = bots::changed_op_test_files(*in->changes, *in->profile);
  bots::SelfReviewReport report = bots::run_self_review(input);
  bots::GateMode mode = args.mode == "enforce" ? bots::GateMode::Enforce : bots::GateMode::Shadow;
  std::string text = args.format == "json" ? bots::render_self_review_json(report, mode)
                                           : bots::render_self_review_markdown(report, mode);
  if (!emit(args.output, text)) return fail("cannot write " + args.output);
  return mode == bots::GateMode::Enforce && !report.pass() ? kExitFailOn : kExitOk;
}
}  // namespace

Command add_self_review_command(CLI::App& app) {
  auto args = std::make_shared<SelfReviewArgs>();
  CLI::App* cmd = app.add_subcommand(
      "self-review", "the PR Self-Review gate: the description answers the four questions and names the head revision");
  add_bot_input_options(*cmd, args->in, "PR metadata JSON (`gh pr view --json title,body,number,headRefOid,labels`)");
  cmd->add_option("--mode", args->mode, "shadow: report and succeed | enforce: exit 1 when an answer is missing")
      ->check(CLI::IsMember({"shadow", "enforce"}));
  cmd->add_option("--format", args->format, "md | json")->check(CLI::IsMember({"md", "json"}));
  cmd->add_option("-o,--output", args->output, "write the report to this file instead of stdout");
  return {cmd, [args] { return run_self_review_command(*args); }};
}

}  // namespace rp
