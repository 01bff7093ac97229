// param-some-arms (ATOM B6 / aiter B4): a parameter the PR adds to a function is threaded into
// the calls of some arms of one if/elif/else dispatch, while a sibling call in another arm (one
// passing the same arguments, which the PR left alone) never receives it. A caller that sets the
// new parameter and lands on that arm gets the old behaviour, silently.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/api_surface.h"
#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

#include <re2/re2.h>

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "param-some-arms",
    .category = Category::SilentBypass,
    // measured: 2 of 3 true on 600 history commits, 3 of 7 on the mined tune split (the rest:
    // tuning knobs only some kernels have); a note until it can tell a knob from a mode
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A new parameter reaches the calls of some dispatch arms; a sibling call on another arm never gets it.",
    .docs = R"(What it catches (Python, files the PR changes): a parameter with a default (an option a
caller may set) that the PR adds to a function that existed before, and passes (on added lines)
into a call in some arms of one if/elif/else chain of that function, while another arm of the
same chain holds a sibling call — one used the same way (both returned, both assigned to the
same target, or both the whole statement) that passes at least three of the same arguments
(keyword names or positional expressions) as a call the parameter reached, on a line the PR did
not touch — and that arm reads neither the parameter nor a name computed from it. The finding names the wired calls, the arm left
behind, and any check of the parameter that covers it only in part (`if a and not p:
assert ...` guards `p` only when `a` holds).
Why it matters: the parameter is a new routing value (a layout flag, a mode). A caller that sets
it and reaches the arm left behind (another arch, another backend, the split-k path) gets a
result computed as if it were at its default: wrong layout or semantics, no error.
Severity: a note. The rule cannot tell a mode every arm needs (a layout, a causal flag, an
activation limit) from a tuning knob only some kernels have (async copies, non-temporal loads,
"output already zeroed"); measured on history and the mined tune split, about half of its
findings were knobs. Where the arm left behind does not take the value, an assert or raise there
says so.
Does not fire on: chains whose conditions read the parameter (they dispatch on it); arms that
only bail out (raise, assert, warn, return None); a guard before the chain that rejects every
non-default value of the parameter on that arm (an `if` testing only the parameter whose body
raises or asserts, or an `assert` that names only the parameter and the chain's condition
names), or an `if` on the parameter that calls a validating function of the file (one that
raises or asserts); parameters with a positive whole-number default (a count of tiles, splits or
waves: an arm without it runs at another speed, not to another result); parameters without a default (plumbing every caller passes: a buffer, a pointer, which
only some arms need); calls that build different parts (`self.moe = MoE(...)` in one arm,
`self.mlp = MLP(...)` in the other); a parameter that only reaches arms the PR adds (a new kernel
variant and its own option: the arms that predate it were written without it, and a sibling
built for another format has no such option or takes it another way); an optional output
buffer the function returns (`if mirror is not None: return out, scale, mirror`): a caller that
asks for it and lands on an arm that does not fill it gets fewer results back, which fails at its
unpacking rather than silently; a call of a callback the function takes as a parameter
(`compare_fn(ref, out)`): its signature is the caller's, not the wired calls'; an execution
resource (a parameter annotated as a stream or an event) that every wired callee takes by name
while the sibling's signature in the repository takes none and no `**kwargs`: the arm left
behind has nothing to overlap, and a stream never changes a result; new functions;
tests; Triton kernels.)"};

// Whether `n` reads one of `names` as a variable.
bool reads_any(const SyntaxTree& tree, Node n, const std::set<std::string>& names) {
  for (const std::string& id : names_read(tree, n))
    if (names.count(id)) return true;
  return false;
}

