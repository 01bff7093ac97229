#include "analysis/dead_bindings.h"

#include <map>
#include <set>
#include <string_view>

#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;

bool word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

// The identifier-like words of a text ("a.b {c}" → a, b, c), and apart those that open a
// `{...}` template field ("{c}", "{c.x}", "{c:>4}" → c).
void add_words(std::string_view text, std::set<std::string, std::less<>>& out,
               std::set<std::string, std::less<>>& fields) {
  size_t i = 0;
  while (i < text.size()) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && word_char(text[j])) ++j;
    out.emplace(text.substr(i, j - i));
    if (i > 0 && text[i - 1] == '{') fields.emplace(text.substr(i, j - i));
    i = j;
  }
}

// What a scope reads: identifiers in a reading position, and every word of its string literals.
struct Reads {
  std::set<std::string, std::less<>> names;
  std::set<std::string, std::less<>> string_words;
  std::set<std::string, std::less<>> template_fields;
  bool unknowable = false;  // locals()/vars()/globals()/exec/eval: names are read by string

  // A module name is read by any mention in a string (__all__, "pkg.Type" annotations).
  bool read_by_module(std::string_view name) const { return names.count(name) || string_words.count(name); }
  // A local is read by a `{name}` template field (str.format(**...)); a string that merely
  // holds the same word (`status = row["status"]`) does not read it.
  bool read_by_function(std::string_view name) const { return names.count(name) || template_fields.count(name); }
};

Reads reads_in(const lang::SyntaxTree& tree, Node scope) {
  Reads r;
  lang::walk(scope, [&](Node n) {
    std::string_view k = n.kind();
    if (k == "identifier") {
      Node parent = n.parent();
      // `x += 1` reads x before it binds it.
      bool augmented = parent && parent.kind() == "augmented_assignment" && parent.child_by_field("left") == n;
      if (augmented || tree.is_variable_read(n)) {
        std::string_view t = n.text();
        if (t == "locals" || t == "vars" || t == "globals" || t == "exec" || t == "eval") r.unknowable = true;
        r.names.emplace(t);
      }
      return false;
    }
    if (k == "string") {
      add_words(n.text(), r.string_words, r.template_fields);
      // An f-string's interpolations hold real reads too: keep walking.
      return true;
    }
    return true;
  });
  return r;
}

// The def node of a function (the `function_definition` inside a decorated definition).
Node def_node(const lang::Function& fn) { return fn.body ? fn.body.parent() : fn.node; }

bool has_noqa(const lang::SyntaxTree& tree, Node stmt) {
  for (int l = stmt.start_line(); l <= stmt.end_line(); ++l)
    if (tree.line_text(l).find("noqa") != std::string_view::npos) return true;
  return false;
}

// Whether `n` sits under `if TYPE_CHECKING:` (typing-only imports, read by annotations).
bool under_type_checking(Node n) {
  for (Node p = lang::ancestor(n, {lang::NodeKind::If}); p; p = lang::ancestor(p, {lang::NodeKind::If})) {
    Node cond = p.child_by_field("condition");
    if (cond && cond.text().find("TYPE_CHECKING") != std::string_view::npos) return true;
  }
  return false;
}

// The line of the clause of import statement `stmt` that imports `name` (a multi-line
// `from m import (\n a,\n b)` puts each name on its own line); the statement's line otherwise.
int name_line(Node stmt, const lang::ImportedName& n) {
  Node module = stmt.child_by_field("module_name");
  for (Node c : stmt.named_children()) {
    if (c == module) continue;
    Node name = c.kind() == "aliased_import" ? c.child_by_field("name") : c;
    Node alias = c.kind() == "aliased_import" ? c.child_by_field("alias") : Node();
    if (name && name.text() == n.name && (alias ? alias.text() == n.alias : n.alias.empty())) return c.start_line();
  }
  return stmt.start_line();
}

}  // namespace

