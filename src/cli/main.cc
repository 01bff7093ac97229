// review-pr: the command line. Parses arguments and wires the stages; nothing else.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>

#include "cli/review_job.h"
#include "cli/rules_doc.h"
#include "eval/evaluate.h"
#include "report/card.h"
#include "report/json_report.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitFailOn = 1;
constexpr int kExitBadInput = 2;

int fail(const std::string& message) {
  std::fprintf(stderr, "review-pr: %s\n", message.c_str());
  return kExitBadInput;
}

// Output goes to a temporary file renamed into place, so a failure never leaves half a report.
bool write_atomically(const std::string& path, const std::string& data) {
  std::string tmp = path + ".tmp-review-pr";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << data;
    if (!out.flush()) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"review-pr: a deterministic, offline reviewer for GPU-kernel and LLM-inference pull requests"};
  app.set_version_flag("--version", "review-pr 0.1.0");
  rp::ReviewInputs in;
  std::optional<int> pr_number;
  std::string format = "card", output, fail_on;

  app.add_option("pr", pr_number, "PR number (needs GitHub access: not available in this build)");
  app.add_option("--repo", in.repo_path, "local git repository (bare or mirror is fine; only objects are read)");
  app.add_option("--base", in.base, "base revision (default: merge-base of --head with main/master)");
  app.add_option("--head", in.head, "head revision (default: HEAD)");
  app.add_option("--diff", in.diff_file, "unified diff file (`gh pr diff` / `git diff` output)");
  app.add_option("--meta", in.meta_file, "PR metadata JSON (`gh pr view --json title,body,number,labels,...`)");
  app.add_option("--before", in.before_dir, "directory with the files before the change");
  app.add_option("--after", in.after_dir, "directory with the files after the change");
  app.add_option("--profile", in.profile, "atom | aiter | generic (default: detected from the repository)");
  app.add_option("--rule", in.rules.only, "run only this rule (repeatable)");
  app.add_option("--disable", in.rules.disable, "do not run this rule (repeatable)");
  app.add_option("--format", format, "card | json")->check(CLI::IsMember({"card", "json"}));
  app.add_option("-o,--output", output, "write the report to this file instead of stdout");
  app.add_option("--fail-on", fail_on, "exit 1 when the verdict has a finding at this level: red | warn")
      ->check(CLI::IsMember({"red", "warn"}));

  bool markdown = false;
  CLI::App* rules_cmd = app.add_subcommand("rules", "list every rule with its docs");
  rules_cmd->add_flag("--markdown", markdown, "render the rule reference as Markdown");

  std::string eval_dir, eval_format = "text";
  std::vector<std::string> eval_repos, eval_cases;
  CLI::App* eval_cmd = app.add_subcommand("eval", "review a corpus of cases and score the rules against their expectations");
  eval_cmd->add_option("cases_dir", eval_dir, "folder of case folders (case.json + pr.diff), or one case folder")->required();
  eval_cmd->add_option("--repo", eval_repos, "OWNER/NAME=PATH: review that repository's cases from this clone (repeatable)");
  eval_cmd->add_option("--format", eval_format, "text | json")->check(CLI::IsMember({"text", "json"}));
  eval_cmd->add_option("--cases", eval_cases, "run only these case ids (comma-separated)")->delimiter(',');
  eval_cmd->add_option("-o,--output", output, "write the report to this file instead of stdout");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    return fail(std::string(e.what()) + " (see --help)");
  }

  if (rules_cmd->parsed()) {
    std::cout << (markdown ? rp::render_rules_markdown() : rp::render_rules_text());
    return kExitOk;
  }

  if (eval_cmd->parsed()) {
    rp::EvalOptions options;
    for (const std::string& spec : eval_repos) {
      size_t eq = spec.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size() || spec.find('/') > eq)
        return fail("--repo " + spec + ": expected OWNER/NAME=PATH");
      options.repos[spec.substr(0, eq)] = spec.substr(eq + 1);
    }
    options.only = eval_cases;
    auto cases = rp::load_cases(eval_dir);
    if (!cases.ok()) return fail(cases.error());
    auto report = rp::evaluate(*cases, options);
    if (!report.ok()) return fail(report.error());
    std::string text = eval_format == "json" ? rp::render_eval_json(*report) : rp::render_eval_text(*report);
    if (!output.empty()) {
      if (!write_atomically(output, text)) return fail("cannot write " + output);
    } else {
      std::cout << text;
      std::cout.flush();
    }
    return kExitOk;
  }

  if (pr_number && in.repo_path.empty() && in.diff_file.empty() && in.before_dir.empty()) {
    return fail("PR #" + std::to_string(*pr_number) +
                " needs GitHub access, which this build does not have; review it from a clone with "
                "--repo PATH --base REF --head REF, or from files with --diff FILE --meta FILE");
  }

  rp::Result<rp::Review> review = rp::run_review(in);
  if (!review.ok()) return fail(review.error());
  if (pr_number && !review->number) review->number = pr_number;

  std::string report = format == "json" ? rp::render_json(*review) : rp::render_card(*review);
  if (!output.empty()) {
    if (!write_atomically(output, report)) return fail("cannot write " + output);
  } else {
    std::cout << report;
    std::cout.flush();
  }

  if (fail_on == "red" && review->verdict == rp::Verdict::Block) return kExitFailOn;
  if (fail_on == "warn" && review->verdict != rp::Verdict::Lgtm) return kExitFailOn;
  return kExitOk;
}
