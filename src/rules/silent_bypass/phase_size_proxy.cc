// phase-size-proxy: decode vs prefill decided from a size (max_q == 1, q.shape[0] == 1,
// seq_len <= 1) instead of the batch's explicit phase flag.
#include <re2/re2.h>

#include <cctype>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/env_reads.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "phase-size-proxy",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Decode/prefill phase classified by a size proxy (max_query_len, q.shape[0] == 1, seq_len <= 1).",
    .docs = R"(What it catches: an added condition (if/elif, a conditional expression, or a boolean
assigned to a name containing decode/prefill) that compares a query-size proxy (`max_q`,
`max_query_len`, `max_seqlen_q`, `query_len`, `q_len`, `seq_len(s)`, `q.shape[0]`,
`num_tokens == num_seqs`) against 0, 1, 2 or `1 + <spec tokens>`, where the branch (or the bound name)
is about the phase: its body or its target mentions decode/prefill.
Why it matters: a short prefill or the tail of a chunked prefill can have one (or a few)
query tokens per sequence; classified as decode it runs the decode kernel, which skips the
prefill work (cache writes, causal masking across the chunk) and returns wrong results.
Does not fire on: conditions that also read an explicit phase flag (`is_prefill`,
`is_prefilling`, `num_prefills`, `num_decodes`, `uniform_decode`, `is_decode`, `attn_state`,
`is_pure_decode`, `forward_mode`); comparisons with other bounds (`seq_len > cache.numel()` is a capacity check, not a phase
test); the same condition, or the same proxy comparison (`max_q_len > 1`),
already present in the base version of the file (pre-existing: the PR only edits other
operands of it); size tests whose branch does not choose a phase (tiling or
batch-size dispatch); a branch that only raises (it rejects those sizes, e.g. speculative
decode where only one token per step is supported); an if/elif/else chain whose every branch
names decode and none prefill or extend (the size picks a decode variant, plain or
speculative multi-token, inside a path that is already decode); a condition that is a conjunction
with an environment-variable read (`os.getenv("TRACE") == "1" and max_q > 1`: a switched-on
diagnostic, not the default dispatch); a test inside a function whose name says decode and not
prefill or extend (`prepare_decode`: the phase was chosen before the call), or one that builds a
CUDA-graph capture (`build_for_cudagraph_capture`: captured graphs replay decode steps; prefill
runs eagerly); tests.)"};

// The size-proxy comparison in a condition ("max_query_len <="), or "" when none.
std::string size_proxy(std::string_view cond) {
  // A query-size name compared with a small bound (0, 1, 2, or `1 + <spec tokens>`).
  static const std::string names =
      R"((?:\w+\.)?(?:max_q|max_query_len|max_seqlen_q|max_q_len|query_lens?|q_lens?|seq_lens?|seqlen_q|q\.shape\[0\]|q\.size\(0\)))";
  static const std::string small = R"((?:[012]\b(?:\s*\+\s*[\w.]+)?))";
  static const RE2 re("(\\b" + names + "\\s*(?:==|<=|<|>|>=)\\s*" + small + "|" + small + "\\s*(?:==|<=|<|>|>=)\\s*" +
                      names + "\\b|num_tokens\\s*==\\s*num_seqs)");
  std::string m;
  if (!RE2::PartialMatch(cond, re, &m)) return "";
  return collapse_whitespace(m);
}

const Pattern explicit_flag{
    R"((?i)is_prefill|is_prefilling|num_prefills|num_decodes|uniform_decode|is_decode|attn_state|pure_decode|forward_mode|is_extend)"};

const Pattern phase_word{R"((?i)decode|prefill)"};
const Pattern prefill_word{R"((?i)prefill|extend)"};

// Whether a branch body only raises: it rejects the sizes it tests (`if max_q_len > 1: raise
// NotImplementedError("... speculative decode")`), it routes no phase.
bool only_raises(lang::Node body) {
  if (!body) return false;
  int n = 0;
  for (lang::Node s : body.named_children()) {
    if (is(s, NodeKind::Comment)) continue;
    if (!is(s, NodeKind::Raise)) return false;
    ++n;
  }
  return n > 0;
}

// Whether every branch of an if/elif/else chain stays in the decode phase: each body names
// decode and none names prefill or extend. The size then picks a decode variant (plain decode
// or the multi-token speculative one), not the phase; a chain without an else leaves the other
// phase somewhere else and is not known to be one-phase.
bool decode_variants(const lang::IfChain& chain) {
  if (!chain.has_else) return false;
  for (const lang::Branch& b : chain.branches) {
    std::string_view t = b.body ? b.body.text() : std::string_view();
    if (!phase_word(t) || prefill_word(t)) return false;
  }
  return true;
}

