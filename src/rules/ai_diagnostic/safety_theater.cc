// safety-theater: defensive code that never defends: an exception handler that swallows every
// error around real work, or an assert that cannot fire.
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/ai_facts.h"
#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "safety-theater",
    .category = Category::AiDiagnostic,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "An added `except:` / `except Exception:` whose body is only `pass` swallows real errors, or an added "
               "assert can never fire.",
    .docs = R"doc(What it catches (Python, added lines only): a `try` whose body does real work (a call
that is not an import) with a handler for everything (bare `except:`, `except Exception:`,
`except BaseException:`) whose body is only `pass` or `...`; and an `assert` that cannot fail:
`assert True`, `assert 1`, `assert "message"`, a non-empty tuple (`assert (x, "msg")`, always
true), or a self-comparison (`assert x == x`).
A note, not a warning: on the last 300 ATOM commits most swallowed errors were deliberate
best-effort probes with a fallback after the `try` (is_compiling checks, optional hooks), which a
structural check cannot tell from hidden failures; the note still counts toward the AI-risk
signs.
Why it matters: code generators add defensive code that looks careful and hides failures. A
kernel launch or a weight load that raises inside `except Exception: pass` leaves the model
running on garbage or a fallback nobody knows about, and the bug surfaces far away.
Does not fire on: handlers the PR only moved or re-indented (the except line and the handler
body are the same code on removed lines of the PR: a function moved to another module, a loop
wrapped in a new `with`); handlers that log, re-raise, return a value or set a fallback; a try that
only computes values into names when one of them already held a fallback before the try and
none is used afterwards without one (`args = {}` ... `try: parsed = json.loads(text); if
isinstance(parsed, dict): args = parsed` `except Exception: pass`: a handled parse); handlers for
specific exceptions (`except ImportError: pass` around an optional import, `except
KeyError: pass`); handlers whose except line or body carries a comment saying why the error is
dropped (`except Exception:  # optional across SGLang versions`); a try body that only imports (the optional-dependency pattern); a fast
path with a fallback after it (the try returns its result, and the function goes on after the
try to a return of its own: a failure takes the other way to the same result); one advisory
call on an optional collaborator (the try holds a single call whose value is dropped, on an
object the code checked for presence on the way there: `if self._client is not None:`, `if
hasattr(cfg, f): setattr(cfg, f, v)`, an early return when it is None); best-effort
teardown (every call in the try is a close/kill/abort/destroy/shutdown-style call, or the
handler is inside `exit`, `close`, `__del__`, `__exit__`, `shutdown`...); test files; asserts
with a real condition.)doc"};

// Handler types as the Syntax facade reports them; a bare `except:` followed by a comment is
// reported with the comment's text.
bool catches_everything(const std::string& type) {
  return type.empty() || type.starts_with("#") || type == "Exception" || type == "BaseException";
}

// The handler body is `pass` or `...` only (comments allowed).
bool only_pass(lang::Node body) {
  if (!body) return false;
  int statements = 0;
  for (lang::Node s : body.named_children()) {
    if (is(s, NodeKind::Comment)) continue;
    ++statements;
    std::string_view t = trim(s.text());
    if (t != "pass" && t != "...") return false;
  }
  return statements > 0;
}

// Best-effort teardown: closing a socket, killing a child, aborting a request while shutting
// down. Dropping its error is the idiom, not theater: the failure has nowhere better to go.
bool is_teardown_name(std::string_view name) {
  static const RE2 re(
      R"((?i)^_*(close|destroy|kill|terminate|abort\w*|shutdown|cancel|unlink|remove|rmtree|join|stop|release|exit|)"
      R"(cleanup|clean_up|teardown|tear_down|disconnect|free|unregister|delete|del|finali[sz]e)_*$)");
  return RE2::FullMatch(name, re);
}

// Every call in the try body is a teardown call, or the handler sits in a teardown function
// (`exit`, `close`, `__del__`, `__exit__`, `shutdown` ...).
bool best_effort_teardown(const lang::SyntaxTree& tree, lang::Node body, int line) {
  if (auto fn = tree.enclosing_function(line); fn && is_teardown_name(fn->name)) return true;
  if (!body) return false;
  std::vector<lang::Call> calls = tree.calls(body);
  if (calls.empty()) return false;
  for (const lang::Call& c : calls)
    if (!is_teardown_name(c.callee_name) && c.callee_name != "hasattr" && c.callee_name != "getattr") return false;
  return true;
}

