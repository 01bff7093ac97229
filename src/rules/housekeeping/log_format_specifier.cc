// log-format-specifier: a numeric %-conversion (%d/%f/%x ...) in an added logger call whose
// argument can be None or a tuple, so the record fails to format at log time.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "log-format-specifier",
    .category = Category::Housekeeping,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "An added logger call formats with %d/%f/%x an argument that can be None or a tuple.",
    .docs = R"(What it catches: an added `logger.<level>("... %d ...", arg)` (or `"..." % (arg,)` inside
the call) where the argument matched to a numeric conversion (`%d %i %u %f %e %g %x %o %c`) can
be None or a tuple: a parameter defaulting to None or annotated Optional/`| None` that the
function never rebinds before the call; a name whose last binding before the call is `= None`
(later bindings only inside a branch that does not contain the call) or a tuple; a `.shape` /
`.size()` / `.stride()` value; a tuple literal.
Why it matters: `"%d" % None` and `"%d" % (2, 3)` raise TypeError when the record is formatted.
logging catches it and prints "--- Logging error ---" to stderr, so the message is lost and a
test that relied on it passes anyway.
Does not fire on: `%s`/`%r` conversions; calls after an `if` that tests the name for None or
falsehood and returns or raises (`if arg is None or arg < 0: return`); calls inside
`if arg is not None:` / `if arg:`, or
inside `if flag:` where `flag` is bound once before, to an expression that tests `arg`
(`has_grid = mode != "flat" and grid is not None`); a name rebound under an `if` whose
condition also guards the call (`if has_x: rate = f()` ... `if has_x: log("%.3f", rate)`); names
rebound (or checked with `if arg is None: arg = ...`) before the call; names bound by tuple
unpacking (`rank, world = a, b`); `.shape[0]`; bools (`%d` of
True prints 1, it does not raise); `%(name)d` mapping keys; lines the PR did not add.)"};

// The literal text of a (possibly implicitly concatenated) string node, quotes included: enough
// to find conversions. f-strings are skipped (their braces are not %-arguments).
std::string string_text(Node n) {
  std::string t(n.text());
  if (!t.empty() && (t[0] == 'f' || t[0] == 'F')) return "";
  return t;
}

// Whether `value` is a tuple-valued expression: a tuple literal, `x.shape`, `x.size()`,
// `x.stride()`.
bool tuple_valued(Node value) {
  if (!value) return false;
  NodeKind k = node_kind(value);
  if (k == NodeKind::Tuple || k == NodeKind::ExpressionList) return true;
  std::string t = collapse_whitespace(value.text());
  static const RE2 shape(R"(^[\w.\[\]]+\.(?:shape|size\(\)|stride\(\))$)");
  return RE2::FullMatch(t, shape);
}

bool is_none(Node v) { return v && is(v, NodeKind::None); }

// The words of `text`.
std::vector<std::string> words_of(std::string_view text) {
  static const RE2 word(R"(\b(\w+)\b)");
  re2::StringPiece in(text.data(), text.size());
  std::vector<std::string> out;
  std::string w;
  while (RE2::FindAndConsume(&in, word, &w)) out.push_back(w);
  return out;
}

// Whether `flag` is bound exactly once in `scope`, before line `before`, to an expression that
// mentions `name` (`has_grid = mode != "x" and grid is not None`): a test of the flag is a test of
// the name.
bool flag_tests(const SyntaxTree& tree, Node scope, const std::string& flag, const std::string& name, int before) {
  const std::vector<lang::Assignment> assignments = tree.assignments(scope);
  const lang::Assignment* only = nullptr;
  for (const lang::Assignment& a : assignments)
    for (const std::string& t : a.targets)
      if (t == flag) {
        if (only) return false;
        only = &a;
      }
  if (!only || only->augmented || only->targets.size() != 1 || only->line >= before || !only->value) return false;
  for (const std::string& w : words_of(only->value.text()))
    if (w == name) return true;
  return false;
}

// Whether the call sits under an if whose condition mentions `name` (a None/truth check), directly
// or through a flag bound once to a test of it.
bool guarded(const SyntaxTree& tree, Node call, const std::string& name, Node scope, int line) {
  for (Node p = call.parent(); p && !(p == scope); p = p.parent()) {
    NodeKind k = node_kind(p);
    if (k != NodeKind::If && k != NodeKind::Elif && k != NodeKind::Conditional && k != NodeKind::While) continue;
    Node cond = p.child_by_field("condition");
    std::string c = cond ? std::string(cond.text()) : std::string(p.text().substr(0, 200));
    for (const std::string& w : words_of(c))
      if (w == name || (w != "not" && w != "and" && w != "or" && flag_tests(tree, scope, w, name, line))) return true;
  }
  return false;
}