// Whether the condition is a conjunction one of whose operands reads an environment variable
// (`os.getenv("TRACE") == "1" and max_q > 1`): the branch runs only when someone switches it
// on (a diagnostic, an experiment), so it is not how the default run picks its phase.
bool switch_gated(lang::Node cond, const std::set<int>& env_lines) {
  cond = unparenthesized(cond);
  if (!is(cond, NodeKind::BoolOp) || cond.text().find(" and ") == std::string_view::npos) return false;
  auto it = env_lines.lower_bound(cond.start_line());
  return it != env_lines.end() && *it <= cond.end_line();
}

// Whether `line` sits in a function that is the decode phase's own (`prepare_decode`,
// `run_decode_step`: its name says decode and not prefill or extend). The phase was chosen
// before the call; a size test inside picks a decode variant (one token, or the multi-token
// speculative verify), and no prefill reaches it.
// A function that builds the inputs of a CUDA-graph capture (`build_for_cudagraph_capture`,
// `capture_graph_metadata`: its name says graph and capture) is the decode phase's own too:
// a captured graph replays fixed-shape decode steps (plain or speculative verify); prefill
// batches of varying length run eagerly and never reach the capture builder.
bool in_decode_function(const lang::SyntaxTree& tree, int line) {
  auto fn = tree.enclosing_function(line);
  if (!fn || prefill_word(fn->name)) return false;
  if (fn->name.find("decode") != std::string::npos) return true;
  std::string lower = fn->name;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("capture") != std::string::npos && lower.find("graph") != std::string::npos;
}

class PhaseSizeProxy : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    std::set<std::string> before = conditions_of(f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path));
    std::set<int> reported;
    const std::string* old_text = f.old_path.empty() ? nullptr : ctx.workspace.old_text(f.old_path);
    std::string old_code = old_text ? collapse_whitespace(*old_text) : std::string();
    std::set<int> env_lines;
    for (const EnvReadSite& r : env_reads(tree)) env_lines.insert(r.line);
    auto consider = [&](lang::Node cond, lang::Node consequence, int line) {
      if (!cond || !added.count(cond.start_line()) || reported.count(line)) return;
      std::string_view text = cond.text();
      std::string proxy = size_proxy(text);
      if (proxy.empty() || explicit_flag(text)) return;
      if (old_code.find(proxy) != std::string::npos) return;
      if (!phase_word(consequence ? consequence.text() : std::string_view()) && !phase_word(text)) return;
      if (before.count(normalize_condition(text))) return;
      if (switch_gated(cond, env_lines)) return;
      if (in_decode_function(tree, line)) return;
      reported.insert(line);
      out.push_back(report(f, tree, line, text));
    };
    for (const lang::IfChain& chain : tree.if_chains()) {
      if (decode_variants(chain)) continue;
      for (const lang::Branch& b : chain.branches)
        if (b.condition && !only_raises(b.body)) consider(b.condition, b.body, b.condition.start_line());
    }
    for (const lang::Assignment& a : tree.assignments()) {
      if (!a.value || a.targets.size() != 1 || !phase_word(a.targets[0])) continue;
      consider(a.value, a.node, a.line);
    }
    lang::walk(tree.root(), [&](lang::Node n) {
      if (!is(n, NodeKind::Conditional)) return true;
      consider(ternary_condition(n), n, n.start_line());
      return true;
    });
  }

 private:
  static std::set<std::string> conditions_of(const lang::SyntaxTree* tree) {
    std::set<std::string> out;
    if (!tree) return out;
    for (const lang::IfChain& chain : tree->if_chains())
      for (const lang::Branch& b : chain.branches)
        if (b.condition) out.insert(normalize_condition(b.condition.text()));
    for (const lang::Assignment& a : tree->assignments())
      if (a.value) out.insert(normalize_condition(a.value.text()));
    return out;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, std::string_view cond) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "Decode/prefill phase decided by a size proxy: `" + collapse_whitespace(cond).substr(0, 120) + "`";
    x.impact = "A short prefill or the tail of a chunked prefill with as few query tokens as a decode step is "
               "classified as decode and takes the decode kernel path: wrong attention output, no error";
    x.action = "Author must classify by the batch's explicit phase flag (`is_prefill`, `num_prefills`, "
               "`is_prefilling`, uniform-decode metadata) instead of the query length";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(PhaseSizeProxy);

}  // namespace
}  // namespace rp