bool does_real_work(const lang::SyntaxTree& tree, lang::Node body) {
  if (!body) return false;
  for (lang::Node s : body.named_children()) {
    NodeKind k = node_kind(s);
    if (k == NodeKind::Import || k == NodeKind::ImportFrom || k == NodeKind::Comment || k == NodeKind::Pass) continue;
    if (!tree.calls(s).empty()) return true;
  }
  return false;
}

// The statements of a try body that only compute values into names: assignments, and ifs
// whose branches only assign. Collects the names bound.
bool only_binds(lang::Node block, std::set<std::string>& names) {
  if (!block) return false;
  int statements = 0;
  for (lang::Node s : block.named_children()) {
    NodeKind k = node_kind(s);
    if (k == NodeKind::Comment) continue;
    ++statements;
    if (k == NodeKind::ExpressionStatement) {
      lang::Node a = s.named_children().empty() ? lang::Node{} : s.named_children().front();
      if (!a || (!is(a, NodeKind::Assignment) && !is(a, NodeKind::AugmentedAssignment))) return false;
      lang::Node left = a.child_by_field("left");
      if (!left) return false;
      if (is_any(left, {NodeKind::Identifier, NodeKind::Attribute})) {
        names.insert(std::string(left.text()));
      } else if (left.kind() == "pattern_list" || left.kind() == "tuple_pattern") {
        for (lang::Node t : left.named_children()) names.insert(std::string(t.text()));
      } else {
        return false;
      }
    } else if (k == NodeKind::If) {
      if (!only_binds(s.child_by_field("consequence"), names)) return false;
      for (lang::Node alt : s.named_children())
        if ((is_any(alt, {NodeKind::Elif, NodeKind::Else})) &&
            !only_binds(alt.child_by_field(is(alt, NodeKind::Elif) ? "consequence" : "body"), names))
          return false;
    } else {
      return false;
    }
  }
  return statements > 0;
}

// A handled parse: the try only computes values (`parsed = json.loads(text)`, then `args =
// parsed` when it is a dict), a name it binds already held a fallback before the try, and no
// name it binds is used after the try without that fallback. Dropping the error keeps the
// fallback on purpose; nothing continues on unchecked state.
bool keeps_fallback(const lang::SyntaxTree& tree, const lang::TryBlock& t) {
  std::set<std::string> names;
  if (!only_binds(t.body, names) || names.empty()) return false;
  int start = t.node.start_line(), end = t.node.end_line();
  std::optional<lang::Function> fn = tree.enclosing_function(start);
  lang::Node scope = fn ? fn->body : tree.root();
  std::set<std::string> before;
  if (fn)
    for (const lang::Param& p : fn->params) before.insert(p.name);
  for (const lang::Assignment& a : tree.assignments(scope))
    if (a.line < start)
      for (const std::string& target : a.targets) before.insert(target);
  bool fallback = false;
  for (const std::string& n : names) {
    if (before.count(n)) {
      fallback = true;
      continue;
    }
    bool used_after = false;
    lang::walk(scope, [&](lang::Node x) {
      if (used_after) return false;
      if (x.start_line() > end && (is_any(x, {NodeKind::Identifier, NodeKind::Attribute})) && x.text() == n)
        used_after = true;
      return x.end_line() > end;
    });
    if (used_after) return false;
  }
  return fallback;
}

// Whether `n` holds a return statement of its own function (not of a nested def or lambda).
bool holds_return(lang::Node n) {
  bool found = false;
  lang::walk(n, [&](lang::Node x) {
    if (found || is_any(x, {NodeKind::FunctionDef, NodeKind::Lambda})) return false;
    if (is(x, NodeKind::Return)) found = true;
    return !found;
  });
  return found;
}

