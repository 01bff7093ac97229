#include "analysis/dispatch_facts.h"

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/strings.h"

namespace rp {

using lang::Node;

std::vector<ChangedSource> changed_code_sources(const PullRequest& pr, Workspace& ws, bool cpp_too) {
  return changed_code_sources(pr.changes.files, ws, cpp_too);
}

std::vector<ChangedSource> changed_code_sources(std::span<const FileChange> files, Workspace& ws, bool cpp_too) {
  return changed_sources(files, ws, [cpp_too](std::string_view p) {
    return !is_doc_path(p) && (is_python(p) || (cpp_too && is_cpp_family(p)));
  });
}

bool is_arch_name(std::string_view value) {
  static const RE2 re(R"(gfx[0-9]{2,4}[a-z0-9]?)");
  return RE2::FullMatch(value, re);
}

bool mentions_arch_query(std::string_view text) {
  static const RE2 re(
      R"(\b(?:get_gfx|get_arch|get_hip_arch|get_gfx_arch|get_device_arch|get_gpu_arch|gcnArchName|gcn_arch_name|arch_name|gfx_arch|_get_arch)\b)");
  return RE2::PartialMatch(text, re);
}

namespace {

bool is_statement(std::string_view k) {
  return k.ends_with("_statement") || k == "elif_clause" || k == "else_clause" || k == "declaration" ||
         k == "function_definition" || k == "decorated_definition" || k == "module" || k == "translation_unit" ||
         k == "block" || k == "compound_statement";
}

bool within(Node inner, Node outer) {
  return outer && inner.start_byte() >= outer.start_byte() && inner.end_byte() <= outer.end_byte();
}

}  // namespace

Node ternary_condition(Node n) {
  if (!n || n.kind() != "conditional_expression") return {};
  if (Node c = n.child_by_field("condition")) return c;
  std::vector<Node> kids;
  for (Node k : n.named_children())
    if (k.kind() != "comment") kids.push_back(k);
  return kids.size() == 3 ? kids[1] : Node();
}

Node enclosing_condition(Node n) {
  for (Node a = n; a; a = a.parent()) {
    std::string_view k = a.kind();
    if (k == "conditional_expression") {
      Node c = ternary_condition(a);
      if (c && within(n, c)) return c;
      continue;
    }
    if (k == "if_statement" || k == "elif_clause" || k == "while_statement") {
      Node c = a.child_by_field("condition");
      return c && within(n, c) ? c : Node();
    }
    if (a != n && is_statement(k)) return {};
  }
  return {};
}

namespace {

bool bails_out(Node stmt) {
  std::string_view k = stmt.kind();
  if (k == "if_statement" && !stmt.child_by_field("alternative")) {
    for (Node c : stmt.named_children())
      if (c.kind() == "elif_clause" || c.kind() == "else_clause") return false;
    return is_bail_out_block(stmt.child_by_field("consequence"));
  }
  if (k == "comment" || k == "pass_statement" || k == "continue_statement" || k == "raise_statement" ||
      k == "throw_statement" || k == "assert_statement" || k == "break_statement")
    return true;
  if (k == "return_statement") {
    std::string t(trim(stmt.text()));
    static const RE2 ret(R"(return\s*(?:\(?\s*(?:None|False|false|nullptr|NULL|0|-1)\s*\)?)?\s*;?)");
    return RE2::FullMatch(t, ret);
  }
  if (k == "expression_statement") {
    static const RE2 log(
        R"(^\s*(?:[\w.]*(?:warn|warning|warnings\.warn|logger|LOGGER|log|logging|print)\w*(?:\.\w+)?\s*\(|pytest\.skip\s*\(|TORCH_CHECK\s*\(|std::cerr|printf\s*\())");
    return RE2::PartialMatch(stmt.text(), log);
  }
  return false;
}

}  // namespace

bool is_bail_out_block(Node body) {
  if (!body) return false;
  auto kids = body.named_children();
  if (body.kind() != "block" && body.kind() != "compound_statement") return bails_out(body);
  bool any = false;
  for (Node s : kids) {
    if (s.kind() == "comment") continue;
    if (!bails_out(s)) return false;
    any = true;
  }
  return any;
}

bool is_lone_guard(Node if_statement) {
  if (!if_statement || if_statement.kind() != "if_statement") return false;
  for (Node c : if_statement.named_children())
    if (c.kind() == "elif_clause" || c.kind() == "else_clause") return false;
  if (if_statement.child_by_field("alternative")) return false;
  if (is_bail_out_block(if_statement.child_by_field("consequence"))) return true;
  Node next = if_statement.next_named_sibling();
  while (next && next.kind() == "comment") next = next.next_named_sibling();
  return next && next.kind() == "return_statement" && bails_out(next);
}

std::set<std::string> string_values(const lang::SyntaxTree* tree, bool (*keep)(std::string_view)) {
  std::set<std::string> out;
  if (!tree) return out;
  for (const lang::Literal& l : tree->string_literals())
    if (keep(l.value)) out.insert(l.value);
  return out;
}

std::set<std::string> number_texts(const lang::SyntaxTree* tree) {
  std::set<std::string> out;
  if (!tree) return out;
  for (const lang::Literal& l : tree->number_literals()) out.insert(l.text);
  return out;
}

bool unchanged_code_contains(const std::string* old_text, const FileChange& file, std::string_view token) {
  if (!old_text) return false;
  std::set<int> removed = removed_line_numbers(file);
  bool python = is_python(file.old_path);
  std::string_view rest(*old_text);
  for (int n = 1; !rest.empty(); ++n) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
    if (removed.count(n)) continue;
    if (code_part(line, python).find(token) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace rp
