// triton-knob-retuned (aiter T3): a Triton launch knob (num_warps / num_stages / num_ctas)
// whose value the PR changes in kernel or config code, with no measurement in the description.
#include <fmt/format.h>
#include <re2/re2.h>

#include <map>
#include <optional>
#include <set>
#include <string>

#include "analysis/commit_intent.h"
#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-knob-retuned",
    .category = Category::Perf,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A Triton num_warps / num_stages / num_ctas value is changed with no measurement in the PR description.",
    .docs = R"(What it catches (aiter T3): in Triton/Gluon code or its tuned configs (a path with a
`triton` or `gluon` component, Python: launches, `triton.Config(...)` and config dicts), a
change block that replaces a `num_warps`, `num_stages` or `num_ctas` value with a different
one (`num_stages=2` → `num_stages=3`, `"num_warps": 4` → `"num_warps": 8`), or adds such a knob to a launch or config entry the
block rewrites, while the PR description gives no perf number. These knobs are per shape and
per arch: a value tuned on gfx942 is not tuned for gfx950, one copied from a sibling kernel
with another BLOCK is not tuned at all, and a num_stages beyond what LDS holds silently lowers
occupancy. Without a base-vs-head number the finding is an inference, so it is a note phrased
as a question.
Does not fire on: PRs whose description carries perf numbers; tuned JSON/CSV config files
(the output of a tuning sweep: the config system working, as T8 says); new kernels or config entries
the PR adds whole (no replaced knob); a value only moved (the same value removed and added, in
the same block, or a line the PR removed anywhere, e.g. from a deleted entry point merged into
this one); PRs whose commit messages carry perf numbers (a measurement in a commit body counts
like one in the description; without a description, as in `batch`, the commits are all the
author wrote);
tests, `op_tests/` and benchmark scripts; a literal on a kernel launch in a file whose
launches take their knobs from the tuned config (triton-launch-knob, T8, reports that line).)"};

bool triton_path(std::string_view path) {
  static const RE2 re(R"((?:^|/)\w*(?:triton|gluon)\w*/)");
  return RE2::PartialMatch(path, re);
}

bool skipped_path(std::string_view path) {
  static const RE2 bench(R"((?:^|/)(?:op_tests|\w*bench\w*|examples?|scripts|tools)/)");
  return is_test_path(path) || RE2::PartialMatch(path, bench);
}

