// test-cannot-fail: a test calibrated to pass rather than to catch a regression: it compares
// a tensor with itself, or the PR loosens the tolerance of the comparison it adds to.
#include <cstdlib>
#include <map>
#include <string>

#include <fmt/format.h>
#include <re2/re2.h>

#include "core/paths.h"
#include "rules/ai_facts.h"
#include "rules/facts.h"
#include "rules/rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "test-cannot-fail",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .codes = {.atom = "S6.5", .aiter = "S6.5"},
    .summary = "A test compares a result with itself, or the PR loosens a test tolerance (atol/rtol) it relies on.",
    .docs = R"doc(What it catches, in test files the PR changes: (1) a comparison call (assert_close,
allclose, assert_allclose, checkAllclose, torch.equal, assert_array_equal) whose first two
arguments are the same expression, on an added line; (2) a tolerance loosened in the same
change: a removed line sets atol/rtol/tol (keyword or assignment) to a value and the added line
that replaces it sets the same name to a larger value, with no comment on the added line
saying why.
Why it matters: a self-comparison always passes, and a tolerance widened until the new kernel
passes hides exactly the error the test exists to catch. Code generators produce both when
asked to "make the test pass".
Does not fire on: tightened tolerances; a loosened tolerance whose added line, or the comment line
just above it, explains it (the derivation is stated); comparisons of two different expressions (a reference
that mirrors the kernel is a judgement this rule does not make); non-test files.)doc"};

const RE2& compare_re() {
  static const RE2 re(
      R"re(\b(?:assert_close|allclose|assert_allclose|checkAllclose|equal|assert_array_equal|assert_verify_allclose)\s*\(\s*([\w.\[\]]+)\s*,\s*([\w.\[\]]+)\s*[,)])re");
  return re;
}

const RE2& tolerance_re() {
  static const RE2 re(R"re(\b(atol|rtol|tol|tolerance)\s*=\s*([0-9][0-9.]*(?:[eE][-+]?\d+)?))re");
  return re;
}

std::map<std::string, double> tolerances(std::string_view code) {
  std::map<std::string, double> out;
  re2::StringPiece in(code.data(), code.size());
  std::string name, value;
  while (RE2::FindAndConsume(&in, tolerance_re(), &name, &value)) out[name] = std::strtod(value.c_str(), nullptr);
  return out;
}

class TestCannotFail : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || !is_test_path(f.new_path)) continue;
      bool python = language_of(f.new_path) == Language::Python;
      for (const ChangeBlock& b : change_blocks(f)) {
        self_comparisons(f, b, python, out);
        loosened(f, b, python, out);
      }
    }
  }

 private:
  void self_comparisons(const FileChange& f, const ChangeBlock& b, bool python, std::vector<Finding>& out) const {
    for (const DiffLine* l : b.added) {
      std::string_view code = code_part(l->text, python);
      std::string a, c;
      if (!RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), compare_re(), &a, &c) || a != c) continue;
      Finding x = finding();
      x.location = Location{f.new_path, l->new_line};
      x.problem = fmt::format("The test compares `{}` with itself", a);
      x.impact = "The check passes whatever the kernel computes, so a regression cannot fail it";
      x.action = "Author must compare the kernel output with an independent reference";
      x.evidence.push_back(evidence(f.new_path, l->new_line, l->text));
      out.push_back(std::move(x));
    }
  }

  void loosened(const FileChange& f, const ChangeBlock& b, bool python, std::vector<Finding>& out) const {
    if (b.removed.empty() || b.added.empty()) return;
    std::map<std::string, double> before;
    for (const DiffLine* l : b.removed)
      for (auto& [k, v] : tolerances(code_part(l->text, python))) before.emplace(k, v);
    const DiffLine* prev = nullptr;
    for (const DiffLine* l : b.added) {
      bool explained = comment_states_reason(comment_part(l->text, python)) ||
                       (prev && is_comment_only(prev->text, python) && comment_states_reason(comment_part(prev->text, python)));
      prev = l;
      if (explained) continue;
      for (auto& [k, v] : tolerances(code_part(l->text, python))) {
        auto it = before.find(k);
        if (it == before.end() || !(v > it->second)) continue;
        Finding x = finding();
        x.location = Location{f.new_path, l->new_line};
        x.problem = fmt::format("The PR loosens `{}` from {} to {} with no stated reason", k, it->second, v);
        x.impact = "A looser tolerance can hide the very numerical error the test exists to catch";
        x.action = fmt::format("Author must justify {} = {} (the expected error of the dtype or algorithm) or keep {}", k,
                               v, it->second);
        x.evidence.push_back(evidence(f.new_path, l->new_line, l->text));
        out.push_back(std::move(x));
        break;
      }
    }
  }
};

REGISTER_RULE(TestCannotFail);

}  // namespace
}  // namespace rp
