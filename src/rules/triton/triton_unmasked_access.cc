// triton-unmasked-access: an added tl.load / tl.store without mask= over a block whose extent
// the same kernel elsewhere treats as ragged.
#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "core/strings.h"
#include "rules/triton_kernel_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-unmasked-access",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "Added tl.load/tl.store without mask= on a block the kernel itself masks elsewhere (ragged extent).",
    .docs = R"(What it catches: an added `tl.load(...)` / `tl.store(...)` (also `gl.load`/`gl.store`) in a
Triton/Gluon kernel with no `mask=` (and no positional mask), whose pointer is built from a
`tl.arange(0, BLOCK_X)` vector, where the same kernel accesses the same pointer parameter
elsewhere under a mask that compares the same arange vector against an extent
(`offs_x < X`; a different vector of the same block size, such as the other axis of a
square tile, does not count): the kernel's own code
says that tensor's X need not be a multiple of BLOCK_X, so the unmasked access of the last
tile reads (load) or writes (store) past the end.
The finding names the block and the extent (newer aiter rule T1).
Why it matters: Triton does not bounds-check. An unmasked load of the tail tile reads garbage
silently; an unmasked store corrupts the neighbouring allocation.
Does not fire on: scalar accesses (no arange vector in the pointer: one element per program,
e.g. `tl.load(seq_lens + pid)`); accesses whose offsets are clamped (`%`, `tl.minimum`,
`tl.maximum`, `tl.where`); stores of a `tl.where(...)` value (a padded workspace whose tail
the kernel zeroes on purpose); tensors the kernel never accesses under such a mask (a padded
scratch buffer beside a masked input); extents that are number literals, tl.constexpr parameters or locals annotated tl.constexpr
(`o_i < BC`: fixed at compile time); lower bounds (`offs >= ROPE_START`: a mask that selects part
of a tile, not where the tensor ends); block-pointer accesses (`boundary_check=`); accesses inside a branch
on an evenness flag (`if EVEN_K:`, `*DIVISIBLE*`, `*ALIGNED*`, `*NO_MASK*`, or the else of a
masked branch, or the else of an if whose arm makes the same access under a mask, or an arm
whose if has another arm making the same access under a mask: `if EXACT: tl.load(p) else:
tl.load(p, mask=...)`, the condition being the kernel's own test for the ragged tile); a kernel with `tl.static_assert` on the block; accesses in a loop over whole blocks only (its
range stops at `X // BLOCK` or `tl.cdiv(X, BLOCK) - 1`, the tail handled after the loop); blocks the kernel never masks
anywhere (an all-unmasked kernel is designed for aligned shapes and relies on a host-side
assert this rule cannot see); lines the PR did not add; tests.)"};

bool evenness_flag(std::string_view cond) {
  static const RE2 re(R"((?i)even|divisible|aligned|no_mask|nomask|is_full|full_tile|pad)");
  return RE2::PartialMatch(cond, re);
}

// Whether `n` sits inside an if/elif/else whose condition tests an evenness flag.
bool under_evenness_branch(lang::Node n, lang::Node stop) {
  for (lang::Node a = n.parent(); a && a != stop; a = a.parent()) {
    NodeKind k = node_kind(a);
    lang::Node cond;
    if (k == NodeKind::If || k == NodeKind::Elif) cond = a.child_by_field("condition");
    if (k == NodeKind::Else && a.parent()) cond = a.parent().child_by_field("condition");
    if (cond && evenness_flag(cond.text())) return true;
  }
  return false;
}

// Whether `m` sits in the else arm of an if whose own arm makes the same access under a mask
// (`if overflow > 0: tl.store(p, v, mask=tail) else: tl.store(p, v)`): the condition is the
// kernel's own test for the ragged tile, and the else arm only runs on full ones. The same
// access is a load or store, read from the tree, whose pointer expression is the same (however
// wrapped or parenthesised) and which passes `mask=`.
bool else_of_masked_twin(const SyntaxTree& tree, const MemoryAccess& m, lang::Node stop) {
  std::string ptr = normalize_condition(m.pointer.text());
  for (lang::Node a = m.call.node.parent(); a && a != stop; a = a.parent()) {
    if (!is(a, NodeKind::Else) || !a.parent()) continue;
    lang::Node then = a.parent().child_by_field("consequence");
    if (!then) continue;
    for (const MemoryAccess& twin : memory_accesses(tree, then))
      if (twin.mask && twin.pointer && normalize_condition(twin.pointer.text()) == ptr) return true;
  }
  return false;
}

