// sibling-variant: the PR fixes a line in function f, and another place of the same file still
// carries the old code: that exact line in a variant of f (f_opt, f_prefill, f_v2...) in a bug-fix
// PR, or, when the diff itself widens a product to 64 bits, that product anywhere else in the file
// (any other function, or f's own other branches).
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <utility>

#include <re2/re2.h>

#include "analysis/commit_intent.h"
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
    .summary = "Code the PR fixes in one function is still present, unchanged, elsewhere in the same file: the "
               "line in a variant of that function (_opt, _prefill, _decode, _v2, _fast, _2d/_3d), or a product the "
               "fix widens to 64 bits anywhere else in the file.",
    .docs = R"(What it catches: a modified Python or C/C++/HIP file where the PR removes or rewrites a
line of function `f` that does arithmetic, indexing or a comparison (address computation, a
bounds check, a type widening, a layout expression), and another function of the same file
whose name is a variant of `f` — the same name once the variant words `opt`, `fast`, `prefill`,
`decode`, `new`, `old`, `vN`, `2d`/`3d` are dropped (`_moe_gemm_decode` / `_moe_gemm_prefill`,
`mla_decode_fwd` / `mla_v40_decode_fwd`, `attention_2d` / `attention_3d`) — still contains that
exact line, untouched by the PR. One finding per pair of functions, at the variant's line.
Red in Tier 1/2 files (a variant there is on every user's path) when the PR rewrote the line (an
added line of the same change shares at least half of its tokens: `offs <= n` → `offs < n`), else a
warning: a line deleted or turned into a comment is a redesign, and its variant may keep it on purpose. The tier is the
computed one when the review has a repository (index/tiers.h: on the unguarded `import aiter`
chain and imported by most of it, a model base of more than two model files, a header most
translation units include, or an exact row of the profile's Step 4 table), else the profile
table's exact rows; directory-wide entries such as `aiter/ops/` do not count.
Only in bug-fix PRs: the title says fix/bug/OOB/overflow/crash/illegal/wrong/corrupt/NaN (without a
description, a title whose PR commits read as a feature or housekeeping is not a fix).
Widening fixes, whatever the title: when a change block casts a name to 64 bits (`x.to(tl.int64)`,
`static_cast<int64_t>(x)`, `(int64_t)x`) and its added code still multiplies it by the same
operand, the diff itself says the removed product (`x * stride`, `x[None, :] * stride`) could
overflow 32 bits. Every other place of the file that still forms that exact product, unchanged,
is a sibling, by its code and not its name: another function (`_kernel` beside
`_kernel_preshuffle_varctx`) or another branch of the same function (a second pipeline stage,
the masked twin of a load). One finding per fixed function, at the first such place, naming how
many there are and where.
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
  bool rewritten = false;  // the PR rewrote the line (a counterpart was added), not only removed it
};

// The words and operator characters of a line of code, as a set.
std::set<std::string> code_tokens(std::string_view code) {
  std::set<std::string> out;
  std::string word;
  for (char ch : code) {
    if (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_') {
      word += ch;
      continue;
    }
    if (!word.empty()) out.insert(std::exchange(word, std::string()));
    if (!std::isspace(static_cast<unsigned char>(ch))) out.insert(std::string(1, ch));
  }
  if (!word.empty()) out.insert(word);
  return out;
}

// Whether the change block rewrites `code` rather than only removing it: one of its added code
// lines shares at least half of its tokens with the removed line (`offs <= n` → `offs < n`,
// `pos * stride` → `int(pos) * int(stride)`). A block that deletes the line, or turns it into a
// comment, redesigns the function; it does not show a fix of that line.
bool rewrites(const ChangeBlock& b, const std::string& code, bool py) {
  std::set<std::string> was = code_tokens(code);
  for (const DiffLine* l : b.added) {
    std::string now = code_of(l->text, py);
    if (now.empty() || now == code) continue;
    std::set<std::string> is = code_tokens(now);
    size_t common = 0;
    for (const std::string& t : is) common += was.count(t);
    size_t all = was.size() + is.size() - common;
    if (all && common * 2 >= all) return true;
  }
  return false;
}

// A 64-bit integer type named in code: what a widening fix adds.
int width64_mentions(std::string_view code) {
  static const RE2 re(R"(\b(?:u?int64(?:_t)?|long|size_t|ptrdiff_t|index_t)\b)");
  int n = 0;
  re2::StringPiece in(code.data(), code.size());
  while (RE2::FindAndConsume(&in, re)) ++n;
  return n;
}

