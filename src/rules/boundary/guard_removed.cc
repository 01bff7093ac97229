// guard-removed: an assert / TORCH_CHECK / CHECK deleted from code whose subject is no longer
// checked anywhere in the head file (deterministic bar 24 as a located finding).
#include <re2/re2.h>

#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "guard-removed",
    .category = Category::Boundary,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "An assert / TORCH_CHECK / CHECK is deleted and nothing in the head file checks its subject any more.",
    .docs = R"(What it catches: a removed code line (not a comment, not a test file) that is a guard —
Python `assert <cond>`, C/C++ `TORCH_CHECK(`, `AITER_CHECK(`, `TORCH_INTERNAL_ASSERT(`,
`CHECK(`/`CHECK_EQ(`..., `assert(` — whose condition is not re-added anywhere in the PR, and
where the head file still uses every name the condition tested but no assert/CHECK/if/raise
line of the head file tests all of them together. One finding per guard (at most three per
file), at the head line that replaced it.
Why it matters: the guard turned a bad shape, dtype or layout into a clear error at the call;
without it the kernel runs on the bad input and returns wrong numbers or faults later, far from
the cause. Deleting it is a behaviour change a reviewer should see named.
Does not fire on: limitations the PR lifts (in the base function nothing but the guard read its
subjects, and the PR adds code there that reads each of them: `assert scale is None, "not
supported"` dropped while the new code passes `scale` on, an extent CHECK dropped while the new
code picks a kernel by the extent); guards moved or rewritten (the same condition, or a check of the same names,
elsewhere in the head file or on an added line of the PR; a guard replaced by another guard in
the same change block, e.g. a relaxed TORCH_CHECK, or a guard of the same names added in the
same hunk, multi-line asserts included: `assert BN == 256` relaxed to
`assert (\n BN in (64, 256)\n)` whose `assert (` line git shows unchanged); guards whose subject is gone from the
file (the code they protected was removed too); guards whose function or class left the file
and is defined again on an added line elsewhere in the PR (moved into another module: its new
home is where the guard lives or not); guards under a comment that states a
requirement (`must`, `requires`, `assumes`, `invariant`): invariant-reversal (D4) reports those;
PRs titled "Revert ..."; test files; comment-only lines. `torch.zeros` and `.contiguous()`
removals are only routed (PR type "invariant removed") and left to invariant-reversal.)"};

const std::set<std::string>& not_subjects() {
  static const std::set<std::string> s = {
      "and", "or", "not", "is", "in", "None", "True", "False", "isinstance", "len", "torch", "int", "float", "str",
      "bool", "tuple", "list", "dict", "type", "std", "at", "kFloat", "kHalf", "kBFloat16", "dtype", "size", "dim",
      "shape", "numel", "device", "is_contiguous", "scalar_type", "nullptr", "true", "false", "sizeof", "static_cast",
      "hasattr", "getattr", "all", "any", "max", "min", "abs", "self", "this"};
  return s;
}

// The condition of a guard line ("" when the line is not a guard): text after `assert` up to a
// top-level comma, or inside the macro's parentheses up to a top-level comma.
std::string guard_condition(std::string_view code, bool python) {
  static const RE2 py_assert(R"(^\s*assert\s+(.*)$)");
  static const RE2 c_guard(
      R"(^\s*(?:TORCH_CHECK|AITER_CHECK|TORCH_INTERNAL_ASSERT|CHECK|CHECK_EQ|CHECK_NE|CHECK_LE|CHECK_LT|CHECK_GE|CHECK_GT|assert)\s*\((.*)$)");
  std::string rest;
  if (python ? !RE2::FullMatch(code, py_assert, &rest) : !RE2::FullMatch(code, c_guard, &rest)) return "";
  int depth = 0;
  std::string out;
  for (char c : rest) {
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) break;
      --depth;
    }
    if (c == ',' && depth == 0) break;
    out.push_back(c);
  }
  return collapse_whitespace(out);
}

