#include "analysis/object_origin.h"

#include <re2/re2.h>

#include <set>
#include <vector>

#include "analysis/index_facts.h"

namespace rp {

using index::RepoIndex;

namespace {

constexpr int kMaxDepth = 8;

bool kind_in(std::string_view k, std::initializer_list<std::string_view> kinds) {
  for (std::string_view x : kinds)
    if (k == x) return true;
  return false;
}

// The one class name an annotation names: `Config`, `m.Config`, `Optional[Config]`,
// `Config | None`, `"Config"`; "" when it names none or several (`dict[str, int]`).
std::string annotation_class(std::string_view text) {
  static const RE2 token(R"(([A-Za-z_][\w.]*))");
  re2::StringPiece in(text.data(), text.size());
  std::string t, found;
  int count = 0;
  while (RE2::FindAndConsume(&in, token, &t)) {
    if (t == "None" || t == "Optional" || t == "Union" || t == "typing.Optional" || t == "typing.Union") continue;
    found = t;
    ++count;
  }
  return count == 1 ? found : std::string();
}

lang::Node class_node(const lang::ClassDef& c) {
  lang::Node n = c.node;
  if (n.kind() == "decorated_definition") n = n.child_by_field("definition");
  return n;
}

// Whether class node `cn` declares `attr` with a type: `attr: T [= v]` in its body, or
// `self.attr: T = v` in one of its methods.
bool declares_annotated_field(lang::Node cn, const std::string& attr) {
  bool found = false;
  lang::Node body = cn.child_by_field("body");
  if (!body) return false;
  lang::walk(body, [&](lang::Node n) {
    if (found || n.kind() == "class_definition") return false;
    if (n.kind() != "assignment") return true;
    lang::Node left = n.child_by_field("left");
    if (!n.child_by_field("type") || !left) return true;
    bool in_body = n.parent() && n.parent().parent() == body;
    if ((in_body && left.text() == attr) || left.text() == "self." + attr) found = true;
    return true;
  });
  return found;
}

bool contains(lang::Node outer, lang::Node inner) {
  return outer && inner && outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte();
}

}  // namespace

Origins::Origins(const RepoIndex& idx, const TreeReader& head,
                 std::function<const lang::SyntaxTree*(const std::string&)> tree_of)
    : idx_(idx), head_(head), tree_of_(std::move(tree_of)) {}

Origins::~Origins() = default;

const lang::SyntaxTree* Origins::tree(const std::string& path) {
  if (tree_of_)
    if (const lang::SyntaxTree* t = tree_of_(path)) return t;
  auto it = parsed_.find(path);
  if (it != parsed_.end()) return it->second.get();
  std::unique_ptr<lang::SyntaxTree> t;
  if (is_python(path))
    if (auto text = head_.read(path)) t = lang::SyntaxTree::parse(lang::Grammar::Python, std::move(*text));
  return parsed_.emplace(path, std::move(t)).first->second.get();
}

// --- classes ------------------------------------------------------------------------------

Origin Origins::find_class(const std::string& module_path, const std::string& name, int depth) {
  const index::FileIndex* fi = idx_.file(module_path);
  if (!fi || depth > kMaxDepth) return {};
  if (const index::PyClass* c = fi->klass(name); c && c->top_level) return Origin{Origin::Repo, module_path, name, {}};
  // Re-exported: `from X import name [as alias]` or a star import.
  for (const index::PyImport& im : fi->imports) {
    std::string dotted = RepoIndex::absolute_module(module_path, im);
    for (const index::PyImport::Name& n : im.names) {
      if (n.name != "*" && n.bound() != name) continue;
      std::string target = idx_.module_path(dotted);
      if (target.empty()) {
        if (n.name != "*" && im.level == 0 && !idx_.first_party(dotted)) return Origin{Origin::External, {}, {}, dotted};
        continue;
      }
      Origin o = find_class(target, n.name == "*" ? name : n.name, depth + 1);
      if (o.kind != Origin::Unknown) return o;
    }
  }
  return {};
}

Origin Origins::resolve_class(const std::string& path, std::string_view text, int line) {
  std::string name = annotation_class(text);
  if (name.empty()) return {};
  if (auto target = resolve_symbol(idx_, path, name, line)) {
    Origin o = find_class(target->module_path, target->name, 0);
    if (o.kind != Origin::Unknown) return o;
  }
  // Imported from a module outside the repository: `from vllm.config import X`, `import torch`.
  const index::FileIndex* fi = idx_.file(path);
  if (!fi) return {};
  std::string first = name.substr(0, name.find('.'));
  for (const index::PyImport& im : fi->imports) {
    if (im.level > 0 || !import_in_scope(*fi, im, line)) continue;
    std::string dotted = RepoIndex::absolute_module(path, im);
    if (idx_.first_party(dotted)) continue;
    bool binds = false;
    if (im.names.empty()) binds = (im.alias.empty() ? dotted.substr(0, dotted.find('.')) : im.alias) == first;
    for (const index::PyImport::Name& n : im.names)
      if (n.name != "*" && n.bound() == first) binds = true;
    if (binds) return Origin{Origin::External, {}, {}, dotted};
  }
  return {};
}

bool Origins::derives_from_external(const std::string& path, const std::string& cls) {
  return derives_rec(path, cls, 0);
}

bool Origins::derives_rec(const std::string& path, const std::string& cls, int depth) {
  const index::FileIndex* fi = idx_.file(path);
  const index::PyClass* c = fi ? fi->klass(cls) : nullptr;
  if (!c || depth > kMaxDepth) return false;
  for (const std::string& base : c->bases) {
    if (base.find('=') != std::string::npos) continue;  // metaclass=..., keyword arguments
    Origin o = resolve_class(path, base, c->line);
    if (o.external()) return true;
    if (o.repo() && !(o.path == path && o.name == cls) && derives_rec(o.path, o.name, depth + 1)) return true;
  }
  return false;
}

// --- objects ------------------------------------------------------------------------------

Origin Origins::object_origin(const std::string& path, lang::Node expr) {
  budget_ = 16;
  return origin_rec(path, expr, 0);
}

Origin Origins::origin_rec(const std::string& path, lang::Node e, int depth) {
  if (!e || depth > kMaxDepth) return {};
  std::string_view k = e.kind();
  if (k == "identifier") return name_origin(path, e, depth);
  if (k == "parenthesized_expression" || k == "boolean_operator" || k == "conditional_expression") {
    auto kids = e.named_children();
    return kids.empty() ? Origin{} : origin_rec(path, kids.front(), depth + 1);
  }
  if (k == "subscript") {  // an element of an external container (a loaded JSON dict) is external
    Origin o = origin_rec(path, e.child_by_field("value"), depth + 1);
    return o.external() ? o : Origin{};
  }
  if (k == "attribute") {
    Origin owner = origin_rec(path, e.child_by_field("object"), depth + 1);
    if (owner.external()) return owner;
    std::string attr(e.child_by_field("attribute").text());
    if (owner.repo()) return field_origin(owner, attr, depth + 1);
    // An attribute of an object whose class is not known (`runner.config.hf_config` through an
    // untyped `self.model_runner`): the repository's own declarations of a field of that name
    // say what it holds when they all agree it is external.
    Origin declared = declared_field_origin(attr, depth + 1);
    return declared.external() ? declared : Origin{};
  }
  if (k != "call") return {};
  lang::Call call = lang::describe_call(e);
  if (call.callee == "getattr") {  // getattr(obj, "k", d): part of obj
    if (call.args.empty()) return {};
    Origin o = origin_rec(path, call.args[0].value, depth + 1);
    return o.external() ? o : Origin{};
  }
  // A class (constructor), or a factory of one: `Cfg(...)`, `AutoConfig.from_pretrained(...)`,
  // `json.load(...)`: the callee's first component says whose object this is.
  Origin cls = resolve_class(path, call.callee, call.line);
  if (cls.kind != Origin::Unknown) return cls;
  // A function of this repository: its return annotation, else what it derives the value from.
  if (auto target = resolve_symbol(idx_, path, call.callee, call.line)) {
    RepoIndex::Resolved r = idx_.resolve_function(target->module_path, target->name);
    if (r.function) {
      if (const lang::SyntaxTree* t = tree(r.path)) {
        auto fn = t->enclosing_function(r.function->line);
        if (fn && fn->name == r.function->name) {
          lang::Node def = fn->node.kind() == "decorated_definition" ? fn->node.child_by_field("definition") : fn->node;
          if (lang::Node rt = def ? def.child_by_field("return_type") : lang::Node{}) {
            Origin o = resolve_class(r.path, rt.text(), rt.start_line());
            if (o.kind != Origin::Unknown) return o;
          }
        }
      }
      for (const lang::Argument& a : call.args) {  // `_text_config(hf_config)`: derived from its input
        Origin o = origin_rec(path, a.value, depth + 1);
        if (o.external()) return o;
      }
    }
  }
  return {};
}

Origin Origins::name_origin(const std::string& path, lang::Node id, int depth) {
  const lang::SyntaxTree* t = tree(path);
  if (!t) return {};
  std::string name(id.text());
  int line = id.start_line();
  if (auto fn = t->enclosing_function(line)) {
    if (!fn->class_name.empty() && !fn->params.empty() && fn->params.front().name == name &&
        (name == "self" || name == "cls"))
      return find_class(path, fn->class_name, 0);
    // The last local binding before the use.
    const lang::Assignment* last = nullptr;
    std::vector<lang::Assignment> as = t->assignments(fn->body);
    for (const lang::Assignment& a : as) {
      if (a.line >= line || a.augmented || !a.value) continue;
      if (a.targets.size() == 1 && a.targets[0] == name) last = &a;
    }
    if (last) return origin_rec(path, last->value, depth + 1);
    for (size_t i = 0; i < fn->params.size(); ++i) {
      const lang::Param& p = fn->params[i];
      if (p.name != name) continue;
      if (!p.annotation.empty()) {
        Origin o = resolve_class(path, p.annotation, fn->start_line);
        if (o.kind != Origin::Unknown) return o;
      }
      return param_from_callers(path, *fn, i, name, depth + 1);
    }
  }
  return resolve_class(path, name, line);  // a class object or an imported name
}

Origin Origins::declared_field_origin(const std::string& attr, int depth) {
  if (attr.size() < 3 || attr.starts_with("_") || depth > kMaxDepth) return {};
  if (auto it = declared_fields_.find(attr); it != declared_fields_.end()) return it->second;
  declared_fields_[attr] = Origin{};  // a cycle through the same name resolves to unknown
  // `attr: T` in a class body, or `self.attr: T = ...` in a method.
  RE2 decl("(?m)^[ \\t]+(?:self\\.)?" + RE2::QuoteMeta(attr) + "[ \\t]*:[^=\\n]");
  Origin found;
  int declarations = 0;
  bool agree = true;
  for (const std::string& path : head_.list_files()) {
    if (!path.ends_with(".py") || !agree) continue;
    std::optional<std::string> text = head_.read(path);
    if (!text || !RE2::PartialMatch(*text, decl)) continue;
    const lang::SyntaxTree* t = tree(path);
    if (!t) continue;
    for (const lang::ClassDef& c : t->classes()) {
      lang::Node cn = class_node(c);
      if (!cn || !declares_annotated_field(cn, attr)) continue;
      Origin o = field_origin(Origin{Origin::Repo, path, c.name, ""}, attr, depth + 1);
      ++declarations;
      if (!o.external() || (found.external() && o.module != found.module)) agree = false;
      found = o;
    }
  }
  Origin out = agree && declarations > 0 ? found : Origin{};
  declared_fields_[attr] = out;
  return out;
}

Origin Origins::field_origin(const Origin& owner, const std::string& attr, int depth) {
  const lang::SyntaxTree* t = tree(owner.path);
  if (!t || depth > kMaxDepth) return {};
  for (const lang::ClassDef& c : t->classes()) {
    if (c.name != owner.name) continue;
    lang::Node cn = class_node(c);
    if (!cn || cn.ancestor({"function_definition", "class_definition"})) continue;
    // `attr: T = ...` in the class body (a dataclass field).
    if (lang::Node body = cn.child_by_field("body"))
      for (lang::Node s : body.named_children()) {
        if (s.kind() != "expression_statement" || s.named_children().empty()) continue;
        lang::Node a = s.named_children().front();
        if (a.kind() != "assignment" || a.child_by_field("left").text() != attr) continue;
        if (lang::Node ty = a.child_by_field("type")) {
          Origin o = resolve_class(owner.path, ty.text(), ty.start_line());
          if (o.kind != Origin::Unknown) return o;
        }
        if (lang::Node v = a.child_by_field("right")) return origin_rec(owner.path, v, depth + 1);
      }
    // `self.attr: T = ...` / `self.attr = value` in a method.
    for (const lang::Assignment& a : t->assignments(cn)) {
      if (a.augmented || a.targets.size() != 1 || a.targets[0] != "self." + attr) continue;
      if (lang::Node ty = a.node.child_by_field("type")) {
        Origin o = resolve_class(owner.path, ty.text(), ty.start_line());
        if (o.kind != Origin::Unknown) return o;
      }
      Origin o = origin_rec(owner.path, a.value, depth + 1);
      if (o.kind != Origin::Unknown) return o;
    }
    // Inherited: from an external base, the attribute is the external class's.
    for (const std::string& base : c.bases) {
      if (base.find('=') != std::string::npos) continue;
      Origin b = resolve_class(owner.path, base, c.start_line);
      if (b.external()) return b;
      if (b.repo() && !(b.path == owner.path && b.name == owner.name)) {
        Origin o = field_origin(b, attr, depth + 1);
        if (o.kind != Origin::Unknown) return o;
      }
    }
    break;
  }
  return {};
}

Origin Origins::param_from_callers(const std::string& path, const lang::Function& fn, size_t index,
                                   const std::string& param, int depth) {
  if (depth > kMaxDepth || budget_ <= 0) return {};
  std::vector<index::CallSite> sites;
  size_t positional = index;
  std::string callee_name = fn.name;
  if (fn.class_name.empty()) {
    for (const index::CallSite& c : idx_.callers(fn.name)) {
      auto target = resolve_symbol(idx_, c.path, c.call->callee, c.call->line);
      if (target && target->module_path == path && target->name == fn.name) sites.push_back(c);
    }
  } else if (index > 0) {
    positional = index - 1;  // self
    if (fn.name == "__init__") {
      callee_name = fn.class_name;
      for (const index::CallSite& c : idx_.callers(fn.class_name)) {
        auto target = resolve_symbol(idx_, c.path, c.call->callee, c.call->line);
        if (target && target->module_path == path && target->name == fn.class_name) sites.push_back(c);
      }
    } else {
      sites = method_callers(idx_, path, fn.class_name, fn.name);
    }
  }
  Origin found;
  for (const index::CallSite& c : sites) {
    if (budget_-- <= 0) break;
    const lang::SyntaxTree* t = tree(c.path);
    if (!t) continue;
    for (const lang::Call& call : t->calls()) {
      if (call.line != c.call->line || call.callee_name != callee_name) continue;
      lang::Node value;
      size_t seen = 0;
      for (const lang::Argument& a : call.args) {
        if (a.keyword == param) value = a.value;
        if (!a.keyword.empty() || value) continue;
        if (kind_in(a.value.kind(), {"list_splat", "dictionary_splat"})) break;
        if (seen++ == positional) value = a.value;
      }
      if (!value) continue;
      Origin o = origin_rec(c.path, value, depth + 1);
      if (o.external()) return o;
      if (o.repo()) found = o;
    }
  }
  return found;
}

// --- functions as values ------------------------------------------------------------------

bool Origins::used_as_value(const std::string& path, const lang::Function& fn) {
  std::string key = path + ":" + fn.qualified;
  if (auto it = used_as_value_.find(key); it != used_as_value_.end()) return it->second;
  std::set<std::string> files{path};
  if (fn.class_name.empty()) {
    for (const index::ImportSite& s : idx_.importers_of_name(fn.name)) files.insert(s.path);
    for (const index::ImportSite& s : idx_.importers_of_module(path)) files.insert(s.path);
  }
  bool used = false;
  for (const std::string& f : files) {
    const lang::SyntaxTree* t = tree(f);
    if (!t) continue;
    for (lang::Node id : t->identifiers(fn.name)) {
      lang::Node ref = id;
      lang::Node p = id.parent();
      if (p && p.kind() == "attribute") {
        if (p.child_by_field("attribute") != id) continue;  // `f.cache_clear`: an attribute of it
        ref = p;  // `mod.f`, `self.m`
        if (!fn.class_name.empty()) {
          std::string_view obj = p.child_by_field("object").text();
          if (obj != "self" && obj != "cls" && obj != fn.class_name) continue;
        }
      } else if (!fn.class_name.empty() || !t->is_variable_read(id)) {
        continue;  // a method is reached through an object; a binding is not a use
      }
      lang::Node q = ref.parent();
      if (!q) continue;
      std::string_view k = q.kind();
      bool value = false;
      if (k == "argument_list" || k == "conditional_expression" || k == "list" || k == "tuple" || k == "set" ||
          k == "return_statement" || k == "expression_list")
        value = true;
      else if (k == "keyword_argument" || k == "pair")
        value = q.child_by_field("value") == ref;
      else if (k == "assignment")
        value = q.child_by_field("right") == ref;
      if (value) {
        used = true;
        break;
      }
    }
    if (used) break;
  }
  used_as_value_[key] = used;
  return used;
}

bool Origins::called_in_repo(const std::string& name) const { return !idx_.callers(name).empty(); }

// --- syntax predicates --------------------------------------------------------------------

bool getattr_fallback(const lang::Call& call) {
  if (call.callee != "getattr" || !call.node) return false;
  lang::Node args = call.node.parent();
  if (!args || args.kind() != "argument_list") return false;
  lang::Node outer = args.parent();
  if (!outer || outer.kind() != "call" || outer.child_by_field("function").text() != "getattr") return false;
  auto kids = args.named_children();
  return kids.size() >= 3 && kids[2] == call.node;
}

bool param_only_rejected(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& param) {
  int reads = 0;
  for (lang::Node id : tree.identifiers(param, fn.body)) {
    if (!tree.is_variable_read(id)) continue;
    ++reads;
    lang::Node clause = id.ancestor({"if_statement", "elif_clause"});
    if (!clause || !contains(clause.child_by_field("condition"), id)) return false;
    lang::Node body = clause.child_by_field("consequence");
    bool raises = false;
    if (body)
      for (lang::Node s : body.named_children())
        if (s.kind() == "raise_statement") raises = true;
    if (!raises) return false;
  }
  return reads > 0;
}

}  // namespace rp
