// core-api-owner-signoff (aiter E5): a PR that rewrites existing code of a stable core file
// (the profile's core_api_files) needs its de-facto owner's sign-off; the owner is the file's
// top committer in git history.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "core/strings.h"
#include "analysis/intent_facts.h"
#include "rules/rule_base.h"
#include "source/git_source.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "core-api-owner-signoff",
    .category = Category::CrossRepo,
    .severity = Severity::Note,  // measured: under 70% true on the newest PR heads (README Accuracy); a note until re-measured
    .needs = Needs::Diff,
    .summary = "Existing code of a stable core-API file (fused_moe.py, mla.py, ops/attention.py, ...) is rewritten: the file's de-facto owner should sign off.",
    .docs = R"(What it catches (aiter E5): a PR that removes or rewrites code lines of one of the
profile's stable core-API files (aiter: `aiter/fused_moe.py`, `aiter/mla.py`,
`aiter/ops/attention.py`, `aiter/ops/mha.py`, `aiter/ops/quant.py`, `aiter/ops/gemm_op_a8w8.py`,
`aiter/ops/moe_op.py`, `aiter/jit/core.py`). aiter has no CODEOWNERS file: the de-facto owner
is the file's top committer, which the rule computes from the first-parent history of the
base (the last 2000 commits) when the review reads a git repository, and names. One finding
per PR, at the first such file, naming the other files and their owners.
Why it matters: these files are contracts ATOM, SGLang and vLLM build on; green CI covers the
models and shapes it knows, not every downstream call path (aiter: a fused_moe.py env knob
merged on CI and one approval and was reverted by the owner within the hour).
It is a process finding with no concrete failing input, so it is a warning, never red.
Does not fire on: pure additions (no existing code line removed: a new function, a new
arch-gated branch); changes that only touch comments, blank lines or move a line unchanged; lines of import
statements (imports regrouped, re-sorted or gathered into a parenthesised list);
rewrites that keep what the old line did for the inputs it handled (`if c:` chained as
`elif c:` behind a new arm, such as one gated by a new defaulted opt-in parameter; `t[k]` given
a fallback as `t.get(k, d)`; a local variable renamed throughout); docstring lines; lines of
reference/oracle functions kept in a core file (`torch_*`, `ref_*`, `naive_*`, `*_ref`), which no
downstream call path runs; formatter-only rewrites (the same code once whitespace, trailing commas and quote style are
set aside: a ruff/black pass);
files outside the profile's core list; profiles with no core list (ATOM, generic); rewrites
that change no public signature (a module-level function's name, parameters, defaults or return
annotation, the function not `_`-private), no number inside a function (a threshold, size or
cap), no branch condition (`if`/`elif`/`while`, `a if c else b`) and stay under 5 code lines (an import swapped, a registration flag, a build command:
ordinary review, not a contract change); PRs whose own commits
on the file are all by its de-facto owner (with git history). Review
approvals are not in the PR metadata review-pr reads, so an owner's approval does not silence
it: the reviewer checks that by eye.)"};

constexpr int kOwnerWalk = 2000;
// Rewritten code lines of a core file that make a contract change without touching a public
// signature: measured on the judged aiter heads, every true finding rewrote more, and the
// noise ones (a `.get()` fallback, an import swap, a build flag) one to three lines.
constexpr int kContractRewrite = 5;

// Code with whitespace, trailing commas and quote style removed: what a formatter (ruff,
// black) may change without changing behaviour.
std::string format_free(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch)) || ch == ',') continue;
    out += ch == '\'' ? '"' : ch;
  }
  return out;
}

// The numeric literals of code, as a set of their texts.
std::set<std::string> number_tokens(std::string_view code) {
  static const RE2 number(R"((?:^|[^\w.])(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\b)");
  std::set<std::string> out;
  re2::StringPiece in(code);
  std::string n;
  while (RE2::FindAndConsume(&in, number, &n)) out.insert(n);
  return out;
}

// Whether the file's removed and added code are the same modulo formatting.
bool formatting_only(const FileChange& f) {
  std::string removed, added;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines) {
      if (l.kind == DiffLine::Kind::Context || is_comment_only(l.text, true)) continue;
      (l.kind == DiffLine::Kind::Removed ? removed : added) += format_free(code_part(l.text, true));
    }
  return removed == added;
}