// The mirror: `m` sits in the arm an if (or elif) runs when its condition holds, and an arm the
// same if runs otherwise makes the same access under a mask (`if EXACT_TILE: tl.load(p) else:
// tl.load(p, mask=offs < n)`, often a tl.constexpr the launcher sets when the block covers the
// extent). The kernel carries both variants of the access; the condition is its own test for
// the ragged case, whichever arm it names first.
bool arm_of_masked_twin(const SyntaxTree& tree, const MemoryAccess& m, lang::Node stop) {
  std::string ptr = normalize_condition(m.pointer.text());
  for (lang::Node a = m.call.node.parent(); a && a != stop; a = a.parent()) {
    lang::Node owner = a.parent();
    if (!owner || !(is(owner, NodeKind::If) || is(owner, NodeKind::Elif))) continue;
    if (!(owner.child_by_field("consequence") == a)) continue;
    // The other arms: the elif/else clauses of the if this arm belongs to, after it.
    lang::Node chain = is(owner, NodeKind::If) ? owner : owner.parent();
    if (!chain) continue;
    for (lang::Node other : chain.named_children()) {
      if (!(is(other, NodeKind::Elif) || is(other, NodeKind::Else)) || other == owner) continue;
      for (const MemoryAccess& twin : memory_accesses(tree, other))
        if (twin.mask && twin.pointer && normalize_condition(twin.pointer.text()) == ptr) return true;
    }
  }
  return false;
}

// The bound a `for` loop's index stays below, as source text without blanks ("" when the
// iterable is not a range): `range(stop)`, `range(start, stop[, step])` (also `tl.range`,
// `tl.static_range`, or a choice between them such as `(tl.static_range if c else range)(n)`).
// A loop that counts down, `range(hi, lo, -1)`, stays at or below its start: `hi + 1` is its
// bound, so `range(n - 1, -1, -1)` gives `n`.
std::string range_bound(lang::Node iter) {
  static const Pattern ranges{R"(^\(?[\w.\s]*range\b)"};
  iter = lang::unparenthesized(iter);
  if (!iter || !is(iter, NodeKind::Call)) return {};
  lang::Call c = lang::describe_call(iter);
  lang::Node callee = iter.child_by_field("function");
  if (!callee || !ranges(callee.text())) return {};
  std::vector<std::string> positional;
  for (const lang::Argument& a : c.args) {
    if (!a.keyword.empty() || !a.value) continue;
    std::string t(a.value.text());
    std::erase_if(t, [](char ch) { return ch == ' ' || ch == '\n' || ch == '\t'; });
    positional.push_back(std::move(t));
  }
  if (positional.empty()) return {};
  if (positional.size() == 1) return positional[0];
  if (positional.size() == 3 && positional[2].starts_with('-')) {
    const std::string& start = positional[0];
    if (start.ends_with("-1")) return start.substr(0, start.size() - 2);
    return {};
  }
  return positional[1];
}

// Whether `expr` counts only the whole blocks of `block`: `X // BLOCK`, `tl.cdiv(X, BLOCK) - 1`
// or `X - X % BLOCK` (an offset bound that stops before the partial block), directly or through
// names the kernel binds to such an expression (`n_full: tl.constexpr = N // BLOCK`; `loop_n = n_full`).
bool counts_full_blocks(const std::string& expr, const SyntaxTree& tree, lang::Node body, const std::string& block,
                        int depth = 0) {
  std::string b = RE2::QuoteMeta(block);
  RE2 floor_div("//\\(?" + b + "\\b");
  RE2 cdiv_minus("cdiv\\([^,]+," + b + "\\)-1$");
  RE2 minus_rest("^(\\w+)-\\(?(\\w+)%" + b + "\\)?$");
  std::string x, y;
  if (RE2::PartialMatch(expr, floor_div) || RE2::PartialMatch(expr, cdiv_minus)) return true;
  if (RE2::FullMatch(expr, minus_rest, &x, &y) && x == y) return true;
  if (depth > 2 || !RE2::FullMatch(expr, "\\w+")) return false;
  int binds = 0;
  bool full = true;
  for (const lang::Assignment& a : tree.assignments(body)) {
    if (a.targets.size() != 1 || a.targets[0] != expr) continue;
    ++binds;
    if (a.augmented || !a.value) return false;
    std::string rhs(a.value.text());
    std::erase_if(rhs, [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; });
    full = full && counts_full_blocks(rhs, tree, body, block, depth + 1);
  }
  return binds > 0 && full;
}

