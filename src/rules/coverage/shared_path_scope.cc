// shared-path-scope (checklist A2): the PR's title scopes the change to one model or GPU
// ("[MI308]", "DSv4-only", "for Kimi") while it changes a shared backbone file outside any
// arch/model guard, so the other models and archs that file serves change too.
#include <fmt/format.h>
#include <re2/re2.h>

#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "shared-path-scope",
    .category = Category::Coverage,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    // aiter's A2 asks for cross-model validation of any shared-path change, unlabelled PRs
    // included; on aiter history this title-scope form was right 3 times in 13 (new ops,
    // registrations and opt-in branches in core files), so it runs for ATOM only.
    .summary = "The title scopes the change to one model or GPU, but it changes a shared backbone file outside any arch/model guard.",
    .docs = R"(What it catches (ATOM checklist A2): a PR whose title or description scopes the change to one
GPU or model — a bracket tag (`[MI308]`, `[gfx950]`, `[Kimi]`), `X-only` / `X only`, `only for X`,
`for X` where X is a GPU arch, an MI model or a model family — and that changes code lines of
a shared Tier 1/2 file (the computed tier from the repository index, else the profile's Step 4
table: e.g. ATOM's `deepseek_v2.py` is the base of DSv2, DSv3, DSv3-0324 and Kimi) where at
least one changed line is not under an `if` that tests an arch or a model (`get_gfx()`,
`"gfx942"`, `is_deepseek`, `model_type`, the scope word itself). One finding per PR, at the
first such file, naming the others.
Why it matters: the label tells reviewers and CI that only the named model or GPU is at stake;
a shared path changes every model and arch it serves (ATOM: an "[MI308]" backbone change also
changed gfx950/MI355X).
A note: on ATOM and aiter history about half of the shared-file changes it finds really
change behaviour for the other models/archs; the rest is plumbing the rule cannot tell apart.
Does not fire on: titles with no single-model/GPU scope; files in Tier 3 (model- or
arch-specific files, and aiter's per-op modules); files whose name already carries the scope
(`..._gfx950.py`, `kimi_...py`); changes whose every changed line sits under an arch or model
guard or itself tests the arch/model; imports, functions the PR adds whole and new bindings
(an added assignment to a name or attribute the base file never named: new state existing
code does not read yet); comment-only and blank-line changes; tests and docs.)"};

// A scope word: a GPU arch or model, or a model family.
const RE2& scope_word() {
  static const RE2 re(
      R"((?i)\b(gfx\d{3,4}[a-z]?|MI\d{3}[A-Z]?X?|DeepSeek(?:[- ]?V\d(?:\.\d)?)?|DS-?V\d(?:\.\d)?|Kimi(?:[- ]K\d(?:\.\d)?)?|Qwen\d*(?:\.\d)?|Llama[- ]?\d*|GLM[- ]?\d*(?:\.\d)?|GPT-OSS|Mixtral|Gemma\d*|Grok\d*|MiniMax(?:[- ]M\d)?)\b)");
  return re;
}

bool starts_with_ci(std::string_view s, std::string_view p) {
  if (s.size() < p.size()) return false;
  for (size_t i = 0; i < p.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[i])) != std::tolower(static_cast<unsigned char>(p[i]))) return false;
  return true;
}