std::set<std::string> subjects(const std::string& cond) {
  static const RE2 ident(R"(\b([A-Za-z_]\w*)\b)");
  std::set<std::string> out;
  re2::StringPiece in(cond);
  std::string id;
  while (RE2::FindAndConsume(&in, ident, &id))
    if (!not_subjects().count(id) && !std::isdigit(static_cast<unsigned char>(id[0]))) out.insert(id);
  return out;
}

bool has_word(std::string_view text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    bool left = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
    size_t e = at + word.size();
    bool right = e >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_');
    if (left && right) return true;
  }
  return false;
}

// Whether some check line of the head text tests every subject name.
bool rechecked(const std::string& head, const std::set<std::string>& names, bool python) {
  static const RE2 check(R"(\bassert\b|CHECK|\braise\b|\bif\b|\belif\b|\bthrow\b|ASSERT)");
  size_t start = 0;
  while (start <= head.size()) {
    size_t end = head.find('\n', start);
    if (end == std::string::npos) end = head.size();
    std::string_view line(head.data() + start, end - start);
    std::string_view code = code_part(line, python);
    if (RE2::PartialMatch(code, check)) {
      bool all = true;
      for (const std::string& n : names) all = all && has_word(code, n);
      if (all) return true;
    }
    start = end + 1;
  }
  return false;
}

// A comment in the few old-side lines above `at` (same hunk) that states a requirement: the
// invariant-reversal rule (D4) owns those removals.
bool requirement_comment_above(const Hunk& h, const DiffLine* at, bool python) {
  static const RE2 req(R"((?i)\b(?:must|requires?|required|expects?|assumes?|invariant)\b)");
  std::vector<const DiffLine*> old_side;
  for (const DiffLine& l : h.lines) {
    if (&l == at) break;
    if (l.kind != DiffLine::Kind::Added) old_side.push_back(&l);
  }
  for (size_t i = old_side.size(), n = 0; i-- > 0 && n < 3; ++n) {
    std::string_view c = comment_part(old_side[i]->text, python);
    if (!c.empty() && RE2::PartialMatch(c, req)) return true;
    if (c.empty() && !trim(old_side[i]->text).empty()) break;
  }
  return !comment_part(at->text, python).empty() && RE2::PartialMatch(comment_part(at->text, python), req);
}

// What the rule prepares once per PR.
struct GuardRemovedPr {
  bool revert = false;
  std::string added_code;  // every added line of the PR, to find moved guards
  NewCode new_code;
};