// A fast path with a fallback after it: the try returns its result when the attempt works, and
// the function goes on after the try to a return of its own (`try: return triton_impl(x)`
// `except Exception: pass` `return torch_impl(x)`). A failure takes the other way to the same
// result; nothing continues on unchecked state.
bool falls_back_after(const lang::TryBlock& t) {
  if (!holds_return(t.body)) return false;
  // The statements after the try, and after each enclosing statement up to the function.
  for (lang::Node n = t.node; n && !is_any(n, {NodeKind::FunctionDef, NodeKind::Lambda, NodeKind::Module});
       n = n.parent()) {
    if (!n.parent() || !is(n.parent(), NodeKind::Block)) continue;  // only statements of a body run next
    for (lang::Node next = n.next_named_sibling(); next; next = next.next_named_sibling())
      if (is(next, NodeKind::Return) || holds_return(next)) return true;
  }
  return false;
}

// Whether `cond` tests that `object` is there: `x is not None`, `x is None` (an early return
// before), `hasattr(x, ...)`, `getattr(x, ...)`, and for `a.b` also `getattr(a, "b", None)`.
bool tests_presence(std::string_view cond, std::string_view object) {
  if (object.empty()) return false;
  std::string q = RE2::QuoteMeta(std::string(object));
  std::string alt = q + R"(\s+is\s+(?:not\s+)?None|(?:has|get)attr\(\s*)" + q + R"(\s*,)";
  if (size_t dot = object.rfind('.'); dot != std::string_view::npos)
    alt += R"(|(?:has|get)attr\(\s*)" + RE2::QuoteMeta(std::string(object.substr(0, dot))) + R"(\s*,\s*["'])" +
           RE2::QuoteMeta(std::string(object.substr(dot + 1))) + "[\"']";
  RE2 re("(?:" + alt + ")");
  return RE2::PartialMatch(std::string(cond), re);
}

// A call on an optional collaborator: the try body is one call whose value is dropped, made on
// an object (its receiver, or the target of `setattr`) the code checked for presence on the way
// there (`if self._client is not None:`, `if hasattr(cfg, field):`, an early `return` when it
// is None). The collaborator is optional by design and the call is advisory (unpin, reset
// statistics, set an optional field): its failure has nothing to undo.
bool optional_collaborator_call(const lang::SyntaxTree& tree, const lang::TryBlock& t) {
  std::vector<lang::Node> body;
  for (lang::Node s : t.body.named_children())
    if (!is(s, NodeKind::Comment)) body.push_back(s);
  if (body.size() != 1 || !is(body[0], NodeKind::ExpressionStatement)) return false;
  std::vector<lang::Node> kids = body[0].named_children();
  if (kids.size() != 1 || !is(kids[0], NodeKind::Call)) return false;
  lang::Call call = lang::describe_call(kids[0]);
  std::string object;
  if (call.receiver) object = std::string(call.receiver.text());
  else if (call.callee == "setattr" && !call.args.empty()) object = std::string(call.args[0].value.text());
  if (object.empty()) return false;
  // Enclosing if conditions, and early-exit ifs before the try in the same block chain.
  for (lang::Node up = t.node.parent(); up; up = up.parent()) {
    if (is_any(up, {NodeKind::If, NodeKind::Elif})) {
      lang::Node c = up.child_by_field("condition");
      if (c && tests_presence(c.text(), object)) return true;
    }
    if (is(up, NodeKind::FunctionDef)) break;
  }
  for (lang::Node prev = t.node.prev_named_sibling(); prev; prev = prev.prev_named_sibling()) {
    if (!is(prev, NodeKind::If)) continue;
    lang::Node c = prev.child_by_field("condition");
    if (c && holds_return(prev) && tests_presence(c.text(), object)) return true;
  }
  return false;
}

std::string dead_assert_reason(std::string_view stmt) {
  static const RE2 kTrue(R"re(^assert\s+(?:True|1|\(\s*True\s*\))\s*(?:,.*)?$)re");
  static const RE2 kString(R"re(^assert\s+[rbfu]?["'][^"']+["']\s*$)re");
  static const RE2 kTuple(R"re(^assert\s+\(\s*[^()]+,\s*[rbfu]?["'].*["']\s*\)\s*$)re");
  static const RE2 kSelf(R"re(^assert\s+([\w.\[\]]+)\s*(?:==|is|<=|>=)\s*([\w.\[\]]+)\s*(?:,.*)?$)re");
  std::string a, b;
  re2::StringPiece s(stmt.data(), stmt.size());
  if (RE2::FullMatch(s, kTrue)) return "asserts a constant that is always true";
  if (RE2::FullMatch(s, kString)) return "asserts a non-empty string, which is always true";
  if (RE2::FullMatch(s, kTuple)) return "asserts a non-empty tuple (the message is inside the parentheses), which is always true";
  if (RE2::FullMatch(s, kSelf, &a, &b) && a == b) return "compares `" + a + "` with itself";
  return {};
}