// The scope the title/description claims ("" when none): a bracket tag that is a scope word,
// "X-only" / "X only", "only for/on X", or a title "for/on X".
std::string claimed_scope(const std::string& title, const std::string& body) {
  static const RE2 tag(R"(\[\s*([^\]]{2,24}?)\s*\])");
  static const RE2 only_after(R"((?i)\b([\w.]+(?:[- ][\w.]+)?)[- ]only\b)");
  static const RE2 only_before(R"((?i)\bonly\s+(?:for|on|affects?|applies to)\s+([\w.-]+(?:[- ][\w.]+)?))");
  static const RE2 for_on(R"((?i)\b(?:for|on)\s+([\w.-]+(?:[- ][\w.]+)?))");
  auto word_in = [](const std::string& s) {
    std::string w;
    return RE2::PartialMatch(s, scope_word(), &w) ? w : std::string();
  };
  re2::StringPiece in(title);
  std::string t;
  while (RE2::FindAndConsume(&in, tag, &t))
    if (RE2::FullMatch(t, scope_word())) return t;
  for (const std::string* s : {&title, &body}) {
    re2::StringPiece a(*s);
    while (RE2::FindAndConsume(&a, only_after, &t))
      if (std::string w = word_in(t); !w.empty()) return w;
    re2::StringPiece b(*s);
    while (RE2::FindAndConsume(&b, only_before, &t))
      if (std::string w = word_in(t); !w.empty()) return w;
  }
  re2::StringPiece c(title);
  while (RE2::FindAndConsume(&c, for_on, &t))
    if (std::string w = word_in(t); !w.empty() && RE2::FullMatch(w, scope_word()) && starts_with_ci(t, w)) return w;
  return {};
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// Whether a condition tests an arch or a model (or names the scope itself).
bool arch_or_model_test(std::string_view cond, const std::string& scope_lower) {
  static const RE2 model(R"((?i)\b(?:model_type|model_name|architectures|is_\w*(?:deepseek|kimi|qwen|llama|glm|mla|v3|v4)\w*|hf_config)\b|gfx\d|\bMI\d{3})");
  // "kimi_k2" → "kimi": a guard on the family covers the scoped variant.
  std::string family = scope_lower.substr(0, scope_lower.find('_'));
  return mentions_arch_query(cond) || RE2::PartialMatch(cond, model) || lower(cond).find(family) != std::string::npos;
}

// Whether head line `line` of `tree` lies in an if/elif/else (condition or body) whose
// condition (or the condition of its if, for an else) tests an arch or model.
bool guarded(const lang::SyntaxTree& tree, int line, const std::string& scope_lower) {
  lang::Node stmt = tree.statement_at(line);
  // The statement itself counts: an added `if get_gfx() == "gfx942":` line is the guard.
  for (lang::Node a = stmt; a; a = a.parent()) {
    NodeKind k = node_kind(a);
    if (k == NodeKind::FunctionDef || k == NodeKind::ClassDef || k == NodeKind::Module) break;
    if (k == NodeKind::If || k == NodeKind::Elif || k == NodeKind::Else || k == NodeKind::Conditional) {
      lang::Node host = k == NodeKind::Else ? a.parent() : a;
      lang::Node cond = host ? host.child_by_field("condition") : lang::Node();
      if (k == NodeKind::Conditional) cond = ternary_condition(a);
      if (cond && arch_or_model_test(cond.text(), scope_lower)) return true;
    }
  }
  return false;
}

class SharedPathScope : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    std::string scope = claimed_scope(ctx.pr.meta.title, ctx.pr.meta.body);
    if (scope.empty()) return;
    // "Kimi-K2" → "kimi_k2": the spelling file names use.
    std::string scope_lower = lower(scope);
    for (char& ch : scope_lower)
      if (ch == '-' || ch == ' ') ch = '_';
    struct Hit {
      const FileChange* file;
      const lang::SyntaxTree* tree;
      int line, tier;
      std::string why;
    };
    std::vector<Hit> hits;
    for (const ChangedSource& cs : changed_code_sources(ctx.pr, ctx.workspace, false)) {
      const FileChange& f = *cs.file;
      if (is_test_path(f.path()) || lower(f.path()).find(scope_lower) != std::string::npos) continue;
      auto [tier, why] = tier_of(ctx, f.path());
      if (tier > 2) continue;
      const std::string* old_text = ctx.workspace.old_text(f.old_path.empty() ? f.path() : f.old_path);
      if (int line = first_unguarded(f, *cs.tree, old_text, scope_lower)) hits.push_back({&f, cs.tree, line, tier, why});
    }
    if (hits.empty()) return;
    // One finding per PR, at the first shared file; the others are named beside it.
    Finding x = report(ctx, *hits[0].file, *hits[0].tree, hits[0].line, scope, hits[0].tier, hits[0].why);
    for (size_t i = 1; i < hits.size(); ++i) {
      x.related.push_back(Location{hits[i].file->path(), hits[i].line});
      x.evidence.push_back(evidence(hits[i].file->path(), hits[i].line, hits[i].tree->line_text(hits[i].line)));
    }
    if (hits.size() > 1) {
      std::vector<std::string> others;
      for (size_t i = 1; i < hits.size(); ++i) others.push_back("`" + hits[i].file->path() + "`");
      x.problem += fmt::format("; {} other shared file(s) too: {}", others.size(), join_and(others));
    }
    out.push_back(std::move(x));
  }

 private:
  static std::pair<int, std::string> tier_of(const ReviewContext& ctx, const std::string& path) {
    if (ctx.repo) {
      index::TierFacts t = ctx.repo->tier(path);
      return {t.tier, t.why};
    }
    for (const BackboneFile& b : ctx.profile.backbone)
      if (b.path == path) return {b.tier, b.why};  // exact rows only: folders are Tier 3
    return {3, ""};
  }

  // The first added code line not under an arch/model guard; for a change that only removes
  // lines, the head line of its block. 0 when every change is guarded or trivial.
  static int first_unguarded(const FileChange& f, const lang::SyntaxTree& tree, const std::string* old_text,
                             const std::string& scope_lower) {
    std::set<int> added = added_line_numbers(f);
    for (const ChangeBlock& b : change_blocks(f)) {
      bool code_added = false;
      for (const DiffLine* l : b.added) {
        if (trim(l->text).empty() || tree.line_is_comment(l->new_line)) continue;
        code_added = true;
        // A line that itself tests the arch/model (`self.is_gfx1250 = gfx == "gfx1250"`) is
        // scoped code, like a line under such a test.
        if (arch_or_model_test(code_part(l->text, true), scope_lower)) continue;
        if (!guarded(tree, l->new_line, scope_lower) && !pure_addition(tree, l->new_line, added) &&
            !new_binding(tree, f, old_text, l->new_line, added))
          return l->new_line;
      }
      if (code_added) continue;
      for (const DiffLine* l : b.removed)
        if (!trim(l->text).empty() && !is_comment_only(l->text, true)) {
          // A dropped or reordered import is not a behaviour change of the shared path.
          if (b.head_line > 0 && !guarded(tree, b.head_line, scope_lower) && !in_import(tree, b.head_line))
            return b.head_line;
          break;
        }
    }
    return 0;
  }

  // A line of an added assignment whose target the base file never named (`self.pool =
  // None`, a new constant, a new dataclass field with its default): new state that existing
  // code does not read yet. The statement must start on an added line.
  static bool new_binding(const lang::SyntaxTree& tree, const FileChange& f, const std::string* old_text, int line,
                          const std::set<int>& added) {
    lang::Node stmt = tree.statement_at(line);
    if (!stmt || !is(stmt, NodeKind::ExpressionStatement) || !added.count(stmt.start_line())) return false;
    auto kids = stmt.named_children();
    if (kids.empty() || !is(kids[0], NodeKind::Assignment)) return false;
    lang::Node left = kids[0].child_by_field("left");
    if (!left || (!is(left, NodeKind::Identifier) && !is(left, NodeKind::Attribute))) return false;
    std::string_view target = left.text();
    if (size_t dot = target.rfind('.'); dot != std::string_view::npos) target = target.substr(dot + 1);
    return !target.empty() && !unchanged_code_contains(old_text, f, target);
  }

  static bool in_import(const lang::SyntaxTree& tree, int line) {
    for (const lang::Import& imp : tree.imports())
      if (imp.node.contains_line(line)) return true;
    return false;
  }

  // An import, or a line of a function the PR adds whole: new code no other model runs yet.
  static bool pure_addition(const lang::SyntaxTree& tree, int line, const std::set<int>& added) {
    if (in_import(tree, line)) return true;
    auto fn = tree.enclosing_function(line);
    if (!fn) return false;
    for (int l = fn->start_line; l <= fn->end_line; ++l)
      if (!added.count(l)) return false;
    return true;
  }

  Finding report(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& tree, int line,
                 const std::string& scope, int tier, const std::string& why) const {
    bool arch = RE2::PartialMatch(scope, R"((?i)^(?:gfx|MI\d))");
    Finding x = finding();
    x.location = Location{f.path(), line};
    x.problem = fmt::format("The PR is scoped to {} (\"{}\") but changes `{}`, a shared Tier {} file{}, outside any "
                            "{} guard",
                            scope, ctx.pr.meta.title, f.path(), tier, why.empty() ? "" : " (" + why + ")",
                            arch ? "arch" : "model");
    x.impact = arch ? fmt::format("The changed line runs on every GPU arch this file serves, not only {}: the other "
                                  "archs (e.g. gfx942/MI300X and gfx950/MI355X) change behaviour without being "
                                  "benchmarked or validated",
                                  scope)
                    : fmt::format("The changed line runs for every model this file serves, not only {}: the other "
                                  "models built on it change behaviour without being validated",
                                  scope);
    x.action = fmt::format("Reviewer should ask for validation on the other {} this shared file serves (or for the "
                           "change to be gated on {})",
                           arch ? "archs" : "models", scope);
    x.evidence.push_back(evidence(f.path(), line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(SharedPathScope);

}  // namespace
}  // namespace rp
