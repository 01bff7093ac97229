// test-verdict-logged: a test prints or logs "passed"/"failed" on a condition instead of
// asserting it, so it cannot fail.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/idiom_facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "test-verdict-logged",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A test reports pass/fail by logging or printing on a condition, with no assert on it.",
    .docs = R"(What it catches: in a test file, an added `if <cond>: log("... pass ...") else:
log("... fail ...")` — both branches only print or log (print, logger/logging/log calls), the
true branch's message says pass/passed/ok/success and the false branch's says fail/mismatch/
error — and the enclosing function never asserts, raises or calls pytest.fail on that condition.
Why it matters: the test prints its verdict and returns normally either way; pytest (and CI)
reports it green when the kernel is wrong.
Does not fire on: branches that also assert, raise, call pytest.fail/sys.exit or return a status;
functions that assert the same condition elsewhere; conditions whose branches do other work;
non-test files; chains the PR did not touch.
Severity: a warning; a note where the base tree's tests already print or log pass/fail verdicts
widely (40+ lines over 8+ files: script-style op tests), and the card gives the count.)"};

bool only_reports(lang::Node body) {
  std::vector<lang::Call> calls = lang::lone_calls(body);
  for (const lang::Call& c : calls)
    if (!is_report_callee(c.callee)) return false;
  return !calls.empty();
}

class TestVerdictLogged : public FileRuleWithInfo<kInfo> {
 public:
  // Script-style tests that print their verdict are the repository's own idiom when its base
  // tests do it all over: one more is a note that says how common it is.
  static void weigh_by_idiom(const ReviewContext& ctx, Finding& x) {
    const BaseIdioms& idioms = base_idioms(ctx);
    if (!widespread(idioms.test_verdict_prints, idioms.test_verdict_files)) return;
    x.severity = Severity::Note;
    x.problem += fmt::format("; the base tree's tests print or log a pass/fail verdict on {} lines in {} files",
                             idioms.test_verdict_prints, idioms.test_verdict_files);
  }

  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    static const RE2 pass(R"((?i)\bpass(?:ed)?\b|\bok\b|success|correct|match(?:es|ed)?\b)");
    static const RE2 fail(R"((?i)fail|mismatch|incorrect|wrong|error|not match)");
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || !is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      for (const lang::IfChain& chain : tree->if_chains()) {
        if (chain.branches.size() != 2 || !chain.has_else) continue;
        const lang::Branch& yes = chain.branches[0];
        const lang::Branch& no = chain.branches[1];
        if (!touches_added(added, chain.node.start_line(), chain.node.end_line())) continue;
        if (!only_reports(yes.body) || !only_reports(no.body)) continue;
        if (!RE2::PartialMatch(yes.body.text(), pass) || !RE2::PartialMatch(no.body.text(), fail)) continue;
        std::string cond = normalize_condition(yes.condition.text());
        if (asserted_elsewhere(*tree, chain, cond)) continue;
        Finding x = finding();
        x.location = Location{f.new_path, yes.start_line};
        x.problem = "The test reports `" + cond.substr(0, 80) + "` by logging pass/fail instead of asserting it";
        x.impact = "Both branches return normally: pytest and CI report the test green even when the check fails";
        x.action = "Author must assert the condition (`assert " + cond.substr(0, 60) +
                   ", <message>`) and keep the log only as the assertion message";
        x.evidence.push_back(evidence(f.new_path, yes.start_line, tree->line_text(yes.start_line)));
        weigh_by_idiom(ctx, x);
        out.push_back(std::move(x));
      }
    }
  }

 private:
  static bool asserted_elsewhere(const lang::SyntaxTree& tree, const lang::IfChain& chain, const std::string& cond) {
    std::optional<lang::Function> fn = tree.enclosing_function(chain.node.start_line());
    lang::Node scope = fn ? fn->body : tree.root();
    bool found = false;
    lang::walk(scope, [&](lang::Node n) {
      if (found) return false;
      if (is_any(n, {NodeKind::Assert, NodeKind::Raise})) {
        if (is(n, NodeKind::Raise) || collapse_whitespace(n.text()).find(cond) != std::string::npos) found = true;
        return false;
      }
      if (is(n, NodeKind::Call)) {
        std::string t(n.text().substr(0, 40));
        if (t.starts_with("pytest.fail") || t.starts_with("sys.exit") || t.find("assert_close") != std::string::npos ||
            t.find("assert_allclose") != std::string::npos || t.find("checkAllclose") != std::string::npos)
          if (t.find(cond.substr(0, 10)) != std::string::npos || t.starts_with("pytest.fail") || t.starts_with("sys.exit"))
            found = true;
      }
      return true;
    });
    return found;
  }
};

REGISTER_RULE(TestVerdictLogged);

}  // namespace
}  // namespace rp
