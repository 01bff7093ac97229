// aiter-usage-without-pr (ATOM): the PR starts using an aiter symbol ATOM never used, or passes
// a new keyword to an aiter call, and its description links no aiter PR or version.
#include <map>

#include <re2/re2.h>

#include "analysis/aiter_calls.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "aiter-usage-without-pr",
    .category = Category::CrossRepo,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "New aiter symbol (never used in ATOM before) or new keyword on an existing aiter call, with no aiter PR/version named in the description.",
    .docs = R"(What it catches (ATOM): in ATOM's own Python code, (a) a name imported from `aiter` /
`aiter.*` that appears nowhere in the base tree's Python — the first use of that aiter symbol —
or (b) a keyword argument on an added line of a call to an aiter function (imported from aiter,
or reached through an `import aiter` alias) that no call to the same function in the old version
of the file passed; and the title, description and comments name no aiter PR, commit or version
(`ROCm/aiter/pull/N`, `aiter#N`, "aiter PR", an aiter commit or version bump).
Why it matters: a kwarg or symbol that exists only on an unmerged or unreleased aiter branch
makes ATOM fail with TypeError/ImportError for everyone on the released aiter (ATOM: `emit_bf16=True`
needed an aiter PR that had not landed).
A note: on ATOM's history about a third of such first uses needed an aiter change merged within
days; the rest used aiter API that had existed for months, which the rule cannot tell apart
without aiter's tree.
Does not fire on: reviews without the PR description (a git-only review cannot see the link);
aiter names already used somewhere in ATOM before the PR; keywords the old file already passed
to the same function; calls to functions first used in this PR (the import finding covers them);
tests; descriptions that link an aiter PR or state the aiter version.)"};

struct Item {
  std::string path;
  int line = 0;
  std::string text;  // "new aiter symbol `x`" / "new keyword `k=` on aiter `f(...)`"
  std::string code;
};

class AiterUsageWithoutPr : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    // aiter calling aiter is not a cross-repo dependency.
    if (ctx.profile.op_library || !ctx.pr.meta.has_description || links_aiter(ctx.pr.meta)) return;
    std::vector<Item> items;
    std::map<std::string, Item> new_symbols;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (!ctx.profile.package.empty() && !ctx.profile.in_package(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const lang::SyntaxTree* neu = ctx.workspace.new_tree(f.new_path);
      if (!neu) continue;
      const lang::SyntaxTree* old = f.status == FileStatus::Added ? nullptr : ctx.workspace.old_tree(f.path());
      AiterBindings now = aiter_bindings(*neu);
      std::set<std::string> old_imported;
      if (old)
        for (auto& [bound, name] : aiter_bindings(*old).names) old_imported.insert(name);
      for (auto& [name, line] : now.lines)
        if (!old_imported.count(name) && added.count(line) && !new_symbols.count(name))
          new_symbols[name] = Item{f.new_path, line, "new aiter symbol `" + name + "`", std::string(neu->line_text(line))};
      if (old)
        for (const NewAiterKeyword& k : new_aiter_keywords(*neu, *old, added))
          items.push_back(Item{f.new_path, k.line, "new keyword `" + k.keyword + "=` on aiter `" + k.function + "(...)`",
                               std::string(neu->line_text(k.line))});
    }
    drop_known_symbols(ctx, new_symbols);
    for (auto& [name, item] : new_symbols) items.push_back(item);
    if (items.empty()) return;
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
      return std::tie(a.path, a.line) < std::tie(b.path, b.line);
    });
    Finding x = finding();
    x.location = Location{items[0].path, items[0].line};
    x.problem = "The PR relies on aiter API that ATOM did not use before (";
    for (size_t i = 0; i < items.size() && i < 5; ++i) {
      x.problem += (i ? "; " : "") + items[i].text;
      if (i) x.related.push_back(Location{items[i].path, items[i].line});
      x.evidence.push_back(evidence(items[i].path, items[i].line, items[i].code));
    }
    if (items.size() > 5) x.problem += "; and " + std::to_string(items.size() - 5) + " more";
    x.problem += ") and the description names no aiter PR, commit or version";
    x.impact = "If the symbol or keyword exists only on an unmerged or unreleased aiter branch, every ATOM user on "
               "the released aiter gets ImportError/TypeError on this path";
    x.action = "Reviewer should ask which aiter PR, commit or release provides it, and keep this PR unmerged until "
               "that aiter change has landed";
    x.verified = false;
    out.push_back(std::move(x));
  }

 private:
  // Names already present anywhere in the base tree's Python are known aiter API.
  static void drop_known_symbols(const ReviewContext& ctx, std::map<std::string, Item>& symbols) {
    if (symbols.empty()) return;
    const TreeReader* base = ctx.workspace.base_tree();
    if (!base) {
      symbols.clear();
      return;
    }
    std::string alt;
    for (auto& [name, item] : symbols) {
      if (!alt.empty()) alt += '|';
      alt += RE2::QuoteMeta(name);
    }
    RE2 pattern("\\b(" + alt + ")\\b");
    for (const std::string& seen : python_tree_captures(*base, pattern)) symbols.erase(seen);
  }
};

REGISTER_RULE(AiterUsageWithoutPr);

}  // namespace
}  // namespace rp
