// logging-basicconfig: `logging.basicConfig(...)` added where it runs at import time.
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "logging-basicconfig",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "An added logging.basicConfig(...) runs when the module is imported.",
    .docs = R"(What it catches: an added `logging.basicConfig(` call in a library module (under the
profile's package directory) or a test module, at a place that runs on import: module level,
a class body, a module-level if/try — not inside a function and not under
`if __name__ == "__main__":`.
Why it matters: basicConfig configures the root logger of the whole process; importing the
module (or collecting the test under pytest) changes the level and handlers of every other
library's logging, and it only takes effect if nothing configured logging first.
Does not fire on: calls inside a function or under `if __name__ == "__main__":`; standalone
scripts outside the package and outside test directories (they are run, not imported); lines
the PR did not add.)"};

class LoggingBasicConfig : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path)) continue;
      bool library = ctx.profile.in_package(f.new_path);
      if (!library && !is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      for (const lang::Call& c : tree->calls()) {
        if (c.callee != "logging.basicConfig" || !added.count(c.line) || !tree->runs_at_import(c.node)) continue;
        Finding x = finding();
        x.location = Location{f.new_path, c.line};
        x.problem = "`logging.basicConfig(...)` runs when " + f.new_path + " is imported";
        x.impact = "Importing the module (or collecting it under pytest) reconfigures the root logger of the whole "
                   "process: every other library's level and handlers change with it";
        x.action = "Author must use the package logger (`logging.getLogger(__name__)` / aiter's logger) and leave "
                   "basicConfig to the program's entry point or `if __name__ == \"__main__\":`";
        x.evidence.push_back(evidence(f.new_path, c.line, tree->line_text(c.line)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(LoggingBasicConfig);

}  // namespace
}  // namespace rp
