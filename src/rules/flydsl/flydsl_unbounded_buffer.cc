// flydsl-unbounded-buffer (aiter B8): a FlyDSL buffer resource declared "as large as the
// allocation" (max_size=True, no num_records_bytes) over a tensor whose row extent is
// runtime-ragged, or a 2-D TDM descriptor bounded on its outer extent only.
#include <fmt/format.h>
#include <re2/re2.h>

#include <cctype>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "flydsl-unbounded-buffer",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "FlyDSL buffer resource with max_size=True over a per-row (M-ragged) tensor, or a TDM descriptor with oob_outer_bound and no oob_inner_bound.",
    .docs = R"(What it catches (aiter B8): an added FlyDSL `create_buffer_resource(t)` (whose default is
max_size=True), `create_buffer_resource(t, max_size=True)`, `make_buffer_tensor(t, max_size=True)`
or `ptr_buffer_resource(t, max_size=True)` with no `num_records_bytes`, where `t` is a per-row
tensor of a runtime-ragged M: a per-row/per-token scale (`scale_a`, `a_scale`, `x_scale`,
`scale_x`, `per_token_scale`), or the A/X activation or C output of a GEMM kernel (`a`, `x`,
`c`, `arg_a`, `arg_x`, `arg_c` in a file whose name says gemm). With max_size the descriptor's
`num_records` lets a tile that covers rows past M read beyond the live rows and the allocation:
silent garbage, no fault (aiter: a preshuffle GEMM bound its per-row `scale_a` with max_size
while the comment claimed every scale was an exact multiple of N; the fix bounded it by M).
Also an added `make_tensor_descriptor_2d(...)` that sets `oob_outer_bound` and not
`oob_inner_bound`: the inner extent stays unbounded (aiter: a scale tensor's descriptor).
Warning: the rule cannot see the tile shape that makes the read leave the allocation. The
descriptor sub-check is a note: on fresh PR heads (rounds 10 and 13) every such descriptor
walked an inner extent that the launcher or the kernel keeps an exact multiple of the tile
(`K % tile_k == 0` raised on in the launcher, `K_TILES = K // tile_k`, a tile as wide as the
whole row), so only the ragged outer extent needed a bound; the rule cannot see that contract,
which usually lives in another file, so it asks without weighing on the verdict.
Does not fire on: weights and caches (`sin_cache`, `cos_cache`, `rms_weight`, `block_table`,
`plan`, weight and per-N scale tensors such as `scale_b`, `bias`): they are full-size and
max_size is right for them; calls that pass `num_records_bytes` or `max_size=False`; a call
the PR only moved or re-wrapped (the same call on removed lines of any file of the PR, whitespace aside), or
whose tensor and max_size arguments the PR leaves unchanged (only the callee renamed); descriptors that set both bounds or
none; test files.)"};

constexpr std::string_view kBufferCalls[] = {"create_buffer_resource", "make_buffer_tensor", "ptr_buffer_resource"};

bool buffer_call(std::string_view name) {
  for (std::string_view c : kBufferCalls)
    if (name == c) return true;
  return false;
}