// `p` and the names the function computes from it (`mode = "a" if p else "b"`), to a fixpoint.
std::set<std::string> derived_names(const SyntaxTree& tree, const Function& fn, const std::string& p) {
  std::set<std::string> names{p};
  std::vector<lang::Assignment> assigns = tree.assignments(fn.body);
  for (bool grew = true; grew;) {
    grew = false;
    for (const lang::Assignment& a : assigns) {
      if (!a.value || a.targets.size() != 1 || names.count(a.targets[0])) continue;
      if (reads_any(tree, a.value, names)) grew = names.insert(a.targets[0]).second || grew;
    }
  }
  return names;
}

// How many arguments two calls pass alike: keyword names both use, positional expressions both
// spell the same.
int shared_arguments(const Call& a, const Call& b) {
  std::set<std::string> ka, pa;
  for (const lang::Argument& x : a.args) (x.keyword.empty() ? pa : ka).insert(x.keyword.empty() ? std::string(x.value.text()) : x.keyword);
  int n = 0;
  for (const lang::Argument& x : b.args) n += x.keyword.empty() ? pa.count(std::string(x.value.text())) : ka.count(x.keyword);
  return n;
}

// How a statement uses a call's result: "return", "= <target>", "call" (the call is the whole
// statement); "" for anything else. Two arms' calls are alternative implementations of one
// step when they are used alike: `self.moe = MoE(...)` and `self.mlp = MLP(...)` build two
// different parts, `return a(...)` / `return b(...)` are one step done two ways.
std::string use_of(const SyntaxTree& tree, const Call& c) {
  Node s = tree.statement_at(c.line);
  if (!s) return "";
  if (is(s, NodeKind::Return)) {
    Node v = s.named_children().empty() ? Node() : lang::unparenthesized(s.named_children().front());
    return v == c.node ? "return" : "";
  }
  Node e = lang::lone_expression(s);
  if (!e) return "";
  if (e == c.node) return "call";
  if (is(e, NodeKind::Assignment) && lang::unparenthesized(e.child_by_field("right")) == c.node)
    return "= " + collapse_whitespace(e.child_by_field("left").text());
  return "";
}

// A call the PR threaded the parameter into, and the line of that argument.
struct Wired {
  Call call;
  int line = 0;
  std::string via;  // the name computed from the parameter that the argument reads ("" for itself)
};

// Whether an `if` guard's condition holds whenever the parameter is set and the chain's arm is
// taken: each leaf reads only the parameter's names or the chain's condition names (a leaf that
// reads the parameter is taken to test it for its non-default value), `and` needs both sides,
// `or` one. `a and not p` with `a` read from nowhere else narrows it: a partial guard.
bool covers(const SyntaxTree& tree, Node c, const std::set<std::string>& names,
            const std::set<std::string>& chain_names) {
  c = lang::unparenthesized(c);
  if (is(c, NodeKind::BoolOp)) {
    bool l = covers(tree, c.child_by_field("left"), names, chain_names);
    bool r = covers(tree, c.child_by_field("right"), names, chain_names);
    return c.child_by_field("operator").text() == "or" ? l || r : l && r;
  }
  std::vector<std::string> ids = names_read(tree, c);
  if (ids.empty()) return false;
  return std::all_of(ids.begin(), ids.end(),
                     [&](const std::string& id) { return names.count(id) || chain_names.count(id); });
}

struct Guard {
  int line = 0;
  bool complete = false;  // rejects every non-default value on the chain's other arms
};

// Functions of the file whose body raises or asserts: a call to one under `if p:` validates the
// route (`if no_combine: _validate_route(metadata)`), how far the rule cannot see.
std::set<std::string> validators(const SyntaxTree& tree) {
  std::set<std::string> out;
  for (const Function& f : tree.functions()) {
    if (!f.body || !f.class_name.empty()) continue;
    bool raises = false;
    lang::walk(f.body, [&](Node n) {
      if (lang::is_nested_function(n)) return false;
      if (is(n, NodeKind::Raise) || is(n, NodeKind::Assert)) raises = true;
      return !raises;
    });
    if (raises) out.insert(f.name);
  }
  return out;
}

