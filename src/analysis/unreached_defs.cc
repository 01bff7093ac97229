#include "analysis/unreached_defs.h"

#include <algorithm>
#include <cctype>

#include "analysis/api_surface.h"
#include "analysis/index_facts.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

constexpr int kMaxDepth = 4;  // files followed from the definition asked about

bool holds(lang::Node outer, lang::Node inner) {
  return outer && inner && outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte();
}

// A definition directly in the module (a decorated one through its decorated_definition).
bool module_level(lang::Node def) {
  lang::Node p = def.parent();
  while (p && p.kind() == "decorated_definition") p = p.parent();
  return p && p.kind() == "module";
}

bool in_import(lang::Node n) {
  for (lang::Node p = n.parent(); p; p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "import_statement" || k == "import_from_statement" || k == "future_import_statement") return true;
    if (k == "module" || k == "block" || k == "expression_statement") return false;
  }
  return false;
}

// A decorator that only wraps the function (a cache, no-grad, a context manager, a dataclass):
// nothing runs at import that could hand the function to someone else. Any other decorator may
// register it (an op table, a CLI, a plugin list): reached.
bool passive_decorator(std::string_view d) {
  for (std::string_view p : {"functools.lru_cache", "lru_cache", "functools.cache", "cache", "torch.no_grad",
                             "torch.inference_mode", "contextlib.contextmanager", "contextmanager",
                             "dataclasses.dataclass", "dataclass"})
    if (d.starts_with(p) && (d.size() == p.size() || d[p.size()] == '(')) return true;
  return false;
}

struct Definition {
  lang::Node node;
  int line = 0;
  bool decorated = false;
};

std::optional<Definition> definition_of(const lang::SyntaxTree& tree, const std::string& name) {
  std::optional<Definition> out;
  int count = 0;
  for (const lang::Function& fn : tree.functions())
    if (fn.name == name && fn.class_name.empty() && module_level(fn.node)) {
      ++count;
      bool active = std::any_of(fn.decorators.begin(), fn.decorators.end(),
                                [](const std::string& d) { return !passive_decorator(d); });
      out = Definition{fn.node, fn.start_line, active};
    }
  for (const lang::ClassDef& c : tree.classes())
    if (c.name == name && module_level(c.node)) {
      ++count;
      bool active = false;
      lang::Node p = c.node.parent();
      if (p && p.kind() == "decorated_definition")
        for (lang::Node d : p.named_children())
          if (d.kind() == "decorator") {
            std::string_view t = d.text();
            t.remove_prefix(std::min(t.find_first_not_of("@ \t"), t.size()));
            active = active || !passive_decorator(t);
          }
      out = Definition{c.node, c.start_line, active};
    }
  if (count != 1) return std::nullopt;  // bound twice (conditional definitions): not read here
  return out;
}

}  // namespace

std::string outermost_definition(const lang::SyntaxTree& tree, lang::Node n) {
  for (const lang::Function& fn : tree.functions())
    if (fn.class_name.empty() && module_level(fn.node) && holds(fn.node, n)) return fn.name;
  for (const lang::ClassDef& c : tree.classes())
    if (module_level(c.node) && holds(c.node, n)) return c.name;
  return "";
}

