// triton-grid-axis: a kernel reads tl.program_id(axis) for an axis its launches' grids do not
// have, so that program id is always 0 and the tiles along it are never processed.
#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-grid-axis",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "Kernel reads tl.program_id(axis=k) but every launch in the file passes a grid with at most k dimensions.",
    .docs = R"(What it catches: a Triton/Gluon kernel that reads `tl.program_id(k)` (or `axis=k`) for k >= 1,
where the kernel or one of its launches is added by the PR, and every launch of it in the same
file passes a grid with at most k dimensions: a tuple literal, a name bound to a tuple
literal by the closest assignment before the launch in the same function, or a
`lambda META: (...)` returning one (newer aiter rule T6: grid and program_id
disagree).
Why it matters: along an axis the grid does not have, program_id is always 0: only the first
tile of that axis is computed and the rest of the output is never written (stale or
uninitialised memory, no error).
Does not fire on: kernels launched from another file (the grid is not visible here); grids
built by a helper call or read from a config (their rank is unknown); kernels whose launches
all pass enough dimensions; axis 0; tests.)"};

int scope_of(const lang::SyntaxTree& tree, int line) {
  auto fn = tree.enclosing_function(line);
  return fn ? fn->start_line : 0;
}
using Launches = std::unordered_map<std::string, std::vector<const lang::Call*>>;

// Single-name assignments of a file, to resolve a grid name at a launch: by the name they bind,
// in file order. The function an assignment sits in (its first line; 0 = module level) is looked
// up only for the names a launch's grid reads, once per line, so the file's other assignments
// cost no enclosing-function lookup.
struct Bindings {
  const lang::SyntaxTree& tree;
  std::multimap<std::string, const lang::Assignment*, std::less<>> by_name;
  mutable std::map<int, int> scope_at;  // line -> scope_of(tree, line)

  int scope(int line) const {
    auto [it, fresh] = scope_at.try_emplace(line, 0);
    if (fresh) it->second = scope_of(tree, line);
    return it->second;
  }
};

// The values bound to `name` that may reach `at` in the same function: the closest assignment
// before it and, when that one sits in a branch of an if statement, every assignment from the
// start of that statement on (`if wide: grid = (a, b, c) else: grid = (n,)` reaches the launch
// with either rank).
std::vector<lang::Node> bindings_before(const Bindings& b, const std::string& name, lang::Node at) {
  auto [lo, hi] = b.by_name.equal_range(name);
  if (lo == hi) return {};
  int scope = b.scope(at.start_line());
  std::vector<const lang::Assignment*> same;  // bound to `name` in the function of `at`, file order
  for (auto it = lo; it != hi; ++it)
    if (b.scope(it->second->line) == scope) same.push_back(it->second);
  const lang::Assignment* closest = nullptr;
  for (const lang::Assignment* a : same) {
    if (a->line >= at.start_line() || (closest && a->line < closest->line)) continue;
    closest = a;
  }
  if (!closest || !closest->value) return {};
  int from = closest->line;
  for (lang::Node n = closest->value.parent(); n; n = n.parent()) {
    NodeKind k = node_kind(n);
    if (k == NodeKind::FunctionDef) break;
    if (k == NodeKind::If) from = n.start_line();
  }
  std::vector<lang::Node> out;
  for (const lang::Assignment* a : same)
    if (a->line >= from && a->line < at.start_line() && a->value) out.push_back(a->value);
  return out;
}

// Rank of a grid expression when it is visible: a tuple literal, a lambda returning one, or a
// name bound to one before the launch in the same function (the largest rank among the values
// that may reach the launch). -1 when unknown.
int grid_rank(const lang::SyntaxTree& tree, lang::Node grid, const Bindings& assigns, int depth = 0) {
  if (!grid || depth > 3) return -1;
  NodeKind k = node_kind(grid);
  if (k == NodeKind::Parenthesized) {
    auto kids = grid.named_children();
    return kids.size() == 1 ? 1 : -1;
  }
  if (k == NodeKind::Tuple) return static_cast<int>(grid.named_children().size());
  if (k == NodeKind::Lambda) return grid_rank(tree, grid.child_by_field("body"), assigns, depth + 1);
  if (k == NodeKind::Identifier) {
    int rank = -1;
    for (lang::Node v : bindings_before(assigns, std::string(grid.text()), grid)) {
      int r = grid_rank(tree, v, assigns, depth + 1);
      if (r < 0) return -1;  // one reaching value we cannot read: the rank is unknown
      rank = std::max(rank, r);
    }
    return rank;
  }
  return -1;
}

