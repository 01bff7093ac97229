// unchecked-dispatch-param: a new if/elif/else branch that dispatches to another path while a
// trigger parameter (block_table, dropout_p, window_size, ...) is neither asserted nor
// forwarded on it.
#include <re2/re2.h>

#include <algorithm>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unchecked-dispatch-param",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "New dispatch branch silently ignores a trigger parameter (block_table, dropout_p, window_size, ...).",
    .docs = R"(What it catches: a function with a trigger parameter (`block_table`, `alibi_slopes`,
`window_size`, `logits_soft_cap`, `dropout_p`, `is_causal`, plus the profile's list) gains an
if/elif/else branch that returns the result of a call (a fast path, another backend) while
that parameter is mentioned neither in the branch's condition, nor in the conditions of the
branches before it, nor in its body, nor anywhere in the function before the if. It fires only
when the parameter evidently matters: the function forwards or tests it after the if (on the
other path), or the new branch asserts some of the function's other parameters (it knows
about gating and skipped this one).
Why it matters: a call that sets the parameter (a paged call with block_table, a causal call,
dropout during training) takes the new branch and gets a result computed without it: wrong
output, no error, and CI passes because tests use the defaults.
Does not fire on: branches whose condition, or an earlier branch's condition, tests the
parameter (the else of `if block_table is not None:` is gated by it); branches that assert,
raise on, or forward the parameter; a parameter already checked or normalised before the if;
a branch that selects one value of a subject (`if spec.kind is STAGING:`) when every later use of the
parameter sits in an arm selecting another value of the same subject (`elif spec.kind is
BLOCK:`): the parameter is another kind's input; branches that do not return a call's result (logging, bookkeeping); a branch taken when there is
no work (`if n == 0:`, `if x.numel() == 0:`, `len(rows) <= 0`): it returns the empty result
whatever the parameter holds; functions where the
parameter is never used at all and the branch asserts nothing (plain unused parameter: a
different rule); Triton kernels; tests.)"};

std::string trigger_value(const lang::Param& p) {
  const std::string& n = p.name;
  if (n == "dropout_p") return "`dropout_p` > 0";
  if (n == "window_size") return "`window_size` other than (-1, -1) (sliding window)";
  if (n == "is_causal" || n == "causal") return "`" + n + "=True`";
  if (n == "logits_soft_cap") return "`logits_soft_cap` > 0";
  return "`" + n + "` set (not None)";
}

bool mentions(std::string_view text, const std::string& name) {
  for (const std::string& id : identifiers_in(text))
    if (id == name) return true;
  return false;
}

// Whether a branch body returns the result of a call.
bool returns_call(lang::Node body) {
  bool found = false;
  lang::walk(body, [&](lang::Node n) {
    if (found || lang::is_nested_function(n)) return false;
    if (is(n, NodeKind::Return)) {
      lang::walk(n, [&](lang::Node c) {
        if (is(c, NodeKind::Call)) found = true;
        return !found;
      });
    }
    return !found;
  });
  return found;
}

bool asserts_any(lang::Node body, const std::vector<lang::Param>& params) {
  bool found = false;
  lang::walk(body, [&](lang::Node n) {
    if (found) return false;
    if (is(n, NodeKind::Assert))
      for (const lang::Param& p : params)
        if (mentions(n.text(), p.name)) found = true;
    return !found;
  });
  return found;
}

// The subject a branch condition selects on: `x` in `x is V`, `x == V`, `x in (...)`; "" for
// any other condition.
std::string selector(lang::Node cond) {
  if (!cond || cond.kind() != "comparison_operator") return "";
  std::vector<lang::Node> operands = cond.named_children();
  if (operands.size() != 2) return "";
  for (lang::Node t : cond.children()) {
    if (t.is_named()) continue;
    std::string op = collapse_whitespace(t.text());
    if (op == "is" || op == "==" || op == "in") return collapse_whitespace(operands[0].text());
    return "";
  }
  return "";
}

// Whether a branch condition says there is no work: a count, size or length compared equal to
// (or at most) zero (`n == 0`, `x.numel() == 0`, `len(rows) <= 0`, `0 == n`). Such a branch
// returns the empty result whatever the other inputs hold; a parameter it ignores changes nothing.
bool no_work_test(lang::Node cond) {
  if (!cond || cond.kind() != "comparison_operator") return false;
  std::vector<lang::Node> operands = cond.named_children();
  if (operands.size() != 2) return false;
  std::string op;
  for (lang::Node t : cond.children())
    if (!t.is_named()) op = collapse_whitespace(t.text());
  bool zero_right = operands[1].text() == "0", zero_left = operands[0].text() == "0";
  if (op == "==") return zero_left != zero_right;
  if (op == "<=") return zero_right && !zero_left;
  return false;
}

