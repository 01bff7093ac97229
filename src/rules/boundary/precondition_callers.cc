// precondition-callers (issue 15, capability 7): the PR adds a check on a runtime mode or a
// capability (the arch, CUDA-graph capture, an env-var mode, a backend's availability) at the
// top of an existing function, which makes it a precondition of the function; callers of the
// function in the head tree that do not test the same thing on their path now fail there.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "analysis/idiom_facts.h"
#include "analysis/index_facts.h"
#include "analysis/reach.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "lang/node_kind.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

using index::RepoIndex;

constexpr RuleInfo kInfo{
    .name = "precondition-callers",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A new check on a runtime mode or capability at the top of an existing function makes it a "
               "precondition, and callers in the repository do not check it on their path.",
    .docs = R"(What it catches: in a Python file the PR modifies, an existing function (it was in the base)
gains, among the statements of its body, an `assert P` or an `if C: raise ...` on an added line,
where the condition reads no parameter, no `self`/`cls` and no local of the function (so no caller
can satisfy it by what it passes) and tests a runtime mode or a capability: the arch (`get_gfx()`,
`gfx...`, `arch`), CUDA-graph capture (`is_current_stream_capturing`), an environment variable or
the env registry (`os.environ`, `getenv`, `envs.X`), availability (`..._available()`,
`..._supported()`, `has_...()`) or a mode predicate called without arguments (`is_sglang()`). The
check is now a precondition of the function. Its callers are found through the repository index
(calls whose callee resolves to the function through imports and module aliases; `self.m()` and
resolved receivers for methods); a call is covered when an enclosing `if`/`elif`/`while`, the
call's own statement, or an earlier assert / guarded raise or return of the calling function names
the same mode (a call name, an upper-case knob or a string of the condition). One finding per
check, naming up to three callers that are not covered.
Why it matters: the check protects the function, but a caller that reached it in the other mode
before the PR now stops with an AssertionError or the raised error: the PR moved a failure from
the kernel to every caller that did not know about the new rule (checklist: preconditions and
reachability).
Does not fire on: checks of parameters, instance state or locals; checks of initialisation or
other state that is not a mode or capability (`dist.is_initialized()`); new functions; callers in
tests, benchmarks and scripts (off the production path); callers that test the same mode; files
without a repository index.)"};

// Reads of a condition that are a runtime mode or a capability.
const RE2& mode_pattern() {
  static const RE2 re(
      R"((?i)gfx\d|get_gfx|\barch\b|get_arch|is_current_stream_capturing|capturing|cuda_?graph|os\.environ|getenv|\benvs\.|_available\s*\(|_supported\s*\(|\bhas_\w+\s*\(|\bis_\w+\(\s*\))");
  return re;
}

// Whether `id` names something of the function itself: a parameter, self/cls, or a local bound
// in its body.
bool function_local(const lang::SyntaxTree& tree, const lang::Function& fn, lang::Node id) {
  std::string name(id.text());
  if (name == "self" || name == "cls") return true;
  for (const lang::Param& p : fn.params)
    if (p.name == name) return true;
  for (lang::Node n : tree.identifiers(name, fn.body))
    if (tree.is_binding(n)) return true;
  return false;
}

void collect(lang::Node n, std::vector<lang::Node>& ids, std::vector<lang::Node>& strings) {
  NodeKind k = node_kind(n);
  if (k == NodeKind::Identifier) ids.push_back(n);
  if (k == NodeKind::String) {
    strings.push_back(n);
    return;
  }
  for (lang::Node c : n.named_children()) collect(c, ids, strings);
}

struct Precondition {
  int line = 0;
  std::string stated;             // "asserts `P`" / "raises when `C`"
  std::set<std::string> keys;     // names a covering check would mention
};