class SafetyTheater : public FileRuleWithState<kInfo, NewCode> {
 public:
  NewCode prepare(const ReviewContext& ctx) const override { return NewCode(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, NewCode& new_code, const FileChange& file,
                  std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || is_test_path(f.new_path)) continue;
      if (language_of(f.new_path) != Language::Python) continue;
      if (added_line_numbers(f).empty()) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      // Handlers and asserts the PR only moved or re-indented are not new code.
      std::set<int> added = new_code.new_lines(f, tree);
      swallowed_errors(*tree, f.new_path, added, out);
      dead_asserts(*tree, f.new_path, added, out);
    }
  }

 private:
  void swallowed_errors(const lang::SyntaxTree& tree, const std::string& path, const std::set<int>& added,
                        std::vector<Finding>& out) const {
    for (const lang::TryBlock& t : tree.try_blocks()) {
      for (std::size_t i = 0; i < t.handler_types.size(); ++i) {
        lang::Node body = t.handler_bodies[i];
        if (!catches_everything(t.handler_types[i]) || !only_pass(body)) continue;
        int except_line = body.start_line() > t.node.start_line() ? body.start_line() - 1 : body.start_line();
        lang::Node clause = body.parent();
        if (clause) except_line = clause.start_line();
        if (!added.count(except_line) && !added.count(body.start_line())) continue;
        if (!does_real_work(tree, t.body)) continue;
        if (best_effort_teardown(tree, t.body, except_line)) continue;
        if (keeps_fallback(tree, t)) continue;
        if (falls_back_after(t) || optional_collaborator_call(tree, t)) continue;
        // A comment on the except line or in the handler states why the error is dropped.
        bool explained = false;
        for (int l = except_line; l <= body.end_line(); ++l)
          explained = explained || comment_states_reason(comment_part(tree.line_text(l), true));
        if (explained) continue;
        Finding x = finding();
        x.location = Location{path, except_line};
        const std::string& type = t.handler_types[i];
        std::string caught = type.empty() || type.starts_with("#") ? "every exception" : "every `" + type + "`";
        x.problem = fmt::format("`{}` catches {} around real work (line {}) and drops it with `pass`",
                                collapse_whitespace(tree.line_text(except_line)), caught, t.body.start_line());
        x.impact = "A failure in the guarded call (a kernel launch, a load, a config read) is silently ignored and the "
                   "code continues on a state nobody checked";
        x.action = "Author must catch the specific exception that is expected there, or log and re-raise; remove the "
                   "handler if no failure is expected";
        x.evidence.push_back(evidence(path, except_line, tree.line_text(except_line)));
        x.evidence.push_back(evidence(path, t.body.start_line(), tree.line_text(t.body.start_line())));
        out.push_back(std::move(x));
      }
    }
  }

  void dead_asserts(const lang::SyntaxTree& tree, const std::string& path, const std::set<int>& added,
                    std::vector<Finding>& out) const {
    for (int line : added) {
      lang::Node stmt = tree.statement_at(line);
      if (!stmt || !is(stmt, NodeKind::Assert) || stmt.start_line() != line) continue;
      std::string reason = dead_assert_reason(collapse_whitespace(stmt.text()));
      if (reason.empty()) continue;
      Finding x = finding();
      x.location = Location{path, line};
      x.problem = fmt::format("The added assert {}: it can never fire", reason);
      x.impact = "The invariant it appears to guard is not checked at all";
      x.action = "Author must assert the real condition, or remove the assert";
      x.evidence.push_back(evidence(path, line, tree.line_text(line)));
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(SafetyTheater);

}  // namespace
}  // namespace rp