// Removed code lines of a file that the PR does not re-add verbatim (modulo whitespace): a
// line only moved or re-indented is not a rewrite. Nor is a line of an import statement, nor a line whose replacement in the same
// change block does what it did for every input it handled (`if` chained as `elif` after a new
// opt-in arm, a lookup given a fallback, a local rename), a docstring line, or a line of a
// reference/oracle function (`torch_moe_stage1`: the core file's test oracle, which no
// downstream call path runs). Returns the head-side line of the first such change block (0
// when none).
int first_rewrite_line(const FileChange& f, const lang::SyntaxTree* old, const std::string* head, int& rewritten,
                       bool& contract) {
  std::set<std::string> added;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == DiffLine::Kind::Added) added.insert(collapse_whitespace(l.text));
  // Lines of the base file's import statements: regrouping or re-sorting imports (isort, a
  // name moved into a parenthesised list) changes no behaviour of the API, and a name the PR
  // stops importing is the reading code's concern (undefined-name, api-propagation).
  std::set<int> import_lines;
  if (old)
    for (const lang::Import& imp : old->imports())
      for (int n = imp.node.start_line(); n <= imp.node.end_line(); ++n) import_lines.insert(n);
  int first = 0;
  for (const ChangeBlock& b : change_blocks(f))
    for (const DiffLine* l : b.removed) {
      if (trim(l->text).empty() || is_comment_only(l->text, true)) continue;
      if (added.count(collapse_whitespace(l->text))) continue;
      if (old && l->old_line > 0) {
        if (import_lines.count(l->old_line)) continue;
        if (old->line_is_comment(l->old_line)) continue;  // docstring
        auto fn = old->enclosing_function(l->old_line);
        if (fn && is_oracle_function_name(fn->name)) continue;
      }
      bool preserved = false;
      for (const DiffLine* a : b.added)
        preserved = preserved || behaviour_preserving_rewrite(code_part(l->text, true), code_part(a->text, true),
                                                              head ? std::string_view(*head) : std::string_view());
      if (preserved) continue;
      ++rewritten;
      if (old && l->old_line > 0) {
        // A line of a public function's header (its name, parameters, defaults, return
        // annotation): the call contract downstream code is written against.
        auto fn = old->enclosing_function(l->old_line);
        // (Decorator lines are the registration, not the call contract.)
        bool header = fn && fn->body && l->old_line < fn->body.start_line() && !trim(l->text).starts_with("@");
        if (header && !fn->name.starts_with("_") && fn->class_name.empty()) contract = true;
        // A threshold, size or cap changed inside a function: what the API computes or where it
        // routes by default changes, however short the edit.
        // So does a rewritten branch condition: the default route through the API moves.
        if (fn && !header) {
          std::string replacement;
          for (const DiffLine* a : b.added) replacement += std::string(code_part(a->text, true)) + "\n";
          if (number_tokens(code_part(l->text, true)) != number_tokens(replacement)) contract = true;
          static const RE2 branch(R"(^\s*(?:if|elif|while)\b|\bif\b.+\belse\b)");
          if (RE2::PartialMatch(code_part(l->text, true), branch)) contract = true;
        }
      }
      if (!first) first = b.head_line;
    }
  return first;
}

// Whether an added line sits in the header of a public module-level function of the head
// file: a new parameter (`out=`, `extern_buf=`) is a contract change even though it removes
// no line.
bool extends_public_signature(const FileChange& f, const lang::SyntaxTree* now) {
  if (!now) return false;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines) {
      if (l.kind != DiffLine::Kind::Added || l.new_line <= 0 || trim(l.text).starts_with("@")) continue;
      if (is_comment_only(l.text, true) || trim(l.text).empty()) continue;
      auto fn = now->enclosing_function(l.new_line);
      if (fn && fn->body && l.new_line < fn->body.start_line() && !fn->name.starts_with("_") && fn->class_name.empty())
        return true;
    }
  return false;
}

