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
#include "rules/source_rule.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "string-dispatch",
    .category = Category::SilentBypass,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "Branch compares a parameter with a raw string that names an enum member (\"per_token\") without normalising it.",
    .docs = R"(What it catches: an added if/elif/conditional-expression condition that compares a
function parameter with `==`/`!=`/`in` against a string literal that spells a member of an
enum the code also uses (`quant_type == "per_token"` while `QuantType.per_Token` exists: the
literal equals the member name ignoring case; a file that names aiter's `QuantType` knows all
of its per_Tensor/per_Token/per_1x32/per_1x128/per_128x128 members), where the function does not normalise the
parameter first (`.lower()`, `.name`, `.value`, `str(...)`, an enum constructor or lookup,
an `isinstance` test).
Why it matters: callers that pass the enum (or an alias such as "per-token") compare unequal
and silently take the other branch, typically the slow or generic path; nothing fails.
Does not fire on: comparisons after normalisation in the same function; literals that name no
enum member the file uses (dtype names, backend names, mode strings); comparisons against
enum members (`quant_type == QuantType.per_Token`, or a member fetched by name with
`getattr(QuantType, "per_Token", None)`); lines the PR did not add; tests.)"};

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

class StringDispatch : public SourceRule<kInfo> {
 private:
  void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added, const SyntaxTree& tree,
                    std::vector<Finding>& out) const override {
    std::map<std::string, std::string> members = enum_members(tree.source());
    if (members.empty()) return;
    std::set<int> reported;
    for (const lang::Literal& lit : tree.string_literals()) {
      if (!added.count(lit.line) || reported.count(lit.line)) continue;
      std::string key;
      for (char c : lit.value) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      auto m = members.find(key);
      if (m == members.end() || lit.value.empty()) continue;
      // `getattr(ActivationType, "Silu", None)` fetches the member by name: the comparison
      // is member to member, not parameter to raw string.
      if (is_attribute_name_argument(lit.node)) continue;
      lang::Node cond = enclosing_condition(lit.node);
      if (!cond) continue;
      auto fn = tree.enclosing_function(lit.line);
      if (!fn) continue;
      std::string param = compared_param(cond, *fn);
      if (param.empty()) continue;
      std::string_view src = tree.source();
      uint32_t from = fn->body.start_byte();
      std::string_view upto = src.substr(from, cond.start_byte() - from);
      if (normalises(upto, param)) continue;
      reported.insert(lit.line);
      out.push_back(report(f, tree, lit.line, cond, lit.value, m->second));
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

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, lang::Node cond, const std::string& lit,
                 const std::string& member) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = "String dispatch `" + collapse_whitespace(cond.text()).substr(0, 100) + "` compares with \"" + lit +
                "\" without normalising; the code also uses the enum member `" + member + "`";
    x.impact = "A caller passing `" + member + "` (or an alias spelling) compares unequal and silently takes the "
               "other branch, typically the slow or generic path";
    x.action = "Author must normalise the value once (map enum and aliases to one canonical form) before comparing, "
               "or compare against `" + member + "`";
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    return x;
  }
};

REGISTER_RULE(StringDispatch);

}  // namespace
}  // namespace rp
