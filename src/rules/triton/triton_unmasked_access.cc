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
#include "rules/triton_kernel_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-unmasked-access",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .codes = {.atom = kOff, .aiter = "B2"},
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
scratch buffer beside a masked input); extents that are number literals or tl.constexpr parameters (`o_i < BC`: fixed at compile
time); block-pointer accesses (`boundary_check=`); accesses inside a branch
on an evenness flag (`if EVEN_K:`, `*DIVISIBLE*`, `*ALIGNED*`, `*NO_MASK*`, or the else of a
masked branch); a kernel with `tl.static_assert` on the block; accesses in a loop over whole blocks only (its
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

// The stop argument of a `range(...)` / `tl.range(...)` / `tl.static_range(...)` iterable
// ("" when the iterable is something else): the only positional argument, else the second.
std::string range_stop(std::string_view iter) {
  static const RE2 head(R"(^\s*(?:tl\.)?(?:static_)?range\s*\()");
  re2::StringPiece rest(iter.data(), iter.size());
  if (!RE2::Consume(&rest, head)) return {};
  std::vector<std::string> positional;
  std::string cur;
  int depth = 0;
  for (char c : std::string_view(rest.data(), rest.size())) {
    if (depth == 0 && (c == ',' || c == ')')) {
      if (cur.find('=') == std::string::npos && !cur.empty()) positional.push_back(cur);
      cur.clear();
      if (c == ')') break;
      continue;
    }
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c != ' ' && c != '\n') cur += c;
  }
  if (positional.empty()) return {};
  return positional.size() == 1 ? positional[0] : positional[1];
}

// Whether `expr` counts only the whole blocks of `block`: `X // BLOCK` or
// `tl.cdiv(X, BLOCK) - 1`, directly or through one name the kernel binds to such an expression.
bool counts_full_blocks(const std::string& expr, std::string_view body, const std::string& block, int depth = 0) {
  std::string b = RE2::QuoteMeta(block);
  RE2 floor_div("//\\(?" + b + "\\b");
  RE2 cdiv_minus("cdiv\\([^,]+," + b + "\\)-1$");
  if (RE2::PartialMatch(expr, floor_div) || RE2::PartialMatch(expr, cdiv_minus)) return true;
  if (depth > 0 || !RE2::FullMatch(expr, "\\w+")) return false;
  RE2 bind("(?m)^[ \\t]*" + RE2::QuoteMeta(expr) + "[ \\t]*=[ \\t]*([^\\n#]+)");
  re2::StringPiece in(body.data(), body.size());
  std::string rhs;
  int binds = 0;
  bool full = true;
  while (RE2::FindAndConsume(&in, bind, &rhs)) {
    ++binds;
    rhs.erase(std::remove_if(rhs.begin(), rhs.end(), [](char c) { return c == ' ' || c == '\t'; }), rhs.end());
    full = full && counts_full_blocks(rhs, body, block, depth + 1);
  }
  return binds > 0 && full;
}

// Whether `n` sits in a for loop over whole blocks of `block` only (the full-blocks-then-
// masked-tail shape): every tile the loop touches is full, and the ragged tail is the
// masked access after the loop.
bool in_full_block_loop(lang::Node n, lang::Node stop, std::string_view body, const std::string& block) {
  for (lang::Node a = n.parent(); a && a != stop; a = a.parent()) {
    if (!is(a, NodeKind::For)) continue;
    lang::Node iter = a.child_by_field("right");
    if (iter && counts_full_blocks(range_stop(iter.text()), body, block)) return true;
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
      if (under_evenness_branch(m.call.node, k.body)) continue;
      if (m.store && stores_where(m)) continue;
      std::string base = pointer_base(ptr, k, v);
      if (base.empty()) continue;
      for (const std::string& root : roots) {
        auto it = ragged.find(root);
        if (it == ragged.end() || !it->second.bases.count(base)) continue;
        const std::string& b = it->second.block;
        if (body.find("static_assert") != std::string_view::npos && static_asserts_block(body, b)) continue;
        if (in_full_block_loop(m.call.node, k.body, body, b)) continue;
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