// knob → values written on a line (`num_warps=4`, `"num_warps": 4`).
void knobs_in(std::string_view text, std::map<std::string, std::set<std::string>>& out) {
  static const RE2 re(R"(\b(num_warps|num_stages|num_ctas)\b["']?\s*[:=]\s*(\d+))");
  re2::StringPiece in(text.data(), text.size());
  std::string k, v;
  while (RE2::FindAndConsume(&in, re, &k, &v)) out[k].insert(v);
}

struct Retune {
  int line = 0;
  std::string knob, before, after;  // before "" = knob added to a rewritten launch/config
};

class TritonKnobRetuned : public FileRuleWithState<kInfo, NewCode> {
 public:
  NewCode prepare(const ReviewContext& ctx) const override { return NewCode(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, NewCode& new_code, const FileChange& file,
                  std::vector<Finding>& out) const override {
    // The PR's commit messages are the author's words about it too, and all there is without a
    // PR description (a branch or commit read from git): a measurement in a commit body counts.
    // A measurement silences the whole PR; it is read once a retune is found.
    const PullRequestMeta& m = ctx.pr.meta;
    std::optional<bool> measured;
    auto shows_measurement = [&] {
      if (!measured)
        measured = (m.has_description && !text::analyse_description(m.title, m.body).perf_numbers.empty()) ||
                   (!m.commits.empty() && !text::analyse_description(m.title, commit_messages(m.commits)).perf_numbers.empty());
      return *measured;
    };
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.binary || !triton_path(f.path()) || skipped_path(f.path())) continue;
      if (!f.path().ends_with(".py")) continue;  // JSON/CSV tables are the tuning sweep's output
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.path());
      std::set<int> t8 = tree ? t8_lines(*tree) : std::set<int>{};
      std::vector<Retune> found;
      for (const ChangeBlock& b : change_blocks(f)) retunes_in(f, b, t8, new_code, found);
      if (found.empty()) continue;
      if (shows_measurement()) return;
      out.push_back(report(f, tree, found));
    }
  }

 private:
  // Lines where triton-launch-knob reports a literal knob: launches in a config-driven file.
  static std::set<int> t8_lines(const lang::SyntaxTree& tree) {
    std::set<int> out;
    if (!launch_knobs_from_config(tree.source())) return out;
    for (const lang::Call& c : tree.calls()) {
      if (!is_kernel_launch(c)) continue;
      for (const lang::Argument& a : c.args)
        if (is_launch_knob(a.keyword) && a.value) out.insert(a.value.start_line());
    }
    return out;
  }

  static void retunes_in(const FileChange& f, const ChangeBlock& b, const std::set<int>& t8, const NewCode& new_code,
                         std::vector<Retune>& out) {
    if (b.removed.empty() || b.added.empty()) return;  // a whole new entry, or a removal
    std::map<std::string, std::set<std::string>> before;
    bool rewrites_launch = false;
    for (const DiffLine* l : b.removed) {
      std::string_view code = code_part(l->text, true);
      knobs_in(code, before);
      rewrites_launch = rewrites_launch || code.find("](") != std::string_view::npos ||
                        code.find("Config(") != std::string_view::npos;
    }
    if (before.empty() && !rewrites_launch) return;
    std::set<std::string> reported;
    for (const DiffLine* l : b.added) {
      // A line the PR removed elsewhere (a definition moved or merged into another) keeps its value.
      if (t8.count(l->new_line) || new_code.moved(f, l->new_line)) continue;
      std::map<std::string, std::set<std::string>> now;
      knobs_in(code_part(l->text, true), now);
      for (const auto& [knob, values] : now) {
        auto old = before.find(knob);
        for (const std::string& v : values) {
          if (old != before.end() && old->second.count(v)) continue;  // unchanged or moved
          if (!reported.insert(knob + "=" + v).second) continue;
          std::string was;
          if (old != before.end())
            for (const std::string& o : old->second) was += (was.empty() ? "" : "/") + o;
          out.push_back({l->new_line, knob, was, v});
        }
      }
    }
  }

  Finding report(const FileChange& f, const lang::SyntaxTree* tree, const std::vector<Retune>& found) const {
    std::string list;
    for (const Retune& r : found) {
      if (!list.empty()) list += ", ";
      list += r.before.empty() ? fmt::format("{} set to {} (line {})", r.knob, r.after, r.line)
                               : fmt::format("{} {} → {} (line {})", r.knob, r.before, r.after, r.line);
    }
    std::string where;
    if (tree)
      if (auto fn = tree->enclosing_function(found[0].line)) where = " in `" + fn->qualified + "`";
    Finding x = finding();
    x.location = Location{f.path(), found[0].line};
    x.problem = fmt::format("Triton launch knob(s) retuned{} with no measurement in the PR description: {}", where, list);
    x.impact = "num_warps/num_stages/num_ctas are tuned per shape and per arch; a value tuned on one GPU, or copied from "
               "a sibling kernel with a different block size, can lower occupancy or spill on another, and a "
               "num_stages beyond what LDS holds silently drops occupancy instead of failing";
    x.action = "Reviewer should ask on which arch and shapes the new value was measured (base vs head), and whether it "
               "was tuned here or inherited from a sibling kernel";
    for (const Retune& r : found) {
      if (x.evidence.size() >= 3) break;
      std::string_view text = tree ? tree->line_text(r.line) : std::string_view();
      if (text.empty())
        for (const Hunk& h : f.hunks)
          for (const DiffLine& l : h.lines)
            if (l.kind == DiffLine::Kind::Added && l.new_line == r.line) text = l.text;
      x.evidence.push_back(evidence(f.path(), r.line, text));
    }
    return x;
  }
};

REGISTER_RULE(TritonKnobRetuned);

}  // namespace
}  // namespace rp
