// claim-without-code: the description says the PR adds a knob the code never mentions.
#include <algorithm>
#include <set>
#include <string>

#include <fmt/format.h>
#include <re2/re2.h>

#include "rules/facts.h"
#include "rules/perf_facts.h"
#include "rules/rule.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "claim-without-code",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Description,
    .codes = {.atom = "S6.3", .aiter = "S6.3"},
    .summary = "The description says the PR adds or makes something configurable through an env var that no line "
               "of the diff (or the head tree) mentions.",
    .docs = R"doc(What it catches: an environment variable with the profile's prefix (AITER_, ATOM_) that
the description presents as part of this change ("made configurable via AITER_X", "adds
ATOM_Y", "new flag AITER_Z", "controlled by ...") while no line of the diff (added, removed or
context) mentions it, and, when the head tree is available, no Python file of the head tree
does either. When the diff does use a variable with the same words in another order, the
finding names it.
Why it matters: the description is what reviewers and users read. A knob that is described
but does not exist (a renamed variable, a plan that never landed, a generated description)
sends operators to set a variable nothing reads, and hides what the code actually does
(checklist Step 6, claim versus code).
Does not fire on: variables named in code blocks (commands that set existing variables);
mentions without an introducing word ("set AITER_LOG_LEVEL=1 to see the logs"); variables the
diff or the head tree mentions; PRs without a diff.)doc"};

std::string token_key(const std::string& name) {
  std::vector<std::string> parts;
  std::size_t pos = 0;
  while (pos <= name.size()) {
    std::size_t u = name.find('_', pos);
    parts.push_back(name.substr(pos, u == std::string::npos ? std::string::npos : u - pos));
    if (u == std::string::npos) break;
    pos = u + 1;
  }
  std::sort(parts.begin(), parts.end());
  std::string key;
  for (const auto& p : parts) key += p + "_";
  return key;
}

class ClaimWithoutCode : public Rule {
 public:
  const RuleInfo& info() const override { return kInfo; }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    if (ctx.pr.changes.files.empty() || ctx.profile.env_prefixes.empty()) return;
    std::string prefixes;
    for (const std::string& p : ctx.profile.env_prefixes) prefixes += (prefixes.empty() ? "" : "|") + p;
    const RE2 var("\\b((?:" + prefixes + ")[A-Z0-9_]{3,})\\b");
    static const RE2 kIntro(
        R"re((?i)\b(?:new|adds?|added|adding|introduc\w*|configurable|via|controlled\s+by|gated?\s+by|flag|knob|env(?:ironment)?\s*var\w*|exposes?)\b)re");

    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    std::vector<std::pair<std::string, std::string>> claimed;  // name, line
    for (const text::TextLine& tl : d.doc.lines) {
      if (tl.kind == text::LineKind::Code || !RE2::PartialMatch(tl.text, kIntro)) continue;
      re2::StringPiece in(tl.text);
      std::string name;
      while (RE2::FindAndConsume(&in, var, &name))
        if (std::none_of(claimed.begin(), claimed.end(), [&](auto& c) { return c.first == name; }))
          claimed.push_back({name, tl.text});
    }
    if (claimed.empty()) return;

    std::set<std::string> in_diff;
    for (const FileChange& f : ctx.pr.changes.files)
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines) {
          re2::StringPiece in(l.text);
          std::string name;
          while (RE2::FindAndConsume(&in, var, &name)) in_diff.insert(name);
        }
    std::set<std::string> in_tree;
    if (const TreeReader* head = ctx.workspace.head_tree()) {
      std::string alt;
      for (const auto& c : claimed)
        if (!in_diff.count(c.first)) alt += (alt.empty() ? "" : "|") + c.first;
      if (!alt.empty()) in_tree = python_tree_captures(*head, RE2("\\b(" + alt + ")\\b"));
    }
    for (const auto& [name, line] : claimed) {
      if (in_diff.count(name) || in_tree.count(name)) continue;
      std::string similar;
      for (const std::string& other : in_diff)
        if (token_key(other) == token_key(name)) similar = other;
      Finding x = finding();
      x.problem = fmt::format("The description presents `{}` as part of this change, but no line of the diff{} mentions it",
                              name, ctx.workspace.head_tree() ? " or the head tree" : "");
      if (!similar.empty()) x.problem += fmt::format(" (the diff uses `{}`)", similar);
      x.impact = "Operators would set a variable nothing reads, and the description hides what the code actually does";
      x.action = fmt::format("Author must make the description name the variable the code reads, or add `{}`", name);
      x.evidence.push_back(std::string(trim(line)).substr(0, 300));
      x.verified = true;
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(ClaimWithoutCode);

}  // namespace
}  // namespace rp
