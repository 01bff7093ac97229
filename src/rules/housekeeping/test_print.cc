// test-print: print() added to aiter's op tests for diagnostics, instead of an assert or the
// aiter logger. One finding per file, listing the lines.
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "test-print",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "print() added to an op test (op_tests/**/test_*.py).",
    .docs = R"(What it catches: `print(` calls on lines the PR adds in `op_tests/**/test_*.py`, outside
the `if __name__ == "__main__":` block. One finding per file, at the first print, listing the
others.
Why it matters: pytest captures stdout, so a print shows up only for a failing test and only
in full; it is not a check. aiter routes diagnostics through its logger with % placeholders,
filtered by AITER_LOG_LEVEL.
Does not fire on: files outside op_tests/ or not named test_*.py (benchmarks, scripts); prints
under `if __name__ == "__main__":` or in functions only that block reaches (a `main()` it
calls, a `run_case` only `main()` calls: not `test_*`, referenced nowhere else), which print
the script's console output; `print` inside comments or strings; lines the PR did not
add.)"};

class TestPrint : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    static const RE2 test_file(R"(^op_tests/(?:.*/)?test_[^/]*\.py$)");
    for (const ChangedSource& src : changed_sources_with_tests(one_file(judged), ctx.workspace, is_python)) {
      const FileChange& f = *src.file;
      if (!RE2::FullMatch(f.new_path, test_file)) continue;
      const std::set<int>& added = src.added;
      const lang::SyntaxTree* tree = src.tree;
      // Functions only the script entry point reaches (main(), a run_case it calls) print the
      // script's console output; pytest never runs them.
      std::set<std::string> script = script_only_functions(*tree);
      // Picked once per file, not per print (a copy of every function per call was quadratic).
      std::vector<lang::Function> script_fns;
      for (const lang::Function& top : tree->functions())
        if (script.count(top.name) && top.class_name.empty()) script_fns.push_back(top);
      auto in_script = [&](int line) {
        if (script_fns.empty() || !tree->enclosing_function(line)) return false;
        for (const lang::Function& top : script_fns)
          if (top.node.contains_line(line)) return true;
        return false;
      };
      std::vector<int> lines;
      for (const lang::Call& c : tree->calls())
        if (c.callee == "print" && added.count(c.line) && !under_main_guard(c.node) && !in_script(c.line) &&
            (lines.empty() || lines.back() != c.line))
          lines.push_back(c.line);
      if (lines.empty()) continue;
      Finding x = finding();
      x.location = Location{f.new_path, lines[0]};
      std::string list;
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i < 12) list += (i ? ", " : "") + std::to_string(lines[i]);
        if (i && i < 5) x.related.push_back(Location{f.new_path, lines[i]});
        if (i < 3) x.evidence.push_back(evidence(f.new_path, lines[i], tree->line_text(lines[i])));
      }
      if (lines.size() > 12) list += ", ...";
      x.problem = std::to_string(lines.size()) + " added print() call" + (lines.size() > 1 ? "s" : "") +
                  " in test " + f.new_path + " (line" + (lines.size() > 1 ? "s " : " ") + list + ")";
      x.impact = "pytest captures stdout: the output is seen only when the test fails, and a print checks nothing";
      x.action = "Author must assert what the print shows, or route it through the aiter logger with % "
                 "placeholders";
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(TestPrint);

}  // namespace
}  // namespace rp