// The mode/capability precondition stated by `stmt` (a statement of `fn`'s body), if any.
std::optional<Precondition> precondition_of(const lang::SyntaxTree& tree, const lang::Function& fn, lang::Node stmt) {
  lang::Node cond;
  std::string text;
  NodeKind k = node_kind(stmt);
  if (k == NodeKind::Assert) {
    std::vector<lang::Node> parts = stmt.named_children();
    if (parts.empty()) return std::nullopt;
    cond = parts[0];
    text = "asserts `" + std::string(cond.text()) + "`";
  } else if (k == NodeKind::If) {
    if (stmt.child_by_field("alternative")) return std::nullopt;
    lang::Node body = stmt.child_by_field("consequence");
    std::vector<lang::Node> inner = body ? body.named_children() : std::vector<lang::Node>{};
    if (inner.empty() || node_kind(inner.back()) != NodeKind::Raise) return std::nullopt;
    cond = stmt.child_by_field("condition");
    if (!cond) return std::nullopt;
    text = "raises when `" + std::string(cond.text()) + "`";
  } else {
    return std::nullopt;
  }
  if (!RE2::PartialMatch(cond.text(), mode_pattern())) return std::nullopt;
  std::vector<lang::Node> ids, strings;
  collect(cond, ids, strings);
  Precondition p{stmt.start_line(), shortened(collapse_whitespace(text), 160), {}};
  for (lang::Node id : ids) {
    if (!tree.is_variable_read(id)) {
      // An attribute or a called name: a key when it names the mode (`is_sglang`, `get_gfx`) or
      // is an upper-case knob (`envs.AITER_USE_X`).
      std::string name(id.text());
      bool knob = name.size() >= 3 && std::all_of(name.begin(), name.end(), [](char c) {
                    return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) ||
                           c == '_';
                  });
      if (knob || RE2::PartialMatch(name, R"((?i)^(?:is_|has_|get_gfx|get_arch|use_)|capturing|available|supported)"))
        p.keys.insert(name);
      continue;
    }
    if (function_local(tree, fn, id)) return std::nullopt;  // the caller controls it: an argument check
    std::string name(id.text());
    if (RE2::PartialMatch(name, R"((?i)^(?:is_|has_|get_gfx|get_arch)|capturing|available|supported)") ||
        RE2::FullMatch(name, R"([A-Z][A-Z0-9_]{2,})"))
      p.keys.insert(name);
  }
  for (lang::Node s : strings) {
    std::string_view t = s.text();
    while (!t.empty() && (t.front() == '"' || t.front() == '\'')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == '"' || t.back() == '\'')) t.remove_suffix(1);
    if (t.size() >= 4 && RE2::FullMatch(t, R"([A-Za-z0-9_]+)")) p.keys.insert(std::string(t));
  }
  // State that is set up once, not a mode: `dist.is_initialized()`, `is_ready()`, `loaded`.
  for (auto it = p.keys.begin(); it != p.keys.end();)
    it = RE2::PartialMatch(*it, R"((?i)init|ready|loaded|built|started)") ? p.keys.erase(it) : std::next(it);
  if (p.keys.empty()) return std::nullopt;
  return p;
}

bool names_a_key(std::string_view text, const std::set<std::string>& keys) {
  return std::any_of(keys.begin(), keys.end(), [&](const std::string& k) { return mentions_word(text, k); });
}

// Whether the call at `line` of `tree` runs only where the caller tested the same mode.
bool covered(const lang::SyntaxTree& tree, int line, const std::set<std::string>& keys) {
  lang::Node stmt = tree.statement_at(line);
  if (!stmt) return false;
  if (names_a_key(stmt.text(), keys)) return true;
  lang::Node from = stmt;
  for (lang::Node a = stmt.parent(); a; from = a, a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::If || k == NodeKind::Elif || k == NodeKind::While) {
      lang::Node c = a.child_by_field("condition");
      if (c && names_a_key(c.text(), keys)) return true;
    }
    if (k == NodeKind::Else) {
      // `if mode: ... else: f()`: the test decided this branch too.
      lang::Node owner = a.parent();
      if (owner && is(owner, NodeKind::If)) {
        lang::Node c = owner.child_by_field("condition");
        if (c && names_a_key(c.text(), keys)) return true;
      }
    }
    // Earlier statements of each enclosing block: an assert, or a guarded raise/return, on the mode.
    if (k == NodeKind::Block || k == NodeKind::Module) {
      for (lang::Node s = from.prev_named_sibling(); s; s = s.prev_named_sibling()) {
        NodeKind sk = node_kind(s);
        if ((sk == NodeKind::Assert || sk == NodeKind::If) && names_a_key(s.text(), keys)) return true;
      }
    }
    if (k == NodeKind::FunctionDef) break;
  }
  return false;
}