// Whether `n` sits in a for loop over whole blocks of `block` only: every tile the loop touches
// is full, and the ragged tail is a masked access outside the loop, after it (full blocks
// first) or before it (the tail peeled first, then the loop walks the full blocks).
bool in_full_block_loop(lang::Node n, const SyntaxTree& tree, lang::Node body, const std::string& block) {
  for (lang::Node a = n.parent(); a && a != body; a = a.parent()) {
    if (!is(a, NodeKind::For)) continue;
    lang::Node iter = a.child_by_field("right");
    if (iter && counts_full_blocks(range_bound(iter), tree, body, block)) return true;
  }
  return false;
}

class TritonUnmaskedAccess : public TritonKernelRule<kInfo> {
 private:
  void check_kernel(const FileChange& f, const SyntaxTree& tree, const Function& k, const std::set<int>& added,
                    std::vector<Finding>& out) const override {
    VectorNames v = vector_names(tree, k);
    std::map<std::string, RaggedBlock> ragged = ragged_blocks(tree, k, v);
    if (ragged.empty()) return;
    std::string_view body = k.body.text();
    for (const MemoryAccess& m : memory_accesses(tree, k.body)) {
      if (!added.count(m.call.line) || m.mask || m.boundary_check || !m.pointer) continue;
      std::string_view ptr = m.pointer.text();
      std::set<std::string> roots = expression_roots(ptr, v);
      if (roots.empty() || expression_clamped(ptr, v)) continue;
      if (under_evenness_branch(m.call.node, k.body) || else_of_masked_twin(tree, m, k.body) ||
          arm_of_masked_twin(tree, m, k.body))
        continue;
      if (m.store && stores_where(m)) continue;
      std::string base = pointer_base(ptr, k, v);
      if (base.empty()) continue;
      for (const std::string& root : roots) {
        auto it = ragged.find(root);
        if (it == ragged.end() || !it->second.bases.count(base)) continue;
        // The tiled vector must reach this access through the bindings live here, not through
        // a later rebinding of one of its names (a scalar row index loaded before the tile loop).
        if (!reaches_vector(tree, k, ptr, m.call.line, root)) continue;
        const std::string& b = it->second.block;
        if (body.find("static_assert") != std::string_view::npos && static_asserts_block(body, b)) continue;
        if (in_full_block_loop(m.call.node, tree, k.body, b)) continue;
        out.push_back(report(f, tree, m, k.name, b, it->second.dim, base));
        break;
      }
    }
  }

  // A store of `tl.where(mask, value, 0)`: the kernel deliberately writes the whole tile (a
  // padded workspace whose tail it zeroes).
  static bool stores_where(const MemoryAccess& m) {
    for (const lang::Argument& a : m.call.args)
      if ((a.keyword == "value" || (a.keyword.empty() && a.value != m.pointer)) && a.value &&
          a.value.text().find("where") != std::string_view::npos)
        return true;
    return false;
  }

  static bool static_asserts_block(std::string_view body, const std::string& block) {
    RE2 re("static_assert\\s*\\([^)]*%\\s*" + RE2::QuoteMeta(block));
    return RE2::PartialMatch(body, re);
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const MemoryAccess& m, const std::string& kernel,
                 const std::string& block, const std::string& dim, const std::string& base) const {
    const char* what = m.store ? "tl.store" : "tl.load";
    Finding x = finding();
    x.location = Location{f.new_path, m.call.line};
    x.problem = std::string("`") + what + "` in `" + kernel + "` has no mask=, but its offsets tile `" + dim +
                "` by `" + block + "`, and the kernel accesses `" + base + "` elsewhere under a `< " + dim + "` mask";
    x.impact = m.store ? "When " + dim + " is not a multiple of " + block +
                             ", the last program writes past the end of the tensor: a neighbouring allocation is "
                             "silently corrupted"
                       : "When " + dim + " is not a multiple of " + block +
                             ", the last program reads past the end of the tensor: garbage values enter the result "
                             "with no fault";
    x.action = "Author must add `mask=` (the same `< " + dim + "` bound the kernel uses elsewhere, with a neutral "
               "`other=` for loads), or assert on the host that " + dim + " % " + block + " == 0";
    x.trigger = dim + " = " + block + " + 1 (any " + dim + " that is not a multiple of " + block +
                "): the tail tile touches " + block + " - " + dim + " % " + block + " lanes past the end";
    x.evidence.push_back(evidence(f.new_path, m.call.line, tree.line_text(m.call.line)));
    return x;
  }
};

REGISTER_RULE(TritonUnmaskedAccess);

}  // namespace
}  // namespace rp