namespace {

// unread_imports' candidates that `wanted(name, line)` accepts; the module's reads are resolved
// only when one is left (a whole-tree walk, most of the cost).
template <class Wanted>
std::vector<DeadBinding> unread_imports_if(const lang::SyntaxTree& tree, Wanted&& wanted) {
  std::vector<DeadBinding> out;
  if (!tree.is_python() || tree.error_count() > 0) return out;
  // A module-level __getattr__ serves names lazily: what it reads is unknowable.
  for (const lang::Function& fn : tree.functions())
    if (fn.name == "__getattr__" && fn.class_name.empty()) return out;

  // How many times the module level binds each name (imports, defs, classes, assignments).
  std::map<std::string, int, std::less<>> bound;
  struct Candidate {
    std::string name, module;
    int line;
  };
  std::vector<Candidate> candidates;
  for (const lang::Import& imp : tree.imports()) {
    bool module_level = !lang::ancestor(imp.node, {lang::NodeKind::FunctionDef, lang::NodeKind::ClassDef});
    if (!module_level) continue;
    bool probe = lang::ancestor(imp.node, {lang::NodeKind::Try}) || under_type_checking(imp.node);
    bool noqa = has_noqa(tree, imp.node);
    bool plain_import = imp.node.kind() == "import_statement";
    for (const lang::ImportedName& n : lang::imported_names(imp)) {
      if (n.name == "*") continue;
      std::string name = n.alias.empty() ? n.name : n.alias;
      if (plain_import && n.alias.empty()) {
        // `import a.b` binds `a` (and runs a.b for its side effects): not a candidate.
        std::string top = name.substr(0, name.find('.'));
        ++bound[top];
        if (name.find('.') != std::string::npos) continue;
      } else {
        ++bound[name];
      }
      if (imp.module == "__future__" || probe || noqa) continue;
      if (!n.alias.empty() && n.alias == n.name) continue;  // `from m import a as a`: a re-export
      if (name.find('.') != std::string::npos) continue;
      int line = name_line(imp.node, n);
      if (wanted(name, line)) candidates.push_back({name, imp.module, line});
    }
  }
  if (candidates.empty()) return out;
  Reads reads = reads_in(tree, tree.root());
  if (reads.unknowable) return out;
  for (const lang::Function& fn : tree.functions())
    if (!lang::ancestor(def_node(fn), {lang::NodeKind::FunctionDef, lang::NodeKind::ClassDef})) ++bound[fn.name];
  for (const lang::ClassDef& c : tree.classes())
    if (!lang::ancestor(c.node, {lang::NodeKind::FunctionDef, lang::NodeKind::ClassDef})) ++bound[c.name];
  for (const lang::Assignment& a : tree.assignments())
    if (!lang::ancestor(a.node, {lang::NodeKind::FunctionDef, lang::NodeKind::ClassDef, lang::NodeKind::Lambda}))
      for (const std::string& t : a.targets) ++bound[t];

  for (const Candidate& c : candidates) {
    if (bound[c.name] > 1 || reads.read_by_module(c.name)) continue;
    out.push_back({c.name, c.line, "", c.module});
  }
  return out;
}

}  // namespace

std::vector<DeadBinding> unread_imports(const lang::SyntaxTree& tree) {
  return unread_imports_if(tree, [](const std::string&, int) { return true; });
}

namespace {

// unread_locals of the functions `wanted` accepts; the others are not read at all.
template <class Wanted>
std::vector<DeadBinding> unread_locals_of(const lang::SyntaxTree& tree, Wanted&& wanted) {
  std::vector<DeadBinding> out;
  if (!tree.is_python() || tree.error_count() > 0) return out;
  for (const lang::Function& fn : tree.functions()) {
    if (!fn.body || !wanted(fn)) continue;
    Node def = def_node(fn);
    Reads reads = reads_in(tree, fn.body);
    if (reads.unknowable) continue;
    std::set<std::string, std::less<>> declared;  // global / nonlocal names
    lang::walk(fn.body, [&](Node n) {
      if (lang::is_any(n, {lang::NodeKind::Global, lang::NodeKind::Nonlocal}))
        for (Node c : n.named_children())
          if (c.kind() == "identifier") declared.emplace(c.text());
      return true;
    });
    std::set<std::string, std::less<>> reported;
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (a.node.kind() != "assignment" || a.augmented || !a.value || a.targets.size() != 1) continue;
      if (a.value.kind() == "assignment") continue;  // `a = b = v`: a chain, left alone
      Node left = a.node.child_by_field("left");
      if (!left || left.kind() != "identifier") continue;
      Node parent = a.node.parent();
      if (!parent || parent.kind() != "expression_statement") continue;  // chained or nested
      if (lang::ancestor(a.node, {lang::NodeKind::FunctionDef, lang::NodeKind::ClassDef, lang::NodeKind::Lambda}) !=
          def)
        continue;  // a nested function's or class's own binding
      const std::string& name = a.targets.front();
      if (name.empty() || name[0] == '_' || declared.count(name) || reads.read_by_function(name)) continue;
      if (!reported.insert(name).second) continue;
      out.push_back({name, a.line, fn.qualified, ""});
    }
  }
  return out;
}

}  // namespace