// Whether every use of `name` after byte `from` sits in an arm that selects another value of
// the same subject (`elif spec.kind is BLOCK:` after the new `if spec.kind is STAGING:`): the
// parameter is the input of another kind, which this branch's kind never needs.
bool only_in_sibling_arms(const lang::SyntaxTree& tree, const std::vector<lang::IfChain>& chains,
                          lang::Node body, const std::string& name, uint32_t from, const std::string& subject,
                          std::string_view own_condition) {
  bool any = false;
  for (lang::Node id : tree.identifiers(name, body)) {
    if (id.start_byte() < from) continue;
    bool sibling = false;
    for (const lang::IfChain& c : chains)
      for (const lang::Branch& b : c.branches)
        if (b.condition && b.body && b.body.start_byte() <= id.start_byte() && id.end_byte() <= b.body.end_byte() &&
            selector(b.condition) == subject && b.condition.text() != own_condition)
          sibling = true;
    if (!sibling) return false;
    any = true;
  }
  return any;
}

class UncheckedDispatchParam : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    std::set<std::string> names{"block_table", "alibi_slopes", "window_size", "logits_soft_cap", "dropout_p",
                                "is_causal"};
    names.insert(ctx.profile.trigger_params.begin(), ctx.profile.trigger_params.end());
    for (const auto& [file, added, tree] : changed_code_sources(one_file(judged), ctx.workspace, false)) {
      const FileChange& f = *file;
      for (const lang::Function& fn : tree->functions()) {
        if (!fn.body || !touches_added(added, fn.start_line, fn.end_line) || is_triton_kernel(fn)) continue;
        std::vector<lang::Param> triggers;
        for (const lang::Param& p : fn.params)
          if (names.count(p.name)) triggers.push_back(p);
        if (!triggers.empty()) check_function(f, *tree, fn, triggers, added, out);
      }
    }
  }

 private:
  void check_function(const FileChange& f, const lang::SyntaxTree& tree, const lang::Function& fn,
                      const std::vector<lang::Param>& triggers, const std::set<int>& added,
                      std::vector<Finding>& out) const {
    std::string_view src = tree.source();
    uint32_t body_start = fn.body.start_byte();
    for (const lang::IfChain& chain : tree.if_chains(fn.body)) {
      auto owner = tree.enclosing_function(chain.node.start_line());
      if (!owner || owner->start_line != fn.start_line) continue;
      std::string before(src.substr(body_start, chain.node.start_byte() - body_start));
      std::string after(src.substr(chain.node.end_byte(), fn.body.end_byte() - chain.node.end_byte()));
      std::string gates;
      std::vector<lang::IfChain> chains;  // filled on the first candidate branch
      for (const lang::Branch& b : chain.branches) {
        int head = b.condition ? b.condition.start_line() : b.start_line;
        bool fresh = added.count(head) > 0;
        if (fresh && b.body && returns_call(b.body) && !no_work_test(b.condition)) {
          std::vector<const lang::Param*> missed;
          bool asserts = asserts_any(b.body, fn.params);
          for (const lang::Param& p : triggers) {
            if (mentions(gates, p.name) || (b.condition && mentions(b.condition.text(), p.name))) continue;
            if (mentions(b.body.text(), p.name) || mentions(before, p.name)) continue;
            if (!mentions(after, p.name) && !asserts) continue;
            std::string subject = selector(b.condition);
            if (!subject.empty()) {
              if (chains.empty()) chains = tree.if_chains(fn.body);
              if (only_in_sibling_arms(tree, chains, fn.body, p.name, chain.node.end_byte(), subject,
                                       b.condition.text()))
                continue;
            }
            missed.push_back(&p);
          }
          if (!missed.empty()) out.push_back(report(f, tree, fn, b, head, missed));
        }
        if (b.condition) gates += std::string(b.condition.text()) + "\n";
      }
    }
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const lang::Function& fn, const lang::Branch& b,
                 int line, const std::vector<const lang::Param*>& missed) const {
    std::string list, trig;
    for (const lang::Param* p : missed) {
      list += (list.empty() ? "`" : ", `") + p->name + "`";
      trig += (trig.empty() ? "" : ", or ") + trigger_value(*p);
    }
    std::string cond = b.condition ? collapse_whitespace(b.condition.text()).substr(0, 100) : "else";
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = list + " silently ignored by the new branch `" + cond + "` of `" + fn.name +
                "`: neither asserted nor forwarded there";
    x.impact = "A call that sets it takes this branch and gets a result computed as if it were at its default: "
               "wrong output, no error, and tests that use the defaults pass";
    x.action = "Author must assert the unsupported value away in the branch condition or body (e.g. `assert " +
               missed.front()->name + " is None` / excluded from the gate) or forward it to the call";
    x.trigger = "a call to `" + fn.name + "` with " + trig + " that satisfies `" + cond + "`";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(UncheckedDispatchParam);

}  // namespace
}  // namespace rp
