// test-cannot-fail: a test calibrated to pass rather than to catch a regression: it compares
// a tensor with itself, with a "reference" the op under test computes itself, or the PR
// loosens the tolerance of the comparison it adds to.
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/ai_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "lang/syntax.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "test-cannot-fail",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A test compares a result with itself or with a reference the op under test computes, or the PR "
               "loosens a test tolerance (atol/rtol) it relies on.",
    .docs = R"doc(What it catches, in test files the PR changes: (1) a comparison call (assert_close,
allclose, assert_allclose, checkAllclose, torch.equal, assert_array_equal) whose first two
arguments are the same expression, on an added line; (2) a reference that mirrors the kernel:
the two compared names (Python) are bound, in the same test function, by calls to the same
callee with the same arguments (looking through `run_perftest(op, ...)` and `.float()`/`.to()`
casts) and one name says it is the reference (`ref`, `reference`, `expected`, `golden`, `gt`); or the reference (so named, or computed by a function so named) comes from a
function of the same file that only binds locals and returns a call of the op under test; (3) a tolerance loosened in the same
change: a removed line sets atol/rtol/tol (keyword or assignment) to a value and the added line
that replaces it sets the same name to a larger value, with no comment on the added line
saying why.
Why it matters: a self-comparison always passes, and a tolerance widened until the new kernel
passes hides exactly the error the test exists to catch. Code generators produce both when
asked to "make the test pass".
Does not fire on: a reference computed with torch/numpy ops, or by a different implementation
(a Triton reference for a CK kernel, or the reverse: two independent implementations rarely share
one bug, so the comparison can fail); the same op called with different arguments, even when
one side is named the reference (a dense-vs-indexed or flag-on-vs-off consistency test can fail);
the same op called twice with the same inputs and neither side named the reference (a
determinism check: `raw` vs `raw_again` fails on a nondeterministic kernel), nor a bitwise comparison
(`torch.equal`, `assert_array_equal`) of two such calls whatever they are named (`assert
torch.equal(cur, ref)` over repeated runs is a determinism test);
tensor constructors (`torch.zeros`, `torch.empty`, ...) that only allocate both buffers;
tightened tolerances; a loosened tolerance whose added line, or the comment line
just above it, explains it (the derivation is stated); a loosened tolerance scoped to a
lower-precision dtype on its own line or by the `if` just above it (`rtol = 1e-2 if dtype ==
torch.bfloat16 else 1e-3`: bf16's rounding is the reason); a reference implementation that re-implements the
kernel's algorithm by hand (a structural twin is a judgement this rule does not make); non-test
files.)doc"};

const RE2& compare_re() {
  static const RE2 re(
      R"re(\b(?:assert_close|allclose|assert_allclose|checkAllclose|equal|assert_array_equal|assert_verify_allclose)\s*\(\s*([\w.\[\]]+)\s*,\s*([\w.\[\]]+)\s*[,)])re");
  return re;
}

bool is_comparison_callee(std::string_view name) {
  static const std::set<std::string_view> k = {"assert_close", "allclose", "assert_allclose", "checkAllclose",
                                               "equal", "assert_array_equal", "assert_verify_allclose"};
  return k.count(name) > 0;
}

// The call that last bound a name before `line` in a function body, seen through timing
// harnesses (`run_perftest(op, ...)` → op) and dtype/layout casts (`op(x).float()` → op(x)).
struct Producer {
  std::string callee;  // "" when no call
  std::string args;    // argument text, whitespace collapsed
  int line = 0;
  bool call = false;
};