// Whether a change block widens arithmetic to 64 bits: its added code names a 64-bit integer type
// more often than its removed code did, and it removed code to widen.
bool widens(const ChangeBlock& b, bool py) {
  if (b.removed.empty() || b.added.empty()) return false;
  int before = 0, after = 0;
  for (const DiffLine* l : b.removed) before += width64_mentions(code_part(l->text, py));
  for (const DiffLine* l : b.added) after += width64_mentions(code_part(l->text, py));
  return after > before;
}

// The names a change block's added code casts to 64 bits: `x.to(tl.int64)`, `static_cast<int64_t>(x)`,
// `(int64_t)x`, `int64_t(x)`, `tl.cast(x, tl.int64)`.
std::set<std::string> widened_names(const ChangeBlock& b, bool py) {
  static const RE2 to(R"((\w+)(?:\[[^\]]*\])?\s*\.to\(\s*\w+\.u?int64\s*\))");
  // A cast of a bare name; a cast of a longer expression (`tl.cast(pid * BLOCK + offs, tl.int64)`)
  // widens its result, not the product inside it.
  static const RE2 cast(
      R"((?:static_cast<\s*(?:u?int64_t|long|size_t|index_t)\s*>\s*\(\s*(\w+)\s*\)|\((?:u?int64_t|long|size_t|index_t)\)\s*(\w+)|\b(?:u?int64_t|size_t)\(\s*(\w+)\s*\)|tl\.cast\(\s*(\w+)\s*,))");
  std::set<std::string> out;
  for (const DiffLine* l : b.added) {
    std::string_view code = code_part(l->text, py);
    re2::StringPiece in(code.data(), code.size());
    std::string name;
    while (RE2::FindAndConsume(&in, to, &name)) out.insert(name);
    in = re2::StringPiece(code.data(), code.size());
    std::string a, b2, c, d;
    while (RE2::FindAndConsume(&in, cast, &a, &b2, &c, &d))
      for (const std::string* n : {&a, &b2, &c, &d})
        if (!n->empty()) out.insert(*n);
  }
  return out;
}

// The 32-bit products a widening fix rewrote, as they stand in a removed line: `x * stride`,
// `x[None, :] * stride`, `stride * x` (and a plain product commuted), for each name x the block casts to 64 bits whose product with
// that same other operand the block's added code still forms (`x.to(tl.int64) * stride`): a product
// whose other operand the fix replaced is a rewrite, not the widened arithmetic.
std::vector<std::string> prefix_products(const std::string& code, const ChangeBlock& b, bool py) {
  static const RE2 left(R"(\b(\w+)((?:\[[^\]]*\])?\s*\*\s*)(\w+))");
  static const RE2 right(R"((\w+)(\s*\*\s*)(\w+)\b)");
  std::set<std::string> names = widened_names(b, py);
  std::string added;
  for (const DiffLine* l : b.added) added += std::string(code_part(l->text, py)) + "\n";
  auto multiplies = [&](const std::string& operand) {
    RE2 re("\\*\\s*" + RE2::QuoteMeta(operand) + "\\b|\\b" + RE2::QuoteMeta(operand) + "\\s*\\*");
    return RE2::PartialMatch(added, re);
  };
  std::vector<std::string> out;
  for (const RE2* re : {&left, &right}) {
    re2::StringPiece in(code);
    std::string a, op, b2;
    while (RE2::FindAndConsume(&in, *re, &a, &op, &b2)) {
      bool name_left = re == &left;
      const std::string& name = name_left ? a : b2;
      const std::string& other = name_left ? b2 : a;
      if (!names.count(name) || !multiplies(other)) continue;
      out.push_back(collapse_whitespace(a + op + b2));
      // `y * x` is the same product as `x * y` (not so for an indexed operand: `x[i] * y`).
      if (collapse_whitespace(op) == "*") out.push_back(b2 + " * " + a);
    }
  }
  return out;
}

// Whether `code` holds `needle` as a whole expression: not inside a longer name or after a `.`.
bool holds_expression(const std::string& code, const std::string& needle) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = code.find(needle); at != std::string::npos; at = code.find(needle, at + 1)) {
    bool open = at == 0 || (!word(code[at - 1]) && code[at - 1] != '.');
    size_t end = at + needle.size();
    bool close = end == code.size() || !word(code[end]);
    if (open && close) return true;
  }
  return false;
}

// Removed lines of widening blocks searched for per file: each is a pass over the file.
constexpr int kMaxWideningLines = 64;

// The places of a file that still hold the code a widening fix removed from one function.
struct WideningSites {
  int fix_line = 0;
  std::string product;  // the first widened product with a sibling, as the removed line wrote it
  std::map<int, std::string> sites;  // line -> qualified name of the function holding it
};