std::vector<DeadBinding> unread_locals(const lang::SyntaxTree& tree) {
  return unread_locals_of(tree, [](const lang::Function&) { return true; });
}

bool imported_elsewhere(const index::RepoIndex& idx, const std::string& path, const std::string& name) {
  std::string dotted = index::RepoIndex::dotted_of(path);
  for (const index::ImportSite& s : idx.importers_of_name(name))
    if (s.path != path && index::RepoIndex::absolute_module(s.path, *s.import) == dotted) return true;
  for (const index::ImportSite& s : idx.importers_of_module(path)) {
    if (s.path == path) continue;
    for (const auto& n : s.import->names)
      if (n.name == "*") return true;
  }
  return false;
}

namespace {
// Drops from `dead` (head-side bindings of `changed`) those the base version of the file already
// had dead: the same name in the same scope, as `base_dead` finds them in the old tree.
template <class BaseDead>
void drop_inherited(const ReviewContext& ctx, const ChangedSource& changed, std::vector<DeadBinding>& dead,
                    BaseDead&& base_dead) {
  const FileChange& f = *changed.file;
  const lang::SyntaxTree* old_tree =
      f.status == FileStatus::Added || f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
  if (!old_tree) return;
  std::set<std::pair<std::string, std::string>> before;
  for (const DeadBinding& d : base_dead(*old_tree)) before.insert({d.scope, d.name});
  std::erase_if(dead, [&](const DeadBinding& d) { return before.count({d.scope, d.name}) > 0; });
}
}  // namespace

std::vector<DeadBinding> added_unread_locals(const ReviewContext& ctx, const ChangedSource& changed) {
  const std::set<int>& added = changed.added;
  // A function's dead locals are bound on lines of its body: one without an added line
  // reports nothing that the filter below would keep.
  std::vector<DeadBinding> dead = unread_locals_of(*changed.tree, [&](const lang::Function& fn) {
    auto it = added.lower_bound(fn.node.start_line());
    return it != added.end() && *it <= fn.node.end_line();
  });
  std::erase_if(dead, [&](const DeadBinding& d) { return !added.count(d.line); });
  if (dead.empty()) return dead;
  // The base side matters only for the scopes of what is left.
  std::set<std::string, std::less<>> scopes;
  for (const DeadBinding& d : dead) scopes.insert(d.scope);
  drop_inherited(ctx, changed, dead, [&](const lang::SyntaxTree& old_tree) {
    return unread_locals_of(old_tree, [&](const lang::Function& fn) { return scopes.count(fn.qualified) > 0; });
  });
  return dead;
}

std::vector<DeadBinding> added_unread_imports(const ReviewContext& ctx, const ChangedSource& changed) {
  const std::set<int>& added = changed.added;
  // Only a candidate on an added line can be reported: the others are not resolved.
  std::vector<DeadBinding> dead =
      unread_imports_if(*changed.tree, [&](const std::string&, int line) { return added.count(line) > 0; });
  if (dead.empty()) return dead;
  // Every import binding's scope is the module's (""): the base side matters only for the
  // names left.
  std::set<std::string, std::less<>> names;
  for (const DeadBinding& d : dead) names.insert(d.name);
  drop_inherited(ctx, changed, dead, [&](const lang::SyntaxTree& old_tree) {
    return unread_imports_if(old_tree, [&](const std::string& name, int) { return names.count(name) > 0; });
  });
  return dead;
}

}  // namespace rp
