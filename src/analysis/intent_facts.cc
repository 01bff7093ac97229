#include "analysis/intent_facts.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

#include "core/strings.h"
#include "analysis/facts.h"

namespace rp {

bool is_reference_function_name(std::string_view name) {
  static const RE2 re(R"((?i)(?:^|_)(?:ref|reference|torch|naive|golden|native)(?:_|$|\d))");
  // Tests and comparison helpers (`test_*_matches_torch`, `_assert_close_to_ref`,
  // `check_output_against_reference`) consume a reference; they are not one.
  static const RE2 consumer(R"((?i)^_*test|assert|check|compare|verify|match|bench)");
  return RE2::PartialMatch(name, re) && !RE2::PartialMatch(name, consumer);
}

bool is_oracle_function_name(std::string_view name) {
  static const RE2 re(R"((?i)^_*(?:torch|ref|reference|naive|golden)_|_(?:ref|reference|golden)$)");
  return RE2::PartialMatch(name, re);
}

namespace {

// The docstring of a function body or module: the first statement when it is a string.
std::string_view docstring_of(lang::Node block) {
  if (!block) return {};
  for (lang::Node c : block.named_children()) {
    if (c.kind() == "comment") continue;
    if (c.kind() == "expression_statement" && c.named_children().size() == 1 &&
        c.named_children().front().kind() == "string")
      return c.text();
    return {};
  }
  return {};
}

}  // namespace

bool states_full_precision_intent(const lang::SyntaxTree& tree, const lang::Function& fn) {
  // A precision word in the reference's own docs or comments says the choice is deliberate;
  // so does a note that the function ports another project's reference (its precision is
  // that reference's, not the author's choice).
  static const RE2 precision(R"((?i)\b(?:fp32|f32|float32|fp64|f64|float64|double|full[- ]precision|higher[- ]precision)\b)");
  static const RE2 port(R"((?i)\bport(?:ed)?\b|\bmirrors?\b|\bupstream\b|^\s*[ru]?(?:"""|''')\s*`*[A-Za-z_]\w*\.\w+\.\w+)");
  std::string_view doc = docstring_of(fn.body);
  if (!doc.empty() && (RE2::PartialMatch(doc, precision) || RE2::PartialMatch(doc, port))) return true;
  for (lang::Node c : tree.comments(fn.node))
    if (RE2::PartialMatch(c.text(), precision)) return true;
  // A module docstring that calls the file's reference an fp32 oracle covers every reference.
  static const RE2 oracle(R"((?i)\b(?:oracle|reference|golden)\b)");
  std::string_view module_doc = docstring_of(tree.root());
  return RE2::PartialMatch(module_doc, precision) && RE2::PartialMatch(module_doc, oracle);
}

bool compares_by_relative_error(const lang::SyntaxTree& tree) {
  // A metric function that divides by a reduction of its input (RMS, max-abs, norm): the
  // error is measured relative to the reference's magnitude, the way an fp32 oracle is used.
  static const RE2 relative(R"(/\s*\(?[^\n]*(?:\.sqrt\(\)|\.norm\(|norm\(|\.abs\(\)\.max\(\)|\.max\(\)|\.mean\(\)|\bbase\b|\bdenom\w*))");
  bool has_metric = false, absolute = false;
  for (const lang::Function& fn : tree.functions())
    if (fn.params.size() >= 2 && fn.body && RE2::PartialMatch(fn.body.text(), relative)) has_metric = true;
  for (const lang::Call& c : tree.calls())
    if (c.keyword("atol")) absolute = true;
  return has_metric && !absolute;
}

bool docstring_states_format(const lang::Function& fn, std::string_view family) {
  std::string_view doc = docstring_of(fn.body);
  if (doc.empty() || family.empty()) return false;
  static const RE2 layout(R"((?i)\bcheckpoints?\b|\bon[ -]disk\b|\blayout\b|\bstored\b|\bserializ|\bformat\b)");
  if (!RE2::PartialMatch(doc, layout)) return false;
  RE2 names("(?i)(?:^|[^a-z0-9])(?:" + std::string(family) + ")(?:$|[^a-z0-9])");
  return names.ok() && RE2::PartialMatch(doc, names);
}

bool under_main_guard(lang::Node n) {
  for (lang::Node p = n.parent(); p; p = p.parent()) {
    if (p.kind() != "if_statement") continue;
    lang::Node c = p.child_by_field("condition");
    if (c && collapse_whitespace(c.text()).find("__name__") != std::string::npos) return true;
  }
  return false;
}

std::set<std::string> script_only_functions(const lang::SyntaxTree& tree) {
  std::map<std::string, lang::Function> top;
  for (const lang::Function& fn : tree.functions())
    if (fn.class_name.empty() && fn.qualified == fn.name) top.emplace(fn.name, fn);
  // Who references each top-level function: "" for the main block, the enclosing top-level
  // function's name otherwise, "*" for anything else (module level, a class, a decorator).
  std::map<std::string, std::set<std::string>> users;
  for (const auto& [name, fn] : top)
    for (lang::Node id : tree.identifiers(name)) {
      if (fn.node.start_line() == id.start_line() && fn.node.contains_line(id.start_line()) &&
          id.parent() && id.parent().kind() == "function_definition")
        continue;  // the definition's own name
      if (under_main_guard(id)) {
        users[name].insert("");
        continue;
      }
      auto enclosing = tree.enclosing_function(id.start_line());
      std::string who = "*";
      if (enclosing) {
        for (const auto& [n2, f2] : top)
          if (f2.node.contains_line(id.start_line())) who = n2;
      }
      users[name].insert(who);
    }
  std::set<std::string> script;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [name, who] : users) {
      if (script.count(name) || name.rfind("test", 0) == 0 || who.empty()) continue;
      bool only = true;
      for (const std::string& w : who) only = only && (w.empty() || (w != name && script.count(w)));
      if (only) script.insert(name), grew = true;
    }
  }
  return script;
}

bool existed_before(const lang::SyntaxTree* old, const std::string& qualified) {
  if (!old) return false;
  for (const lang::Function& fn : old->functions())
    if (fn.qualified == qualified) return true;
  return false;
}

bool is_folder_doc_name(std::string_view base) {
  static const RE2 doc(R"((?i)^(?:SKILL|README)(?:\.(?:md|rst|txt))?$)");
  return RE2::FullMatch(base, doc);
}

std::string_view folder_of(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

bool is_attribute_name_argument(lang::Node literal) {
  lang::Node args = literal.parent();
  if (!args || args.kind() != "argument_list") return false;
  lang::Node call = args.parent();
  if (!call || call.kind() != "call") return false;
  lang::Node fn = call.child_by_field("function");
  if (!fn) return false;
  std::string_view name = fn.text();
  if (name != "getattr" && name != "hasattr" && name != "setattr" && name != "delattr") return false;
  std::vector<lang::Node> named = args.named_children();
  return named.size() >= 2 && named[1] == literal;
}

bool line_in_guard_statement(const lang::SyntaxTree& tree, int line) {
  static const RE2 c_guard(
      R"(^\s*(?:TORCH_CHECK|AITER_CHECK|TORCH_INTERNAL_ASSERT|CHECK|CHECK_EQ|CHECK_NE|CHECK_LE|CHECK_LT|CHECK_GE|CHECK_GT|assert)\s*\()");
  lang::Node s = tree.statement_at(line);
  for (int depth = 0; s && depth < 4; ++depth, s = s.parent()) {
    if (s.kind() == "assert_statement") return true;
    if (tree.is_python()) continue;
    if (s.kind() == "expression_statement") return RE2::PartialMatch(s.text(), c_guard);
  }
  return false;
}

}  // namespace rp

namespace rp {

namespace {

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    size_t j = i + 1;
    if (std::isalnum(c) || c == '_')
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    out.emplace_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

bool is_identifier(const std::string& t) {
  return !t.empty() && (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '_');
}

bool word_in(std::string_view text, const std::string& word) {
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
    auto ident = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    bool left = at == 0 || !ident(text[at - 1]);
    size_t e = at + word.size();
    if (left && (e >= text.size() || !ident(text[e]))) return true;
  }
  return false;
}

}  // namespace

bool behaviour_preserving_rewrite(std::string_view removed, std::string_view added, std::string_view head_text) {
  std::vector<std::string> a = tokens(removed), b = tokens(added);
  if (a.empty() || b.empty()) return false;
  // `if c:` -> `elif c:`: the statement is unchanged; the arm in front of it is an addition.
  if (a[0] == "if" && b[0] == "elif" && std::equal(a.begin() + 1, a.end(), b.begin() + 1, b.end())) return true;
  // `x = t[k]` -> `x = t.get(k, d)`: inputs that worked before get the same value.
  static const RE2 subscript(R"(^(.*?)(\w+)\[([^\[\]]+)\](.*)$)");
  std::string pre, table, key, post;
  if (RE2::FullMatch(collapse_whitespace(removed), subscript, &pre, &table, &key, &post)) {
    std::string tolerant = pre + table + ".get(" + key + ",";
    std::string now = collapse_whitespace(added);
    if (now.rfind(tolerant, 0) == 0 && now.size() >= post.size() &&
        now.compare(now.size() - post.size(), post.size(), post) == 0)
      return true;
  }
  // `def f(a, b=1):` -> `def f(a, b=1, c=None):`: callers that pass what they passed before
  // get the defaults, so the new trailing parameters are opt-in.
  static const RE2 def_head(R"(^\s*(?:async\s+)?def\s+\w+\s*\((.*)\)(.*)$)");
  static const RE2 defaulted(R"(^(?:\s*,\s*\*?\w+(?:\s*:\s*[^=,]+)?\s*=\s*[^,]+)+\s*,?\s*$)");
  std::string old_params, old_rest, new_params, new_rest;
  if (RE2::FullMatch(collapse_whitespace(removed), def_head, &old_params, &old_rest) &&
      RE2::FullMatch(collapse_whitespace(added), def_head, &new_params, &new_rest) && old_rest == new_rest) {
    std::string base(trim(old_params));
    if (!base.empty() && base.back() == ',') base.pop_back();
    if (new_params.rfind(base, 0) == 0 && RE2::FullMatch(new_params.substr(base.size()), defaulted)) return true;
  }
  // A consistent rename whose old names no longer occur in the head file.
  if (a.size() != b.size()) return false;
  std::map<std::string, std::string> renamed;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == b[i]) continue;
    if (!is_identifier(a[i]) || !is_identifier(b[i])) return false;
    auto [it, fresh] = renamed.emplace(a[i], b[i]);
    if (!fresh && it->second != b[i]) return false;
  }
  if (renamed.empty()) return false;
  for (const auto& [from, to] : renamed)
    if (word_in(head_text, from)) return false;
  return true;
}

}  // namespace rp
