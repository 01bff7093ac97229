#include "analysis/repo_linter.h"

#include <gtest/gtest.h>

#include "source/map_tree.h"

namespace rp {
namespace {

const char* kRuffWorkflow = R"(name: Checks
on:
  pull_request:
    branches: [ "main" ]
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Lint
        run: |
          pip install ruff
          ruff check . \
            --output-format=github \
            --exit-zero | tee lint.txt
)";

MapTree files(std::map<std::string, std::string> m) { return MapTree(std::move(m)); }

bool reports(const RepoLinters& l, std::string_view path, std::string_view code) {
  for (const RepoLinter& one : l.linters)
    if (linter_reports(one, path, code)) return true;
  return false;
}

TEST(RepoLinter, RuffStepWithDefaultsReportsPyflakesEverywhereButBuiltInExcludes) {
  RepoLinters l = read_repo_linters(files({{".github/workflows/checks.yml", kRuffWorkflow}}));
  ASSERT_EQ(l.linters.size(), 1u);
  EXPECT_EQ(l.linters[0].tool, "ruff");
  EXPECT_EQ(l.linters[0].where, ".github/workflows/checks.yml");
  EXPECT_TRUE(reports(l, "pkg/ops/gemm.py", "F401"));
  EXPECT_TRUE(reports(l, "pkg/ops/gemm.py", "F841"));
  EXPECT_FALSE(reports(l, "pkg/ops/gemm.py", "E501"));  // not in ruff's default set
  EXPECT_FALSE(reports(l, "build/gen.py", "F401"));     // ruff's default exclude, any depth
  EXPECT_FALSE(reports(l, "pkg/build/gen.py", "F401"));
}

TEST(RepoLinter, WorkflowNotRunOnPullRequestsIsNotTheAuthorsLinter) {
  std::string nightly = kRuffWorkflow;
  nightly.replace(nightly.find("pull_request:"), 13, "schedule:");
  EXPECT_TRUE(read_repo_linters(files({{".github/workflows/nightly.yml", nightly}})).linters.empty());
  // `ruff format` is a formatter, not the linter.
  std::string fmt = kRuffWorkflow;
  fmt.replace(fmt.find("ruff check"), 10, "ruff format");
  EXPECT_TRUE(read_repo_linters(files({{".github/workflows/checks.yml", fmt}})).linters.empty());
}

TEST(RepoLinter, PyprojectSelectIgnoreExcludeAndPerFileIgnores) {
  const char* pyproject = R"([tool.ruff]
exclude = ["dist/", "third_party"]
[tool.ruff.lint]
select = ["E", "F"]
ignore = ["F841"]
[tool.ruff.lint.per-file-ignores]
"__init__.py" = ["F401"]
"tests/*" = ["F"]
)";
  RepoLinters l = read_repo_linters(
      files({{".github/workflows/checks.yml", kRuffWorkflow}, {"pyproject.toml", pyproject}}));
  EXPECT_TRUE(reports(l, "pkg/a.py", "F401"));
  EXPECT_TRUE(reports(l, "pkg/a.py", "E501"));
  EXPECT_FALSE(reports(l, "pkg/a.py", "F841"));
  EXPECT_FALSE(reports(l, "pkg/__init__.py", "F401"));
  EXPECT_FALSE(reports(l, "tests/test_a.py", "F401"));
  EXPECT_FALSE(reports(l, "dist/a.py", "F401"));       // a pattern with a slash is anchored at the root
  EXPECT_TRUE(reports(l, "pkg/dist/a.py", "F401"));
  EXPECT_FALSE(reports(l, "x/third_party/a.py", "F401"));
  // A more specific select wins over a broader ignore.
  const char* specific = "[tool.ruff.lint]\nselect = [\"F401\"]\nignore = [\"F\"]\n";
  RepoLinters s = read_repo_linters(
      files({{".github/workflows/checks.yml", kRuffWorkflow}, {"pyproject.toml", specific}}));
  EXPECT_TRUE(reports(s, "pkg/a.py", "F401"));
  EXPECT_FALSE(reports(s, "pkg/a.py", "F841"));
}

TEST(RepoLinter, CommandLineOptionsAndPathsOverrideTheConfiguration) {
  const char* wf = R"(on: [push, pull_request]
jobs:
  lint:
    steps:
      - run: python -m pip install ruff && ruff check src/pkg --select E9,F63 --extend-select F401
)";
  RepoLinters l = read_repo_linters(files({{".github/workflows/lint.yaml", wf}}));
  EXPECT_TRUE(reports(l, "src/pkg/a.py", "F401"));
  EXPECT_FALSE(reports(l, "src/pkg/a.py", "F841"));
  EXPECT_FALSE(reports(l, "scripts/a.py", "F401"));  // outside the checked path
}

