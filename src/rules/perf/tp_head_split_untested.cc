// tp-head-split-untested: a new kernel entry takes the per-device head count, and the PR
// shows it at one head count only.
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "analysis/shape_docs.h"
#include "core/paths.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "tp-head-split-untested",
    .category = Category::Perf,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A new function takes the per-device head count, but the PR tests or benchmarks a single head count "
               "and no TP split of it.",
    .docs = R"doc(What it catches: the PR adds a function outside the tests (Python or C++/HIP) with a
head-count parameter (num_heads, num_heads_q, num_heads_k, num_kv_heads, num_q_heads, nheads,
n_heads, head_num, num_qo_heads, num_local_heads), and every head count the PR shows, in the
description ("128 heads", "H=128", a "heads" table column) and in the test lines it adds
(`num_heads = 128`, `@pytest.mark.parametrize("num_heads", [128])`), is one single value,
with no TP=2/4/8 run mentioned, and that value is a whole-model count (32 or more).
Why it matters: at TP=4/8 each device sees num_heads÷TP heads. Shape math written and tested at
H=128 (TP=1) can read out of bounds or produce wrong output at H=32 or H=16, the shapes every
multi-GPU deployment runs.
Does not fire on: two or more distinct head counts shown; a TP≥2 run named in the description
("TP8", "--tp 4") or in the added test lines ("tp_size", "spans TP/DP variants"); a single count
below 32 (12 or 16 heads is already a per-device count; a kernel specialised for it is not a
TP=1 test); an op whose docstring, in a file the PR changes, takes a heads dimension and returns
none (`Q: [seq, NUM_HEADS, D]` in, `logits: [seq, seq_kv]` out: an indexer's MQA logits summed
over every head need them all on one device, so they are replicated, not TP-split); PRs that show no head count at all (nothing to judge); functions in test
files; head-count parameters of functions the PR only modifies (the rule looks at new entry
points).)doc"};

// The smallest head count read as a whole model's (TP=1) count: 32, 64, 128 are; 8, 12, 16
// are what one device sees after a TP split, and kernels specialised for them are not P4.
constexpr long long kMinFullHeadCount = 32;

bool is_head_param(std::string_view name) {
  static const RE2 re(
      R"re((?i)num_?heads(?:_q|_k|_kv)?|num_(?:q|kv|qo|local)_heads|n_?heads|head_?num|num_head|nhead(?:_q|_k)?)re");
  return RE2::FullMatch(re2::StringPiece(name.data(), name.size()), re);
}

// Head counts written in added test lines: `num_heads = 128`, `"num_heads", [32, 64]`,
// `num_kv_heads=8`.
// Returns false when the added test lines mention a TP split themselves ("tp_size", "TP=4",
// "spans TP/DP variants"): the tests then vary heads in a form we do not parse.
bool head_counts_in_tests(const ChangeSet& changes, std::set<long long>& counts) {
  static const RE2 kAssign(
      R"re((?i)\b(?:num_?heads\w*|num_(?:q|kv|qo|local)_heads|n_?heads|head_?num|nhead\w*)(?:\s*[=:]|['"]\s*,)\s*[\[(]?\s*([\d,\s]+))re");
  static const RE2 kTp(R"re((?i)\bTP\s*[=:]?\s*\d|\bTP\b.*\bvariants?\b|tensor[_ ]parallel|\btp_size\b)re");
  for (const AddedLine& a : added_lines(changes)) {
    if (!is_test_path(a.file->path())) continue;
    if (RE2::PartialMatch(a.line->text, kTp)) return false;
    std::string list;
    if (!RE2::PartialMatch(a.line->text, kAssign, &list)) continue;
    std::size_t pos = 0;
    while (pos < list.size()) {
      std::size_t end = list.find(',', pos);
      std::string_view item = trim(std::string_view(list).substr(pos, end == std::string::npos ? end : end - pos));
      if (!item.empty() && item.size() < 7 && item.find_first_not_of("0123456789") == std::string_view::npos)
        counts.insert(std::stoll(std::string(item)));
      if (end == std::string::npos) break;
      pos = end + 1;
    }
  }
  return true;
}

