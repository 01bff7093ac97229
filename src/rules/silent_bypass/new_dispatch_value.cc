// new-dispatch-value (ATOM B6 / aiter B4): the PR adds a new routing value (a dtype string,
// an arch name, an enum constant) to one dispatch over an expression, while another dispatch
// over the same expression has no branch for it and an else written for the older values:
// the new value silently takes that else.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/guard_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "new-dispatch-value",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A new routing value is handled in one dispatch, while another dispatch over the same expression has no branch for it and silently sends it to an else written for the old values.",
    .docs = R"(What it catches (ATOM B6, aiter B4): an added `if`/`elif` condition compares an expression with
a value the base version of the file never compared it with — a string (`dtype == "fp4"`,
`arch in ("gfx950", "gfx1250")`) or an enum-like constant (`QuantType.per_1x32`,
`dtypes.fp4x2`) — and another if/elif chain over the same expression in the same function
(or in the same file, when the expression is an attribute, a call such as `get_gfx()`, or a
parameter both functions share) dispatches on it — some branch tests that expression and
nothing else (`x == "a"`, `x in (...)`, joined by `or`) — with at least two other values, has
no branch for the new
one, and ends in an `else` that does real work. The new value reaches that else, which was
written for the older values (aiter: fp4 fell through to the fp8/int8 tile table and got
generic preload depths).
Warning: the rule cannot tell whether the else is a safe default or picks a wrong kernel.
Does not fire on: a yes/no test with one value (`if status == A: ... else: ...`: its else is
every other value by design); an else that only raises, asserts or warns, or that names the
new value itself, in its body or in the comment on the else line (`else:  # "dsv4"`: it was
written for it); a chain one of whose arms names the new value inside (`elif arch.is_rdna:`
holding `if arch.name == "gfx1151":` routes it there); a chain nested in a branch whose condition already
tests the expression (`elif tag in GFX942_TAGS:` decides which values reach it); a function that checks the
expression first (an `assert` on it, or an `if` on it whose body raises or returns) before
the uncovered chain; an assert anywhere in the file that names both the expression and the
new value (a runtime guard for the dangerous combination); a new branch that returns or
raises before the uncovered chain in the same function (the value never reaches it); chains
nested inside the new branch or around it; chains that test the expression with `!=` /
`not in`; tests. Attribute-key defaults (`getattr(cfg, "new_key", 0)`) are api-propagation's
attr-missing, not this rule.)"};

struct ValueTest {
  std::string expr;
  std::vector<std::string> values;
  bool negative = false;  // != / not in
  int line = 0;
};

std::string_view unquote(std::string_view s) {
  size_t q = s.find_first_of("\"'");
  if (q == std::string_view::npos || q > 2) return {};
  std::string_view prefix = s.substr(0, q);
  if (prefix.find_first_of("fF") != std::string_view::npos) return {};  // f-string: not a constant
  s.remove_prefix(q);
  size_t n = s.size() >= 6 && (s.starts_with("\"\"\"") || s.starts_with("'''")) ? 3 : 1;
  if (s.size() < 2 * n) return {};
  return s.substr(n, s.size() - 2 * n);
}

// A routing value as written: a string literal's contents (quoted again), or an enum-like
// constant `Type.member` / `dtypes.x` / `torch.x`. nullopt for anything else.
std::optional<std::string> value_of(lang::Node n) {
  if (is(n, NodeKind::String)) {
    std::string_view v = unquote(n.text());
    if (v.empty() || v.size() > 40) return std::nullopt;
    return fmt::format("\"{}\"", v);
  }
  if (is(n, NodeKind::Attribute)) {
    static const RE2 enum_like(R"((?:[A-Z]\w*|dtypes|torch|tl|gl)\.\w+)");
    if (RE2::FullMatch(n.text(), enum_like)) return std::string(n.text());
  }
  return std::nullopt;
}

std::vector<std::string> values_of(lang::Node n) {
  std::vector<std::string> out;
  if (is_any(n, {NodeKind::Tuple, NodeKind::List, NodeKind::Set, NodeKind::Parenthesized})) {
    for (lang::Node c : n.named_children()) {
      auto v = value_of(c);
      if (!v) return {};
      out.push_back(*v);
    }
    return out;
  }
  if (auto v = value_of(n)) out.push_back(*v);
  return out;
}

