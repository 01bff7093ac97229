// unbound-local: a name bound on only some paths through a new if/elif chain and read after it.
#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "analysis/admitted_values.h"
#include "analysis/facts.h"
#include "analysis/mode_state.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unbound-local",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "A variable bound only on some branches of a new if/elif chain is read unconditionally after it.",
    .docs = R"(What it catches: in a Python function, an `if`/`elif` chain binds a name (assignment,
`with ... as`, import, walrus) on some branches but not on every path, and a later line of the
same function, after the whole if statement, reads the name unconditionally. The rule follows
the paths: a binding before the chain (or a parameter, `global`/`nonlocal`) makes the name
safe, so does a definitive `else` that binds it (recursively: an `else` whose own nested chain
binds it on every branch counts), and a branch that ends in `return`/`raise`/`continue`/`break`
(or `sys.exit()`, `parser.error()`, `assert False`) needs no binding. Two chains that each bind the name combine
into one path ("`a` is false and `b` is false"). Paths that contradict themselves or what is
already known are dropped: exhaustive conditions (`x is None` / `x is not None`, `c` /
`not c`), correlated chains (`if a: x = ...` then `if not a: x = ...`), a condition asserted or
guarded by an early `return` (also one that comes after the chain and before the read), an
earlier chain whose other paths raise (`if a: ... elif b: ... else: raise` makes `a or b` hold),
a chain over exactly the values of an earlier `assert x in (16, 32, 64)`, a chain over two or more
flags of one object right after an assert of another flag of it (`assert cfg.plugin_mode` then
`if cfg.is_vllm: ... elif cfg.is_sglang: ...`: the validated mode's flags), a chain over two or
more zero-argument predicates of one module variable that its module rebinds through `global`
(`if is_day(): ... elif is_night(): ...`) after the path set that variable (`choose_scene(name)`)
or asserted another predicate of it (`assert scene_chosen()`): the set mode's dispatch; an arm
of it that goes on without binding still fires, a flag set to a
literal `True`/`False`. The PR must touch the finding: the `if`/`elif`/`else` line, a
binding of the name inside the chain, or the read itself is added. The finding sits on the
first unconditional read, names the path that skips every binding, and groups all names left
unbound by the same chain.
Severity: red only when a value the code itself produces or admits takes the path that skips
every binding: the chain's own `else` that goes on without binding, a bool flag's other value
(a `bool` parameter, a `self.x` its class sets to a bool), the parameter's own default, an
argparse default or choice, a value the same file tests the variable for elsewhere
(`arch == "gfx1250"` at module level, a chain here over `"gfx950"` only), a version string
compared as text, a number past the chain's thresholds, a helper of this file that returns None,
or a path of one truth test (`if x:` with nothing bound otherwise). A chain that enumerates the
inputs it supports (dtypes, archs, modes, isinstance tests, several flags of another object)
with nothing in the code reaching the gap is a warning that names what the chain does not cover:
only an unsupported input gets there, and it gets UnboundLocalError instead of a clear error.
A path that only an older release of an imported dependency takes is a warning that names the
condition: the chain sits in the `else` of a feature probe (`hasattr(torch.library,
"infer_schema")`) or in the lower arm of a parsed version comparison (`Version(torch.__version__)
< Version("2.5")`, `sys.version_info < (3, 10)`), or such a step is the path itself: a
compatibility branch for a release the project may no longer support. A version compared as
text stays red (a newer release sorts below: "2.10" < "2.6"), and so does a probe of an op
registry (`hasattr(torch.ops.aiter, "x")`: a build that did not compile the op, not an old torch).
Why it matters: Python only discovers the missing binding when the skipped path runs:
`UnboundLocalError` (or `NameError`) in production on the configuration the tests never exercised
(a new dtype, a new arch, a disabled feature flag).
Does not fire on: a definitive `else` that binds the name; a name only used inside the branch that
binds it; reads that are themselves conditional (inside a later `if` branch, including one with
the same condition as the binding branch, such as `if use_x: a = 1` ... `if use_x: use(a)`, or
the right side of `and`/`or`, or a branch of `x if c else y`); reads inside nested functions and
lambdas (they run later); names bound by a comprehension (its own scope); `try`/`except` flows
(a name bound anywhere in a `try` statement counts as bound after it: out of scope); loops (a
name bound in a loop body, directly or in a chain, counts as bound after the loop, and inside
the body it may hold the previous iteration's value: `if i == 0: kv = ...`); `del` (ignored);
Triton/Gluon/FlyDSL kernels (`@triton.jit`, `@gluon.jit`, `@...kernel`: their conditions are
compile-time constants set together by the launcher), and functions nested inside one;
a path an earlier guard excludes (`if a is not None and b: raise` ... `if a is not None:`
without the binding ... `if not b: return` ... read); module-level and class bodies; a pattern
that already existed in the base version of the function; files without a parse tree (a
modified file in a diff-only review).)"};

constexpr size_t kMaxCondition = 70;

std::string quoted(std::string_view cond) {
  return "`" + shortened(normalize_condition(cond), kMaxCondition) + "`";
}


// What is known about conditions on the current path: atom text → truth, and groups of
// conditions of which one holds (after `if a: ... elif b: ... else: raise`). An atom is a
// condition that is not and/or/not; `x is not None` is stored as `x is None` = false and
// `a != b` as `a == b` = false, so the two spellings of one test meet.
struct Facts {
  std::map<std::string, bool> atoms;
  std::vector<std::vector<Node>> one_of;
  // and/or conditions assumed while their parts were unknown (`if a and b: raise` leaves
  // `a and b` false): a path that later learns both parts must meet them again.
  std::vector<std::pair<Node, bool>> compound;
  // Calls made on the path so far (`set_backend(name)`), asked only when a chain over mode
  // predicates needs to know whether the function has just set that mode.
  std::vector<std::pair<std::string, int>> calls;
};

// Which mode state a zero-argument predicate call tests and which states a call sets
// (analysis/mode_state.h), resolved through the repository; empty without one.
struct ModeOracle {
  std::function<std::optional<std::string>(const std::string& callee, int line)> predicate;
  std::function<std::set<std::string>(const std::string& callee, int line)> sets;
};

// The atom a condition tests and whether the condition is that atom or its negation.
std::pair<std::string, bool> atom_of(Node n) {
  n = lang::unparenthesized(n);
  if (is(n, NodeKind::Comparison)) {
    auto named = n.named_children();
    if (named.size() == 2) {
      std::string op = normalize_condition(n.text().substr(named[0].end_byte() - n.start_byte(),
                                                 named[1].start_byte() - named[0].end_byte()));
      std::string l = normalize_condition(named[0].text()), r = normalize_condition(named[1].text());
      if (op == "is not") return {l + " is " + r, false};
      if (op == "!=") return {l + " == " + r, false};
      if (op == "not in") return {l + " in " + r, false};
    }
  }
  return {normalize_condition(n.text()), true};
}

// The truth of `n` under `facts`, when it follows from them. Compound conditions are decided
// from their parts first, so a stored `a and b` = false cannot hide `a` = `b` = true.
std::optional<bool> truth(Node n, const Facts& facts, int depth = 0) {
  n = lang::unparenthesized(n);
  if (!n || depth > 32) return std::nullopt;
  NodeKind k = node_kind(n);
  if (k == NodeKind::True) return true;
  if (k == NodeKind::False || k == NodeKind::None) return false;
  std::optional<bool> derived;
  if (k == NodeKind::Not) {
    auto v = truth(n.child_by_field("argument"), facts, depth + 1);
    if (v) derived = !*v;
  } else if (k == NodeKind::BoolOp) {
    bool is_and = n.child_by_field("operator").text() == "and";
    auto l = truth(n.child_by_field("left"), facts, depth + 1);
    auto r = truth(n.child_by_field("right"), facts, depth + 1);
    if (is_and) {
      if ((l && !*l) || (r && !*r)) derived = false;
      else if (l && r) derived = true;
    } else {
      if ((l && *l) || (r && *r)) derived = true;
      else if (l && r) derived = false;
    }
  }
  if (derived) return derived;
  auto [atom, positive] = atom_of(n);
  auto it = facts.atoms.find(atom);
  if (it != facts.atoms.end()) return it->second == positive;
  return std::nullopt;
}

// Records that `n` has `value`; false when that contradicts what is already known.
bool assume(Node n, bool value, Facts& facts, int depth = 0) {
  n = lang::unparenthesized(n);
  if (!n || depth > 32) return true;
  auto known = truth(n, facts);
  if (known) return *known == value;
  NodeKind k = node_kind(n);
  if (k == NodeKind::Not) return assume(n.child_by_field("argument"), !value, facts, depth + 1);
  if (k == NodeKind::BoolOp) {
    bool is_and = n.child_by_field("operator").text() == "and";
    if (is_and == value)  // `a and b` true, `a or b` false: both sides are known
      return assume(n.child_by_field("left"), value, facts, depth + 1) &&
             assume(n.child_by_field("right"), value, facts, depth + 1);
    facts.compound.push_back({n, value});
    if (!is_and) {  // `a or b` true: one of them holds (`assert w == 1 or w == 2 or w == 4`)
      std::vector<Node> group = lang::bool_operands(n, "or", 64);
      facts.one_of.push_back(std::move(group));
    }
  }
  auto [atom, positive] = atom_of(n);
  facts.atoms[atom] = positive == value;
  return true;
}

// `assert bt in [16, 32, 64]` (or `if bt not in (...): raise`) followed by a chain testing
// `== 16`, `== 32`, `== 64`: the chain covers every value the code already accepts. The tested
// expression may be spelled differently (`A.shape[-1]` vs `BT`), so only the literals are
// compared; a chain over exactly the asserted literals is the author's exhaustive dispatch.
bool covers_asserted_values(const std::vector<std::string>& conds, const Facts& facts) {
  static const RE2 eq(R"(^.+ == (.+)$)");
  static const RE2 membership(R"(^.+ in [\[\(\{](.*)[\]\)\}]$)");
  std::set<std::string> tested;
  for (const std::string& c : conds) {
    std::string value;
    if (!RE2::FullMatch(c, eq, &value)) return false;
    tested.insert(normalize_condition(value));
  }
  for (const auto& [atom, holds] : facts.atoms) {
    std::string items;
    if (!holds || !RE2::FullMatch(atom, membership, &items)) continue;
    bool all = !items.empty();
    size_t start = 0;
    while (all && start <= items.size()) {
      size_t comma = items.find(',', start);
      std::string item = normalize_condition(items.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
      if (!item.empty() && !tested.count(item)) all = false;
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    if (all) return true;
  }
  return false;
}

// `assert cfg.mode_on` (or a guard) followed by `if cfg.is_a: ... elif cfg.is_b: ...`: the chain
// tests two or more flags of one object whose mode the function has just validated with another
// of its flags; the author treats that validated object's flags as the exhaustive dispatch.
bool covers_validated_flags(const std::vector<std::string>& conds, const Facts& facts) {
  static const RE2 flag(R"(^([A-Za-z_][\w.]*)\.([A-Za-z_]\w*)$)");
  if (conds.size() < 2) return false;
  std::string owner;
  std::set<std::string> tested;
  for (const std::string& c : conds) {
    std::string o, f;
    if (!RE2::FullMatch(c, flag, &o, &f) || (!owner.empty() && o != owner)) return false;
    owner = o;
    tested.insert(c);
  }
  for (const auto& [atom, holds] : facts.atoms) {
    std::string o, f;
    if (holds && !tested.count(atom) && RE2::FullMatch(atom, flag, &o, &f) && o == owner) return true;
  }
  return false;
}

// `set_backend(name)` (or `assert is_enabled()`) followed by `if is_remote(): ... elif
// is_local(): ...`: every condition is a zero-argument predicate over one module variable that
// its module rebinds (the mode switch), and the path has just set that switch, or asserted
// another predicate over it. Like the flags of a validated object, the predicates are the
// set mode's exhaustive dispatch: no path falls through all of them.
bool covers_set_mode(const std::vector<Node>& conds, const Facts& facts, const ModeOracle& oracle) {
  if (conds.size() < 2 || !oracle.predicate) return false;
  std::string state;
  std::set<std::string> tested;
  for (Node c : conds) {
    c = lang::unparenthesized(c);
    if (!is(c, NodeKind::Call)) return false;
    Node args = c.child_by_field("arguments");
    if (!args || !args.named_children().empty()) return false;
    std::string callee(c.child_by_field("function").text());
    std::optional<std::string> s = oracle.predicate(callee, c.start_line());
    if (!s || (!state.empty() && *s != state)) return false;
    state = *s;
    tested.insert(normalize_condition(c.text()));
  }
  int line = conds.front().start_line();
  for (const auto& [atom, holds] : facts.atoms) {
    if (!holds || tested.count(atom) || !atom.ends_with("()")) continue;
    if (oracle.predicate(atom.substr(0, atom.size() - 2), line) == state) return true;
  }
  for (const auto& [callee, at] : facts.calls)
    if (oracle.sets(callee, at).count(state)) return true;
  return false;
}

// Whether the facts rule out every member of some one-of group, or decide an and/or condition
// from its parts against the value it was assumed to have (`if routing is not None and
// return_routing: raise` ... a path with both parts true).
bool contradicted(const Facts& facts) {
  for (const std::vector<Node>& group : facts.one_of) {
    bool all_false = !group.empty();
    for (Node c : group) all_false = all_false && truth(c, facts) == false;
    if (all_false) return true;
  }
  for (const auto& [cond, value] : facts.compound)
    if (std::optional<bool> now = truth(cond, facts); now && *now != value) return true;
  return false;
}

bool mentions(std::string_view text, const std::string& name) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    bool left = at == 0 || (!word(text[at - 1]) && text[at - 1] != '.');
    bool right = at + name.size() >= text.size() || !word(text[at + name.size()]);
    if (left && right) return true;
  }
  return false;
}

// Forgets what was known about conditions that mention `name` (it was just rebound).
void forget(Facts& facts, const std::string& name) {
  for (auto it = facts.atoms.begin(); it != facts.atoms.end();)
    it = mentions(it->first, name) ? facts.atoms.erase(it) : std::next(it);
  std::erase_if(facts.one_of, [&](const std::vector<Node>& group) {
    return std::any_of(group.begin(), group.end(), [&](Node c) { return mentions(c.text(), name); });
  });
  std::erase_if(facts.compound, [&](const std::pair<Node, bool>& c) { return mentions(c.first.text(), name); });
}

// "`x` is false", "`x is None`", "`flag` is true" (for `not flag`).
std::string when_false(Node cond) {
  Node n = lang::unparenthesized(cond);
  if (is(n, NodeKind::Not)) return quoted(n.child_by_field("argument").text()) + " is true";
  auto [atom, positive] = atom_of(n);
  return positive ? quoted(n.text()) + " is false" : quoted(atom);
}

// One step of a path: condition `cond` evaluates to `value`.
struct Lit {
  Node cond;
  bool value = true;
  bool arm = true;  // a condition of the chain (false: `errors.append(...)` learned in the arm)
  int else_line = 0;  // the step fails on the way to this explicit `else`, which does not bind the name
};

// Why a name may be unbound after a point: the path that skips every binding, and where the
// bindings are. Several chains combine when each binds the name on some branches only.
struct Culprit {
  std::vector<Lit> lits;
  std::string path;
  std::set<int> bind_lines;
  std::vector<Node> chains;
  bool reportable = true;  // false inside a later branch: a read there is conditional
};

struct State {
  std::set<std::string> bound;
  std::map<std::string, Culprit> maybe;
  Facts facts;
  bool terminated = false;
};

struct Hit {
  std::string name;
  Culprit culprit;
  int read_line = 0;
};

bool is_scope_kind(NodeKind k) {
  return k == NodeKind::Lambda || k == NodeKind::FunctionDef || k == NodeKind::ClassDef || k == NodeKind::DecoratedDef;
}

bool is_comprehension(NodeKind k) {
  return k == NodeKind::Comprehension;
}

// Walks one function body statement by statement, tracking which names are bound on every
// path (`bound`) and which only on some (`maybe`).
class Flow {
 public:
  explicit Flow(const SyntaxTree& tree, ModeOracle oracle = {}) : tree_(tree), oracle_(std::move(oracle)) {}

  std::vector<Hit> run(const Function& fn) {
    hits_.clear();
    reported_.clear();
    depth_ = 0;
    gave_up_ = false;
    State s;
    for (const lang::Param& p : fn.params) s.bound.insert(p.name);
    collect_globals(fn.body, s.bound);
    block(fn.body, s);
    if (gave_up_) hits_.clear();
    return hits_;
  }

 private:
  void collect_globals(Node body, std::set<std::string>& out) {
    lang::walk(body, [&](Node n) {
      if (is_scope_kind(node_kind(n))) return false;
      if (is_any(n, {NodeKind::Global, NodeKind::Nonlocal}))
        for (Node id : n.named_children())
          if (is(id, NodeKind::Identifier)) out.insert(std::string(id.text()));
      return true;
    });
  }

  void block(Node blk, State& s) {
    if (!blk) return;
    for (Node st : blk.named_children()) {
      if (s.terminated) return;
      if (is(st, NodeKind::Comment)) continue;
      statement(st, s);
    }
  }

  void report(const std::string& name, State& s, int line) {
    auto it = s.maybe.find(name);
    if (it == s.maybe.end() || !it->second.reportable || s.bound.count(name)) return;
    // `if ok: x = ...` ... `if not ok: return` ... `use(x)`: the skipping path ended already.
    if (!feasible(it->second.lits, s.facts)) return;
    if (!reported_.insert(name).second) return;
    hits_.push_back(Hit{name, it->second, line});
  }

  // Reports every variable read in `root` (not in nested scopes); comprehension targets shadow.
  // An explicit stack: generated expressions nest thousands deep.
  void reads(Node root, State& s) {
    if (!root) return;
    struct Step {
      Node n;
      bool conditional = false;  // evaluated on some paths only: right of and/or, a ternary branch
      size_t restore = 0;
      bool pop = false;          // leave a comprehension: drop its targets
    };
    std::vector<std::string> shadow;
    std::vector<Step> stack{{root}};
    while (!stack.empty()) {
      Step step = stack.back();
      stack.pop_back();
      if (step.pop) {
        shadow.resize(step.restore);
        continue;
      }
      Node n = step.n;
      NodeKind k = node_kind(n);
      if (is_scope_kind(k)) continue;
      if (k == NodeKind::Identifier) {
        if (step.conditional) continue;
        std::string name(n.text());
        if (!s.maybe.count(name) || std::find(shadow.begin(), shadow.end(), name) != shadow.end()) continue;
        bool read = tree_.is_variable_read(n);
        Node p = n.parent();
        if (p && is(p, NodeKind::AugmentedAssignment) && p.child_by_field("left") == n) read = true;
        if (read) report(name, s, n.start_line());
        continue;
      }
      if (is_comprehension(k)) {
        stack.push_back({Node(), false, shadow.size(), true});
        for (Node c : n.named_children())
          if (is(c, NodeKind::ForInClause)) target_names(c.child_by_field("left"), shadow);
      }
      std::vector<Node> kids = n.named_children();
      Node right = k == NodeKind::BoolOp ? n.child_by_field("right") : Node();
      for (size_t i = kids.size(); i-- > 0;) {
        bool cond = step.conditional || (right && kids[i] == right) ||
                    (k == NodeKind::Conditional && kids.size() == 3 && i != 1);
        stack.push_back({kids[i], cond});
      }
    }
  }

  static void target_names(Node target, std::vector<std::string>& out) {
    lang::walk(target, [&](Node n) {
      if (is(n, NodeKind::Identifier)) {
        out.push_back(std::string(n.text()));
        return false;
      }
      return !is(n, NodeKind::Attribute) && !is(n, NodeKind::Subscript);
    });
  }

  // Every name `root` binds in the function's own scope, with the node that binds it. The
  // parent kind rides along the walk: asking the tree for a node's parent costs its depth.
  std::vector<std::pair<std::string, Node>> binds_in(Node root) const {
    static const std::set<std::string_view> binding_parents = {
        "assignment",        "augmented_assignment", "for_statement",       "for_in_clause",
        "named_expression",  "pattern_list",         "tuple_pattern",       "list_pattern",
        "list_splat_pattern", "dictionary_splat_pattern", "parenthesized_expression", "as_pattern_target",
        "as_pattern",        "aliased_import",       "global_statement",    "nonlocal_statement",
        "dotted_name",       "default_parameter",    "typed_default_parameter", "parameters",
        "lambda_parameters", "typed_parameter"};
    std::vector<std::pair<std::string, Node>> out;
    if (!root) return out;
    Node root_parent = root.parent();  // `for k in ...`: the target itself is the root
    std::vector<std::pair<Node, std::string_view>> stack{{root, root_parent ? root_parent.kind() : ""}};
    while (!stack.empty()) {
      auto [n, parent_kind] = stack.back();
      stack.pop_back();
      NodeKind k = node_kind(n);
      if (is_comprehension(k) || k == NodeKind::Lambda) continue;
      if (k == NodeKind::FunctionDef || k == NodeKind::ClassDef) {
        Node name = n.child_by_field("name");
        if (name) out.push_back({std::string(name.text()), name});
        continue;
      }
      if (k == NodeKind::Except) {
        Node alias = n.child_by_field("alias");
        if (alias && is(alias, NodeKind::Identifier)) out.push_back({std::string(alias.text()), alias});
      }
      if (k == NodeKind::Identifier) {
        if (binding_parents.count(parent_kind) && tree_.is_binding(n)) out.push_back({std::string(n.text()), n});
        continue;
      }
      std::vector<Node> kids = n.named_children();
      for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back({*it, n.kind()});
    }
    return out;
  }

  void bind(Node root, State& s) {
    for (const auto& [name, node] : binds_in(root)) {
      s.bound.insert(name);
      s.maybe.erase(name);
      forget(s.facts, name);
    }
  }

  static bool is_exit_call(Node st) {
    Node call = lang::lone_expression(st);
    if (!is(call, NodeKind::Call)) return false;
    std::string callee(call.child_by_field("function").text());
    // argparse's parser.error() prints usage and exits.
    return callee == "sys.exit" || callee == "exit" || callee == "os._exit" || callee == "quit" ||
           callee == "os.abort" || callee == "pytest.skip" || callee == "pytest.fail" || callee == "parser.error" ||
           callee == "self.parser.error";
  }

  void statement(Node st, State& s) {
    // Statements nest through if/for/with bodies; a hostile file must not exhaust the stack.
    if (depth_ > kMaxDepth) {
      gave_up_ = true;
      s.terminated = true;
      return;
    }
    ++depth_;
    dispatch(st, s);
    --depth_;
  }

  void dispatch(Node st, State& s) {
    NodeKind k = node_kind(st);
    if (k == NodeKind::If) return if_statement(st, s);
    if (k == NodeKind::For || k == NodeKind::While) return loop(st, s);
    if (k == NodeKind::With) {
      for (Node c : st.named_children())
        if (is(c, NodeKind::WithClause)) {
          reads(c, s);
          bind(c, s);
        }
      return block(st.child_by_field("body"), s);
    }
    if (k == NodeKind::Try) return optimistic(st, s);
    if (k == NodeKind::Match) {
      reads(st.child_by_field("subject"), s);
      return bind(st, s);
    }
    if (k == NodeKind::FunctionDef || k == NodeKind::ClassDef || k == NodeKind::DecoratedDef) return bind(st, s);
    if (k == NodeKind::Delete || k == NodeKind::Global || k == NodeKind::Nonlocal || k == NodeKind::Pass)
      return;
    if (k == NodeKind::Break || k == NodeKind::Continue) {
      s.terminated = true;
      return;
    }
    if (k == NodeKind::Return || k == NodeKind::Raise) {
      reads(st, s);
      s.terminated = true;
      return;
    }
    if (k == NodeKind::Assert) {
      reads(st, s);
      auto kids = st.named_children();
      if (kids.empty()) return;
      if (truth(kids.front(), {}) == false || normalize_condition(kids.front().text()) == "0") {
        s.terminated = true;
        return;
      }
      assume(kids.front(), true, s.facts);
      return;
    }
    reads(st, s);
    bind(st, s);
    remember_constant(st, s);
    if (Node call = lang::lone_expression(st); oracle_.sets && is(call, NodeKind::Call))
      s.facts.calls.push_back({std::string(call.child_by_field("function").text()), call.start_line()});
    if (is_exit_call(st)) s.terminated = true;
  }

  // `flag = True` / `flag = False`: later tests of `flag` are decided.
  static void remember_constant(Node st, State& s) {
    Node assignment = lang::lone_expression(st);
    if (!is(assignment, NodeKind::Assignment)) return;
    Node left = assignment.child_by_field("left"), right = assignment.child_by_field("right");
    if (!left || !right || !is(left, NodeKind::Identifier)) return;
    if (std::optional<bool> value = lang::bool_literal(right)) s.facts.atoms[std::string(left.text())] = *value;
  }

  // Loops: the body is assumed to run. A name bound on some paths of a chain inside the body
  // counts as bound after the loop ("found in some iteration" is the author's invariant, not a
  // branch this rule can prove).
  void loop(Node st, State& s) {
    if (is(st, NodeKind::For)) {
      reads(st.child_by_field("right"), s);
      bind(st.child_by_field("left"), s);
    } else {
      reads(st.child_by_field("condition"), s);
    }
    State body = s;
    std::set<std::string> carried;
    for (const auto& [name, node] : binds_in(st.child_by_field("body"))) carried.insert(name);
    carried_.push_back(std::move(carried));
    block(st.child_by_field("body"), body);
    carried_.pop_back();
    Facts facts = s.facts;
    std::map<std::string, Culprit> before = s.maybe;
    s.bound = body.bound;
    s.maybe.clear();
    for (auto& [name, c] : body.maybe) {
      auto old = before.find(name);
      if (old != before.end() && old->second.chains == c.chains) s.maybe[name] = c;
      else s.bound.insert(name);
    }
    for (const auto& [name, node] : binds_in(st.child_by_field("body"))) forget(facts, name);
    s.facts = std::move(facts);
    s.terminated = false;
    Node alt = st.child_by_field("alternative");
    if (alt) block(alt.child_by_field("body"), s);
  }

  // try: out of scope; inner chains are still checked, and every name bound anywhere in the
  // statement counts as bound after it.
  void optimistic(Node st, State& s) {
    State inner = s;
    for (Node c : st.named_children()) {
      if (is(c, NodeKind::Block)) {
        block(c, inner);
        continue;
      }
      State part = s;
      if (is(c, NodeKind::Except)) {
        // `except E as e`: the alias is bound inside the handler (as_pattern or alias field).
        Node alias = c.child_by_field("alias");
        if (alias && is(alias, NodeKind::Identifier)) {
          part.bound.insert(std::string(alias.text()));
          part.maybe.erase(std::string(alias.text()));
        }
        for (Node x : c.named_children())
          if (is(x, NodeKind::AsPattern)) bind(x, part);
      }
      for (Node b : c.named_children())
        if (is(b, NodeKind::Block)) block(b, part);
      Node body = c.child_by_field("body");
      if (body) block(body, part);
    }
    Facts facts = s.facts;
    s.maybe = inner.maybe;
    s.bound.insert(inner.bound.begin(), inner.bound.end());
    s.facts = std::move(facts);
    s.terminated = false;
    bind(st, s);
  }

  struct Arm {
    Node cond, body, header;  // cond null for else; header null for the fall-through
  };

  struct BranchOut {
    State state;
    size_t arm = 0;  // index into arms; arms.size() for the fall-through
  };

  void if_statement(Node st, State& s) {
    std::vector<Arm> arms{{st.child_by_field("condition"), st.child_by_field("consequence"), st}};
    bool has_else = false;
    for (Node c : st.named_children()) {
      if (is(c, NodeKind::Elif)) arms.push_back({c.child_by_field("condition"), c.child_by_field("consequence"), c});
      if (is(c, NodeKind::Else)) {
        arms.push_back({Node(), c.child_by_field("body"), c});
        has_else = true;
      }
    }
    reads(arms.front().cond, s);
    bind(arms.front().cond, s);  // a walrus in the first condition binds on every path

    std::vector<std::string> conds;
    std::vector<Node> cond_nodes;
    for (const Arm& a : arms)
      if (a.cond) {
        conds.push_back(normalize_condition(a.cond.text()));
        cond_nodes.push_back(a.cond);
      }

    // Facts along the chain: arm i is reached with every earlier condition false.
    std::vector<BranchOut> outs;
    Facts along = s.facts;
    bool decided = false;  // an earlier arm is known to be taken: the rest is unreachable
    for (size_t i = 0; i < arms.size() && !decided; ++i) {
      Facts here = along;
      if (arms[i].cond) {
        std::optional<bool> known = truth(arms[i].cond, along);
        if (known == false) continue;
        if (known == true) decided = true;
        assume(arms[i].cond, true, here);
        assume(arms[i].cond, false, along);
      }
      State b = s;
      b.facts = std::move(here);
      for (auto& [name, c] : b.maybe) c.reportable = false;
      if (i > 0 && arms[i].cond) {
        reads(arms[i].cond, b);
        bind(arms[i].cond, b);
      }
      block(arms[i].body, b);
      outs.push_back({std::move(b), i});
    }
    if (!has_else && !decided && !contradicted(along) && !covers_asserted_values(conds, along) &&
        !covers_validated_flags(conds, s.facts) && !covers_set_mode(cond_nodes, s.facts, oracle_)) {
      State fall = s;
      fall.facts = along;
      outs.push_back({std::move(fall), arms.size()});
    }

    std::vector<const BranchOut*> live;
    for (const BranchOut& o : outs)
      if (!o.state.terminated) live.push_back(&o);
    if (live.empty()) {
      s.terminated = true;
      return;
    }

    std::set<std::string> bound = live.front()->state.bound;
    for (const BranchOut* o : live) {
      std::set<std::string> keep;
      std::set_intersection(bound.begin(), bound.end(), o->state.bound.begin(), o->state.bound.end(),
                            std::inserter(keep, keep.begin()));
      bound = std::move(keep);
    }
    std::map<std::string, std::vector<Node>> in_chain;
    for (const auto& [name, node] : binds_in(st)) in_chain[name].push_back(node);

    std::set<std::string> candidates;
    for (const BranchOut* o : live) {
      for (const std::string& n : o->state.bound)
        if (!bound.count(n)) candidates.insert(n);
      for (const auto& [n, c] : o->state.maybe)
        if (!bound.count(n)) candidates.insert(n);
    }
    std::map<std::string, Culprit> maybe;
    for (const std::string& name : candidates) {
      auto before = s.maybe.find(name);
      if (!in_chain.count(name)) {
        if (before != s.maybe.end()) maybe[name] = before->second;
        continue;
      }
      std::optional<Culprit> c = culprit(name, st, arms, live, in_chain[name], s.facts);
      // In a loop body the name may still hold the previous iteration's value (`if i == 0:
      // kv = ...`): not provable from one pass.
      if (c) c->reportable = !carried(name);
      if (c) maybe[name] = std::move(*c);
      else bound.insert(name);  // every path that skips the binding is impossible
    }

    // One path continues (`if c: return`): what held on it holds after the chain. Several arms
    // and no fall-through (`else: raise`): one of their conditions holds.
    Facts facts = live.size() == 1 ? live.front()->state.facts : s.facts;
    if (live.size() > 1) {
      std::vector<Node> group;
      for (const BranchOut* o : live)
        if (o->arm < arms.size() && arms[o->arm].cond) group.push_back(arms[o->arm].cond);
      if (group.size() == live.size()) facts.one_of.push_back(std::move(group));
    }
    for (const auto& [name, nodes] : in_chain) forget(facts, name);
    s.bound = std::move(bound);
    s.maybe = std::move(maybe);
    s.facts = std::move(facts);
  }

  // Whether some execution takes every step of `lits` given `start`: each step is assumed, then
  // each is re-checked against everything learned (a compound step assumed early is only
  // decidable once its parts are known).
  // `errors.append(...)` in the arm that skips the binding: on that path `errors` is non-empty,
  // so a later `if errors: raise` ends it.
  static void accumulated(Node body, std::vector<Lit>& lits) {
    lang::walk(body, [&](Node n) {
      if (is_scope_kind(node_kind(n))) return false;
      if (!is(n, NodeKind::Call)) return true;
      Node fn = n.child_by_field("function");
      if (!fn || !is(fn, NodeKind::Attribute)) return true;
      Node obj = fn.child_by_field("object");
      std::string_view method = fn.child_by_field("attribute").text();
      if (obj && is(obj, NodeKind::Identifier) &&
          (method == "append" || method == "extend" || method == "add" || method == "insert"))
        lits.push_back({obj, true, false});
      return true;
    });
  }

  static bool feasible(const std::vector<Lit>& lits, const Facts& start) {
    Facts f = start;
    for (const Lit& l : lits)
      if (!assume(l.cond, l.value, f)) return false;
    for (const Lit& l : lits) {
      std::optional<bool> v = truth(l.cond, f);
      if (v && *v != l.value) return false;
    }
    return !contradicted(f);
  }

  // The first feasible path through `chain` that leaves `name` unbound; nullopt when none is.
  std::optional<Culprit> culprit(const std::string& name, Node chain, const std::vector<Arm>& arms,
                                 const std::vector<const BranchOut*>& live, const std::vector<Node>& binders,
                                 const Facts& facts) const {
    std::vector<std::string> conds;
    for (const Arm& a : arms)
      if (a.cond) conds.push_back(normalize_condition(a.cond.text()));
    for (const BranchOut* o : live) {
      if (o->state.bound.count(name)) continue;
      Culprit c;
      std::string seg;
      // The chain's own `else` runs for every value its conditions leave: those steps are the
      // code's own path, not an input it does not handle.
      int else_line = o->arm < arms.size() && !arms[o->arm].cond ? arms[o->arm].header.start_line() : 0;
      for (size_t j = 0; j < o->arm && j < arms.size(); ++j)
        if (arms[j].cond) c.lits.push_back({arms[j].cond, false, true, else_line});
      if (o->arm < arms.size()) accumulated(arms[o->arm].body, c.lits);
      if (o->arm < arms.size() && arms[o->arm].cond) {
        c.lits.push_back({arms[o->arm].cond, true});
        seg = quoted(arms[o->arm].cond.text()) + " is true";
      } else if (conds.size() == 1) {
        seg = when_false(arms.front().cond);
      } else {
        seg = "none of ";
        for (size_t i = 0; i < conds.size(); ++i) seg += (i ? ", " : "") + quoted(conds[i]);
        seg += " is true";
      }
      c.path = seg;
      c.chains.push_back(chain);
      for (Node b : binders) c.bind_lines.insert(b.start_line());
      auto inner = o->state.maybe.find(name);
      if (inner != o->state.maybe.end()) {
        const Culprit& more = inner->second;
        // An earlier chain's path comes first; a chain nested in this branch comes after.
        bool earlier = !more.chains.empty() && more.chains.front().start_line() < chain.start_line();
        if (!more.path.empty()) c.path = earlier ? more.path + " and " + seg : seg + " and " + more.path;
        c.lits.insert(c.lits.end(), more.lits.begin(), more.lits.end());
        c.bind_lines.insert(more.bind_lines.begin(), more.bind_lines.end());
        for (const Node& n : more.chains)
          if (std::find(c.chains.begin(), c.chains.end(), n) == c.chains.end()) c.chains.push_back(n);
      }
      if (!feasible(c.lits, facts)) continue;
      return c;
    }
    return std::nullopt;
  }

  bool carried(const std::string& name) const {
    for (const std::set<std::string>& names : carried_)
      if (names.count(name)) return true;
    return false;
  }

  const SyntaxTree& tree_;
  ModeOracle oracle_;
  static constexpr int kMaxDepth = 64;
  std::vector<std::set<std::string>> carried_;  // names bound in each enclosing loop body
  int depth_ = 0;
  bool gave_up_ = false;
  std::vector<Hit> hits_;
  std::set<std::string> reported_;
};

// The head lines of every chain in the culprit: `if`, `elif`, `else`.
std::vector<int> header_lines(const Culprit& c) {
  std::vector<int> out;
  for (const Node& chain : c.chains) {
    out.push_back(chain.start_line());
    for (Node k : chain.named_children())
      if (is_any(k, {NodeKind::Elif, NodeKind::Else})) out.push_back(k.start_line());
  }
  return out;
}

class UnboundLocal : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      const SyntaxTree* old_tree = f.status == FileStatus::Added ? nullptr : ctx.workspace.old_tree(f.old_path);
      const std::vector<Function>& fns = tree->functions();
      std::vector<const Function*> kernels;  // few per file: asked once each, not once per function
      for (const Function& outer : fns)
        if (is_jit_kernel(outer)) kernels.push_back(&outer);
      for (const Function& fn : fns) {
        if (!fn.body || fn.body.has_error() || in_jit_kernel(fn, kernels)) continue;
        if (!touches_added(added, fn.start_line, fn.end_line)) continue;
        Flow flow(*tree, oracle(ctx, f.new_path));
        // One finding per chain: a stubbed `else: pass` leaves a dozen names unbound at once.
        std::map<uint32_t, std::vector<Hit>> by_chain;
        std::optional<std::set<std::string>> before;
        for (const Hit& hit : flow.run(fn)) {
          if (!involved(hit, added)) continue;
          if (old_tree && !before) before = hits_before(*old_tree, fn);
          if (before && before->count(hit.name)) continue;
          by_chain[hit.culprit.chains.front().start_byte()].push_back(hit);
        }
        for (const auto& [chain, hits] : by_chain) {
          Finding x = make_finding(f.new_path, *tree, hits);
          bool returns_none = false;
          if (std::optional<std::string> old = older_dependency(*tree, hits.front().culprit)) {
            x.severity = Severity::Warn;
            x.impact += " (a warning, not a blocker: only an older dependency takes the path that skips every "
                        "binding — " + *old + " — a compatibility branch for a release the project may no longer "
                        "support)";
            x.trigger += "; needs " + *old;
          } else if (!evidence_of_trigger(ctx, *tree, fn, hits, x, returns_none)) {
            severity_by_admission(*tree, fn, hits.front().culprit, returns_none, x);
          }
          out.push_back(std::move(x));
        }
      }
    }
  }

 private:
  // The path that skips every binding needs an older release of an imported dependency: the
  // chain sits in an arm only such a release takes (`else` of `hasattr(torch.library, ...)`), or
  // a step of the path is that arm itself (analysis/admitted_values.h, older_dependency_*).
  static std::optional<std::string> older_dependency(const SyntaxTree& tree, const Culprit& c) {
    for (const Node& chain : c.chains)
      if (std::optional<std::string> r = older_dependency_arm(tree, chain)) return r;
    for (const Lit& l : c.lits)
      if (l.arm)
        if (std::optional<std::string> r = older_dependency_step(tree, l.cond, l.value)) return r;
    return std::nullopt;
  }

  static ModeOracle oracle(const ReviewContext& ctx, const std::string& path) {
    if (!ctx.repo) return {};
    const index::RepoIndex* idx = &ctx.repo->index();
    TreeOf tree_of = [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); };
    ModeOracle o;
    o.predicate = [=](const std::string& callee, int line) {
      return mode_predicate_call(*idx, tree_of, path, callee, line);
    };
    o.sets = [=](const std::string& callee, int line) {
      return mode_states_set_by_call(*idx, tree_of, path, callee, line);
    };
    return o;
  }

  // Triton/Gluon/FlyDSL kernels: their conditions are compile-time constants that the launcher
  // sets together (`BLOCK_M == 1` / `BLOCK_M == 2`); a missing binding is a compile error of one
  // specialization, not a runtime path this rule can prove reachable.
  static bool is_jit_kernel(const Function& fn) {
    static const RE2 jit(R"((^|[.\s])(jit|kernel|autotune|heuristics|constexpr_function)\b)");
    for (const std::string& d : fn.decorators)
      if (RE2::PartialMatch(d, jit)) return true;
    // `def define_layout(GROUP: gl.constexpr, ...)`: a compile-time helper of a kernel.
    for (const lang::Param& p : fn.params)
      if (p.annotation.find("constexpr") != std::string::npos) return true;
    return false;
  }

  // A helper defined inside a kernel (`def _run_tile(...)` in a `@flyc.kernel` body) is traced
  // with the kernel: its conditions are the kernel's compile-time constants too.
  static bool in_jit_kernel(const Function& fn, const std::vector<const Function*>& kernels) {
    for (const Function* outer : kernels)
      if (outer->start_line <= fn.start_line && fn.end_line <= outer->end_line) return true;
    return false;
  }

  // Where the value a condition tests comes from, for the severity: a parameter or an outside
  // library can be set by the user (a named trigger), but a local bound from the return of a
  // function of this repository only takes the values that function returns.
  struct ReturnSource {
    std::string callee;                    // "self.query_sol", "get_configs"
    std::optional<Function> same_file;     // its definition, when this file has it
  };

  // The first-party call every binding of `name` in `fn` takes its value from; nullopt when
  // `name` is a parameter, bound otherwise, or bound from a call this repository does not define.
  static std::optional<ReturnSource> first_party_return(const ReviewContext& ctx, const SyntaxTree& tree,
                                                        const Function& fn, const std::string& name) {
    for (const lang::Param& p : fn.params)
      if (p.name == name) return std::nullopt;
    std::optional<ReturnSource> src;
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (std::find(a.targets.begin(), a.targets.end(), name) == a.targets.end()) continue;
      lang::Node v = a.value ? lang::unparenthesized(a.value) : lang::Node();
      if (a.augmented || !v || !is(v, NodeKind::Call)) return std::nullopt;
      lang::Call c = lang::describe_call(v);
      std::optional<ReturnSource> here = resolve_callee(ctx, tree, fn, c);
      if (!here || (src && src->callee != here->callee)) return std::nullopt;
      src = std::move(here);
    }
    return src;
  }

  static std::optional<ReturnSource> resolve_callee(const ReviewContext& ctx, const SyntaxTree& tree,
                                                    const Function& fn, const lang::Call& c) {
    std::string root = c.callee.substr(0, c.callee.find('.'));
    bool method = root == "self" || root == "cls";
    if (method && c.callee.find('.', root.size() + 1) != std::string::npos) return std::nullopt;
    for (const Function& d : tree.functions()) {
      if (d.name != c.callee_name) continue;
      if (method ? d.class_name == fn.class_name : (c.callee == d.name && d.class_name.empty()))
        return ReturnSource{c.callee, d};
    }
    if (method || !ctx.repo) return std::nullopt;
    // A name imported from a module of this repository (`from .utils import get_configs`).
    for (const lang::Import& imp : tree.imports()) {
      for (const lang::ImportedName& n : lang::imported_names(imp)) {
        std::string bound = !n.alias.empty() ? n.alias : n.name.substr(0, n.name.find('.'));
        if (bound != root) continue;
        if (imp.level > 0 || ctx.repo->index().first_party(imp.module.empty() ? n.name : imp.module))
          return ReturnSource{c.callee, std::nullopt};
      }
    }
    return std::nullopt;
  }

  // Whether same-file function `d` returns None somewhere (`return None`, a bare `return`).
  static std::optional<int> returns_none(const SyntaxTree& tree, const Function& d) {
    std::optional<int> line;
    lang::walk(d.body, [&](lang::Node n) {
      if (line || is_scope_kind(node_kind(n))) return false;
      if (!is(n, NodeKind::Return)) return true;
      auto kids = n.named_children();
      if (kids.empty() || (kids.size() == 1 && is(lang::unparenthesized(kids[0]), NodeKind::None)))
        line = n.start_line();
      return false;
    });
    (void)tree;
    return line;
  }

  // A red needs a trigger a user can set. When a step of the only path that skips the binding
  // tests a value that comes from another function of this repository, the input that makes
  // that function return it is not named: a warning, unless the function visibly returns None
  // and the step is that value being None/falsy (then the return line is the trigger).
  // Returns true when it lowered the finding; `returns_none` says a step's None is the
  // helper's own return value (a value the code produces).
  static bool evidence_of_trigger(const ReviewContext& ctx, const SyntaxTree& tree, const Function& fn,
                                  const std::vector<Hit>& hits, Finding& x, bool& helper_none) {
    const Culprit& c = hits.front().culprit;
    for (const Lit& l : c.lits) {
      lang::Node cond = lang::unparenthesized(l.cond);
      std::set<std::string> names;
      bool other = false;
      lang::walk(cond, [&](lang::Node n) {
        if (is(n, NodeKind::Attribute)) {
          lang::Node obj = n.child_by_field("object");
          if (obj && is(obj, NodeKind::Identifier)) names.insert(std::string(obj.text()));
          else other = true;
          return false;
        }
        if (is(n, NodeKind::Identifier)) names.insert(std::string(n.text()));
        if (is(n, NodeKind::Call)) other = true;
        return true;
      });
      if (names.empty() || other) continue;
      std::optional<ReturnSource> src;
      bool all = true;
      for (const std::string& n : names) {
        std::optional<ReturnSource> s = first_party_return(ctx, tree, fn, n);
        if (!s) all = false;
        else if (!src) src = std::move(s);
      }
      if (!all || !src) continue;
      if (src->same_file && falsy_step(l, names)) {
        if (std::optional<int> none = returns_none(tree, *src->same_file)) {
          x.trigger += " (`" + src->callee + "()` returns None at line " + std::to_string(*none) + ")";
          helper_none = true;
          continue;
        }
      }
      x.severity = Severity::Warn;
      x.impact += " (a warning, not a blocker: the skipping path needs `" + src->callee +
                  "()` of this repository to return a value that takes it, and no input that makes it do so is "
                  "known)";
      return true;
    }
    return false;
  }

  // Red only when a value the code itself produces or admits takes the path that skips every
  // binding (analysis/admitted_values.h): the chain's own `else` that goes on without binding,
  // a helper's None, a bool flag's other value, a default, a command-line option, a value this
  // file tests elsewhere, a version compared as text. A chain that enumerates the supported
  // inputs and has no branch for the rest is reached only by an unsupported input: a warning
  // that names what the chain does not cover.
  static void severity_by_admission(const SyntaxTree& tree, const Function& fn, const Culprit& c,
                                    bool returns_none, Finding& x) {
    if (returns_none) return;
    std::vector<PathStep> steps;
    for (const Lit& l : c.lits)
      if (l.arm) steps.push_back({l.cond, l.value, l.else_line});
    PathAdmission a = admitted_path(tree, fn, steps);
    if (a.reasons.empty() && a.unadmitted.empty()) return;
    if (a.admitted()) {
      std::string why;
      for (const Admission& r : a.reasons)
        if (!r.arm || a.reasons.size() == 1) why += (why.empty() ? "" : "; ") + r.why;
      if (why.empty()) why = a.reasons.front().why;
      x.trigger += "; red because " + why;
      return;
    }
    std::string need;
    for (const std::string& u : a.unadmitted) need += (need.empty() ? "" : " and ") + u;
    x.severity = Severity::Warn;
    x.impact += " (a warning, not a blocker: only an input the chain does not cover reaches it — " + need +
                " — and no bool flag, parameter default, command-line option or other test of the same value in "
                "this file produces one; such an input gets UnboundLocalError instead of a clear error)";
  }

  // The step holds when the tested name is None or falsy: `x` false, `not x` true, `x is None` true.
  static bool falsy_step(const Lit& l, const std::set<std::string>& names) {
    if (names.size() != 1) return false;
    lang::Node n = lang::unparenthesized(l.cond);
    if (is(n, NodeKind::Identifier)) return !l.value;
    if (is(n, NodeKind::Not)) return l.value && is(lang::unparenthesized(n.child_by_field("argument")), NodeKind::Identifier);
    auto [atom, positive] = atom_of(n);
    return atom.ends_with(" is None") && positive == l.value;
  }

  static bool involved(const Hit& hit, const std::set<int>& added) {
    if (added.count(hit.read_line)) return true;
    for (int l : hit.culprit.bind_lines)
      if (added.count(l)) return true;
    for (int l : header_lines(hit.culprit))
      if (added.count(l)) return true;
    return false;
  }

  // Names the same function of the base already read while maybe unbound: not new.
  static std::set<std::string> hits_before(const SyntaxTree& old_tree, const Function& fn) {
    std::set<std::string> out;
    for (const Function& old : old_tree.functions()) {
      if (old.qualified != fn.qualified || !old.body) continue;
      Flow flow(old_tree);
      for (const Hit& h : flow.run(old)) out.insert(h.name);
    }
    return out;
  }

  Finding make_finding(const std::string& path, const SyntaxTree& tree, const std::vector<Hit>& hits) const {
    const Hit& first = *std::min_element(hits.begin(), hits.end(),
                                         [](const Hit& a, const Hit& b) { return a.read_line < b.read_line; });
    Finding x = finding();
    std::string names;
    std::set<int> bind_lines;
    for (size_t i = 0; i < hits.size(); ++i) {
      if (i == 4) {
        names += " and " + std::to_string(hits.size() - 4) + " more";
        break;
      }
      names += (i ? ", `" : "`") + hits[i].name + "`";
    }
    for (const Hit& h : hits) bind_lines.insert(h.culprit.bind_lines.begin(), h.culprit.bind_lines.end());
    std::string lines;
    for (int l : bind_lines) {
      if (!lines.empty()) lines += ", ";
      lines += std::to_string(l);
    }
    bool several = hits.size() > 1;
    x.location = Location{path, first.read_line};
    x.problem = names + (several ? " are" : " is") + " bound only inside some branches of the if/elif chain (line" +
                (bind_lines.size() > 1 ? "s " : " ") + lines + ") but read unconditionally after it (first at line " +
                std::to_string(first.read_line) + ")";
    x.impact = "On the path that skips every binding, Python raises UnboundLocalError at line " +
               std::to_string(first.read_line) + "; tests that always take a binding branch never see it";
    x.action = "Author must bind " + names + " on every path: add `" + first.name +
               " = <default>`" + (several ? " (and the others)" : "") +
               " before the if-block, or an `else:` branch that assigns " + (several ? "them" : "it") +
               " or raises a clear error";
    for (int l : bind_lines) {
      if (x.evidence.size() >= 6) break;
      x.evidence.push_back(evidence(path, l, tree.line_text(l)));
      x.related.push_back(Location{path, l});
    }
    x.evidence.push_back(evidence(path, first.read_line, tree.line_text(first.read_line)));
    if (!first.culprit.path.empty())
      x.trigger = first.culprit.path + " — `" + first.name + "` is never bound and line " +
                  std::to_string(first.read_line) + " raises UnboundLocalError";
    return x;
  }
};

REGISTER_RULE(UnboundLocal);

}  // namespace
}  // namespace rp
