// The repository's own Python linter: which linter its CI runs on every pull request (a
// workflow step running `ruff check` or `flake8`, the ruff GitHub action, or a `pre-commit run`
// step with a ruff/flake8 hook), and which of its codes it reports on which files (ruff's
// `select`/`extend-select`/`ignore`/`per-file-ignores`/`exclude` from ruff.toml, .ruff.toml or
// pyproject.toml [tool.ruff] / [tool.ruff.lint]; flake8's from .flake8, setup.cfg or tox.ini;
// options written on the command line). Read from the *base* tree, so a PR cannot weaken its
// own review by editing the linter's configuration.
//
// A rule whose finding is exactly one of the linter's codes (an unused import is pyflakes F401,
// an unread local F841) asks `linter_reporting()`: where the linter already tells the author,
// the finding is left to it (`leave_to_linter`) and the card only counts it.
//
// Not modelled: ruff's per-directory configuration files (only the root's is read), .gitignore
// exclusion, pylint (its message ids differ and its configuration is usually opt-in), and a
// workflow step's `working-directory`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/context.h"
#include "core/finding.h"
#include "core/tree_reader.h"

namespace rp {

struct RepoLinter {
  std::string tool;   // "ruff" | "flake8"
  std::string where;  // what runs it: ".github/workflows/pre-checks.yaml", ".pre-commit-config.yaml"
  // Code prefixes ("F", "F401", "ALL"): the selected set and the ignored one, command line and
  // configuration file together.
  std::vector<std::string> select, ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;  // pattern → prefixes
  std::vector<std::string> exclude;  // path patterns (core/path_pattern.h dialect)
  std::vector<std::string> paths;    // what the command checks, root-relative; "" = the whole tree
};

struct RepoLinters {
  std::vector<RepoLinter> linters;
};

// Whether `linter` reports `code` (a pyflakes/pycodestyle code: "F401") on repository `path`.
bool linter_reports(const RepoLinter& linter, std::string_view path, std::string_view code);

// The linters a tree's CI runs on pull requests, with their configuration.
RepoLinters read_repo_linters(const TreeReader& tree);

// The review's base tree's linters, read once per base revision (none without a base tree).
const RepoLinters& repo_linters(const ReviewContext& ctx);

// The first linter of the base tree that reports `code` on `path`; nullptr when none does.
const RepoLinter* linter_reporting(const ReviewContext& ctx, std::string_view path, std::string_view code);

// "ruff (F401, .github/workflows/pre-checks.yaml)": what reports the finding.
std::string linter_label(const RepoLinter& linter, std::string_view code);

// A finding a rule left to the repository's linter, and the linter that reports it.
struct LeftToLinter {
  Finding finding;
  std::string reported_by;  // linter_label()
};

// Records, for this review, a finding the repository's linter already reports instead of
// reporting it (the review lists it among the suppressed findings and the card counts it).
void leave_to_linter(const ReviewContext& ctx, Finding finding, std::string reported_by);

// A rule's finding that is exactly the linter's `code` on `path`: left to the linter that
// reports it there, else appended to `out`.
void report_unless_linter(const ReviewContext& ctx, std::string_view path, std::string_view code, Finding finding,
                          std::vector<Finding>& out);

// What the review's rules left to the linter, sorted by file, line and rule.
std::vector<LeftToLinter> left_to_linter(const ReviewContext& ctx);

}  // namespace rp