// Checks of the parameter before the chain: `if COND: <bail out>`, `if COND: validate(...)` and
// `assert EXPR` reading it.
std::vector<Guard> guards_before(const SyntaxTree& tree, const Function& fn, const std::set<std::string>& names,
                                 const std::set<std::string>& chain_names, uint32_t chain_start) {
  std::vector<Guard> out;
  const std::set<std::string> checks = validators(tree);
  for (const lang::IfChain& g : tree.if_chains(fn.body)) {
    if (g.node.start_byte() >= chain_start || g.branches.size() != 1 || !g.branches[0].condition) continue;
    const lang::Branch& b = g.branches[0];
    if (!reads_any(tree, b.condition, names) || !b.body) continue;
    bool bails = is_bail_out_block(b.body);
    bool asserts = false;
    lang::walk(b.body, [&](Node n) {
      if (is(n, NodeKind::Assert) || is(n, NodeKind::Raise)) asserts = true;
      return !asserts;
    });
    bool validates = false;
    for (const Call& c : lang::lone_calls(b.body)) validates = validates || checks.count(c.callee_name) > 0;
    if (validates) {
      out.push_back({g.node.start_line(), true});  // what the validator accepts is not read: trusted
      continue;
    }
    if (!bails && !asserts) continue;
    out.push_back({g.node.start_line(), covers(tree, b.condition, names, chain_names)});
  }
  lang::walk(fn.body, [&](Node n) {
    if (lang::is_nested_function(n) || n.start_byte() >= chain_start) return false;
    if (!is(n, NodeKind::Assert)) return true;
    Node cond = n.named_children().empty() ? Node() : n.named_children().front();  // not the message
    if (!cond || !reads_any(tree, cond, names)) return false;
    bool complete = true;
    for (const std::string& id : names_read(tree, cond))
      if (!names.count(id) && !chain_names.count(id)) complete = false;
    out.push_back({n.start_line(), complete});
    return false;
  });
  return out;
}

