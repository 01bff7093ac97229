// sibling-variant: the PR changes a line in function f, and a variant of f in the same file
// (f_opt, f_prefill, f_decode, f_v2, f_fast, f_2d/f_3d...) still carries that exact line.
#include <algorithm>
#include <map>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/index_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "sibling-variant",
    .category = Category::Coverage,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "A line the PR fixes in one function is still present, unchanged, in a same-file variant of it (_opt, _prefill, _decode, _v2, _fast, _2d/_3d).",
    .docs = R"(What it catches: a modified Python or C/C++/HIP file where the PR removes or rewrites a
line of function `f` that does arithmetic, indexing or a comparison (address computation, a
bounds check, a type widening, a layout expression), and another function of the same file
whose name is a variant of `f` — the same name once the variant words `opt`, `fast`, `prefill`,
`decode`, `new`, `old`, `vN`, `2d`/`3d` are dropped (`_moe_gemm_decode` / `_moe_gemm_prefill`,
`mla_decode_fwd` / `mla_v40_decode_fwd`, `attention_2d` / `attention_3d`) — still contains that
exact line, untouched by the PR. One finding per pair of functions, at the variant's line.
Red in Tier 1/2 files (a variant there is on every user's path), else a warning. The tier is the
computed one when the review has a repository (index/tiers.h: on the unguarded `import aiter`
chain and imported by most of it, a model base of more than two model files, a header most
translation units include, or an exact row of the profile's Step 4 table), else the profile
table's exact rows; directory-wide entries such as `aiter/ops/` do not count.
Only in bug-fix PRs: the title says fix/bug/OOB/overflow/crash/illegal/wrong/corrupt/NaN.
Why it matters: a fix applied to one path of a kernel family while a sibling keeps the old
code leaves the bug alive for every input routed to the sibling (aiter: a strided-q fix on the
decode kernel while `_prefill_opt` kept the same out-of-bounds read).
Does not fire on: feature, tuning or refactor PRs (their title names no fix: one variant may be
changed on purpose, e.g. a narrower index type for decode only); lines without arithmetic, indexing, a comparison or a width cast (plain calls,
dispatch predicates such as `if use_multiblock(n, stride):`, returns of a name, braces, imports,
decorators, signatures, comments, prints/logs) or shorter than 16 characters — a PR that
deliberately reroutes only the decode path while prefill keeps its dispatch is not a missed fix; a line that is
still present in `f` after the PR (it moved, it was not changed); variants the PR also edits on
that line; functions whose names share nothing but a variant word; new or deleted files. A
variant may legitimately diverge: the finding asks, it does not assert.)"};

bool variant_word(const std::string& w) {
  static const RE2 re(R"(opt|fast|prefill|decode|new|old|v\d+|\d+d)");
  return RE2::FullMatch(w, re);
}

// Name words without the variant words, lowercase: "mla_v40_decode_fwd" → "mla fwd".
std::string stem_of(const std::string& name, bool* had_variant_word) {
  std::string out, word;
  *had_variant_word = false;
  auto flush = [&] {
    if (word.empty()) return;
    if (variant_word(word)) *had_variant_word = true;
    else out += (out.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char ch : name) {
    if (ch == '_') flush();
    else word += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  flush();
  return out;
}

bool variants(const std::string& a, const std::string& b) {
  if (a == b) return false;
  bool va = false, vb = false;
  std::string sa = stem_of(a, &va), sb = stem_of(b, &vb);
  return !sa.empty() && sa == sb && (va || vb);
}

// A line worth pairing: an operation on it, long enough not to be boilerplate.
bool significant(const std::string& code, bool python) {
  if (code.size() < 16) return false;
  static const RE2 skip(R"(^(?:def |class |return \w+$|import |from |@|#|//|/\*|\*|print\(|logger\.|logging\.|log\.|std::cout|printf|assert_|template\s*<|"|'|})|\{$)");
  if (RE2::PartialMatch(code, skip)) return false;
  (void)python;
  // Arithmetic, indexing, shifts or comparisons (not C++ `->`, not a default `=`), or a width
  // cast: the shapes an address, bounds, widening or layout fix takes. A plain call such as a
  // dispatch predicate `if use_multiblock(n, stride):` is not one.
  std::string c = code;
  for (size_t at = c.find("->"); at != std::string::npos; at = c.find("->", at)) c.replace(at, 2, "  ");
  static const RE2 op(R"([\[*+%<>]|[^\w\s(,=]\s*-|\w\s*-\s*[\w(]|\b(?:int64_t|int64|long|size_t|index_t)\b)");
  return RE2::PartialMatch(c, op);
}

std::string code_of(std::string_view line, bool python) {
  return collapse_whitespace(code_part(line, python));
}

struct Pair {
  const lang::Function* fixed = nullptr;
  const lang::Function* variant = nullptr;
  int variant_line = 0;
  int fix_line = 0;
  std::string old_code;
};

class SiblingVariant : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    // The checklist asks this of bug fixes: a feature or tuning PR that changes one variant on
    // purpose (a narrower index type on the decode path only) is not a fix left half-applied.
    static const RE2 fix(R"((?i)\b(?:fix(?:es|ed)?|bug\w*|hotfix|oob|out[- ]of[- ]bounds?|overflow|crash\w*|illegal|wrong|incorrect|corrupt\w*|nan|segfault|race)\b)");
    if (!RE2::PartialMatch(ctx.pr.meta.title, fix)) return;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.status == FileStatus::Added || f.status == FileStatus::Deleted || f.new_path.empty()) continue;
      if (!is_python(f.new_path) && !is_cpp_family(f.new_path)) continue;
      const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
      const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      if (!neu || !old) continue;
      check_file(ctx, f, *old, *neu, out);
    }
  }

 private:
  void check_file(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& old,
                  const lang::SyntaxTree& neu, std::vector<Finding>& out) const {
    bool py = neu.is_python();
    const std::vector<lang::Function>& fns = neu.functions();
    std::set<int> added = added_line_numbers(f);
    std::map<std::pair<std::string, std::string>, Pair> pairs;  // (fixed, variant) → first match
    for (const ChangeBlock& b : change_blocks(f)) {
      for (const DiffLine* l : b.removed) {
        std::string code = code_of(l->text, py);
        if (!significant(code, py)) continue;
        std::optional<lang::Function> of = old.enclosing_function(l->old_line);
        if (!of || of->name.empty()) continue;
        const lang::Function* nf = nullptr;
        for (const lang::Function& g : fns)
          if (g.qualified == of->qualified) nf = &g;
        if (nf && contains_code(neu, *nf, code, py, nullptr)) continue;  // moved, not changed
        for (const lang::Function& g : fns) {
          if (!variants(g.name, of->name) || (nf && g.node == nf->node)) continue;
          int at = 0;
          if (!contains_code(neu, g, code, py, &at) || added.count(at)) continue;
          auto key = std::make_pair(of->qualified, g.qualified);
          if (pairs.count(key)) continue;
          pairs[key] = Pair{nf, &g, at, b.head_line, code};
        }
      }
    }
    for (auto& [key, p] : pairs) out.push_back(report(ctx, f.new_path, neu, key.first, p));
  }

  static bool contains_code(const lang::SyntaxTree& tree, const lang::Function& g, const std::string& code, bool py,
                            int* at) {
    int first = g.body ? g.body.start_line() : g.start_line;
    for (int line = first; line <= g.end_line; ++line) {
      if (code_of(tree.line_text(line), py) == code) {
        if (at) *at = line;
        return true;
      }
    }
    return false;
  }

  Finding report(const ReviewContext& ctx, const std::string& path, const lang::SyntaxTree& tree,
                 const std::string& fixed_name, const Pair& p) const {
    Finding x = finding();
    index::TierFacts tf = file_tier(ctx, path);
    int tier = tf.tier;
    x.severity = tier <= 2 ? Severity::Red : Severity::Warn;
    x.location = Location{path, p.variant_line};
    x.related.push_back(Location{path, p.fix_line});
    x.problem = "This PR changes `" + p.old_code + "` in `" + fixed_name + "`, but its variant `" + p.variant->qualified +
                "` in the same file still has that exact line";
    x.impact = "If the change is a fix (address, bounds, width or layout), every input routed to `" + p.variant->name +
               "` still takes the old code" +
               (tier <= 2 ? " — in a Tier-" + std::to_string(tier) + " file (" + tf.why + "), on every user's path" : "");
    x.action = "Author must apply the same change to `" + p.variant->name +
               "`, or say in the PR why that variant legitimately keeps the old line";
    if (x.severity == Severity::Red)
      x.trigger = "any call that dispatches to `" + p.variant->name + "` instead of `" + fixed_name +
                  "` executes the pre-fix line `" + p.old_code + "`";
    x.evidence.push_back(evidence(path, p.variant_line, tree.line_text(p.variant_line)));
    x.evidence.push_back(path + ":" + std::to_string(p.fix_line) + ": (changed in " + fixed_name + ")");
    return x;
  }
};

REGISTER_RULE(SiblingVariant);

}  // namespace
}  // namespace rp