// A new entry point with a head-count parameter: the only place the rule reports.
struct EntryPoint {
  const FileChange* file;
  const lang::SyntaxTree* tree;
  const lang::Function* fn;
  const lang::Param* head;
  int name_line;
};

// The first new function (by file, then by position) that takes a head count; what the PR
// shows about head counts is read only when there is one.
std::optional<EntryPoint> first_entry_point(const ReviewContext& ctx, std::span<const FileChange> files) {
  for (const FileChange& f : files) {
    if (f.binary || f.new_path.empty() || is_test_path(f.new_path)) continue;
    const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
    if (!tree) continue;
    std::set<int> added = added_line_numbers(f);
    for (const lang::Function& fn : tree->functions()) {
      // A new entry point: the line that names the function is added by the PR.
      int name_line = fn.start_line;
      while (name_line < fn.end_line && tree->line_text(name_line).find(fn.name + "(") == std::string_view::npos)
        ++name_line;
      if (!added.count(name_line)) continue;
      const lang::Param* head = nullptr;
      for (const lang::Param& p : fn.params)
        if (is_head_param(p.name)) head = &p;
      if (head) return EntryPoint{&f, tree, &fn, head, name_line};
    }
  }
  return std::nullopt;
}

// An op of the PR documents its heads as reduced away: arguments with a heads dimension, a
// result without one (`Q: [seq, NUM_HEADS, D]`, `weights: [seq, NUM_HEADS]` -> `logits: [seq,
// seq_kv]`, an indexer's MQA logits). Its result sums over every head, so each device must hold
// all of them: the heads are replicated, not split by TP (a split would need a cross-device
// reduction the op does not do).
bool heads_summed_away(const ReviewContext& ctx) {
  for (const FileChange& f : ctx.pr.changes.files) {
    if (f.binary || f.new_path.empty() || is_test_path(f.new_path) || !is_python(f.new_path)) continue;
    const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
    if (tree && documents_reduced_dimension(*tree, is_head_param)) return true;
  }
  return false;
}

// State: whether the first entry point (the only one the rule judges) was met.
class TpHeadSplitUntested : public FileRuleWithState<kInfo, bool> {
 public:
  bool prepare(const ReviewContext&) const override { return false; }
  void check_file(const ReviewContext& ctx, bool& met, const FileChange& file, std::vector<Finding>& out) const override {
    // One finding per PR, on the first entry point: the missing test is the same for every one.
    if (met) return;
    std::optional<EntryPoint> entry = first_entry_point(ctx, one_file(file));
    if (!entry) return;
    met = true;
    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    if (auto tp = text::max_shape(d, {"tp"}); tp && *tp >= 2) return;
    std::set<long long> counts;
    for (long long h : text::shape_values_of(d, "heads")) counts.insert(h);
    for (long long h : text::shape_values_of(d, "kv_heads")) counts.insert(h);
    if (!head_counts_in_tests(ctx.pr.changes, counts)) return;
    // One count, and a full (TP=1) one: 12 or 16 heads is already a per-device count.
    if (counts.size() != 1 || *counts.begin() < kMinFullHeadCount) return;
    if (heads_summed_away(ctx)) return;

    const auto& [f, tree, fn, head, name_line] = *entry;
    long long h = *counts.begin();
    Finding x = finding();
    x.location = Location{f->new_path, name_line};
    x.problem = fmt::format("New `{}` takes the per-device head count `{}`, but the PR shows it only at {} heads, "
                            "with no TP split",
                            fn->name, head->name, h);
    x.impact = fmt::format(
        "At TP=4/8 each device runs {} heads; shape math tested only at the full count can read out of bounds or "
        "compute wrong output at the split count",
        h >= 8 ? fmt::format("{}÷TP (e.g. {}→{})", h, h, h / 4) : std::string("num_heads÷TP"));
    x.action = fmt::format("Author must test `{}` at num_heads÷TP for TP=4 and TP=8 as well", fn->name);
    x.evidence.push_back(evidence(f->new_path, name_line, tree->line_text(name_line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(TpHeadSplitUntested);

}  // namespace
}  // namespace rp
