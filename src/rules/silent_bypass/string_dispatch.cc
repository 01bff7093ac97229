// string-dispatch: a branch that compares a parameter against the string spelling of an enum
// member (quant_type == "per_token") while callers may pass the enum or an alias.
#include <re2/re2.h>

#include <cctype>
#include <map>
#include <set>
#include <string>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "index/knowledge.h"
#include "index/repo_index.h"
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "string-dispatch",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Branch compares a parameter with a raw string (\"per_token\") while the value also arrives as an enum member or alias (the file uses the enum, or a callee normalises it), without normalising it.",
    .docs = R"(What it catches: an added if/elif/conditional-expression condition that compares a
function parameter with `==`/`!=`/`in` against a string literal that spells a member of an
enum the code also uses (`quant_type == "per_token"` while `QuantType.per_Token` exists: the
literal equals the member name ignoring case; a file that names aiter's `QuantType` knows all
of its per_Tensor/per_Token/per_1x32/per_1x128/per_128x128 members), where the function does not normalise the
parameter first (`.lower()`, `.name`, `.value`, `str(...)`, an enum constructor or lookup,
an `isinstance` test).
The same compare on a line the PR kept is reported when the PR extends the branch it selects
(adds lines to the body of that `if`/`elif`) and the value is known to arrive in other
spellings: the literal names an enum member the file uses, or the function hands the same
parameter on to a function of the repository that normalises it first (reassigns it from a
call that reads it, `isinstance(p, str)`, `p.lower()`, `p.name`): that callee accepts the enum
and aliases, so callers pass them, and the raw compare here misses them (aiter: the traced
fast path of `quant_type == "per_token"` was dead for `QuantType.per_Token` callers, while
the communicator it falls back to normalised the value).
Why it matters: callers that pass the enum (or an alias such as "per-token") compare unequal
and silently take the other branch, typically the slow or generic path; nothing fails.
Does not fire on: comparisons after normalisation in the same function; literals that name no
enum member the file uses (dtype names, backend names, mode strings); comparisons against
enum members (`quant_type == QuantType.per_Token`, or a member fetched by name with
`getattr(QuantType, "per_Token", None)`); lines the PR did not add, unless the PR extends the branch as above (a kept compare whose branch
body the PR leaves alone is not the PR's); a callee of another name, or one whose
parameter of that name it never normalises; tests.)"};

// Enum members the file uses: `QuantType.per_Token` gives "per_token" -> "QuantType.per_Token".
std::map<std::string, std::string> enum_members(std::string_view source) {
  static const RE2 re(R"(\b([A-Z][A-Za-z0-9]*(?:Type|Mode|Kind|Enum|Format|Layout))\.([A-Za-z_][A-Za-z0-9_]*))");
  std::map<std::string, std::string> out;
  re2::StringPiece in(source.data(), source.size());
  std::string cls, member;
  while (RE2::FindAndConsume(&in, re, &cls, &member)) {
    std::string key;
    for (char c : member) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    out.emplace(key, cls + "." + member);
  }
  // aiter's public enums, whose members callers pass even where this file never spells them.
  if (source.find("QuantType") != std::string_view::npos)
    for (const char* m : {"per_Tensor", "per_Token", "per_1x32", "per_1x128", "per_128x128"}) {
      std::string key;
      for (const char* c = m; *c; ++c) key += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
      out.emplace(key, std::string("QuantType.") + m);
    }
  return out;
}

bool normalises(std::string_view body, const std::string& name) {
  const std::string n = RE2::QuoteMeta(name);
  RE2 re("\\b" + n + "\\s*\\.\\s*(?:lower|upper|replace|strip)\\s*\\(|\\b" + n + "\\.(?:name|value)\\b|str\\(\\s*" + n +
         "\\s*\\)|isinstance\\(\\s*" + n + "\\b|\\b" + n + "\\s*=[^=]");
  return RE2::PartialMatch(body, re);
}

// Whether a function body (text after the signature) normalises parameter `name`: reassigns it
// from an expression that reads it, tests `isinstance(name, ...)`, or calls `name.lower()`...
bool body_normalises(std::string_view body, const std::string& name) {
  const std::string n = RE2::QuoteMeta(name);
  RE2 re("(?m)^[ \\t]*" + n + "\\s*=[^=\\n][^\\n]*\\b" + n + "\\b|isinstance\\(\\s*" + n + "\\b|\\b" + n +
         "\\s*\\.\\s*(?:lower|upper|strip|replace)\\s*\\(|\\b" + n + "\\.(?:name|value)\\b");
  return RE2::PartialMatch(body, re);
}

class StringDispatch : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    std::map<std::string, std::string> members = enum_members(tree.source());
    std::set<int> reported;
    for (const lang::Literal& lit : tree.string_literals()) {
      if (reported.count(lit.line) || lit.value.empty()) continue;
      bool on_added = added.count(lit.line) > 0;
      std::string key;
      for (char c : lit.value) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      auto m = members.find(key);
      // `getattr(ActivationType, "Silu", None)` fetches the member by name: the comparison
      // is member to member, not parameter to raw string.
      if (is_attribute_name_argument(lit.node)) continue;
      lang::Node cond = enclosing_condition(lit.node);
      if (!cond) continue;
      // A kept compare is the PR's when the PR adds lines to the branch it selects.
      if (!on_added && !extends_branch(cond, added)) continue;
      auto fn = tree.enclosing_function(lit.line);
      if (!fn) continue;
      std::string param = compared_param(cond, *fn);
      if (param.empty()) continue;
      std::string_view src = tree.source();
      uint32_t from = fn->body.start_byte();
      std::string_view upto = src.substr(from, cond.start_byte() - from);
      if (normalises(upto, param)) continue;
      std::string member = m != members.end() ? m->second : "";
      std::string normaliser;  // "callee (path:line)" that accepts other spellings
      if (member.empty()) {
        normaliser = normalising_callee(ctx, f.new_path, tree, *fn, param);
          if (normaliser.empty()) continue;
      }
      reported.insert(lit.line);
      out.push_back(report(f, tree, lit.line, cond, lit.value, member, normaliser, on_added));
    }
  }

 private:
  // The parameter of `fn` compared in `cond` (as `p ==`, `p !=`, `p in`, `== p`), or "".
  static std::string compared_param(lang::Node cond, const lang::Function& fn) {
    std::string text(cond.text());
    for (const lang::Param& p : fn.params) {
      RE2 re("\\b" + RE2::QuoteMeta(p.name) + R"(\s*(?:==|!=|not in\b|in\b)|(?:==|!=)\s*)" + RE2::QuoteMeta(p.name) +
             "\\b");
      if (RE2::PartialMatch(text, re)) return p.name;
    }
    return "";
  }

  // Whether `cond` is the condition of an if/elif whose body holds an added line.
  static bool extends_branch(lang::Node cond, const std::set<int>& added) {
    lang::Node stmt = cond.parent();
    if (!stmt || !(is(stmt, NodeKind::If) || is(stmt, NodeKind::Elif))) return false;
    if (stmt.child_by_field("condition") != cond) return false;
    lang::Node body = stmt.child_by_field("consequence");
    if (!body) return false;
    auto it = added.lower_bound(body.start_line());
    return it != added.end() && *it <= body.end_line();
  }

  // A repository function `fn` hands `param` on to (as `param=param` or a positional argument
  // `param`) whose own parameter of that name it normalises: "name (path:line)", or "".
  static std::string normalising_callee(const ReviewContext& ctx, const std::string& path_here, const SyntaxTree& tree,
                                        const lang::Function& fn, const std::string& param) {
    if (!ctx.repo || !ctx.workspace.head_tree()) return "";
    const index::RepoIndex& idx = ctx.repo->index();
    std::set<std::string> asked;
    for (const lang::Call& c : tree.calls(fn.body)) {
      bool passes = false;
      for (const lang::Argument& a : c.args)
        if (a.value && a.value.text() == param && (a.keyword.empty() || a.keyword == param)) passes = true;
      if (!passes || c.callee_name.empty() || !asked.insert(c.callee_name).second) continue;
      int looked = 0;
      for (const auto& [path, fi] : idx.files_naming(index::RepoIndex::Role::Def, c.callee_name)) {
        if (fi->lang != index::FileIndex::Python) continue;
        if (++looked > 8) break;
        for (const index::PyFunction& d : fi->functions) {
          if (d.name != c.callee_name || !d.param(param)) continue;
          if (path == path_here && d.line >= fn.start_line && d.line <= fn.end_line) continue;  // itself
          std::optional<std::string> text = ctx.workspace.head_tree()->read(path);
          if (!text) break;
          auto callee_tree = lang::SyntaxTree::parse(lang::Grammar::Python, *text);
          if (!callee_tree) break;
          for (const lang::Function& g : callee_tree->functions()) {
            if (g.name != d.name || g.start_line > d.line || d.line > g.end_line || !g.body) continue;
            if (body_normalises(g.body.text(), param))
              return "`" + c.callee_name + "` (" + path + ":" + std::to_string(g.start_line) + ")";
          }
        }
      }
    }
    return "";
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, lang::Node cond, const std::string& lit,
                 const std::string& member, const std::string& normaliser, bool on_added) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    std::string shown = collapse_whitespace(cond.text()).substr(0, 100);
    if (!member.empty()) {
      x.problem = "String dispatch `" + shown + "` compares with \"" + lit +
                  "\" without normalising; the code also uses the enum member `" + member + "`";
      x.impact = "A caller passing `" + member + "` (or an alias spelling) compares unequal and silently takes the "
                 "other branch, typically the slow or generic path";
    } else {
      x.problem = "String dispatch `" + shown + "` compares with \"" + lit + "\" without normalising, while " +
                  normaliser + ", which receives the same value, normalises it first (so callers pass other "
                  "spellings: an enum member or an alias)";
      x.impact = "A caller passing the enum member or an alias of \"" + lit +
                 "\" compares unequal and silently skips this branch";
    }
    if (!on_added) x.problem += "; the PR extends the branch this compare selects";
    x.action = member.empty()
                   ? "Author must normalise the value once, as the callee does, before comparing"
                   : "Author must normalise the value once (map enum and aliases to one canonical form) before "
                     "comparing, or compare against `" + member + "`";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(StringDispatch);

}  // namespace
}  // namespace rp