// The tensor's bare name: `arg_scale_a` → "scale_a", `q_ptr` → "q", `self.x` → "x".
std::string bare_name(std::string_view text) {
  std::string s(text);
  if (size_t dot = s.rfind('.'); dot != std::string::npos) s = s.substr(dot + 1);
  for (std::string_view pre : {"arg_"})
    if (s.rfind(pre, 0) == 0) s = s.substr(pre.size());
  for (std::string_view suf : {"_ptr", "_tensor"})
    if (s.size() > suf.size() && s.ends_with(suf)) s = s.substr(0, s.size() - suf.size());
  for (char& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// What makes a tensor's row extent ragged ("" when it is not known to be): the reason quoted.
std::string ragged_reason(const std::string& name, std::string_view path) {
  static const RE2 scale(R"(^(?:scale_?[ax]|[ax]_?scales?|scales?_[ax]|per_token_scales?|token_scales?|sa)$)");
  static const RE2 act(R"(^(?:a|x|c)$)");
  if (RE2::FullMatch(name, scale)) return "a per-row (per-token) scale: one entry per row of the ragged M";
  std::string_view base = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
  if (RE2::FullMatch(name, act) && base.find("gemm") != std::string::npos)
    return "a GEMM activation/output: its rows are the runtime M";
  return {};
}

class FlydslUnboundedBuffer : public FileRuleWithState<kInfo, NewCode> {
 public:
  NewCode prepare(const ReviewContext& ctx) const override { return NewCode(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, NewCode& removed, const FileChange& file,
                  std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_code_sources(one_file(file), ctx.workspace, false)) {
      const FileChange& f = *cs.file;
      for (const lang::Call& c : cs.tree->calls()) {
        if (!touches_added(cs.added, c.line, c.node.end_line())) continue;
        if (buffer_call(c.callee_name)) check_buffer(f, *cs.tree, c, cs.added, removed, out);
        else if (c.callee_name == "make_tensor_descriptor_2d") check_descriptor(f, *cs.tree, c, removed, out);
      }
    }
  }

 private:
  // The max_size argument as written ("" when absent): keyword, or create_buffer_resource's
  // third positional argument.
  static std::string max_size_arg(const lang::Call& c) {
    if (const lang::Argument* a = c.keyword("max_size")) return std::string(a->value.text());
    if (c.callee_name == "create_buffer_resource" && c.args.size() >= 3 && c.args[2].keyword.empty())
      return std::string(c.args[2].value.text());
    return {};
  }

  void check_buffer(const FileChange& f, const lang::SyntaxTree& tree, const lang::Call& c, const std::set<int>& added,
                    const NewCode& removed, std::vector<Finding>& out) const {
    if (c.args.empty() || !c.args[0].keyword.empty() || !c.args[0].value) return;
    if (c.keyword("num_records_bytes")) return;
    // The binding is new only when the PR writes the tensor or max_size argument; a renamed
    // callee over unchanged arguments (`fx.buffer_ops.` → `buffer_ops.`) is not.
    const lang::Argument* ms = c.keyword("max_size");
    if (!added.count(c.args[0].value.start_line()) && !(ms && ms->value && added.count(ms->value.start_line()))) return;
    std::string max_size = max_size_arg(c);
    bool implicit = max_size.empty() && c.callee_name == "create_buffer_resource";
    if (max_size != "True" && !implicit) return;
    std::string tensor(c.args[0].value.text());
    std::string why = ragged_reason(bare_name(tensor), f.path());
    if (why.empty()) return;
    if (removed.removed_contains(c.callee_name + "(" + tensor)) return;  // moved, not new
    Finding x = finding();
    x.location = Location{f.path(), c.line};
    x.problem = fmt::format("`{}({}{})` declares the buffer as large as its allocation, but `{}` is {}", c.callee_name,
                            tensor, implicit ? "" : ", max_size=True", tensor, why);
    x.impact = "The descriptor's num_records does not stop a tile that covers rows past the live M: those loads read "
               "beyond the real rows (and past the allocation at the last tile) and return garbage, with no fault";
    x.action = fmt::format("Author must bound `{}` by its real extent (`max_size=False` with `num_records_bytes=` "
                           "rows × row bytes, as the kernel's other M-sized buffers do) or state which caller pads it",
                           tensor);
    x.evidence.push_back(evidence(f.path(), c.line, tree.line_text(c.line)));
    out.push_back(std::move(x));
  }

  void check_descriptor(const FileChange& f, const lang::SyntaxTree& tree, const lang::Call& c,
                        const NewCode& removed, std::vector<Finding>& out) const {
    const lang::Argument* outer = c.keyword("oob_outer_bound");
    if (!outer || !outer->value || outer->value.text() == "None" || c.keyword("oob_inner_bound")) return;
    std::string bound(outer->value.text());
    if (removed.removed_contains("oob_outer_bound=" + bound)) return;  // moved, not new
    int line = outer->value.start_line();
    Finding x = finding();
    x.location = Location{f.path(), line};
    x.problem = fmt::format("`make_tensor_descriptor_2d(...)` bounds the outer extent (`oob_outer_bound={}`) but sets "
                            "no `oob_inner_bound`",
                            bound);
    x.impact = "Reads along the inner dimension are not clipped at the tensor's real extent: a tile that runs past it "
               "loads whatever follows in memory";
    x.action = "Reviewer should ask for `oob_inner_bound` set to the tensor's real inner extent, or where the "
               "launcher keeps the inner dimension an exact multiple of the tile";
    x.severity = Severity::Note;  // the inner-extent contract usually lives in the launcher (see docs)
    x.evidence.push_back(evidence(f.path(), line, tree.line_text(line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(FlydslUnboundedBuffer);

}  // namespace
}  // namespace rp
