// aiter-keyword-before-merge (ATOM): a keyword that the aiter change the description waits for
// adds is sent on an existing aiter call unconditionally, so every caller needs that aiter change.
#include <re2/re2.h>

#include <string>
#include <vector>

#include "analysis/aiter_calls.h"
#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "aiter-keyword-before-merge",
    .category = Category::CrossRepo,
    .severity = Severity::Warn,
    .needs = Needs::FullText,
    .summary = "New keyword on an existing aiter call, sent on every call, while the description says the aiter PR that adds it has not landed.",
    .docs = R"(What it catches (ATOM): the description names an aiter PR as a prerequisite that has not
landed ("Please merge this PR after ROCm/aiter/pull/N", "Depends on aiter#N", "requires ...",
"waiting for ...", "once ... is merged"), and an added line passes a keyword to an aiter
function that ATOM already called in that file without it (so the keyword is the new API),
on a path that does not test the keyword's own value first: the call sends it whatever the
value, typically its neutral default (`pad=self.pad` with `pad == 0` for most models).
Why it matters: until the aiter PR is merged and installed, that call raises TypeError
(unexpected keyword) for every caller, including the models that never use the new feature;
ATOM builds against aiter's main, so an ATOM merge ahead of the aiter one breaks everyone
(ATOM: `x_pad_to_multiple=` forwarded to the fused all-reduce RMSNorm for every TP>1 model
before the aiter PR adding it had merged).
Does not fire on: descriptions that name no aiter PR, or name one without asking to wait for
it (aiter-usage-without-pr covers an unlinked new keyword); keywords the old file already
passed to that function; calls of aiter functions the file did not call before; a call under
a condition that tests the keyword's value or name (`if pad > 0: f(x, pad=pad)`: only callers
of the feature need the new aiter); files that probe for the keyword (its name as a string,
as in `"pad" in inspect.signature(f).parameters`); a call inside `try` whose handler catches
TypeError; tests; the aiter profile.)"};

// The names a condition must mention to gate the keyword: the keyword itself and the last
// identifier of its value (`self.x_pad` -> "x_pad").
std::vector<std::string> gate_names(const NewAiterKeyword& k) {
  std::vector<std::string> out{k.keyword};
  std::string v(k.value.text());
  static const RE2 last(R"(([A-Za-z_][A-Za-z0-9_]*)\s*$)");
  std::string id;
  if (RE2::PartialMatch(v, last, &id) && id != k.keyword && id != "True" && id != "False" && id != "None")
    out.push_back(id);
  return out;
}

bool mentions(std::string_view text, const std::vector<std::string>& names) {
  for (const std::string& n : names)
    if (RE2::PartialMatch(text, RE2("\\b" + RE2::QuoteMeta(n) + "\\b"))) return true;
  return false;
}

// Whether the call sits under a condition that tests the keyword (inside its function), or
// inside a `try` that catches TypeError.
bool gated(lang::Node call, const std::vector<std::string>& names) {
  for (lang::Node p = call.parent(); p; p = p.parent()) {
    if (is(p, NodeKind::FunctionDef) || is(p, NodeKind::ClassDef) || is(p, NodeKind::Module)) break;
    lang::Node cond;
    if (is(p, NodeKind::If) || is(p, NodeKind::Elif) || is(p, NodeKind::While)) cond = p.child_by_field("condition");
    else cond = ternary_condition(p);
    if (cond && !(cond.start_byte() <= call.start_byte() && call.end_byte() <= cond.end_byte()) &&
        mentions(cond.text(), names))
      return true;
    if (is(p, NodeKind::Try))
      for (lang::Node c : p.named_children())
        if (is(c, NodeKind::Except) && RE2::PartialMatch(c.text(), R"(^except\b[^:]*\bTypeError\b)")) return true;
  }
  return false;
}

struct Item {
  std::string path;
  int line = 0;
  std::string text;
  std::string code;
};

struct Pending {
  std::string prerequisite;  // "aiter#3265", "" = the rule has nothing to say
  std::vector<Item> items;
};

class AiterKeywordBeforeMerge : public FileRuleWithState<kInfo, Pending> {
 private:
  Pending prepare(const ReviewContext& ctx) const override {
    Pending s;
    if (!ctx.profile.op_library) s.prerequisite = aiter_prerequisite(ctx.pr.meta);
    return s;
  }

  void check_file(const ReviewContext& ctx, Pending& s, const FileChange& f, std::vector<Finding>&) const override {
    if (s.prerequisite.empty()) return;
    if (f.binary || f.new_path.empty() || f.status == FileStatus::Added || !is_python(f.new_path) ||
        is_test_path(f.new_path))
      return;
    if (!ctx.profile.package.empty() && !ctx.profile.in_package(f.new_path)) return;
    std::set<int> added = added_line_numbers(f);
    if (added.empty()) return;
    const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
    const lang::SyntaxTree* old = neu ? ctx.workspace.old_tree(f.path()) : nullptr;
    if (!neu || !old) return;
    for (const NewAiterKeyword& k : new_aiter_keywords(*neu, *old, added)) {
      std::vector<std::string> names = gate_names(k);
      if (gated(k.call, names)) continue;
      bool probed = false;  // the keyword's name as a string: a signature or feature probe
      for (const lang::Literal& lit : neu->string_literals())
        if (lit.value == k.keyword) probed = true;
      if (probed) continue;
      s.items.push_back(Item{f.new_path, k.line,
                             "`" + k.keyword + "=` on aiter `" + k.function + "(...)`",
                             std::string(neu->line_text(k.line))});
    }
  }

  void totals(const ReviewContext&, Pending& s, std::vector<Finding>& out) const override {
    if (s.items.empty()) return;
    std::sort(s.items.begin(), s.items.end(),
              [](const Item& a, const Item& b) { return std::tie(a.path, a.line) < std::tie(b.path, b.line); });
    Finding x = finding();
    x.location = Location{s.items[0].path, s.items[0].line};
    x.problem = "New keyword ";
    for (size_t i = 0; i < s.items.size() && i < 5; ++i) {
      x.problem += (i ? "; " : "") + s.items[i].text;
      if (i) x.related.push_back(Location{s.items[i].path, s.items[i].line});
      x.evidence.push_back(evidence(s.items[i].path, s.items[i].line, s.items[i].code));
    }
    if (s.items.size() > 5) x.problem += "; and " + std::to_string(s.items.size() - 5) + " more";
    x.problem += " is sent on every call, not only when its feature is used, while the description says the PR "
                 "waits for " + s.prerequisite;
    x.impact = "Until " + s.prerequisite + " is merged and installed, this call raises TypeError (unexpected "
               "keyword) for every caller, including those that never use the new feature";
    x.action = "Author must pass the keyword only when its value differs from the default (or check the aiter "
               "signature), or keep this PR unmerged until " + s.prerequisite + " has landed in the aiter ATOM "
               "builds against";
    x.verified = false;
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(AiterKeywordBeforeMerge);

}  // namespace
}  // namespace rp