int commented_out_import(const lang::SyntaxTree& tree, const std::string& name) {
  const std::string& src = tree.source();
  int line = 0;
  bool open_import = false;
  size_t start = 0;
  auto word_at = [&](std::string_view l, size_t at) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    return (at == 0 || !ident(l[at - 1])) && (at + name.size() >= l.size() || !ident(l[at + name.size()]));
  };
  while (start <= src.size()) {
    size_t end = src.find('\n', start);
    std::string_view l(src.data() + start, (end == std::string::npos ? src.size() : end) - start);
    ++line;
    size_t first = l.find_first_not_of(" \t");
    if (first != std::string_view::npos && l[first] == '#') {
      std::string_view body = l.substr(first + 1);
      bool names_import = body.find("import ") != std::string_view::npos;
      bool continued = open_import;  // inside the parentheses of a commented import
      if (names_import) open_import = body.find('(') != std::string_view::npos && body.find(')') == std::string_view::npos;
      else if (open_import && body.find(')') != std::string_view::npos) open_import = false;
      if (names_import || continued)
        for (size_t at = body.find(name); at != std::string_view::npos; at = body.find(name, at + 1))
          if (word_at(body, at)) return line;
    } else if (first != std::string_view::npos) {
      open_import = false;
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return 0;
}

namespace {

// Parameters of `fn` that `cond` being true needs truthy: `p`, each part of `a and b`.
void truthy_params(lang::Node cond, const lang::Function& fn, std::vector<std::string>& out) {
  cond = lang::unparenthesized(cond);
  if (!cond) return;
  if (lang::is(cond, lang::NodeKind::BoolOp) && cond.child_by_field("operator").text() == "and") {
    truthy_params(cond.child_by_field("left"), fn, out);
    truthy_params(cond.child_by_field("right"), fn, out);
    return;
  }
  if (!lang::is(cond, lang::NodeKind::Identifier)) return;
  for (const lang::Param& p : fn.params)
    if (p.name == cond.text() && p.name != "self" && p.name != "cls") out.push_back(p.name);
}

bool falsy_literal(std::string_view t) { return t == "False" || t == "None" || t == "0"; }

}  // namespace

std::optional<std::string> arm_no_caller_takes(const index::RepoIndex& idx, const TreeOf& tree_of,
                                               const std::string& path, const lang::Function& fn, lang::Node node) {
  std::vector<std::string> params;
  lang::Node child = node;
  for (lang::Node p = node.parent(); p && !(p == fn.node); child = p, p = p.parent()) {
    std::string_view k = p.kind();
    if (k == "function_definition" || k == "lambda") break;
    if ((k == "if_statement" || k == "elif_clause") && child == p.child_by_field("consequence"))
      truthy_params(p.child_by_field("condition"), fn, params);
  }
  if (params.empty()) return std::nullopt;
  bool method = !fn.class_name.empty();
  std::vector<index::CallSite> calls;
  if (method && fn.name == "__init__") {
    if (!idx.subclasses(fn.class_name).empty()) return std::nullopt;
    for (const index::CallSite& c : idx.callers(fn.class_name)) {
      if (c.call->star_args) return std::nullopt;
      std::optional<SymbolTarget> t = resolve_symbol(idx, c.path, c.call->callee, c.call->line);
      if (t && t->module_path == path && t->name == fn.class_name) calls.push_back(c);
    }
  } else {
    calls = api::callers_of(idx, path, fn);
  }
  if (calls.empty()) return std::nullopt;
  for (const std::string& name : params) {
    int position = -1, at = 0;
    const lang::Param* param = nullptr;
    for (const lang::Param& p : fn.params) {
      if (method && at == 0 && (p.name == "self" || p.name == "cls")) {
        ++at;
        continue;
      }
      if (p.name == name) {
        param = &p;
        position = at - (method ? 1 : 0);
      }
      ++at;
    }
    if (!param) continue;
    bool all = true;
    std::string where;
    for (const index::CallSite& c : calls) {
      const lang::SyntaxTree* caller = tree_of(c.path);
      if (!caller) {
        all = false;
        break;
      }
      lang::Node v = api::passed_argument(*caller, *c.call, name, position);
      std::string text = v ? std::string(lang::unparenthesized(v).text()) : param->default_text;
      if (!falsy_literal(text)) {
        all = false;
        break;
      }
      if (where.size() < 120) where += (where.empty() ? "" : ", ") + c.path + ":" + std::to_string(c.call->line);
    }
    if (all)
      return "all " + std::to_string(calls.size()) + " call" + (calls.size() > 1 ? "s" : "") + " in the tree pass `" +
             name + "` falsy (" + where + ")";
  }
  return std::nullopt;
}

bool DefinitionReach::reached(const std::string& path, const std::string& name, std::string* why) {
  visiting_.clear();
  bool r = reached_at(path, name, 0) || named_in_strings(path, name, 0);
  done_[{path, name}] = r;
  if (!r && why)
    *why = "nothing in the head tree reaches `" + name +
           "`: no reached code reads, imports, calls or names it (its uses sit in code that is itself unused or "
           "commented out)";
  return r;
}

bool DefinitionReach::reached_at(const std::string& path, const std::string& name, int depth) {
  if (depth > kMaxDepth) return true;
  auto key = std::make_pair(path, name);
  if (auto it = done_.find(key); it != done_.end()) return it->second;
  if (visiting_.count(key)) return false;  // a cycle: reached only if something outside it is
  if (name.starts_with("test") || name.starts_with("__") || name == "main") return true;
  const lang::SyntaxTree* tree = tree_of_(path);
  const index::FileIndex* fi = idx_.file(path);
  if (!tree || !fi) return true;
  std::optional<Definition> def = definition_of(*tree, name);
  if (!def || def->decorated) return true;
  visiting_.insert(key);
  bool r = read_reached(path, name, def->node, depth);
  // Imports of it from its module, anywhere.
  if (!r)
    for (const index::ImportSite& s : idx_.importers_of_name(name)) {
      if (r) break;
      if (s.path == path || idx_.module_path(index::RepoIndex::absolute_module(s.path, *s.import)) != path) continue;
      for (const index::PyImport::Name& n : s.import->names) {
        if (n.name != name || r) continue;
        if (s.path.ends_with("__init__.py") && s.import->at_import) r = true;  // re-exported by the package
        else r = read_reached(s.path, n.bound(), lang::Node(), depth + 1);
      }
    }
  // Star imports of its module, and calls or `.name` reads in files that import the module.
  if (!r)
    for (const index::ImportSite& s : idx_.importers_of_module(path)) {
      if (s.import->is_star()) r = true;
      else if (s.path != path) r = read_reached(s.path, name, lang::Node(), depth + 1);
      if (r) break;
    }
  if (!r)
    for (const index::CallSite& c : idx_.callers(name)) {
      if (c.path == path) continue;
      std::optional<SymbolTarget> t = resolve_symbol(idx_, c.path, c.call->callee, c.call->line);
      if (!t || t->module_path != path) continue;
      if ((r = owner_reached(c.path, c.call->line, depth + 1))) break;
    }
  visiting_.erase(key);
  if (r || depth == 0) done_[key] = r;
  return r;
}

bool DefinitionReach::read_reached(const std::string& path, const std::string& name, lang::Node skip, int depth) {
  if (depth > kMaxDepth) return true;
  const lang::SyntaxTree* tree = tree_of_(path);
  if (!tree) return true;
  for (lang::Node id : tree->identifiers(name)) {
    if (holds(skip, id)) continue;                              // the definition itself (recursion)
    if (in_import(id)) continue;                                // `from m import name` binds, not reads
    std::string owner = outermost_definition(*tree, id);
    if (owner.empty() || reached_at(path, owner, depth)) return true;
  }
  return false;
}

bool DefinitionReach::owner_reached(const std::string& path, int line, int depth) {
  const lang::SyntaxTree* tree = tree_of_(path);
  if (!tree) return true;
  std::string owner;
  for (const lang::Function& fn : tree->functions())
    if (fn.class_name.empty() && module_level(fn.node) && fn.start_line <= line && line <= fn.end_line) owner = fn.name;
  for (const lang::ClassDef& c : tree->classes())
    if (module_level(c.node) && c.start_line <= line && line <= c.end_line) owner = c.name;
  return owner.empty() || reached_at(path, owner, depth);
}

// Its dotted path in a string of some file (`"atom.utils.graph.Wrapper"`, resolved by name at
// run time), from a reached place. Only asked once the index found no other use.
bool DefinitionReach::named_in_strings(const std::string& path, const std::string& name, int depth) {
  std::string dotted = index::RepoIndex::dotted_of(path) + "." + name;
  for (const std::string& p : idx_.paths()) {
    if (!p.ends_with(".py")) continue;
    std::optional<std::string> text = text_of_(p);
    if (!text || text->find(dotted) == std::string::npos) continue;
    const lang::SyntaxTree* tree = tree_of_(p);
    if (!tree) return true;
    size_t at = 0;
    while ((at = text->find(dotted, at)) != std::string::npos) {
      int line = 1 + static_cast<int>(std::count(text->begin(), text->begin() + static_cast<long>(at), '\n'));
      at += dotted.size();
      std::string_view l = tree->line_text(line);
      size_t hash = l.find('#');
      if (hash != std::string_view::npos && l.find(dotted) > hash) continue;  // a comment
      if (owner_reached(p, line, depth + 1)) return true;
    }
  }
  return false;
}

}  // namespace rp
