// bugfix-without-test: the PR says it fixes a bug, changes code, and adds or changes no test.
#include <re2/re2.h>

#include "analysis/commit_intent.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "bugfix-without-test",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A bug-fix PR (by its title, or its commits when it has no description) changes code but touches no "
               "test and gives no reproduction command.",
    .docs = R"(What it catches: a PR that is a bug fix and changes Python or C/C++/HIP code under the
project's package, touches no test file, and whose description (when there is one) gives no
command that reproduces the bug. A bug fix: with a PR description, a title that calls it a fix
(`fix`, `fixes`, `fixed`, `bugfix`, `hotfix`, `bug`); without one (a branch reviewed from git,
whose "title" is only the head commit's subject, often a follow-up "fix" on a feature branch),
the PR's own commits can overrule such a title (they never make a PR a fix on their own): the branch name the merge commits reveal when it says `fix/...` or
`feat/...`, else the commit that founded the branch when it reads as a fix or a feature, else
most of the commits reading as fixes (merge, lint, formatting and pre-commit commits skipped).
A warning instead of a note when the PR deletes a test file and adds or changes no other test:
the fix loses the guard it had.
Why it matters: without a regression test the same bug can come back unnoticed; the checklist
asks how the fix is kept from regressing.
Does not fire on: reverts (a title in git's `Revert "<subject>"` form, even of a fix: the
code goes back to what the repository had before); feature branches whose head commit happens to say "fix"; titles about typos,
lint, docs, comments, formatting, CI, logging, warnings, perf, traces/tags/profiler or env vars;
PRs that touch any test file (tests/, op_tests/, test_*.py, Rust's tests.rs / *_test.rs) or add lines to a CI workflow
(`.github/workflows/*.yml`: a new job or matrix case is the repository's end-to-end test); PRs whose description carries a
command (a repro or test command in a code block); PRs that change only docs, configs or
scripts.)"};

bool ci_workflow(std::string_view path) {
  return path.starts_with(".github/workflows/") && (path.ends_with(".yml") || path.ends_with(".yaml"));
}

class BugfixWithoutTest : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    static const RE2 fix(R"((?i)\b(?:fix|fixes|fixed|fixing|bugfix|hotfix|bug)\b)");
    static const RE2 trivial(R"((?i)\b(?:typo|lint|doc|docs|readme|comment|comments|format|formatting|style|ci|log|logging|warning|warnings|spelling|pre-commit|ruff|black|mypy|build|compile|import|perf|trace|tag|profiler|env|envs)\b)");
    const std::string& title = ctx.pr.meta.title;
    // The author's description wins; without one the title is just the head commit's subject,
    // and the PR's commits say better what it is (they only veto).
    CommitIntent intent = undescribed_intent(ctx.pr.meta);
    if (!RE2::PartialMatch(title, fix) || RE2::PartialMatch(title, trivial)) return;
    // A revert (git's `Revert "<subject>"`, even of a fix) restores code the repository had,
    // and tested, before the reverted change: there is no new fix for a test to guard.
    if (title.starts_with("Revert \"") || title.starts_with("Revert '")) return;
    if (intent.known && !intent.fix) return;
    const FileChange* code = nullptr;
    std::vector<std::string> deleted_tests;
    for (const FileChange& f : ctx.pr.changes.files) {
      const std::string& p = f.path();
      if (is_test_path(p) && f.status == FileStatus::Deleted) {
        deleted_tests.push_back(p + " deleted");
        continue;
      }
      if (is_test_path(p)) return;
      // A CI workflow the PR changes (a new job or matrix case running the fixed path) is the
      // regression test, kept where the repository runs its end-to-end checks.
      if (ci_workflow(p) && f.added_count() > 0) return;
      bool source = is_python(p) || is_cpp_family(p);
      bool in_package = ctx.profile.package.empty() || ctx.profile.in_package(p);
      if (!code && source && in_package && !f.binary && f.status != FileStatus::Deleted) code = &f;
    }
    if (!code) return;
    if (ctx.pr.meta.has_description) {
      text::DescriptionFacts d = text::analyse_description(title, ctx.pr.meta.body);
      if (!d.commands.empty()) return;
    }
    Finding x = finding();
    x.problem = "The PR is a bug fix (" + (intent.known ? intent.why : "\"" + title.substr(0, 100) + "\"") +
                ") but adds or changes no test";
    if (!deleted_tests.empty()) {
      x.severity = Severity::Warn;
      x.problem += ", and it removes a test";
    }
    x.impact = "Nothing in CI exercises the failing case, so the same bug can return with the next change to " +
               code->path() + " and nobody notices";
    x.action = "Reviewer should ask for a regression test (or at least the reproduction command) that fails before "
               "this fix and passes after it";
    x.evidence.push_back("title: " + title.substr(0, 160));
    for (const std::string& d : deleted_tests) x.evidence.push_back("test removed: " + d);
    x.evidence.push_back(code->path() + ": changed, no test file in the PR");
    x.verified = false;
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(BugfixWithoutTest);

}  // namespace
}  // namespace rp