// Whether an `if` that tests `name` for None or falsehood and then leaves the function runs
// before the call in a block that encloses it (`if limit is None or limit < 0: return`): past
// it `name` is not None.
bool exit_guarded(const SyntaxTree& tree, Node call, const std::string& name, Node scope, int line) {
  for (Node child = call, p = call.parent(); p; child = p, p = p.parent()) {
    if (is(p, NodeKind::Block) || p == scope) {
      for (Node st : lang::statements(p)) {
        if (st.start_byte() >= child.start_byte()) break;
        if (!is(st, NodeKind::If) || !lang::last_statement_exits(st.child_by_field("consequence"))) continue;
        Node cond = st.child_by_field("condition");
        if (!cond) continue;
        std::string c(cond.text());
        std::vector<std::string> words = words_of(c);
        bool none_test = c.find("is None") != std::string::npos || c.find("== None") != std::string::npos ||
                         std::find(words.begin(), words.end(), "not") != words.end();
        if (!none_test) continue;
        for (const std::string& w : words)
          if (w == name || (w != "not" && w != "and" && w != "or" && flag_tests(tree, scope, w, name, line)))
            return true;
      }
    }
    if (p == scope || lang::is_nested_function(p)) break;
  }
  return false;
}

// Whether `n` lies inside `outer` (inclusive).
bool inside(Node n, Node outer) { return outer && outer.start_byte() <= n.start_byte() && n.end_byte() <= outer.end_byte(); }

// The innermost compound statement (if/for/while/try/with) between `n` and `scope`.
Node block_of(Node n, Node scope) {
  for (Node p = n.parent(); p && !(p == scope); p = p.parent()) {
    NodeKind k = node_kind(p);
    if (k == NodeKind::If || k == NodeKind::For || k == NodeKind::While || k == NodeKind::Try ||
        k == NodeKind::With)
      return p;
  }
  return {};
}

// The condition of the `if` whose first arm holds `n` directly under `blk` (the if statement
// block_of found), squeezed; "" when `n` sits in an elif/else arm or `blk` is not an if.
std::string first_arm_test(Node n, Node blk) {
  if (!blk || node_kind(blk) != NodeKind::If) return "";
  Node cond = blk.child_by_field("condition");
  Node body = blk.child_by_field("consequence");
  if (!cond || !body || !inside(n, body)) return "";
  std::string t(cond.text());
  std::erase_if(t, [](char c) { return c == ' ' || c == '\n' || c == '\t'; });
  return t;
}

// Whether an if with the same condition as the one that rebinds the name (`if has_triton:`
// rebinds, a later `if has_triton:` logs) also encloses the call: the two run together.
bool same_test_encloses(Node rebind, Node blk, Node call, Node scope) {
  std::string test = first_arm_test(rebind, blk);
  if (test.empty()) return false;
  for (Node p = call.parent(); p && !(p == scope); p = p.parent())
    if (node_kind(p) == NodeKind::If && first_arm_test(call, p) == test) return true;
  return false;
}