class ParamSomeArms : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_code_sources(one_file(judged), ctx.workspace, false)) {
      const FileChange& f = *file;
      if (!is_python(f.new_path) || f.old_path.empty()) continue;
      const SyntaxTree* old_tree = ctx.workspace.old_tree(f.old_path);
      if (!old_tree) continue;
      api::FunctionsByName before = api::api_functions(*old_tree);
      for (const Function& fn : tree->functions()) {
        if (!fn.body || !touches_added(added, fn.start_line, fn.end_line) || is_triton_kernel(fn)) continue;
        auto was = before.find(fn.qualified);
        if (was == before.end()) continue;
        std::set<std::string> old_params = api::param_names(*was->second);
        for (const lang::Param& p : fn.params) {
          if (lang::param_kind(p) != lang::ParamKind::Plain || p.name == "self" || p.name == "cls") continue;
          // A parameter without a default is plumbing every caller must pass (a buffer, a pointer);
          // the harm is a caller that sets an option and lands on an arm that ignores it.
          if (p.default_text.empty() || old_params.count(p.name) || !added.count(p.node.start_line())) continue;
          // A positive whole-number default is a count (tiles, splits, waves): an arm without it
          // runs at another speed, not to another result.
          if (std::all_of(p.default_text.begin(), p.default_text.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) &&
              p.default_text != "0")
            continue;
          check_param(ctx, f, *tree, fn, p, added, out);
        }
      }
    }
  }

 private:
  // Whether `fn` hands the parameter itself back: a return statement whose value is `p` or a
  // tuple holding it (`if mirror is not None: return out, scale, mirror`). Then `p` is an
  // optional output buffer the caller asks for; a caller that lands on an arm that does not fill
  // it gets fewer results back, which fails at the caller's unpacking, not silently.
  static bool returns_param(const SyntaxTree& tree, const Function& fn, const std::string& p) {
    bool found = false;
    lang::walk(fn.body, [&](Node n) {
      if (found || lang::is_nested_function(n)) return false;
      if (!is(n, NodeKind::Return)) return true;
      Node v = n.named_children().empty() ? Node() : lang::unparenthesized(n.named_children().front());
      if (!v) return false;
      std::vector<Node> items{v};
      if (is(v, NodeKind::Tuple) || is(v, NodeKind::ExpressionList)) items = v.named_children();
      for (Node it : items)
        if (is(it, NodeKind::Identifier) && it.text() == p) found = true;
      return false;
    });
    (void)tree;
    return found;
  }

  // An execution resource: the annotation names a stream or an event type
  // (`Optional[torch.cuda.Stream]`). It decides where and when work runs, never what it computes.
  static bool execution_resource(const lang::Param& p) {
    static const RE2 re(R"((^|[^\w])(\w+\.)*(Stream|Event)([^\w]|$))");
    return RE2::PartialMatch(p.annotation, re);
  }

  // The option is a knob of the wired callees only: each of them takes a parameter of its name
  // (the option feeds that parameter), the sibling's signature (through the index) takes no
  // parameter of that name and no `**kwargs`, so the arm left behind has nothing the option could
  // configure; and the option cannot change that arm's result: it is an execution resource (a
  // stream: the arm has no work to overlap). Any other option may change the result (a
  // `gemma_norm` the quantizing op does not take is a wrong result there), so it still fires,
  // whoever picks the arm.
  static bool knob_of_one_arm(const ReviewContext& ctx, const FileChange& f, const lang::Param& p,
                              const Call& sibling, const std::vector<Wired>& wired) {
    if (!ctx.repo || !execution_resource(p)) return false;
    const index::RepoIndex& idx = ctx.repo->index();
    const index::PyFunction* left = api::called_signature(idx, f.new_path, sibling.callee, sibling.line);
    if (!left || left->param(p.name) || left->takes_any_keyword()) return false;
    for (const Wired& w : wired) {
      const index::PyFunction* fed = api::called_signature(idx, f.new_path, w.call.callee, w.call.line);
      if (!fed || !fed->param(p.name)) return false;
    }
    return true;
  }

  void check_param(const ReviewContext& ctx, const FileChange& f, const SyntaxTree& tree, const Function& fn, const lang::Param& p,
                   const std::set<int>& added, std::vector<Finding>& out) const {
    if (returns_param(tree, fn, p.name)) return;
    std::set<std::string> names = derived_names(tree, fn, p.name);
    for (const lang::IfChain& chain : tree.if_chains(fn.body)) {
      if (chain.branches.size() < 2) continue;
      auto owner = tree.enclosing_function(chain.node.start_line());
      if (!owner || owner->start_line != fn.start_line) continue;
      std::set<std::string> chain_names;
      bool dispatches_on_p = false;
      for (const lang::Branch& b : chain.branches)
        if (b.condition) {
          if (reads_any(tree, b.condition, names)) dispatches_on_p = true;
          for (const std::string& id : names_read(tree, b.condition)) chain_names.insert(id);
        }
      if (dispatches_on_p) continue;
      // The calls the PR threaded the parameter into, and the arms that never read it.
      std::vector<Wired> wired;
      std::vector<const lang::Branch*> unread;
      // Whether every arm the parameter reaches is one the PR adds (its `elif`/`else` line is
      // added): a new variant with its own option, which the arms that predate it never had.
      bool only_new_arms = true;
      for (const lang::Branch& b : chain.branches) {
        if (!b.body) continue;
        if (!reads_any(tree, b.body, names)) {
          if (!is_bail_out_block(b.body)) unread.push_back(&b);
          continue;
        }
        for (const Call& c : tree.calls(b.body))
          for (const lang::Argument& a : c.args)
            if (added.count(a.value.start_line()) && reads_any(tree, a.value, names)) {
              std::string via;
              for (const std::string& id : names_read(tree, a.value))
                if (names.count(id) && id != p.name && via.empty()) via = id;
              if (reads_any(tree, a.value, {p.name})) via.clear();
              wired.push_back({c, a.value.start_line(), via});
              only_new_arms = only_new_arms && added.count(b.start_line) > 0;
              break;
            }
      }
      if (wired.empty() || unread.empty() || only_new_arms) continue;
      std::vector<Guard> guards = guards_before(tree, fn, names, chain_names, chain.node.start_byte());
      if (std::any_of(guards.begin(), guards.end(), [](const Guard& g) { return g.complete; })) continue;
      for (const lang::Branch* b : unread) {
        for (const Call& c : tree.calls(b->body)) {
          if (added.count(c.line)) continue;
          // A callback the caller hands in (`compare_fn(ref, res)` where compare_fn is a
          // parameter): its signature is the caller's, not a sibling of the wired calls.
          if (std::any_of(fn.params.begin(), fn.params.end(), [&](const lang::Param& q) { return q.name == c.callee; }))
            continue;
          std::string use = use_of(tree, c);
          bool sibling = !use.empty() && std::any_of(wired.begin(), wired.end(), [&](const Wired& w) {
            return !(w.call.node == c.node) && shared_arguments(w.call, c) >= 3 && use_of(tree, w.call) == use;
          });
          if (!sibling) continue;
          if (knob_of_one_arm(ctx, f, p, c, wired)) break;
          out.push_back(report(f, tree, fn, p, *b, c, wired, guards));
          break;
        }
      }
    }
  }

  Finding report(const FileChange& f, const SyntaxTree& tree, const Function& fn, const lang::Param& p,
                 const lang::Branch& arm, const Call& left, const std::vector<Wired>& wired,
                 const std::vector<Guard>& guards) const {
    std::string arm_text = arm.condition ? "`" + collapse_whitespace(arm.condition.text()).substr(0, 80) + "`" : "`else`";
    std::string lines;
    for (const Wired& w : wired) lines += (lines.empty() ? "" : ", ") + std::to_string(w.line);
    Finding x = finding();
    x.location = Location{f.new_path, left.line};
    std::string via = wired.front().via.empty() ? "" : " (as `" + wired.front().via + "`)";
    x.problem = "`" + p.name + "`, new in `" + fn.qualified + "`, is passed" + via + " to the call" +
                (wired.size() > 1 ? "s" : "") + " on line" + (wired.size() > 1 ? "s " : " ") + lines +
                " but not to its sibling `" + left.callee + "(...)` on the " + arm_text + " arm";
    if (!guards.empty())
      x.problem += "; the check on line " + std::to_string(guards.front().line) +
                   " covers that arm only under another condition";
    x.impact = "A caller that sets `" + p.name + "` and reaches the " + arm_text +
               " arm gets a result computed as if it were at its default (" +
               (p.default_text.empty() ? std::string("unset") : p.default_text) + "): no error, and tests that use the "
               "default pass";
    x.action = "Author must forward `" + p.name + "` on that arm too, or assert/raise there when it is not the default";
    x.trigger = "a call to `" + fn.name + "` with `" + p.name + "` other than its default that takes the " + arm_text +
                " arm";
    x.evidence.push_back(evidence(f.new_path, left.line, tree.line_text(left.line)));
    for (const Wired& w : wired) {
      x.evidence.push_back(evidence(f.new_path, w.line, tree.line_text(w.line)));
      x.related.push_back(Location{f.new_path, w.line});
    }
    for (const Guard& g : guards) {
      x.evidence.push_back(evidence(f.new_path, g.line, tree.line_text(g.line)));
      x.related.push_back(Location{f.new_path, g.line});
    }
    return x;
  }
};

REGISTER_RULE(ParamSomeArms);

}  // namespace
}  // namespace rp