class SiblingVariant : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    // The checklist asks this of bug fixes: a feature or tuning PR that changes one variant on
    // purpose (a narrower index type on the decode path only) is not a fix left half-applied.
    static const RE2 fix(R"((?i)\b(?:fix(?:es|ed)?|bug\w*|hotfix|oob|out[- ]of[- ]bounds?|overflow|crash\w*|illegal|wrong|incorrect|corrupt\w*|nan|segfault|race)\b)");
    CommitIntent intent = undescribed_intent(ctx.pr.meta);
    bool fix_titled = RE2::PartialMatch(ctx.pr.meta.title, fix) && !(intent.known && !intent.fix);
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.status == FileStatus::Added || f.status == FileStatus::Deleted || f.new_path.empty()) continue;
      if (!is_python(f.new_path) && !is_cpp_family(f.new_path)) continue;
      const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
      const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path.empty() ? f.new_path : f.old_path);
      if (!neu || !old) continue;
      check_file(ctx, f, *old, *neu, fix_titled, out);
    }
  }

 private:
  void check_file(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& old,
                  const lang::SyntaxTree& neu, bool fix_titled, std::vector<Finding>& out) const {
    bool py = neu.is_python();
    const std::vector<lang::Function>& fns = neu.functions();
    std::set<int> added = added_line_numbers(f);
    std::map<std::pair<std::string, std::string>, Pair> pairs;  // (fixed, variant) → first match
    std::map<std::string, WideningSites> widened;  // fixed function → the places it left behind
    std::vector<std::string> head_code;  // code_of each head line, for the widening search
    int widening_lines = 0;  // removed lines searched for; a mass rewrite is not a targeted fix
    for (const ChangeBlock& b : change_blocks(f)) {
      bool widening = widens(b, py) && (widening_lines += static_cast<int>(b.removed.size())) <= kMaxWideningLines;
      if (!widening && !fix_titled) continue;
      for (const DiffLine* l : b.removed) {
        std::string code = code_of(l->text, py);
        if (!significant(code, py)) continue;
        std::optional<lang::Function> of = old.enclosing_function(l->old_line);
        if (!of || of->name.empty()) continue;
        const lang::Function* nf = nullptr;
        for (const lang::Function& g : fns)
          if (g.qualified == of->qualified) nf = &g;
        // A removed line of a widening block whose product the block widened: its siblings are found
        // by that product. Any other line of the block is judged as in any fix.
        std::vector<std::string> products = widening ? prefix_products(code, b, py) : std::vector<std::string>{};
        if (!products.empty()) {
          if (head_code.empty())
            for (int line = 1; line <= neu.line_count(); ++line) head_code.push_back(code_of(neu.line_text(line), py));
          collect_widening_sites(head_code, fns, *of, code, products, added, b.head_line, widened);
          continue;
        }
        if (!fix_titled) continue;
        if (nf && contains_code(neu, *nf, code, py, nullptr)) continue;  // moved, not changed
        for (const lang::Function& g : fns) {
          if (!variants(g.name, of->name) || (nf && g.node == nf->node)) continue;
          int at = 0;
          if (!contains_code(neu, g, code, py, &at) || added.count(at)) continue;
          auto key = std::make_pair(of->qualified, g.qualified);
          if (pairs.count(key)) continue;
          pairs[key] = Pair{nf, &g, at, b.head_line, code, rewrites(b, code, py)};
        }
      }
    }
    for (auto& [key, p] : pairs) out.push_back(report(ctx, f.new_path, neu, key.first, p));
    for (auto& [fixed, w] : widened)
      if (!w.sites.empty()) out.push_back(report_widening(ctx, f.new_path, neu, fixed, w));
  }

  // Whether the function holding a site declares an operand of the product it holds 64 bits wide (a
  // parameter `int64_t stride`, a local `const int64_t row = ...`): that product is already 64-bit.
  static bool declares_64bit_operand(const std::vector<std::string>& head_code, const lang::Function& g,
                                     const std::vector<std::string>& products, const std::string& here) {
    static const RE2 operand(R"((\w+))");
    for (const std::string& p : products) {
      if (!holds_expression(here, p)) continue;
      re2::StringPiece in(p);
      std::string name;
      while (RE2::FindAndConsume(&in, operand, &name)) {
        for (const lang::Param& prm : g.params)
          if (prm.name == name && width64_mentions(prm.annotation) > 0) return true;
        RE2 local("\\b(?:u?int64(?:_t)?|long|size_t|ptrdiff_t|index_t)\\s+(?:const\\s+)?" + RE2::QuoteMeta(name) +
                  "\\s*[=;,]");
        for (int l = g.start_line; l <= g.end_line && l <= static_cast<int>(head_code.size()); ++l)
          if (RE2::PartialMatch(head_code[l - 1], local)) return true;
      }
    }
    return false;
  }

  // The lines of the head file, outside the PR's added lines, that hold one of the 32-bit `products`
  // the fix widened in `code`: in every other function, and in the fixed function's own other
  // branches. The whole removed line again at an added line means it moved with the fix, not that a
  // site was left: then nothing is collected.
  static void collect_widening_sites(const std::vector<std::string>& head_code, const std::vector<lang::Function>& fns,
                                     const lang::Function& of, const std::string& code,
                                     const std::vector<std::string>& products, const std::set<int>& added,
                                     int fix_line, std::map<std::string, WideningSites>& widened) {
    std::map<int, std::string> found;
    for (int line = 1; line <= static_cast<int>(head_code.size()); ++line) {
      const std::string& here = head_code[line - 1];
      if (added.count(line)) {
        if (here == code) return;  // moved with the fix
        continue;
      }
      if (std::none_of(products.begin(), products.end(), [&](const std::string& p) { return holds_expression(here, p); }))
        continue;
      // The innermost function holding the line; a line outside every function is not a site.
      const lang::Function* holder = nullptr;
      for (const lang::Function& g : fns)
        if (g.start_line <= line && line <= g.end_line && (!holder || g.start_line >= holder->start_line)) holder = &g;
      if (!holder || declares_64bit_operand(head_code, *holder, products, here)) continue;
      found[line] = holder->qualified;
      if (found.size() >= 64) break;  // enough to name; a pervasive idiom is not worth a full count
    }
    if (found.empty()) return;
    WideningSites& w = widened[of.qualified];
    if (w.sites.empty()) {
      w.fix_line = fix_line;
      for (const std::string& p : products)
        if (w.product.empty()) w.product = p;
    }
    w.sites.insert(found.begin(), found.end());
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
    // Red only for a line the PR rewrote: a deleted or commented-out line is a redesign whose
    // variant may keep its code on purpose, so the finding asks.
    x.severity = tier <= 2 && p.rewritten ? Severity::Red : Severity::Warn;
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

  Finding report_widening(const ReviewContext& ctx, const std::string& path, const lang::SyntaxTree& tree,
                          const std::string& fixed_name, const WideningSites& w) const {
    Finding x = finding();
    index::TierFacts tf = file_tier(ctx, path);
    x.severity = tf.tier <= 2 ? Severity::Red : Severity::Warn;
    auto [first_line, first_fn] = *w.sites.begin();
    x.location = Location{path, first_line};
    // Grouped by function, in file order: "`g` (lines 12, 40 and 2 more), `h` (line 7)".
    std::vector<std::pair<std::string, std::vector<int>>> by_fn;
    for (const auto& [line, fn] : w.sites) {
      auto it = std::find_if(by_fn.begin(), by_fn.end(), [&](const auto& e) { return e.first == fn; });
      if (it == by_fn.end()) it = by_fn.insert(by_fn.end(), {fn, {}});
      it->second.push_back(line);
      if (line != first_line && x.related.size() < 8) x.related.push_back(Location{path, line});
    }
    x.related.push_back(Location{path, w.fix_line});
    std::string where;
    for (const auto& [fn, lines] : by_fn) {
      where += std::string(where.empty() ? "" : ", ") + "`" + fn + "` (line" + (lines.size() > 1 ? "s " : " ");
      for (size_t i = 0; i < lines.size() && i < 3; ++i) where += (i ? ", " : "") + std::to_string(lines[i]);
      if (lines.size() > 3) where += " and " + std::to_string(lines.size() - 3) + " more";
      where += ")";
    }
    std::string places = w.sites.size() == 1 ? "1 place of this file still forms"
                                             : std::to_string(w.sites.size()) + " places of this file still form";
    x.problem = "This PR widens `" + w.product + "` to 64 bits in `" + fixed_name + "`, but " + places +
                " a product it widened in 32 bits, unchanged: " + where;
    x.impact = "The arithmetic the fix treats as able to overflow 32 bits still runs in 32 bits there: for the same "
               "large inputs those places compute wrapped offsets or sizes, silently" +
               (tf.tier <= 2 ? " — in a Tier-" + std::to_string(tf.tier) + " file (" + tf.why + ")" : std::string());
    x.action = "Author must apply the same change there, the 64-bit widening included, or say in the PR why their "
               "operands stay below 2^31 there";
    if (x.severity == Severity::Red)
      x.trigger = "any call that reaches `" + first_fn + "` line " + std::to_string(first_line) +
                  " with operands whose product exceeds 2^31 - 1 computes the pre-fix value";
    x.evidence.push_back(evidence(path, first_line, tree.line_text(first_line)));
    x.evidence.push_back(path + ":" + std::to_string(w.fix_line) + ": (widened in " + fixed_name + ")");
    return x;
  }
};

REGISTER_RULE(SiblingVariant);

}  // namespace
}  // namespace rp
