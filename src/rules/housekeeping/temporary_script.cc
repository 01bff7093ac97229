// temporary-script: a scratch file committed with the PR.
#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "rules/rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "temporary-script",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A new file looks like a personal scratch file (runperf-*.sh, test_local_*.py, tmp_*, profiling harness, dev journal).",
    .docs = R"(What it catches: a file added by the PR whose name marks it as a local experiment:
`runperf*`, `test_local_*`, `tmp_*`/`temp_*`/`scratch_*`, `*_tmp.py`, editor and patch
leftovers (`*.orig`, `*.rej`, `*.bak`), one-off profiling harnesses (`*rocprof*`,
`profile_*.sh|py`, `parse_pmc*`), developer journals and plans in Markdown at the repository
root or under docs/ (`*journal*`, `*_plan.md`, `plan_*`, `wip*`, or a dated
`2026-07-01_*.md`), and in the aiter profile a new `.sh` outside the directories that hold the
project's own scripts, unless a SKILL.md or README documents its folder. Three or more such files are reported as one finding.
Why it matters: scratch scripts carry hard-coded local paths and models, rot at once, and
tell reviewers the change was committed with `git add .` (unrelated files ride along).
Does not fire on: modified or deleted files (only additions), a `.sh` beside a SKILL.md or
README in the same folder (added by the PR or already there: a documented tool), a `.sh` whose
path an added line of another file names (a CI workflow step that runs it), scripts under `scripts/`,
`tools/`, `.github/`, `ci/`, `.ci/`, `docker/`, `benchmarks/`, proper test files
(`test_*.py` without the `local` marker), or Markdown that reads as project documentation
(`docs/design.md`, `release_notes.md`, a README) or lives beside the code it documents.)"};

// Whether an added line of another file names `script`'s repository path.
bool invoked_elsewhere(const std::vector<AddedLine>& added, const FileChange& script) {
  for (const AddedLine& a : added)
    if (a.file != &script && a.line->text.find(script.new_path) != std::string::npos) return true;
  return false;
}

class TemporaryScript : public Rule {
  static constexpr size_t kMaxSeparate = 2;

 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    std::vector<Finding> found;
    const std::vector<AddedLine> added = added_lines(ctx.pr.changes);
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.status != FileStatus::Added) continue;
      // Only the names of added files are matched: a PR that adds none compiles neither.
      static const RE2 scratch(
          R"(^(runperf.*|test_local_.*|tmp_.*|temp_.*|scratch.*|.*_tmp\.py|.*\.orig|.*\.rej|.*\.bak|)"
          R"(.*rocprof.*\.(sh|py)|profile_.*\.(sh|py)|parse_pmc.*\.py)$)");
      static const RE2 journal(R"((?i)^(.*journal.*|.*_plan|plan_.*|wip.*|\d{4}-\d{2}-\d{2}[_-].*)\.md$)");
      std::string_view base = base_name(f.new_path);
      bool named_scratch = RE2::FullMatch(std::string(base), scratch);
      std::string_view dir = dir_name(f.new_path);
      bool journal_md = (dir.empty() || dir == "docs" || dir.starts_with("docs/")) &&
                        RE2::FullMatch(std::string(base), journal);
      named_scratch = named_scratch || journal_md;
      bool loose_shell = ctx.profile.loose_shell_scripts_are_temporary && extension(f.new_path) == ".sh" && !in_script_dir(f.new_path);
      // A script beside a SKILL.md or README that documents its folder is a project tool
      // (a skill's entry point, a documented helper), not a leftover.
      if (loose_shell && !named_scratch &&
          documented_folder(ctx.pr.changes, f.new_path, [&](const std::string& p) {
            return ctx.workspace.read_head(p).value_or("");
          }))
        loose_shell = false;
      // A script another file of the PR runs (a CI workflow step, a Makefile target, a doc's
      // command line naming its path) is wired into the project, not left behind.
      if (loose_shell && !named_scratch && invoked_elsewhere(added, f)) loose_shell = false;
      if (!named_scratch && !loose_shell) continue;
      Finding x = finding();
      x.location = Location{f.new_path, 0};
      x.problem = "New file " + f.new_path +
                  (journal_md ? " looks like a personal development journal or plan" : " looks like a temporary local script");
      x.impact = journal_md ? "It records one working session, not the code: it goes stale as soon as it merges and "
                              "misleads whoever finds it later"
                            : "It is not run by CI, carries machine-specific paths, and goes stale as soon as it merges";
      x.action = journal_md ? "Author must remove it from the PR (working notes do not belong in the repository), or rewrite it "
                              "as a design document under docs/ that says which code it describes"
                            : "Author must remove it from the PR, or move it under scripts/ with a docstring saying how "
                              "CI uses it";
      x.evidence.push_back(f.new_path + ": new file, " + std::to_string(f.added_count()) + " lines");
      found.push_back(std::move(x));
    }
    if (found.size() <= kMaxSeparate) {
      for (Finding& x : found) out.push_back(std::move(x));
      return;
    }
    // A PR that commits a whole working session gets one finding, not a wall of them.
    Finding all = finding();
    all.location = found.front().location;
    all.problem = std::to_string(found.size()) + " new files look like temporary scripts or personal notes: ";
    for (size_t i = 0; i < found.size(); ++i) {
      if (i) all.problem += i + 1 == found.size() ? " and " : ", ";
      all.problem += found[i].location->file;
      if (i) all.related.push_back(*found[i].location);
      all.evidence.push_back(found[i].evidence.front());
    }
    all.impact = "None of them is run by CI or describes the code; they carry machine-specific paths and session "
                 "notes that go stale as soon as they merge";
    all.action = "Author must remove them from the PR, or move what is meant to stay under scripts/ or docs/ with a "
                 "note saying what it is for";
    out.push_back(std::move(all));
  }

 private:
  static bool in_script_dir(std::string_view path) {
    for (std::string_view d : {"scripts", "tools", ".github", "ci", ".ci", "docker", "benchmarks"})
      if (has_dir_named(path, d)) return true;
    return false;
  }
};

REGISTER_RULE(TemporaryScript);

}  // namespace
}  // namespace rp