int program_axis(const lang::Call& c) {
  const lang::Argument* a = c.keyword("axis");
  lang::Node v = a ? a->value : (c.args.empty() ? lang::Node() : c.args[0].value);
  if (!v) return 0;
  std::string_view t = v.text();
  if (t == "1") return 1;
  if (t == "2") return 2;
  return 0;
}

class TritonGridAxis : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    std::vector<lang::Function> kernels = triton_kernels(tree);
    if (kernels.empty()) return;
    const std::vector<lang::Assignment>& all = tree.assignments();
    Bindings assigns{tree, {}, {}};
    for (const lang::Assignment& a : all)
      if (a.targets.size() == 1 && a.value && !a.augmented) assigns.by_name.emplace(a.targets[0], &a);
    // Launches by the name they launch, in file order: one pass over the calls, not one per kernel
    // (a generated file of thousands of kernels made that quadratic).
    const std::vector<lang::Call>& calls = tree.calls();
    Launches launches;
    for (const lang::Call& c : calls) {
      if (!is_kernel_launch(c)) continue;
      lang::Node value = c.node.child_by_field("function").child_by_field("value");
      if (value) launches[std::string(value.text())].push_back(&c);
    }
    static const std::vector<const lang::Call*> kNone;
    for (const lang::Function& k : kernels) {
      auto it = launches.find(k.name);
      check_kernel(f, tree, k, it == launches.end() ? kNone : it->second, assigns, added, out);
    }
  }

 private:
  void check_kernel(const FileChange& f, const lang::SyntaxTree& tree, const lang::Function& k,
                    const std::vector<const lang::Call*>& launches, const Bindings& assigns,
                    const std::set<int>& added, std::vector<Finding>& out) const {
    int max_rank = -2;
    int launch_line = 0;
    bool any_added = touches_added(added, k.start_line, k.end_line);
    for (const lang::Call* launch : launches) {
      const lang::Call& c = *launch;
      lang::Node sub = c.node.child_by_field("function").child_by_field("subscript");
      int rank = grid_rank(tree, sub, assigns);
      if (rank < 0) return;  // a launch whose grid we cannot read: stay silent
      max_rank = std::max(max_rank, rank);
      if (!launch_line) launch_line = c.line;
      any_added = any_added || added.count(c.line);
    }
    if (max_rank < 1 || !any_added) return;
    for (const lang::Call& c : tree.calls(k.body)) {
      if (c.callee != "tl.program_id" && c.callee != "gl.program_id") continue;
      int axis = program_axis(c);
      if (axis < max_rank) continue;
      Finding x = finding();
      x.location = Location{f.new_path, c.line};
      x.related.push_back(Location{f.new_path, launch_line});
      x.problem = "`" + k.name + "` reads `tl.program_id(" + std::to_string(axis) + ")` but its launches pass a " +
                  std::to_string(max_rank) + "-D grid";
      x.impact = "Program id " + std::to_string(axis) + " is always 0: only the first tile along that axis is "
                 "computed and the rest of the output is never written, silently";
      x.action = "Author must launch with a grid of " + std::to_string(axis + 1) +
                 " dimensions (or fold the axis into program_id(0))";
      x.trigger = "any launch whose extent along axis " + std::to_string(axis) + " needs more than one program";
      x.evidence.push_back(evidence(f.new_path, c.line, tree.line_text(c.line)));
      x.evidence.push_back(evidence(f.new_path, launch_line, tree.line_text(launch_line)));
      out.push_back(std::move(x));
      return;
    }
  }
};

REGISTER_RULE(TritonGridAxis);

}  // namespace
}  // namespace rp
