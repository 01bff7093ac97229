// The main job, on the root command: `review-pr [--repo ... | --diff ... | --before/--after]`.
#include <memory>
#include <optional>

#include "cli/command.h"
#include "cli/review_job.h"
#include "report/card.h"
#include "report/github_annotations.h"
#include "report/json_report.h"
#include "report/rdjson_report.h"
#include "report/sarif_report.h"
#include "verdict/suppress.h"

namespace rp {

namespace {
struct ReviewArgs {
  ReviewInputs in;
  std::optional<int> pr_number;
  std::string format = "card", output, fail_on, write_baseline;
};

std::string render(const Review& review, const std::string& format) {
  if (format == "json") return render_json(review);
  if (format == "sarif") return render_sarif(review);
  if (format == "rdjson") return render_rdjson(review);
  if (format == "github-annotations") return render_github_annotations(review);
  return render_card(review);
}

int run(ReviewArgs& args) {
  if (args.pr_number && args.in.repo_path.empty() && args.in.diff_file.empty() && args.in.before_dir.empty()) {
    return fail("PR #" + std::to_string(*args.pr_number) +
                " needs GitHub access, which this build does not have; review it from a clone with "
                "--repo PATH --base REF --head REF, or from files with --diff FILE --meta FILE");
  }
  Result<Review> review = run_review(args.in);
  if (!review.ok()) return fail(review.error());
  if (args.pr_number && !review->number) review->number = args.pr_number;

  if (!args.write_baseline.empty() && !emit(args.write_baseline, render_baseline(*review)))
    return fail("cannot write " + args.write_baseline);
  if (!emit(args.output, render(*review, args.format))) return fail("cannot write " + args.output);

  if (args.fail_on == "red" && review->verdict == Verdict::Block) return kExitFailOn;
  if (args.fail_on == "warn" && review->verdict != Verdict::Lgtm) return kExitFailOn;
  return kExitOk;
}
}  // namespace

Command add_review_command(CLI::App& app) {
  auto args = std::make_shared<ReviewArgs>();
  ReviewInputs& in = args->in;
  app.add_option("pr", args->pr_number, "PR number (needs GitHub access: not available in this build)");
  app.add_option("--repo", in.repo_path,
                 "local git repository (bare or mirror is fine; only objects are read). Default: the clone around the "
                 "current directory");
  app.add_option("--base", in.base, "base revision (default: merge-base of --head with main/master)");
  app.add_option("--head", in.head, "head revision (default: HEAD)");
  app.add_flag("--worktree", in.work_tree,
               "review the work tree (uncommitted changes to tracked files, staged new files) as the head side");
  app.add_option("--diff", in.diff_file, "unified diff file (`gh pr diff` / `git diff` output)");
  app.add_option("--meta", in.meta_file, "PR metadata JSON (`gh pr view --json title,body,number,labels,...`)");
  app.add_option("--before", in.before_dir, "directory with the files before the change");
  app.add_option("--after", in.after_dir, "directory with the files after the change");
  app.add_option("--profile", in.profile, "atom | aiter | generic (default: detected from the repository)");
  app.add_option("--rule", in.rules.only, "run only this rule (repeatable)");
  app.add_option("--disable", in.rules.disable, "do not run this rule (repeatable)");
  app.add_option("--format", args->format, "card | json | sarif | rdjson | github-annotations")
      ->check(CLI::IsMember({"card", "json", "sarif", "rdjson", "github-annotations"}));
  app.add_option("--config", in.config_file, "configuration file (default: .review-pr.toml of the head revision)");
  app.add_option("--baseline", in.baseline_file, "hide findings listed in this baseline (see --write-baseline)");
  app.add_option("--write-baseline", args->write_baseline,
                 "also write the findings of this review (and those the --baseline hid) as a baseline file");
  app.add_option("-o,--output", args->output, "write the report to this file instead of stdout");
  app.add_option("--fail-on", args->fail_on, "exit 1 when the verdict has a finding at this level: red | warn")
      ->check(CLI::IsMember({"red", "warn"}));
  return {&app, [args] { return run(*args); }};
}

}  // namespace rp