class CoreApiOwnerSignoff : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    std::vector<Hit> hits;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.status == FileStatus::Deleted || f.binary) continue;
      bool core = false;
      for (const std::string& p : ctx.profile.core_api_files) core = core || f.path() == p;
      if (!core) continue;
      Hit h{&f, 0, 0, {}, {}};
      const lang::SyntaxTree* old = f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      bool contract = false;
      h.line = first_rewrite_line(f, old, ctx.workspace.new_text(f.new_path), h.rewritten, contract);
      if (!h.line || formatting_only(f)) continue;
      if (!contract) contract = extends_public_signature(f, ctx.workspace.new_tree(f.new_path));
      // A contract change: a public signature, a threshold or size the code decides by, or a
      // rewrite large enough to change what the API does. A short edit that changes none of
      // them (an import swapped, a registration flag, a build command) is ordinary review.
      if (!contract && h.rewritten < kContractRewrite) continue;
      h.owner = owner_of(ctx, f.path(), h.name);
      if (!h.name.empty() && owners_own_change(ctx, f.path(), h.name)) continue;
      hits.push_back(std::move(h));
    }
    if (!hits.empty()) out.push_back(report(ctx, hits));  // one finding per PR
  }

 private:
  struct Hit {
    const FileChange* file;
    int line, rewritten;
    std::string owner, name;  // "" without git history
  };

  // "name (N of the last M commits that changed the file)", or "" without history.
  static std::string owner_of(const ReviewContext& ctx, const std::string& path, std::string& name) {
    if (!ctx.git || ctx.pr.base_rev.empty()) return {};
    // The owner of the code being changed: history up to the base, not the PR's own commit.
    auto counts = ctx.git->author_counts(ctx.pr.base_rev, path, kOwnerWalk);
    if (!counts.ok() || counts->empty()) return {};
    int best = 0, total = 0;
    for (const auto& [who, n] : *counts) {
      total += n;
      if (n > best) best = n, name = who;
    }
    return fmt::format("{} ({} of the {} commits that changed it among the last {} first-parent commits)", name, best,
                       total, kOwnerWalk);
  }

  // Whether the PR's own commits that touch `path` are all by `owner`: asking the owner to sign
  // off their own change says nothing. The PR's commits are the ones the head's first-parent
  // history has and the base's has not.
  static bool owners_own_change(const ReviewContext& ctx, const std::string& path, const std::string& owner) {
    if (!ctx.git || ctx.pr.base_rev.empty() || ctx.pr.head_rev.empty()) return false;
    auto at_head = ctx.git->author_counts(ctx.pr.head_rev, path, kOwnerWalk);
    auto at_base = ctx.git->author_counts(ctx.pr.base_rev, path, kOwnerWalk);
    if (!at_head.ok() || !at_base.ok()) return false;
    bool any = false;
    for (const auto& [who, n] : *at_head) {
      auto b = at_base->find(who);
      int mine = n - (b == at_base->end() ? 0 : b->second);
      if (mine <= 0) continue;
      if (who != owner) return false;
      any = true;
    }
    return any;
  }

  Finding report(const ReviewContext& ctx, const std::vector<Hit>& hits) const {
    const Hit& h = hits[0];
    const std::string& path = h.file->path();
    Finding x = finding();
    x.location = Location{path, h.line};
    x.problem = fmt::format("The PR rewrites {} existing code line(s) of `{}`, a stable core API that ATOM, SGLang and "
                            "vLLM consume{}",
                            h.rewritten, path, h.owner.empty() ? "" : "; its de-facto owner is " + h.owner);
    std::vector<std::string> others, names;
    for (const Hit& o : hits) {
      if (!o.name.empty() && std::find(names.begin(), names.end(), o.name) == names.end()) names.push_back(o.name);
      if (&o == &h) continue;
      others.push_back(fmt::format("`{}`{}", o.file->path(), o.name.empty() ? "" : " (owner " + o.name + ")"));
      x.related.push_back(Location{o.file->path(), o.line});
    }
    if (!others.empty()) x.problem += fmt::format("; also {}", join_and(others));
    x.impact = "A behaviour, signature or default-dispatch change here reaches every downstream caller; CI covers only "
               "the models and shapes it knows, so such changes need the owner's explicit approval before merge, not "
               "CI plus one approve";
    x.action = names.empty()
                   ? fmt::format("Reviewer should ask the file's top committer (`git log --format=%an -- {} | sort | "
                                 "uniq -c | sort -rn | head -1`) for sign-off, with an @-mention in a PR comment",
                                 path)
                   : fmt::format("Reviewer should ask {} for sign-off: @-mention them in a PR comment with a one-line "
                                 "summary of the contract change",
                                 join_and(names));
    const lang::SyntaxTree* tree = ctx.workspace.new_tree(path);
    x.evidence.push_back(evidence(path, h.line, tree ? tree->line_text(h.line) : std::string_view()));
    return x;
  }
};

REGISTER_RULE(CoreApiOwnerSignoff);

}  // namespace
}  // namespace rp