// Comparisons of an expression with routing values inside a condition.
std::vector<ValueTest> value_tests(lang::Node cond) {
  std::vector<ValueTest> out;
  if (!cond) return out;
  lang::walk(cond, [&](lang::Node n) {
    if (is(n, NodeKind::Lambda)) return false;
    if (!is(n, NodeKind::Comparison)) return true;
    std::vector<lang::Node> operands;
    std::string op;
    for (lang::Node c : n.children()) {
      if (c.is_named() && !is(c, NodeKind::Comment)) operands.push_back(c);
      else if (!c.is_named()) op += std::string(c.text());
    }
    if (operands.size() != 2) return false;
    bool eq = op == "==" || op == "!=";
    bool in = op == "in" || op == "notin" || op == "not in";
    if (!eq && !in) return false;
    lang::Node lhs = operands[0], rhs = operands[1];
    std::vector<std::string> vals = in ? values_of(rhs) : std::vector<std::string>{};
    if (eq) {
      if (auto v = value_of(rhs); v && !value_of(lhs)) vals = {*v};
      else if (auto w = value_of(lhs); w && !value_of(rhs)) vals = {*w}, std::swap(lhs, rhs);
    }
    if (vals.empty() || value_of(lhs) || is_any(lhs, {NodeKind::String, NodeKind::Integer})) return false;
    out.push_back({collapse_whitespace(lhs.text()), vals, op != "==" && op != "in", n.start_line()});
    return false;
  });
  return out;
}

struct ChainFacts {
  lang::IfChain chain;
  std::vector<std::vector<ValueTest>> tests;  // per branch
  std::set<std::string> pure;  // expressions some branch tests and nothing else (a dispatch over them)
};

// The expression a condition tests and nothing else: one value test, or value tests on the
// same expression joined by `or` (`x == "a" or x in ("b", "c")`). "" otherwise, e.g. for
// `quant_type == No and act == Silu`, which dispatches on the pair, not on `act`.
std::string pure_expr(lang::Node cond, const std::vector<ValueTest>& tests) {
  if (!cond || tests.empty()) return {};
  int comparisons = 0;
  bool other = false;
  lang::walk(cond, [&](lang::Node n) {
    NodeKind k = node_kind(n);
    if (k == NodeKind::Comparison) return ++comparisons, false;
    if (k == NodeKind::BoolOp) {
      for (lang::Node c : n.children())
        if (!c.is_named() && c.text() != "or") other = true;
      return true;
    }
    if (k == NodeKind::Parenthesized) return true;
    if (n.is_named()) other = true;
    return false;
  });
  if (other || comparisons != static_cast<int>(tests.size())) return {};
  for (const ValueTest& t : tests)
    if (t.expr != tests[0].expr || t.negative) return {};
  return tests[0].expr;
}

std::set<std::pair<std::string, std::string>> base_pairs(const lang::SyntaxTree* old_tree) {
  std::set<std::pair<std::string, std::string>> out;
  if (!old_tree) return out;
  for (const lang::IfChain& c : old_tree->if_chains())
    for (const lang::Branch& b : c.branches)
      for (const ValueTest& t : value_tests(b.condition))
        for (const std::string& v : t.values) out.insert({t.expr, v});
  return out;
}

bool inside(lang::Node inner, lang::Node outer) {
  return outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte();
}

bool mentions_word(std::string_view text, std::string_view word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    bool left = at == 0 || !ident(text[at - 1]);
    bool right = at + word.size() >= text.size() || !ident(text[at + word.size()]);
    if (left && right) return true;
  }
  return false;
}

