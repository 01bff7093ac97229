// alignment-assert: a new assert / check / kernel-selection test that requires the token (M)
// dimension to be a multiple of a tile, rejecting small and ragged batches.
#include <re2/re2.h>

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "alignment-assert",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "New assert/TORCH_CHECK/kernel filter requiring the token dimension M to be a multiple of a tile.",
    .docs = R"(What it catches: an added Python `assert`, or C/C++/HIP `TORCH_CHECK`/`assert`, or a
kernel-selection test (`if (M % tile_m != 0) continue;`), that requires the token / row
dimension (`M`, `m`, `num_tokens`, `token_num`, `n_tokens`, `num_rows`, `rows`, `batch_size`,
`bs`, `*.shape[0]`, `*.size(0)`) to be a multiple of a tile or block size (a divisor named *tile*, *block*, *blk*, *align*,
*pad*, *chunk*, *warp*, *wave*, *_m / tm, or a number).
Why it matters: M is the runtime batch dimension: decode steps and ragged batches (M = 1, 3,
17 ...) are rejected at the wrapper, or find no kernel, although kernels commonly pad or
predicate partial tiles. Valid shapes fail (or fall back) only in production traffic.
Does not fire on: divisibility by a structural count (`m % head_num`, `% world_size`,
`% count`: a layout requirement, not a tile); a buffer named as sorted or padded
(`sorted_token_ids.size(0) % block_m`: built in whole blocks, the check states its layout); the same
requirement (dimension and divisor) again
in the same file (one finding, the other lines as evidence); alignment requirements on weight dimensions (N, K, hidden sizes: fixed per
model, usually a real hardware or layout requirement); asserts that existed before (the same
code on a removed line of any file of the PR: moved, re-indented, or split into a new module); tests. It is a question, not a verdict: the author may know the
kernel really needs it.)"};

// The dimension and divisor of an M-alignment test (`m % 32 == 0` gives "m", "32"); nullopt
// when `code` holds none.
std::optional<std::pair<std::string, std::string>> m_alignment(std::string_view code) {
  // The pattern needs a literal '%': most added lines are decided without compiling it.
  if (code.find('%') == std::string_view::npos) return std::nullopt;
  static const RE2 re(
      R"((?:^|[^\w.])(M|m|M_|num_tokens|token_num|ntokens|n_tokens|num_rows|rows|batch_size|bs|[\w.]+\.shape\[0\]|[\w.]+\.size\(0\))\s*%\s*([\w.()]*(?i:tile|block|blk|align|pad|chunk|warp|wave|tm\b|_m\b|mtile)[\w.()]*|[0-9]+)\s*(?:==|!=)\s*0)");
  std::string dim, divisor;
  if (!RE2::PartialMatch(code, re, &dim, &divisor)) return std::nullopt;
  return std::make_pair(dim, divisor);
}

bool assertion(std::string_view code, bool python) {
  std::string_view t = trim(code);
  if (python) return t.starts_with("assert ");
  static const RE2 re(R"(^(?:TORCH_CHECK|AITER_CHECK|HIP_CHECK|assert|static_assert)\s*\(|^if\s*\(.*\)\s*(?:\{\s*)?continue)");
  return RE2::PartialMatch(t, re);
}

class AlignmentAssert : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const NewCode new_code(ctx.pr.changes);
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || is_test_path(f.new_path)) continue;
      bool python = is_python(f.new_path);
      if (!python && !is_cpp_family(f.new_path)) continue;
      // One question per requirement and file: the same `M % 64` restated by a layout's inverse
      // helper or a second entry point is one answer from the author, its other lines evidence.
      std::map<std::pair<std::string, std::string>, size_t> asked;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines) {
          if (l.kind != DiffLine::Kind::Added) continue;
          std::string_view code = code_part(l.text, python);
          if (!assertion(code, python)) continue;
          auto req = m_alignment(code);
          if (!req || new_code.moved(f, l.new_line)) continue;
          // A buffer named as sorted or padded (`sorted_token_ids.size(0)`, `padded_rows`) is laid
          // out in whole blocks by whoever built it: the check states that layout, it does not
          // restrict the token count.
          static const RE2 padded_buffer(R"((?i)(?:^|_|\b)(?:sorted|padded)(?:_|\b))");
          if (RE2::PartialMatch(req->first, padded_buffer)) continue;
          std::string dim = req->first;
          for (char& ch : dim) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
          auto [it, first] = asked.emplace(std::make_pair(dim, req->second), out.size());
          if (!first) {
            out[it->second].evidence.push_back(evidence(f.new_path, l.new_line, l.text));
            continue;
          }
          out.push_back(report(f, l));
        }
    }
  }

 private:
  Finding report(const FileChange& f, const DiffLine& l) const {
    Finding x = finding();
    x.location = Location{f.new_path, l.new_line};
    x.problem = "New alignment requirement on the token dimension: `" + collapse_whitespace(trim(l.text)).substr(0, 120) +
                "`";
    x.impact = "Decode steps and ragged batches (M = 1, or any M not a multiple of the tile) are rejected or find "
               "no kernel, although the kernel may pad or predicate partial tiles";
    x.action = "Reviewer should ask whether the kernel really requires M to be tile-aligned; if it pads internally, "
               "the author must drop the check (or pad on the host) so small and ragged M are served";
    x.evidence.push_back(evidence(f.new_path, l.new_line, l.text));
    return x;
  }
};

REGISTER_RULE(AlignmentAssert);

}  // namespace
}  // namespace rp