Producer producer_of(const lang::SyntaxTree& tree, lang::Node body, const std::string& name, int before) {
  static const std::set<std::string_view> casts = {"float", "to", "contiguous", "clone", "view", "reshape", "cpu",
                                                   "detach", "squeeze", "unsqueeze", "half", "bfloat16", "flatten"};
  static const std::set<std::string_view> harness = {"run_perftest", "perftest", "run_iters", "benchmark"};
  Producer p;
  for (const lang::Assignment& as : tree.assignments(body)) {
    if (as.line >= before || as.augmented || !as.value || as.targets.empty() || as.targets[0] != name) continue;
    p = Producer{};
    p.line = as.line;
    lang::Node v = as.value;
    while (v && is(v, NodeKind::Call)) {
      lang::Call c = lang::describe_call(v);
      if (casts.count(c.callee_name) && c.receiver && is(c.receiver, NodeKind::Call)) {
        v = c.receiver;
        continue;
      }
      std::string args;
      std::size_t first = 0;
      if (harness.count(c.callee_name) && !c.args.empty() && c.args[0].keyword.empty()) {
        p.callee = collapse_whitespace(c.args[0].value.text());
        first = 1;
      } else {
        p.callee = c.callee;
      }
      for (std::size_t i = first; i < c.args.size(); ++i)
        args += c.args[i].keyword + "=" + collapse_whitespace(c.args[i].value ? c.args[i].value.text() : "") + ",";
      p.args = args;
      p.call = true;
      break;
    }
  }
  return p;
}

// Callees that only build tensors or come from torch/numpy: an independent computation.
bool independent_callee(std::string_view callee) {
  static const RE2 re(R"re(^(?:torch|np|numpy|F|math|scipy|ref|reference)\.|^(?:ref|torch|reference|naive)_|_(?:ref|reference|torch|naive)$|(?:^|\.)(?:zeros|empty|ones|full|rand|randn|randint|tensor|zeros_like|empty_like|ones_like|full_like|arange|clone|copy)$)re");
  return callee.empty() || RE2::PartialMatch(re2::StringPiece(callee.data(), callee.size()), re);
}

bool named_as_reference(std::string_view name) {
  static const RE2 re(R"re((?i)(?:^|_)(?:ref|reference|expected|golden|gt|baseline)(?:_|$|\d))re");
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), re);
}

// The callee of the one call a same-file function returns, when its body does nothing else
// but bind locals and return that call ("" otherwise).
std::string wrapped_callee(const lang::SyntaxTree& tree, std::string_view function) {
  for (const lang::Function& fn : tree.functions()) {
    if (fn.name != function || !fn.body) continue;
    std::vector<lang::Node> stmts = fn.body.named_children();
    if (stmts.empty() || !is(stmts.back(), NodeKind::Return)) return "";
    for (std::size_t i = 0; i + 1 < stmts.size(); ++i)
      if (!is(stmts[i], NodeKind::ExpressionStatement) && !is(stmts[i], NodeKind::Comment)) return "";
    std::vector<lang::Call> calls = tree.calls(stmts.back());
    if (calls.empty()) return "";
    return calls.front().callee;
  }
  return "";
}

