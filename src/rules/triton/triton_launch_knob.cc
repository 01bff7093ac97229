// triton-launch-knob: a literal num_warps / num_stages / waves_per_eu / matrix_instr_nonkdim /
// kpack added to a kernel launch in a file whose launches otherwise take their knobs from the
// tuned config.
#include <re2/re2.h>

#include <cctype>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/triton_facts.h"
#include "core/paths.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "triton-launch-knob",
    .category = Category::Hardcoded,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Literal launch knob (num_warps=, waves_per_eu=, ...) on a kernel launch in a file that tunes knobs through a config.",
    .docs = R"(What it catches: an added keyword `num_warps=`, `num_stages=`, `num_ctas=`, `waves_per_eu=`,
`matrix_instr_nonkdim=` or `kpack=` set to a number literal on a Triton kernel launch
(`kernel[grid](...)`), in a file that elsewhere takes launch knobs from the tuned config
(`config["num_warps"]`, `config.get("waves_per_eu")`, `**config` in a launch, a
`get_*config(...)` call): the file has a config system and this launch bypasses it (newer
aiter rules T8, and T4 for the AMD-only knobs waves_per_eu / matrix_instr_nonkdim / kpack,
which select per-arch hardware behaviour).
Why it matters: the tuned JSON/CSV configs exist so that a tuning sweep and the code disagree
loudly; a literal in the launch is invisible to the sweep, and an AMD knob tuned on one arch
is forced onto every arch.
Does not fire on: knobs read from a variable or config (`num_warps=cfg["num_warps"]`,
`**config`); literals inside `triton.Config(...)` (that is the tuned table); files with no
config-driven launch at all (a kernel with no tuning system keeps its knobs in the code); a
`knob=value` pair the PR only moved (the same pair on a removed line of the file); tests,
benchmarks and config files.)"};

bool benchmark_path(std::string_view path) {
  static const RE2 re(R"((?:^|/)(?:\w*bench\w*|examples?|scripts|tools)/)");
  return RE2::PartialMatch(path, re);
}

class TritonLaunchKnob : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    if (benchmark_path(f.new_path) || !launch_knobs_from_config(tree.source())) return;
    std::set<std::string> removed = removed_pairs(f);
    for (const lang::Call& c : tree.calls()) {
      if (!is_kernel_launch(c)) continue;
      std::vector<std::string> pairs;
      int line = 0;
      for (const lang::Argument& a : c.args) {
        if (!is_launch_knob(a.keyword) || !a.value || !added.count(a.value.start_line())) continue;
        std::string_view v = a.value.text();
        if (v.empty() || !std::isdigit(static_cast<unsigned char>(v.front()))) continue;
        std::string pair = a.keyword + "=" + std::string(v);
        if (removed.count(pair)) continue;
        pairs.push_back(pair);
        if (!line) line = a.value.start_line();
      }
      if (!pairs.empty()) out.push_back(report(f, tree, c, line, pairs));
    }
  }

 private:
  static std::set<std::string> removed_pairs(const FileChange& f) {
    static const RE2 re(R"((num_warps|num_stages|num_ctas|waves_per_eu|matrix_instr_nonkdim|kpack)\s*=\s*(\d+))");
    std::set<std::string> out;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind != DiffLine::Kind::Removed) continue;
        re2::StringPiece in(l.text);
        std::string k, v;
        while (RE2::FindAndConsume(&in, re, &k, &v)) out.insert(k + "=" + v);
      }
    return out;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const lang::Call& c, int line,
                 const std::vector<std::string>& pairs) const {
    std::string list;
    for (const std::string& p : pairs) list += (list.empty() ? "" : ", ") + p;
    std::string kernel = c.callee.substr(0, c.callee.find('['));
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "Launch knob(s) `" + list + "` hardcoded on the `" + kernel + "` launch, in a file whose other "
                "launches take their knobs from the tuned config";
    x.impact = "A tuning sweep cannot see or change the literal: the next sweep either overwrites it elsewhere or "
               "fights it, and an arch-specific value (waves_per_eu, matrix_instr_nonkdim, kpack) is forced onto "
               "every arch";
    x.action = "Author must move the value into the tuned config JSON/CSV for this kernel (or read it from the "
               "config the file already uses)";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(TritonLaunchKnob);

}  // namespace
}  // namespace rp