TEST(RepoLinter, Flake8FromSetupCfgAndRuffActionAndPreCommit) {
  const char* wf = R"(on: pull_request
jobs:
  a:
    steps:
      - run: flake8
  b:
    steps:
      - uses: astral-sh/ruff-action@v3
        with:
          src: "./tools"
)";
  const char* cfg = "[metadata]\nname = x\n[flake8]\nextend-ignore = E203\nper-file-ignores =\n    pkg/__init__.py:F401\nexclude = legacy/\n";
  RepoLinters l = read_repo_linters(files({{".github/workflows/lint.yml", wf}, {"setup.cfg", cfg}}));
  ASSERT_EQ(l.linters.size(), 2u);
  EXPECT_EQ(l.linters[0].tool, "flake8");
  EXPECT_TRUE(linter_reports(l.linters[0], "pkg/a.py", "F841"));
  EXPECT_FALSE(linter_reports(l.linters[0], "pkg/__init__.py", "F401"));
  EXPECT_FALSE(linter_reports(l.linters[0], "legacy/a.py", "F401"));
  EXPECT_EQ(l.linters[1].tool, "ruff");
  EXPECT_TRUE(linter_reports(l.linters[1], "tools/a.py", "F401"));
  EXPECT_FALSE(linter_reports(l.linters[1], "pkg/a.py", "F401"));

  // pre-commit hooks count when CI runs pre-commit (or pre-commit.ci is configured), not otherwise.
  const char* hooks = "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.6.0\n    hooks:\n      - id: ruff\n        args: [--fix]\n";
  EXPECT_TRUE(read_repo_linters(files({{".pre-commit-config.yaml", hooks}})).linters.empty());
  const char* ci = "on: pull_request\njobs:\n  p:\n    steps:\n      - uses: pre-commit/action@v3.0.1\n";
  RepoLinters p = read_repo_linters(files({{".pre-commit-config.yaml", hooks}, {".github/workflows/pc.yml", ci}}));
  ASSERT_EQ(p.linters.size(), 1u);
  EXPECT_TRUE(linter_reports(p.linters[0], "any/where.py", "F401"));
}

TEST(RepoLinter, PipedIntoAReporterWithARestatedDefaultExcludeList) {
  // `ruff check` piped into a PR-comment bot, options spread over continuation lines; the
  // configuration restates ruff's exclude list with one entry anchored (`out/` only at the root)
  // and extends it with a vendored folder and a generated one.
  const char* wf = R"(name: style
on:
  push:
    branches: [trunk]
  pull_request:
jobs:
  lint:
    steps:
      - name: lint and comment
        env:
          MODE: diff
        run: |
          ruff check . \
            --output-format=json \
            --no-fix \
          | python tools/post_comments.py --mode "$MODE"
)";
  const char* pyproject = R"([tool.ruff]
target-version = "py311"
exclude = [".git", ".venv", "out/"]
extend-exclude = ["third_party", "pkg/gen/cache"]
)";
  RepoLinters l = read_repo_linters(files({{".github/workflows/style.yaml", wf}, {"pyproject.toml", pyproject}}));
  ASSERT_EQ(l.linters.size(), 1u);
  EXPECT_EQ(l.linters[0].paths, std::vector<std::string>{""});
  EXPECT_TRUE(reports(l, "pkg/ops/norm.py", "F401"));
  EXPECT_TRUE(reports(l, "pkg/out/norm.py", "F401"));   // `out/` is anchored at the root
  EXPECT_FALSE(reports(l, "out/norm.py", "F401"));
  EXPECT_FALSE(reports(l, "deps/third_party/x.py", "F401"));  // a bare name, at any depth
  EXPECT_FALSE(reports(l, "pkg/gen/cache/k.py", "F401"));
  EXPECT_TRUE(reports(l, "pkg/gen/k.py", "F401"));
  EXPECT_TRUE(reports(l, "pkg/build/k.py", "F401"));    // the restated list dropped `build`
}

TEST(RepoLinter, OnlyPullRequestEventsCount) {
  auto linters_for = [](const std::string& on) {
    std::string wf = on + "\njobs:\n  l:\n    steps:\n      - run: ruff check .\n";
    return read_repo_linters(files({{".github/workflows/l.yml", wf}})).linters.size();
  };
  EXPECT_EQ(linters_for("on: pull_request"), 1u);
  EXPECT_EQ(linters_for("on: [push, pull_request_target]"), 1u);
  EXPECT_EQ(linters_for("on:\n  pull_request:\n    paths: ['**.py']"), 1u);
  EXPECT_EQ(linters_for("on: push"), 0u);
  EXPECT_EQ(linters_for("on: [push, workflow_dispatch]"), 0u);
  EXPECT_EQ(linters_for("on:\n  schedule:\n    - cron: '0 3 * * *'"), 0u);
  // A workflow in a subfolder of .github/workflows is not one GitHub runs.
  EXPECT_TRUE(read_repo_linters(files({{".github/workflows/old/l.yml",
                                        "on: pull_request\njobs:\n  l:\n    steps:\n      - run: ruff check .\n"}}))
                  .linters.empty());
  // `pip install ruff flake8` installs them; it runs neither.
  EXPECT_TRUE(read_repo_linters(files({{".github/workflows/l.yml",
                                        "on: pull_request\njobs:\n  l:\n    steps:\n      - run: pip install ruff flake8\n"}}))
                  .linters.empty());
}

TEST(RepoLinter, BrokenFilesAreNoLinter) {
  RepoLinters l = read_repo_linters(files({{".github/workflows/x.yml", "on: [pull_request\njobs: {"},
                                             {"pyproject.toml", "[tool.ruff\n"}}));
  EXPECT_TRUE(l.linters.empty());
}

}  // namespace
}  // namespace rp
