#include "analysis/aiter_calls.h"

#include <re2/re2.h>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

bool is_aiter_module(std::string_view m) { return m == "aiter" || m.starts_with("aiter."); }

}  // namespace

AiterBindings aiter_bindings(const lang::SyntaxTree& tree) {
  AiterBindings out;
  for (const lang::Import& imp : tree.imports()) {
    if (imp.level != 0 || !is_aiter_module(imp.module)) continue;
    if (is(imp.node, lang::NodeKind::Import)) {
      for (lang::Node c : imp.node.named_children()) {
        if (is(c, lang::NodeKind::AliasedImport)) {
          if (lang::Node a = c.child_by_field("alias")) out.modules.insert(std::string(a.text()));
        } else if (is(c, lang::NodeKind::DottedName)) {
          out.modules.insert(collapse_whitespace(c.text()));
        }
      }
      continue;
    }
    lang::Node module = imp.node.child_by_field("module_name");
    for (lang::Node c : imp.node.named_children()) {
      if (c == module) continue;
      std::string name, bound;
      if (is(c, lang::NodeKind::DottedName)) {
        name = bound = std::string(c.text());
      } else if (is(c, lang::NodeKind::AliasedImport)) {
        lang::Node n = c.child_by_field("name"), a = c.child_by_field("alias");
        if (!n || !a) continue;
        name = std::string(n.text());
        bound = std::string(a.text());
      } else {
        continue;
      }
      out.names[bound] = name;
      if (!out.lines.count(name)) out.lines[name] = c.start_line();
    }
  }
  return out;
}

std::string resolve_aiter_callee(const std::string& callee, const AiterBindings& b) {
  if (auto it = b.names.find(callee); it != b.names.end()) return it->second;
  for (const std::string& m : b.modules)
    if (callee.size() > m.size() && callee.starts_with(m + ".")) return callee;
  return "";
}

std::vector<NewAiterKeyword> new_aiter_keywords(const lang::SyntaxTree& neu, const lang::SyntaxTree& old,
                                                const std::set<int>& added) {
  AiterBindings nb = aiter_bindings(neu), ob = aiter_bindings(old);
  // Keywords each aiter function received in the old file.
  std::map<std::string, std::set<std::string>> old_kw;
  for (const lang::Call& c : old.calls()) {
    std::string fn = resolve_aiter_callee(c.callee, ob);
    if (fn.empty()) continue;
    auto& set = old_kw[fn];
    for (const lang::Argument& a : c.args)
      if (!a.keyword.empty()) set.insert(a.keyword);
  }
  std::vector<NewAiterKeyword> out;
  std::set<std::string> seen;
  for (const lang::Call& c : neu.calls()) {
    std::string fn = resolve_aiter_callee(c.callee, nb);
    if (fn.empty() || !old_kw.count(fn)) continue;
    for (const lang::Argument& a : c.args) {
      if (a.keyword.empty() || !a.value) continue;
      int line = a.value.start_line();
      if (!added.count(line) || old_kw[fn].count(a.keyword) || !seen.insert(fn + "/" + a.keyword).second) continue;
      out.push_back(NewAiterKeyword{line, fn, a.keyword, c.node, a.value});
    }
  }
  return out;
}

bool links_aiter(const PullRequestMeta& meta) {
  static const RE2 link(
      R"((?i)(?:rocm/aiter/(?:pull|commit|tree|releases)|aiter\s*(?:#|pr\b|pull|commit|version|v?\d+\.\d+|@|>=|==|main\b)|(?:bump|upgrade|update|require)s?\s+(?:the\s+)?aiter))");
  if (RE2::PartialMatch(meta.title, link) || RE2::PartialMatch(meta.body, link)) return true;
  for (const Comment& c : meta.comments)
    if (RE2::PartialMatch(c.body, link)) return true;
  return false;
}

std::string aiter_prerequisite(const PullRequestMeta& meta) {
  if (!meta.has_description) return "";
  // A link to one aiter PR: the URL form or the short `aiter#N` / `ROCm/aiter#N` form.
  static const RE2 link(R"((?i)(?:github\.com/)?rocm/aiter/pull/(\d+)|\baiter\s*#\s*(\d+))");
  // The sentence around it asks to wait for that PR.
  static const RE2 wait(
      R"((?i)\b(?:merge[ds]?|land(?:ed|s)?)\b[^.\n]{0,40}\bafter\b|\bafter\b[^.\n]{0,80}\b(?:is\s+|gets\s+|been\s+)?(?:merged|landed|lands)\b|\bdepends?\s+on\b|\bdependent\s+on\b|\bdepending\s+on\b|\brequires?\b|\bneeds?\b|\bwait(?:s|ing)?\s+(?:for|on)\b|\bblocked\s+(?:by|on)\b|\bprerequisite\b|\bonce\b[^.\n]{0,80}\b(?:merged|landed|lands)\b)");
  std::string_view body = meta.body;
  re2::StringPiece in(body.data(), body.size());
  std::string a, b;
  const char* const begin = body.data();
  // A sentence ends at a newline or at a '.' followed by a blank ("github.com" does not).
  auto ends_at = [&](size_t i) {  // whether body[i] ends a sentence
    return body[i] == '\n' || (body[i] == '.' && (i + 1 >= body.size() || body[i + 1] == ' ' || body[i + 1] == '\n'));
  };
  while (RE2::FindAndConsume(&in, link, &a, &b)) {
    size_t end = static_cast<size_t>(in.data() - begin);
    size_t start = end;
    while (start > 0 && !ends_at(start - 1)) --start;
    size_t stop = end;
    while (stop < body.size() && !ends_at(stop)) ++stop;
    std::string_view sentence = body.substr(start, stop - start);
    if (RE2::PartialMatch(sentence, wait)) return "aiter#" + (a.empty() ? b : a);
  }
  return "";
}

}  // namespace rp
