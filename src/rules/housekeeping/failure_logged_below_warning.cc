// failure-logged-below-warning: a failure diagnostic (mismatch, NaN, FAILED, the detail behind
// an assert) logged with logger.info/debug, which pytest's AITER_LOG_LEVEL=WARNING hides.
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "failure-logged-below-warning",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "An added logger.info/debug call reports a failure (mismatch, NaN, FAILED) or the detail behind an assert.",
    .docs = R"(What it catches (aiter Python test files): an added `logger.info(` / `logger.debug(` whose message says
something failed — "mismatch", "NaN"/"Inf", "FAILED"/"failure", "not close", "exceeds",
"incorrect", "wrong", an upper-case "ERROR", or a message that starts with "error" — or that
logs a value which the next assert (within three lines, same block) checks.
Why it matters: aiter's pytest runs pin AITER_LOG_LEVEL=WARNING, so info/debug records are
dropped: the diagnostic is invisible in CI exactly when a test fails.
Does not fire on: warning/error/exception levels; info messages that only report a metric
("max error = %f") with no assert on it, or whose checked value the assert's own message
carries (`assert cos > 0.99, f"cosine {cos}"`); summaries and reports ("NaN robustness summary"); a pass verdict that names what was checked
("PASSED: outputs bit-match, no NaN", when the message does not also say fail); words such as "failover" or "error_bound" inside
identifiers; library code (a "failed, falling back" info there is an expected path, not a test
failure); lines the PR did not add.)"};

// The literal text of the message (first argument), string or f-string; "" otherwise.
std::string message_text(const lang::Call& c) {
  if (c.args.empty() || !c.args[0].keyword.empty()) return "";
  Node m = c.args[0].value;
  if (is(m, NodeKind::BinaryOp)) m = m.child_by_field("left");
  if (!lang::is_string_literal(m)) return "";
  return std::string(m.text());
}

bool reports_failure(const std::string& msg) {
  static const RE2 words(
      R"((?i)\b(?:fail(?:ed|ure|s)?|mismatch(?:es|ed)?|nans?|infs?|not\s+(?:all)?close|exceed(?:s|ed)?|incorrect|wrong(?:ly)?)\b)");
  static const RE2 error_upper(R"(\bERROR\b)");
  static const RE2 error_lead(R"(^[rRbBfF]*["']{1,3}\s*\[?(?i:error)\b)");
  // A report or summary of a robustness sweep names NaN/failure without reporting one.
  static const RE2 summary(R"((?i)\b(?:summary|report|table|sweep|robustness|coverage)\b)");
  if (RE2::PartialMatch(msg, summary)) return false;
  // A pass verdict ("test PASSED: ... no NaN, bit-match") names what was checked, not a
  // failure; a message that also says fail ("3 passed, 1 failed") still reports one.
  static const RE2 pass(R"((?i)\b(?:pass(?:ed|es)?|succeed(?:ed|s)?|success(?:ful(?:ly)?)?)\b)");
  static const RE2 fail(R"((?i)\bfail(?:ed|ure|s)?\b)");
  if (RE2::PartialMatch(msg, pass) && !RE2::PartialMatch(msg, fail)) return false;
  return RE2::PartialMatch(msg, words) || RE2::PartialMatch(msg, error_upper) || RE2::PartialMatch(msg, error_lead);
}

// The assert within three lines after the call, in the same block, that checks a name the call
// logs; null when there is none.
Node assert_behind(const lang::SyntaxTree& tree, const lang::Call& c) {
  Node stmt = ancestor(c.node, {NodeKind::ExpressionStatement});
  if (!stmt) return {};
  std::set<std::string> logged;
  for (size_t i = 1; i < c.args.size(); ++i)
    lang::walk(c.args[i].value, [&](Node n) {
      if (is(n, NodeKind::Identifier)) logged.insert(std::string(n.text()));
      return true;
    });
  if (logged.empty()) return {};
  for (Node s = stmt.next_named_sibling(); s && s.start_line() <= stmt.end_line() + 3; s = s.next_named_sibling()) {
    if (!is(s, NodeKind::Assert)) continue;
    // `assert cond, msg`: the condition checks a logged name; when the assertion message
    // carries that name too, the detail reaches the failure report whatever the log level.
    std::vector<Node> parts = s.named_children();
    Node cond = parts.empty() ? Node() : parts.front();
    Node message = parts.size() > 1 ? parts[1] : Node();
    std::set<std::string> checked;
    if (cond)
      lang::walk(cond, [&](Node n) {
        if (is(n, NodeKind::Identifier) && logged.count(std::string(n.text()))) checked.insert(std::string(n.text()));
        return true;
      });
    if (checked.empty()) continue;
    bool carried = false;
    if (message)
      lang::walk(message, [&](Node n) {
        if (is(n, NodeKind::Identifier) && checked.count(std::string(n.text()))) carried = true;
        return !carried;
      });
    if (!carried) return s;
  }
  (void)tree;
  return {};
}

class FailureLoggedBelowWarning : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const AddedLoggerCall& lc : added_logger_calls(ctx, one_file(file))) {
      if (lc.level != "info" && lc.level != "debug") continue;
      if (!is_test_path(lc.file->new_path)) continue;
      std::string msg = message_text(lc.call);
      bool failure = !msg.empty() && reports_failure(msg);
      Node guard = failure ? Node() : assert_behind(*lc.tree, lc.call);
      if (!failure && !guard) continue;
      const std::string& path = lc.file->new_path;
      Finding x = finding();
      x.location = Location{path, lc.call.line};
      x.problem = failure ? "`logger." + lc.level + "(...)` reports a failure: " + collapse_whitespace(msg).substr(0, 100)
                          : "`logger." + lc.level + "(...)` logs the detail behind the assert at line " +
                                std::to_string(guard.start_line());
      x.impact = "pytest pins AITER_LOG_LEVEL=WARNING: the record is dropped in CI, exactly when the failure needs "
                 "explaining";
      x.action = "Author must log it at warning/error, or put the detail in the assertion message";
      x.evidence.push_back(evidence(path, lc.call.line, lc.tree->line_text(lc.call.line)));
      if (guard) x.evidence.push_back(evidence(path, guard.start_line(), lc.tree->line_text(guard.start_line())));
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(FailureLoggedBelowWarning);

}  // namespace
}  // namespace rp
