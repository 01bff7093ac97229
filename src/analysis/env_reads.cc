#include "analysis/env_reads.h"

#include <map>
#include <optional>

namespace rp {

namespace {

bool is_env_object(std::string_view text) { return text == "os.environ" || text == "environ"; }

bool is_getter(std::string_view callee) {
  return callee == "os.environ.get" || callee == "os.getenv" || callee == "environ.get" || callee == "getenv";
}

bool plain_string(lang::Node n) {
  if (!n || n.kind() != "string") return false;
  for (lang::Node c : n.named_children())
    if (c.kind() == "interpolation") return false;
  return true;
}

std::string string_value(const lang::SyntaxTree& tree, lang::Node n) {
  for (const lang::Literal& l : tree.string_literals(n))
    if (l.node == n) return l.value;
  return {};
}

// The env name an argument node spells: a plain string, or a module-level constant bound to one.
std::string name_of(const lang::SyntaxTree& tree, lang::Node n, const std::map<std::string, std::string>& constants) {
  if (plain_string(n)) return string_value(tree, n);
  if (n && n.kind() == "identifier") {
    auto it = constants.find(std::string(n.text()));
    if (it != constants.end()) return it->second;
  }
  return {};
}

// Module-level `NAME = "STRING"` bindings (bound once; rebinding makes the name unknown).
std::map<std::string, std::string> string_constants(const lang::SyntaxTree& tree) {
  std::map<std::string, std::string> out;
  std::set<std::string> rebound;
  for (const lang::Assignment& a : tree.assignments()) {
    if (a.targets.size() != 1 || a.augmented || !tree.runs_at_import(a.node)) continue;
    const std::string& t = a.targets.front();
    if (out.count(t) || !plain_string(a.value)) {
      rebound.insert(t);
      continue;
    }
    out[t] = string_value(tree, a.value);
  }
  for (const std::string& r : rebound) out.erase(r);
  return out;
}

// Functions of the file that read the env var their parameter names: for each function name,
// the index of that parameter.
std::map<std::string, size_t> env_helpers(const lang::SyntaxTree& tree) {
  std::map<std::string, size_t> out;
  for (const lang::Function& f : tree.functions()) {
    if (f.params.empty() || !f.body) continue;
    auto param_index = [&](std::string_view text) -> std::optional<size_t> {
      size_t skip = f.class_name.empty() ? 0 : 1;  // self / cls
      for (size_t i = skip; i < f.params.size(); ++i)
        if (f.params[i].name == text) return i - skip;
      return std::nullopt;
    };
    std::optional<size_t> found;
    for (const lang::Call& c : tree.calls(f.body)) {
      if (!is_getter(c.callee) || c.args.empty() || !c.args.front().keyword.empty()) continue;
      lang::Node a = c.args.front().value;
      if (a && a.kind() == "identifier") found = param_index(a.text());
      if (found) break;
    }
    if (!found) {
      lang::walk(f.body, [&](lang::Node n) {
        if (found) return false;
        if (n.kind() == "subscript" && is_env_object(n.child_by_field("value").text())) {
          lang::Node key = n.child_by_field("subscript");
          if (key && key.kind() == "identifier") found = param_index(key.text());
        }
        return true;
      });
    }
    if (found) out[f.name] = *found;
  }
  return out;
}

}  // namespace

std::vector<EnvReadSite> env_reads(const lang::SyntaxTree& tree) {
  std::vector<EnvReadSite> out;
  std::map<std::string, std::string> constants = string_constants(tree);
  auto take = [&](lang::Node name_node, int line) {
    std::string name = name_of(tree, name_node, constants);
    if (!name.empty()) out.push_back({name, line});
  };
  std::map<std::string, size_t> helpers = env_helpers(tree);
  for (const lang::Call& c : tree.calls()) {
    if (is_getter(c.callee)) {
      if (!c.args.empty() && c.args.front().keyword.empty()) take(c.args.front().value, c.line);
      continue;
    }
    auto h = helpers.find(c.callee_name);
    if (h == helpers.end() || (c.receiver && c.receiver.text() != "self" && c.receiver.text() != "cls")) continue;
    size_t positional = 0;
    for (const lang::Argument& a : c.args) {
      if (!a.keyword.empty()) continue;
      if (positional++ == h->second) {
        if (plain_string(a.value)) take(a.value, c.line);
        break;
      }
    }
  }
  lang::walk(tree.root(), [&](lang::Node n) {
    std::string_view k = n.kind();
    if (k == "subscript" && is_env_object(n.child_by_field("value").text())) {
      lang::Node parent = n.parent();
      bool written = parent && ((parent.kind() == "assignment" || parent.kind() == "augmented_assignment") &&
                                parent.child_by_field("left") == n);
      if (parent && parent.kind() == "delete_statement") written = true;
      if (!written) take(n.child_by_field("subscript"), n.start_line());
    }
    if (k == "comparison_operator") {
      auto kids = n.named_children();
      std::string_view text = n.text();
      if (kids.size() == 2 && is_env_object(kids[1].text()) && text.find(" in ") != std::string_view::npos)
        take(kids[0], n.start_line());
    }
    return true;
  });
  // A registry entry `"X": lambda: ...` whose lambda names X but reads it through something
  // this file does not define (a shared helper): the entry is the read.
  std::vector<EnvReadSite> entries;
  lang::walk(tree.root(), [&](lang::Node n) {
    if (n.kind() != "pair") return true;
    lang::Node key = n.child_by_field("key"), value = n.child_by_field("value");
    if (!plain_string(key) || !value || value.kind() != "lambda") return true;
    std::string name = string_value(tree, key);
    if (name.empty() || value.text().find(name) == std::string_view::npos) return true;
    for (const EnvReadSite& r : out)
      if (r.name == name && r.line >= n.start_line() && r.line <= n.end_line()) return true;
    entries.push_back({name, n.start_line()});
    return true;
  });
  out.insert(out.end(), entries.begin(), entries.end());
  return out;
}

}  // namespace rp
