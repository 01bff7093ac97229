// End-to-end tests of `review --dep NAME=PATH`: a consumer repository whose PR uses symbols
// of a dependency package built in the test (a git repository, or a plain directory).
// hallucinated-symbol must check them against the dependency and say where it looked;
// without --dep they stay silent; a bad PATH is a one-line error.
#include "cli_fixture.h"

namespace {

using cli_fixture::Cli;
using cli_fixture::CliRun;
using cli_fixture::expect_one_line_error;

class DepCli : public Cli {
 protected:
  // The dependency: package `kern` with an op taking (x, scale=1.0), one taking **kwargs,
  // re-exported from the package.
  void write_dep(const std::string& root) {
    write(root + "/kern/__init__.py", "from kern.ops import *\n");
    write(root + "/kern/ops.py",
          "def fused_scale(x, scale=1.0):\n    return x * scale\n\n\n"
          "def flexible(x, **options):\n    return x\n");
  }
  std::string make_dep_repo() {
    write_dep("dep");
    std::string repo = (dir_ / "dep").string();
    git(repo, "-c init.defaultBranch=main init -q");
    git(repo, "add -A");
    git(repo, "commit -qm dep");
    return repo;
  }
  // The consumer: base has no use of kern; head adds one import and calls.
  std::string make_consumer(const std::string& added) {
    std::string repo = (dir_ / "app").string();
    write("app/app/__init__.py", "");
    write("app/app/model.py", "import torch\n\n\ndef forward(x):\n    return x\n");
    git(repo, "-c init.defaultBranch=main init -q");
    git(repo, "add -A");
    git(repo, "commit -qm base");
    write("app/app/model.py", "import torch\n" + added);
    git(repo, "add -A");
    git(repo, "commit -qm 'Use kern ops'");
    return repo;
  }
  static void expect_no_symbol_findings(const CliRun& r) {
    for (const char* s : {"does not define", "has no parameter", "has no `", "not in kern", "no such module"})
      EXPECT_EQ(r.out.find(s), std::string::npos) << s << " in " << r.out;
  }
  CliRun review(const std::string& app, const std::string& dep_args) {
    return run("--repo " + app + " --base HEAD~1 --head HEAD --cache-dir - --rule hallucinated-symbol --format json " +
               dep_args);
  }
};

constexpr const char* kBadUses =
    "import kern\nfrom kern import fused_scale, fused_scale_v2\n\n\n"
    "def forward(x):\n"
    "    y = fused_scale(x, scale=2.0, round_mode=1)\n"
    "    return kern.missing_op(y)\n";

constexpr const char* kGoodUses =
    "import kern\nfrom kern import fused_scale\n\n\n"
    "def forward(x):\n"
    "    y = fused_scale(x, scale=2.0)\n"
    "    return kern.flexible(y, any_option=3)\n";

TEST_F(DepCli, MissingSymbolsAndUnknownKeywordFireWithWhereLooked) {
  std::string dep = make_dep_repo();
  std::string app = make_consumer(kBadUses);
  CliRun r = review(app, "--dep kern=" + dep);
  ASSERT_TRUE(r.code == 0 || r.code == 1) << r.err;
  EXPECT_NE(r.out.find("does not define `fused_scale_v2`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("has no parameter `round_mode`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("has no `missing_op`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("looked for in kern at " + dep + " at HEAD "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("no parameter `scale`"), std::string::npos) << "an existing keyword is not reported: " << r.out;
}

TEST_F(DepCli, ExistingSymbolsAndKwargsAreSilent) {
  std::string dep = make_dep_repo();
  std::string app = make_consumer(kGoodUses);
  CliRun r = review(app, "--dep kern=" + dep);
  ASSERT_EQ(r.code, 0) << r.err;
  expect_no_symbol_findings(r);
}

TEST_F(DepCli, WithoutDepExternalSymbolsStaySilent) {
  make_dep_repo();
  std::string app = make_consumer(kBadUses);
  CliRun r = review(app, "");
  ASSERT_EQ(r.code, 0) << r.err;
  expect_no_symbol_findings(r);
}

TEST_F(DepCli, PlainDirectoryDependency) {
  write_dep("plain");
  std::string app = make_consumer(kBadUses);
  CliRun r = review(app, "--dep kern=" + (dir_ / "plain").string());
  ASSERT_TRUE(r.code == 0 || r.code == 1) << r.err;
  EXPECT_NE(r.out.find("does not define `fused_scale_v2`"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("looked for in kern at " + (dir_ / "plain").string()), std::string::npos) << r.out;
}

TEST_F(DepCli, BadDependencyPathIsOneLineError) {
  std::string app = make_consumer(kGoodUses);
  expect_one_line_error(review(app, "--dep kern=" + (dir_ / "nowhere").string()), "neither a git repository nor a directory");
  expect_one_line_error(review(app, "--dep kern"), "expected NAME=PATH");
}

}  // namespace