// Why comparing `a` with `b` cannot fail ("" when it can).
std::string mirror_reason(const lang::SyntaxTree& tree, const std::string& a, const Producer& pa, const std::string& b,
                          const Producer& pb, std::string_view comparison) {
  if (independent_callee(pa.callee) && independent_callee(pb.callee) && pa.callee != pb.callee) return "";
  if (pa.callee == pb.callee) {
    // Same op and same inputs: a determinism check (`a`, `a_again`) can fail, but a side the
    // author calls the reference cannot. Different inputs: a consistency test, which can fail.
    if (independent_callee(pa.callee) || pa.args != pb.args || named_as_reference(a) == named_as_reference(b)) return "";
    // A bitwise comparison of two runs (`torch.equal(cur, ref)`) is a determinism test, whatever
    // the first run is called: it fails on any run-to-run difference.
    if (comparison == "equal" || comparison == "array_equal" || comparison == "assert_array_equal" ||
        comparison == "assert_equal")
      return "";
    return fmt::format("the reference `{}` is computed by `{}`, the op under test itself, with the same arguments "
                       "(lines {} and {})",
                       named_as_reference(a) ? a : b, pa.callee, pa.line, pb.line);
  }
  for (int side = 0; side < 2; ++side) {
    const Producer& ref = side == 0 ? pa : pb;
    const Producer& op = side == 0 ? pb : pa;
    const std::string& ref_name = side == 0 ? a : b;
    if (ref.callee.find('.') != std::string::npos || independent_callee(op.callee)) continue;
    if (!named_as_reference(ref_name) && !named_as_reference(ref.callee)) continue;
    std::string inner = wrapped_callee(tree, ref.callee);
    if (!inner.empty() && inner == op.callee)
      return fmt::format("the reference `{}` only wraps `{}`, the op under test (line {})", ref_name, op.callee,
                         ref.line);
  }
  return "";
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

class TestCannotFail : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_test_path(f.new_path)) continue;
      bool python = language_of(f.new_path) == Language::Python;
      for (const ChangeBlock& b : change_blocks(f)) {
        self_comparisons(f, b, python, out);
        loosened(f, b, python, out);
      }
      if (python)
        if (const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path)) mirrored(f, *tree, out);
    }
  }

 private:
  // Comparisons on added lines whose "reference" is produced by the op under test itself.
  void mirrored(const FileChange& f, const lang::SyntaxTree& tree, std::vector<Finding>& out) const {
    std::set<int> added = added_line_numbers(f);
    for (const lang::Call& cmp : tree.calls()) {
      if (!added.count(cmp.line) || !is_comparison_callee(cmp.callee_name)) continue;
      std::vector<lang::Node> pos;
      for (const lang::Argument& a : cmp.args)
        if (a.keyword.empty() && a.value) pos.push_back(a.value);
      if (pos.size() < 2 || !is(pos[0], NodeKind::Identifier) || !is(pos[1], NodeKind::Identifier)) continue;
      auto fn = tree.enclosing_function(cmp.line);
      if (!fn) continue;
      std::string a(pos[0].text()), b(pos[1].text());
      if (a == b) continue;  // self-comparison: reported by self_comparisons
      Producer pa = producer_of(tree, fn->body, a, cmp.line), pb = producer_of(tree, fn->body, b, cmp.line);
      if (!pa.call || !pb.call) continue;
      std::string why = mirror_reason(tree, a, pa, b, pb, cmp.callee_name);
      if (why.empty()) continue;
      Finding x = finding();
      x.location = Location{f.new_path, cmp.line};
      x.problem = fmt::format("The test compares `{}` with `{}`, but {}", a, b, why);
      x.impact = "Whatever the op computes, both sides agree: a regression in the op cannot fail the test";
      x.action = "Author must compute the reference independently (torch ops, or another implementation)";
      x.evidence.push_back(evidence(f.new_path, cmp.line, tree.line_text(cmp.line)));
      x.evidence.push_back(evidence(f.new_path, pa.line, tree.line_text(pa.line)));
      x.evidence.push_back(evidence(f.new_path, pb.line, tree.line_text(pb.line)));
      x.verified = true;
      out.push_back(std::move(x));
    }
  }
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

  // Whether `code` tests a lower-precision dtype in a condition (`... if x.dtype == torch.bfloat16`).
  static bool dtype_scoped(std::string_view code) {
    static const RE2 re(
        R"(\b(?:if|elif)\b.*\b(?:bfloat16|bf16|float16|fp16|half|float8\w*|fp8\w*|fp4\w*|int8|i8)\b)");
    return RE2::PartialMatch(re2::StringPiece(code.data(), code.size()), re);
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
      // `rtol = 1e-2 if dtype == torch.bfloat16 else 1e-3`, or the value set under such an `if`:
      // the looser value is scoped to a lower-precision dtype, whose rounding is the reason.
      explained = explained || dtype_scoped(code_part(l->text, python)) ||
                  (prev && dtype_scoped(code_part(prev->text, python)) &&
                      code_part(prev->text, python).find(':') != std::string_view::npos);
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