// Why `name` can be None or a tuple when `call` runs; "" when it cannot be shown.
std::string risky_name(const SyntaxTree& tree, const lang::Call& call, const std::string& name) {
  std::optional<lang::Function> fn = tree.enclosing_function(call.line);
  Node scope = fn ? fn->body : tree.root();
  if (guarded(tree, call.node, name, scope, call.line) || exit_guarded(tree, call.node, name, scope, call.line))
    return "";
  // Bindings of `name` before the call, in order.
  std::vector<lang::Assignment> before;
  for (const lang::Assignment& a : tree.assignments(scope)) {
    if (a.line >= call.line) continue;
    for (const std::string& t : a.targets)
      if (t == name) before.push_back(a);
  }
  // Any other binding before the call in the body (for loops, with-as, walrus, imports) makes
  // it unknowable.
  for (Node id : tree.identifiers(name, scope))
    if (id.start_line() < call.line && tree.is_binding(id)) {
      bool from_assignment = false;
      for (const lang::Assignment& a : before) from_assignment = from_assignment || inside(id, a.node);
      if (!from_assignment) return "";
    }
  if (before.empty()) {
    if (!fn) return "";
    for (const lang::Param& p : fn->params) {
      if (p.name != name) continue;
      if (p.default_text == "None") return "parameter `" + name + "` defaults to None";
      static const RE2 optional(R"(\bOptional\[|\|\s*None\b|\bNone\s*\|)");
      if (RE2::PartialMatch(p.annotation, optional)) return "parameter `" + name + "` is annotated " + p.annotation;
    }
    return "";
  }
  const lang::Assignment& last = before.back();
  if (last.augmented) return "";
  // `a, b = x, y` unpacks: each name gets one element, not the tuple.
  if (last.targets.size() > 1) return "";
  if (tuple_valued(last.value)) return "`" + name + "` is bound to a tuple at line " + std::to_string(last.line);
  // `x = None` followed only by conditional rebinds that do not enclose the call.
  for (size_t i = before.size(); i-- > 0;) {
    const lang::Assignment& a = before[i];
    if (is_none(a.value)) {
      Node blk = block_of(a.node, scope);
      if (blk && !inside(call.node, blk)) return "";  // the None itself is conditional
      return "`" + name + "` is set to None at line " + std::to_string(a.line) + " and only rebound conditionally";
    }
    Node blk = block_of(a.node, scope);
    if (!blk || inside(call.node, blk)) return "";  // an unconditional rebind
    if (same_test_encloses(a.node, blk, call.node, scope)) return "";  // rebound under the call's own test
  }
  return "";
}

// The arguments a %-message consumes: the call's later positional arguments, or the right side
// of `"..." % (...)` when the message is formatted eagerly.
bool message_and_args(const lang::Call& c, std::string& format, std::vector<Node>& args) {
  if (c.args.empty() || !c.args[0].keyword.empty()) return false;
  Node first = c.args[0].value;
  if (lang::is_string_literal(first)) {
    format = string_text(first);
    for (size_t i = 1; i < c.args.size(); ++i)
      if (c.args[i].keyword.empty()) args.push_back(c.args[i].value);
    return !format.empty();
  }
  if (is(first, NodeKind::BinaryOp)) {
    Node left = first.child_by_field("left"), right = first.child_by_field("right");
    Node op = first.child_by_field("operator");
    if (!lang::is_string_literal(left) || !right || !op || op.text() != "%") return false;
    format = string_text(left);
    if (is_any(right, {NodeKind::Tuple, NodeKind::Parenthesized})) {
      if (is(right, NodeKind::Parenthesized)) args.push_back(right.named_children().empty() ? right : right.named_children()[0]);
      else for (Node n : right.named_children()) args.push_back(n);
    } else {
      args.push_back(right);
    }
    return !format.empty();
  }
  return false;
}

class LogFormatSpecifier : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const AddedLoggerCall& lc : added_logger_calls(ctx, one_file(file))) {
      std::string format;
      std::vector<Node> args;
      if (!message_and_args(lc.call, format, args)) continue;
      for (const PercentConversion& pc : percent_conversions(format)) {
        if (std::string_view("diouxXeEfFgGc").find(pc.type) == std::string_view::npos) continue;
        if (pc.index >= static_cast<int>(args.size())) break;
        Node arg = args[pc.index];
        std::string why;
        if (tuple_valued(arg)) why = fmt::format("`{}` is a tuple", collapse_whitespace(arg.text()));
        else if (is_none(arg)) why = "the argument is None";
        else if (is(arg, NodeKind::Identifier)) why = risky_name(*lc.tree, lc.call, std::string(arg.text()));
        if (why.empty()) continue;
        report(lc, pc, collapse_whitespace(arg.text()), why, out);
        break;  // one finding per call
      }
    }
  }

 private:
  void report(const AddedLoggerCall& lc, const PercentConversion& pc, const std::string& arg, const std::string& why,
              std::vector<Finding>& out) const {
    const std::string& path = lc.file->new_path;
    Finding x = finding();
    x.location = Location{path, lc.call.line};
    x.problem = "`" + pc.spec + "` formats `" + arg + "`, which can be None or a tuple (" + why + ")";
    x.impact = "Formatting the record raises TypeError at log time; logging prints \"--- Logging error ---\" to "
               "stderr instead of the message, and nothing fails";
    x.action = "Author must use `%s` for `" + arg + "` (or convert it explicitly before logging)";
    x.evidence.push_back(evidence(path, lc.call.line, lc.tree->line_text(lc.call.line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(LogFormatSpecifier);

}  // namespace
}  // namespace rp