class NewDispatchValue : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_code_sources(one_file(file), ctx.workspace, false)) {
      const FileChange& f = *cs.file;
      if (is_test_path(f.path()) || f.status == FileStatus::Added) continue;
      const lang::SyntaxTree* old_tree = ctx.workspace.old_tree(f.old_path.empty() ? f.path() : f.old_path);
      if (!old_tree) continue;
      check_file(f, *cs.tree, cs.added, base_pairs(old_tree), out);
    }
  }

 private:
  void check_file(const FileChange& f, const lang::SyntaxTree& tree, const std::set<int>& added,
                  const std::set<std::pair<std::string, std::string>>& base, std::vector<Finding>& out) const {
    std::vector<ChainFacts> chains;
    for (const lang::IfChain& c : tree.if_chains()) {
      ChainFacts cf{c, {}, {}};
      for (const lang::Branch& b : c.branches) {
        cf.tests.push_back(value_tests(b.condition));
        if (std::string e = pure_expr(b.condition, cf.tests.back()); !e.empty()) cf.pure.insert(e);
      }
      chains.push_back(std::move(cf));
    }
    std::set<std::pair<std::string, std::string>> reported;
    for (size_t i = 0; i < chains.size(); ++i)
      for (size_t bi = 0; bi < chains[i].tests.size(); ++bi)
        for (const ValueTest& t : chains[i].tests[bi]) {
          if (t.negative || !added.count(t.line)) continue;
          for (const std::string& v : t.values) {
            if (base.count({t.expr, v}) || reported.count({t.expr, v})) continue;
            if (auto x = uncovered(f, tree, chains, i, bi, t, v)) {
              reported.insert({t.expr, v});
              out.push_back(std::move(*x));
            }
          }
        }
  }

  // The first other chain over t.expr that the new value v falls through, as a finding.
  std::optional<Finding> uncovered(const FileChange& f, const lang::SyntaxTree& tree,
                                   const std::vector<ChainFacts>& chains, size_t home, size_t home_branch,
                                   const ValueTest& t, const std::string& v) const {
    const lang::IfChain& h = chains[home].chain;
    auto home_fn = tree.enclosing_function(t.line);
    if (guarded_in_file(tree, t.expr, v)) return std::nullopt;
    for (size_t j = 0; j < chains.size(); ++j) {
      if (j == home) continue;
      const ChainFacts& c = chains[j];
      if (!c.chain.has_else || !c.pure.count(t.expr) || inside(c.chain.node, h.node) || inside(h.node, c.chain.node))
        continue;
      std::set<std::string> handled;
      bool over_expr = false, negative = false;
      for (const auto& tests : c.tests)
        for (const ValueTest& u : tests) {
          if (u.expr != t.expr) continue;
          over_expr = true;
          negative = negative || u.negative;
          handled.insert(u.values.begin(), u.values.end());
        }
      // One value and an else is a yes/no test ("is it A?"), whose else is every other value by
      // design; a multi-way dispatch names at least two.
      if (!over_expr || negative || handled.count(v) || handled.size() < 2) continue;
      const lang::Branch& els = c.chain.branches.back();
      if (is_bail_out_block(els.body) || else_comment_names(tree, els, v)) continue;
      // An arm that names the value routes it: the else written for it, or a nested test inside
      // another arm (`elif arch.is_rdna:` holding `if arch.name == "gfx1151":`).
      if (std::any_of(c.chain.branches.begin(), c.chain.branches.end(),
                      [&](const lang::Branch& b) { return names_value(b.body, v); }))
        continue;
      if (filtered_above(c.chain.node, t.expr)) continue;
      auto fn = tree.enclosing_function(c.chain.node.start_line());
      bool same_fn = home_fn && fn && home_fn->node == fn->node;
      if (!same_fn && !shared_expression(t.expr, home_fn, fn)) continue;
      if (same_fn && c.chain.node.start_line() > h.node.end_line() &&
          lang::last_statement_exits(h.branches[home_branch].body))
        continue;  // the new branch leaves the function before the other chain
      if (checked_before(tree, fn, t.expr, c.chain.node.start_line()) ||
          guards::check_before(tree, c.chain.node.start_line(), [&](const guards::Check& k) {
            return mentions_word(k.text, t.expr);
          }))
        continue;  // the expression is checked on the way (here, in a validator, or in every caller)
      return report(f, tree, t, v, c, handled);
    }
    return std::nullopt;
  }

  // Whether a block names the value itself: an else written for it (`else: ... "fp4" ...`).
  static bool names_value(lang::Node body, const std::string& v) {
    if (!body) return false;
    std::string bare = v.front() == '"' ? v.substr(1, v.size() - 2) : v;
    return mentions_word(body.text(), bare);
  }

  // Whether the comment on the else line names the value (`else:  # "dsv4"`, `else:  # bf16
  // (tensor/dsmla never come here)`): the else was written with it in mind.
  static bool else_comment_names(const lang::SyntaxTree& tree, const lang::Branch& els, const std::string& v) {
    std::string_view line = tree.line_text(els.start_line);
    size_t hash = line.find('#');
    if (hash == std::string_view::npos) hash = line.find("//");
    if (hash == std::string_view::npos) return false;
    std::string bare = v.front() == '"' ? v.substr(1, v.size() - 2) : v;
    return mentions_word(line.substr(hash), bare);
  }

  // Whether the chain sits inside a branch whose condition already tests the expression (an
  // outer `elif tag in GFX942_TAGS:` filters which values reach the inner chain).
  static bool filtered_above(lang::Node chain, const std::string& expr) {
    for (lang::Node a = chain.parent(); a; a = a.parent()) {
      NodeKind k = node_kind(a);
      if (k == NodeKind::FunctionDef || k == NodeKind::ClassDef) break;
      if (k != NodeKind::If && k != NodeKind::Elif) continue;
      lang::Node cond = a.child_by_field("condition");
      if (cond && !inside(chain, cond) && mentions_word(collapse_whitespace(cond.text()), expr)) return true;
    }
    return false;
  }

  // An attribute (`self.dtype`, `cfg.arch`), a call (`get_gfx()`), or a parameter of both
  // functions means the same thing across functions of a file; a plain local does not.
  static bool shared_expression(const std::string& expr, const std::optional<lang::Function>& a,
                                const std::optional<lang::Function>& b) {
    if (expr.find('.') != std::string::npos || expr.find('(') != std::string::npos) return true;
    auto has = [&](const std::optional<lang::Function>& fn) {
      if (!fn) return false;
      for (const lang::Param& p : fn->params)
        if (p.name == expr) return true;
      return false;
    };
    return has(a) && has(b);
  }

  // A check anywhere in the file (assert, static_assert / gl.static_assert, TORCH_CHECK, an if
  // that raises) that names both the expression and the value.
  static bool guarded_in_file(const lang::SyntaxTree& tree, const std::string& expr, const std::string& v) {
    std::string bare = v.front() == '"' ? v.substr(1, v.size() - 2) : v;
    for (const guards::Check& c : guards::checks_in(tree)) {
      std::string text = collapse_whitespace(c.node.text());
      if (text.find(expr) != std::string::npos && text.find(bare) != std::string::npos) return true;
    }
    return false;
  }

  // In `fn`, before `line`: an assert on the expression, or an if on it whose body bails out.
  static bool checked_before(const lang::SyntaxTree& tree, const std::optional<lang::Function>& fn,
                             const std::string& expr, int line) {
    if (!fn) return false;
    bool found = false;
    lang::walk(fn->body, [&](lang::Node n) {
      if (found || n.start_line() >= line) return false;
      if (is(n, NodeKind::Assert)) {
        found = mentions_word(collapse_whitespace(n.text()), expr);
        return false;
      }
      if (is(n, NodeKind::If)) {
        lang::Node cond = n.child_by_field("condition");
        if (cond && mentions_word(collapse_whitespace(cond.text()), expr) && is_lone_guard(n) &&
            n.end_line() < line) {
          found = true;
          return false;
        }
      }
      return true;
    });
    return found;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const ValueTest& t, const std::string& v,
                 const ChainFacts& c, const std::set<std::string>& handled) const {
    const lang::Branch& els = c.chain.branches.back();
    int first = c.chain.node.start_line();
    std::string old;
    for (const std::string& h : handled) old += (old.empty() ? "" : ", ") + h;
    Finding x = finding();
    x.location = Location{f.path(), t.line};
    x.problem = fmt::format("New value {} of `{}` is handled here, but the dispatch over `{}` at {}:{} (branches for "
                            "{}) has no branch for it: it falls into the else at line {}",
                            v, t.expr, t.expr, f.path(), first, old, els.start_line);
    x.impact = fmt::format("When `{}` is {}, that else — written for the older values — runs silently: it may pick "
                           "the wrong kernel, tile table, scale or layout, with no error",
                           t.expr, v);
    x.action = fmt::format("Author must handle {} explicitly in the dispatch at line {}, or make its else raise/assert "
                           "for values it was not written for",
                           v, first);
    x.related.push_back(Location{f.path(), els.start_line});
    x.evidence.push_back(evidence(f.path(), t.line, tree.line_text(t.line)));
    x.evidence.push_back(evidence(f.path(), first, tree.line_text(first)));
    x.evidence.push_back(evidence(f.path(), els.start_line, tree.line_text(els.start_line)));
    return x;
  }
};

REGISTER_RULE(NewDispatchValue);

}  // namespace
}  // namespace rp