struct Caller {
  std::string path;
  int line;
  std::string function;  // "in `Block.forward`" / "at module level"
};

class PreconditionCallers : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    if (!ctx.repo || f.status != FileStatus::Modified || is_test_path(f.new_path)) return;
    if (!code_reach(ctx, f.new_path).production) return;
    const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
    if (!old) return;
    std::set<std::string> before;
    for (const lang::Function& g : old->functions()) before.insert(g.qualified);
    const RepoIndex& idx = ctx.repo->index();
    for (const lang::Function& fn : tree.functions()) {
      if (!fn.body || !before.count(fn.qualified) || fn.name.starts_with("_test")) continue;
      for (lang::Node stmt : fn.body.named_children()) {
        if (!added.count(stmt.start_line())) continue;
        std::optional<Precondition> p = precondition_of(tree, fn, stmt);
        if (!p) continue;
        std::vector<Caller> open = uncovered_callers(ctx, idx, f.new_path, fn, p->keys);
        if (!open.empty()) out.push_back(report(f, tree, fn, *p, open));
        break;  // one precondition per function
      }
    }
  }

  std::vector<Caller> uncovered_callers(const ReviewContext& ctx, const RepoIndex& idx, const std::string& path,
                                        const lang::Function& fn, const std::set<std::string>& keys) const {
    std::vector<index::CallSite> sites = api::callers_of(idx, path, fn);
    std::vector<Caller> open;
    std::set<std::pair<std::string, int>> seen;
    for (const index::CallSite& s : sites) {
      if (is_test_path(s.path) || !code_reach(ctx, s.path).production) continue;
      if (!seen.insert({s.path, s.call->line}).second) continue;
      if (s.path == path && fn.start_line <= s.call->line && s.call->line <= fn.end_line) continue;  // recursion
      const lang::SyntaxTree* t = ctx.workspace.new_tree(s.path);
      if (!t || covered(*t, s.call->line, keys)) continue;
      std::optional<lang::Function> in = t->enclosing_function(s.call->line);
      open.push_back({s.path, s.call->line, in ? "in `" + in->qualified + "`" : std::string("at module level")});
    }
    return open;
  }

  Finding report(const FileChange& f, const SyntaxTree& tree, const lang::Function& fn, const Precondition& p,
                 const std::vector<Caller>& open) const {
    Finding x = finding();
    x.location = Location{f.new_path, p.line};
    std::string where;
    for (size_t i = 0; i < open.size() && i < 3; ++i)
      where += fmt::format("{}`{}:{}` ({})", i ? ", " : "", open[i].path, open[i].line, open[i].function);
    if (open.size() > 3) where += fmt::format(" and {} more", open.size() - 3);
    x.problem = fmt::format("`{}` now {} (line {}), a precondition {} of its callers {} not test on {} path: {}",
                            fn.qualified, p.stated, p.line, open.size(), open.size() == 1 ? "does" : "do",
                            open.size() == 1 ? "its" : "their", where);
    x.impact = "On a path where the check fails (another arch, mode or setting), those callers ran the function "
               "before this PR and now stop at it (AssertionError or the raised error) instead of running or routing "
               "elsewhere";
    x.action = "Author must make those callers test the same condition (route elsewhere when it does not hold), or "
               "say in the PR why it always holds on their path";
    x.evidence.push_back(evidence(f.new_path, p.line, tree.line_text(p.line)));
    for (size_t i = 0; i < open.size() && i < 3; ++i)
      x.evidence.push_back(fmt::format("{}:{}: caller {}, no test of the condition on its path", open[i].path,
                                       open[i].line, open[i].function));
    return x;
  }
};

REGISTER_RULE(PreconditionCallers);

}  // namespace
}  // namespace rp
