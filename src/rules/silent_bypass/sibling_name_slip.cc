// sibling-name-slip: an added slot whose name says one of two sibling values (a keyword, the
// callee's parameter, an assignment target, a dict key) gets the same expression as its twin
// slot, which reads the other sibling, while the sibling the name asks for is bound.
#include <fmt/format.h>

#include "analysis/facts.h"
#include "analysis/name_siblings.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "sibling-name-slip",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "An added slot named for one sibling value gets its twin's expression, which reads the other sibling.",
    .docs = R"(What it catches: in a Python file the PR changes, two slots whose names differ in exactly
one word — keyword arguments of one call (`max_query_len=`, `max_seq_len=`), the parameters of a
callee defined in the file that two positional arguments fill (`head_k_dim`, `head_v_dim`),
assignment targets a few statements apart in one block, or the string keys of one dict — get
the same expression (or the same arm of a conditional), and on an added line that expression
reads a name carrying the first slot's word (`query_lens_cpu`, `cfg.linear_key_head_dim`) while
the name carrying the second slot's word is bound where the slot is: a parameter or a local bound
before it, a module name, or an attribute `obj.name` the file reads or writes (`seq_lens`,
`cfg.linear_value_head_dim`). Words match when equal or when one abbreviates the other (`k` /
`key`). Positional values with no names (a shape tuple, the arguments of a callee the file does
not define) count when two equal neighbours follow a pair of neighbours that goes from one
sibling word to the other (`num_key_heads, num_value_heads, key_dim, key_dim`). An unchanged
line is reported too when the same change renames that very read to its sibling elsewhere in
the file (a removed `cfg.key_dim,` replaced by `cfg.value_dim,`): the fix reached one copy and
not the other.
Why it matters: a line copied from its neighbour and not fully renamed computes the wrong
sibling — the key head dim where the value head dim belongs, query lengths where sequence
lengths belong — and nothing fails while the two values happen to be equal, as they often are
in tests and small configurations.
Does not fire on: names that differ in more than one word or in length, or names of one word
(`a`/`b`); values that differ between the two slots; an expression that already reads a name with the second slot's word;
a slot whose value also reads the sibling itself (`num if max is None else max` chooses between
them); a value under a comment line that explains it; a sibling that is not bound in reach
(bound only after the slot, in another function, or an attribute the file never names); equal
positional values without a neighbouring pair that shows the sibling order, or whose renamed
name is a single word; unchanged lines the change does not correct elsewhere; C/C++ code.)"};

class SiblingNameSlip : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      if (changed.added.empty()) continue;  // findings are on added lines only
      // A slip the PR fixes in one place and leaves in another is reported where it is left.
      const std::vector<SiblingCorrection> fixes = sibling_corrections(f);
      for (SiblingSlip& s : sibling_slips(tree, fixes.empty() ? changed.added : std::set<int>{})) {
        if (!changed.added.count(s.line)) {
          const SiblingCorrection* fix = corrected_elsewhere(s, fixes);
          if (!fix) continue;
          s.because += fmt::format("; this change corrects `{}` to `{}` on line {} and leaves this copy", fix->from,
                                   fix->to, fix->line);
        }
        auto quoted = [&](const std::string& slot) { return s.named ? fmt::format("`{}`", slot) : slot; };
        const std::string slot = quoted(s.slot), model = quoted(s.model);
        Finding x = finding();
        x.location = Location{f.new_path, s.line};
        x.problem = fmt::format(
            "{} reads `{}` like {} on line {}, though it is the `{}` slot where that one is the `{}` one; `{}` is "
            "bound on line {} ({})",
            slot, s.read, model, s.model_line, s.right_word, s.wrong_word, s.sibling, s.sibling_line, s.because);
        x.impact = fmt::format(
            "If the value was copied from {} and not renamed, {} silently takes the `{}` value; the result is "
            "wrong exactly where the two siblings differ, and nothing fails while they are equal",
            model, slot, s.wrong_word);
        x.action = fmt::format("Author must confirm which value {} needs: `{}`, or say on the line why `{}` is meant",
                               slot, s.sibling, s.read);
        // The slot, the twin it was copied from, and where the right sibling is bound.
        for (int line : std::set<int>{s.line, s.model_line, s.sibling_line})
          if (line > 0) x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(SiblingNameSlip);

}  // namespace
}  // namespace rp