class GuardRemoved : public FileRuleWithState<kInfo, GuardRemovedPr> {
 public:
  GuardRemovedPr prepare(const ReviewContext& ctx) const override {
    static const RE2 revert(R"((?i)^\s*revert\b)");
    if (RE2::PartialMatch(ctx.pr.meta.title, revert)) return {true, {}, NewCode(ChangeSet{})};
    std::string added_code;
    for (const AddedLine& a : added_lines(ctx.pr.changes)) added_code += collapse_whitespace(a.line->text) + "\n";
    return {false, std::move(added_code), NewCode(ctx.pr.changes)};
  }
  void check_file(const ReviewContext& ctx, GuardRemovedPr& pr, const FileChange& file,
                  std::vector<Finding>& out) const override {
    if (pr.revert) return;
    const std::string& added_code = pr.added_code;
    const NewCode& new_code = pr.new_code;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || is_test_path(f.new_path)) continue;
      bool python = is_python(f.new_path);
      if (!python && !is_cpp_family(f.new_path)) continue;
      const std::string* head = ctx.workspace.new_text(f.new_path);
      if (!head) continue;
      // Removed lines whose change block adds a guard of its own: the guard was changed
      // (relaxed, split, re-worded), not dropped.
      std::set<const DiffLine*> replaced;
      for (const ChangeBlock& b : change_blocks(f)) {
        bool adds_guard = false;
        for (const DiffLine* a : b.added) adds_guard = adds_guard || !guard_condition(code_part(a->text, python), python).empty();
        if (adds_guard) replaced.insert(b.removed.begin(), b.removed.end());
      }
      // Guard statements the PR adds or rewrites, per hunk, read whole from the head tree: a
      // multi-line `assert (` whose first line is unchanged context still makes its added
      // condition lines a guard, which the line-wise test above cannot see.
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      int reported = 0;
      for (const Hunk& h : f.hunks) {
        std::vector<std::string> hunk_guards;
        if (tree)
          for (const DiffLine& l : h.lines)
            if (l.kind == DiffLine::Kind::Added && l.new_line > 0 && line_in_guard_statement(*tree, l.new_line))
              hunk_guards.push_back(std::string(tree->statement_at(l.new_line).text()));
        for (const DiffLine& l : h.lines) {
          if (reported >= 3 || l.kind != DiffLine::Kind::Removed || is_comment_only(l.text, python) ||
              replaced.count(&l))
            continue;
          std::string cond = guard_condition(code_part(l.text, python), python);
          if (cond.size() < 3 || added_code.find(cond) != std::string::npos) continue;
          std::set<std::string> names = subjects(cond);
          if (names.empty()) continue;
          bool present = true;
          for (const std::string& n : names) present = present && has_word(*head, n);
          if (!present || rechecked(*head, names, python) || requirement_comment_above(h, &l, python)) continue;
          // Relaxed in place: a guard added in the same hunk tests the same names.
          bool relaxed = false;
          for (const std::string& g : hunk_guards) {
            bool all = true;
            for (const std::string& n : names) all = all && has_word(g, n);
            relaxed = relaxed || all;
          }
          if (relaxed) continue;
          if (moved_with_its_definition(ctx, f, l.old_line, added_code) || deleted_with_its_function(ctx, f, l.old_line))
            continue;
          if (limitation_lifted(ctx, f, l.old_line, names, new_code)) continue;
          report(f, h, l, cond, out);
          ++reported;
        }
      }
    }
  }

 private:
  // Whether the guard was a limitation the PR lifts: in the base function nothing but the guard
  // read its subjects (a parameter or a value computed only to be checked, `assert k_scale is
  // None`, `CHECK(extent < 2^32)`), and the PR adds new code in that function that reads each
  // of them (passes the scale on, selects a kernel by the extent). The rejected case is now
  // handled, not let through. A guard on a value the function already used elsewhere (a shape
  // check on a tensor it computes with) is still reported.
  static bool limitation_lifted(const ReviewContext& ctx, const FileChange& f, int old_line,
                                const std::set<std::string>& names, const NewCode& new_code) {
    if (f.old_path.empty() || old_line <= 0) return false;
    const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path);
    const lang::SyntaxTree* now = ctx.workspace.new_tree(f.new_path);
    if (!old || !now) return false;
    auto fn = old->enclosing_function(old_line);
    if (!fn || !fn->body) return false;
    bool python = is_python(f.new_path);
    lang::Node guard = old->statement_at(old_line);
    int guard_first = guard ? guard.start_line() : old_line, guard_last = guard ? guard.end_line() : old_line;
    // A read of `name`: the word left after dropping where it is bound (`name = ...`) or names
    // a keyword (`f(name=...)`); `f(name=name)` still reads it.
    auto reads = [&](std::string_view code, const std::string& name) {
      if (!has_word(code, name)) return false;
      std::string rest(code);
      RE2 binds("(^|[^\\w.])" + RE2::QuoteMeta(name) + "\\s*=([^=]|$)");
      RE2::GlobalReplace(&rest, binds, "\\1 \\2");
      return has_word(rest, name);
    };
    for (int l = fn->body.start_line(); l <= fn->end_line; ++l) {
      if (l >= guard_first && l <= guard_last) continue;
      std::string_view code = code_part(old->line_text(l), python);
      for (const std::string& n : names)
        if (reads(code, n)) return false;
    }
    const lang::Function* head_fn = nullptr;  // into the tree's own list, alive as long as `now`
    for (const lang::Function& g : now->functions())
      if (g.qualified == fn->qualified) head_fn = &g;
    if (!head_fn) return false;
    std::set<std::string> unread = names;
    for (int l : new_code.new_lines(f, now)) {
      if (l < head_fn->start_line || l > head_fn->end_line || line_in_guard_statement(*now, l)) continue;
      std::string_view code = code_part(now->line_text(l), python);
      for (auto it = unread.begin(); it != unread.end();) it = reads(code, *it) ? unread.erase(it) : std::next(it);
    }
    return unread.empty();
  }

  // Whether the function holding the removed guard is deleted with it: no function of that name
  // is left in the file and the file no longer names it (its callers went too). No input
  // reaches code that is gone, so nothing the guard rejected gets through.
  static bool deleted_with_its_function(const ReviewContext& ctx, const FileChange& f, int old_line) {
    if (f.old_path.empty() || old_line <= 0) return false;
    const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path);
    const lang::SyntaxTree* now = ctx.workspace.new_tree(f.new_path);
    const std::string* head = ctx.workspace.new_text(f.new_path);
    if (!old || !now || !head) return false;
    auto fn = old->enclosing_function(old_line);
    if (!fn) return false;
    for (const lang::Function& g : now->functions())
      if (g.qualified == fn->qualified) return false;
    return !has_word(*head, fn->name);
  }

  // Whether the function or class holding the removed guard left this file and a definition of
  // the same name is added elsewhere in the PR: the guard moved with its code (a class split
  // into its own module), and whether it survived is a question about the new home, whose
  // checks this file cannot show.
  static bool moved_with_its_definition(const ReviewContext& ctx, const FileChange& f, int old_line,
                                        const std::string& added_code) {
    if (f.old_path.empty() || old_line <= 0) return false;
    const lang::SyntaxTree* old = ctx.workspace.old_tree(f.old_path);
    const lang::SyntaxTree* now = ctx.workspace.new_tree(f.new_path);
    if (!old || !now) return false;
    // A method moves with its class: `forward` alone is defined in too many places to say so.
    std::string name;
    if (auto cls = old->enclosing_class(old_line)) name = cls->name;
    else if (auto fn = old->enclosing_function(old_line)) name = fn->name;
    if (name.empty()) return false;
    for (const lang::Function& fn : now->functions())
      if (fn.name == name) return false;
    for (const lang::ClassDef& c : now->classes())
      if (c.name == name) return false;
    RE2 defined("(?m)^(?:async )?(?:def|class) " + RE2::QuoteMeta(name) + "\\b");
    return RE2::PartialMatch(added_code, defined);
  }

  void report(const FileChange& f, const Hunk& h, const DiffLine& removed, const std::string& cond,
              std::vector<Finding>& out) const {
    int line = 0;
    for (const ChangeBlock& b : change_blocks(f))
      for (const DiffLine* r : b.removed)
        if (r == &removed) line = b.head_line;
    if (!line) line = h.new_start;
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "The guard `" + cond.substr(0, 100) + "` (old line " + std::to_string(removed.old_line) +
                ") is deleted and nothing in " + f.new_path + " checks those names any more";
    x.impact = "Inputs the guard rejected now reach the code below it: a wrong shape, dtype or layout runs and "
               "gives wrong output or a fault far from the cause";
    x.action = "Reviewer should ask why the guard is no longer needed (what now guarantees `" + cond.substr(0, 60) +
               "`), or have it restored";
    x.evidence.push_back(f.old_path + ":" + std::to_string(removed.old_line) + ": -" +
                         std::string(trim(removed.text)).substr(0, 150));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(GuardRemoved);

}  // namespace
}  // namespace rp
