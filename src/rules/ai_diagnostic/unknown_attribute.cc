// unknown-attribute: an added line reads an attribute that instances of the repository class
// the variable holds never have: AttributeError when the line runs.
#include <fmt/format.h>

#include <map>

#include "analysis/bound_class.h"
#include "analysis/class_members.h"
#include "analysis/dotted_reads.h"
#include "analysis/facts.h"
#include "analysis/instance_attributes.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unknown-attribute",
    .category = Category::AiDiagnostic,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .summary = "An added line reads an attribute that the repository class its variable holds does not have.",
    .docs = R"(What it catches: in a Python file the PR changes, an added line reads or calls `p.attr`
where `p` holds an instance of a class of this repository (resolved through imports and
re-exports) and neither the class nor any of its bases (all in this repository) has `attr`: no
class-body field (dataclass fields included), method, property, nested class or `__slots__`
entry, and no method stores `self.attr`. `p` holds the class when it is bound once in its
function: a parameter annotated with it (`meta: BatchMeta`, `Optional[BatchMeta]`,
`"BatchMeta"`, `BatchMeta | None`), `p = BatchMeta(...)`, `p: BatchMeta = ...`,
`p = make_meta(...)` where `make_meta` (or a method of the same class, `self.make_meta(...)`)
is annotated `-> BatchMeta`, or an element of an annotated container (`for k, p in
metas.items()` with `metas: Dict[str, BatchMeta]`, `for p in metas` with `List[BatchMeta]`,
`p = metas[k]`). `self.cfg.attr` is checked the same way when the class stores `self.cfg`
once, from such a call or annotation, and has no subclass in this repository.
Why it matters: the first call that reaches the line raises AttributeError ("'BatchMeta' object
has no attribute 'attr'"); a type checker reports it, a reviewer reading the hunk sees a
plausible field name.
Does not fire on: attributes every instance has whatever its class declares (`object`'s and
the class statement's: `p.__class__`, `p.__dict__`, `p.__module__`, `p.__repr__()`; a dunder
only some classes define, such as `__len__`, is still checked); classes whose attributes
cannot be listed (`__getattr__`, `__new__`, `setattr`, `__dict__` writes, a metaclass, a
decorator other than dataclass-like ones, a base outside this repository such as `nn.Module`
or `Enum`); attributes stored on some object anywhere in the
changed file, the class's file or a module that imports the class (`meta.attr = ...` in the
builder that fills its instances adds it from outside; so does `setattr(meta, k, v)`; a store on
`self` in the methods of an unrelated class, `self.attr = ...` in some `Runner`, adds it to
Runner's instances and does not count), or, when the variable is handed to a call before the
read (`prepare_scratch(pool)`, a test's fake passed to the code under test), in a repository
module the file imports: the function it was handed to may add the attribute; reads under
`hasattr(...)` or in a `try` that catches AttributeError; reads the base file already made.
A name bound more than once in its function, or bound by anything else (an unannotated call,
an attribute chain), is not checked. A class that has subclasses in this repository gets a
warning (a subclass instance may be what arrives), not a red, unless the name was bound by
calling the class itself (`p = BatchMeta(...)`).)"};

class UnknownAttribute : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    if (!ctx.repo) return;
    const index::RepoIndex& idx = ctx.repo->index();
    TreeOf tree_of = [&ctx](const std::string& p) { return ctx.workspace.new_tree(p); };
    for (const ChangedSource& changed : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      const std::string& path = changed.file->new_path;
      const lang::SyntaxTree& tree = *changed.tree;
      const lang::SyntaxTree* old_tree =
          changed.file->old_path.empty() ? nullptr : ctx.workspace.old_tree(changed.file->old_path);
      std::vector<DottedRead> reads = dotted_reads(tree, changed.added, true);
      std::set<std::string> before;  // the base file's reads: only when there are added ones
      if (old_tree && !reads.empty())
        for (const DottedRead& r : dotted_reads(*old_tree, {}, true)) before.insert(r.text);
      std::set<std::string> reported;
      for (const DottedRead& r : reads) {
        if (before.count(r.text)) continue;
        std::vector<std::string> parts = split(r.text, '.');
        // `x.attr...` on a local; `self.cfg.attr...` on an attribute the class binds once.
        for (size_t n = 1; n < parts.size() && n <= 2; ++n) {
          std::string receiver = parts[0] + (n == 2 ? "." + parts[1] : "");
          const std::string& attr = parts[n];
          if (every_instance_has(attr)) break;  // `p.__class__`: `object` gives it to every instance
          auto bound = bound_class(idx, tree_of, path, receiver, r.line);
          if (!bound) continue;
          auto attrs = instance_attributes(ctx, bound->cls);
          // `__new__` may return an instance of another class (a frontend choosing a backend).
          if (!attrs || attrs->names.count(attr) || attrs->names.count("__new__")) continue;
          // Stores on `self` in other classes' methods add `attr` to those classes' instances.
          std::set<std::string, std::less<>> own{bound->cls.name};
          for (const ClassRef& sub : attrs->subclasses) own.insert(sub.name);
          if (stores_attribute(tree, attr, &own)) break;
          if (const lang::SyntaxTree* def_tree = ctx.workspace.new_tree(bound->cls.path);
              def_tree && stores_attribute(*def_tree, attr, &own))
            break;
          if (stored_by_importer(ctx, idx, bound->cls.name, attr, own)) break;
          if (stored_by_a_callee_it_was_passed_to(ctx, idx, tree, path, receiver, bound->line, r.line, attr, own))
            break;
          if (!reported.insert(bound->cls.name + "." + attr).second) break;
          out.push_back(report(tree, path, r, receiver, attr, *bound, *attrs));
          break;
        }
      }
    }
  }

 private:
  // A module that imports the class may add the attribute to its instances (`meta.attr = ...`
  // in the builder that fills them, or `setattr(meta, k, v)`): then the class body does not
  // list every attribute an instance has. Asked only before a finding is reported.
  static bool stored_by_importer(const ReviewContext& ctx, const index::RepoIndex& idx, const std::string& cls,
                                 const std::string& attr, const std::set<std::string, std::less<>>& own) {
    constexpr size_t kMaxFiles = 64;
    std::set<std::string> seen;
    for (const index::ImportSite& site : idx.importers_of_name(cls)) {
      if (!seen.insert(site.path).second) continue;
      if (seen.size() > kMaxFiles) return true;  // too widely used to list: do not claim absence
      const lang::SyntaxTree* t = ctx.workspace.new_tree(site.path);
      if (t && stores_attribute(*t, attr, &own)) return true;
    }
    return false;
  }

  // Whether the object `receiver` holds is handed to a call (as an argument, not as the call's
  // receiver) between its binding at `bound_line` and the read at `read_line`, and a repository
  // module the file imports stores `attr` on some object: the function it was handed to may
  // have given the instance the attribute (`prepare_scratch(pool)` doing `pool.scratch = ...`),
  // as Python objects take new attributes from anyone who holds them.
  static bool stored_by_a_callee_it_was_passed_to(const ReviewContext& ctx, const index::RepoIndex& idx,
                                                  const lang::SyntaxTree& tree, const std::string& path,
                                                  const std::string& receiver, int bound_line, int read_line,
                                                  const std::string& attr,
                                                  const std::set<std::string, std::less<>>& own) {
    if (receiver.find('.') != std::string::npos) return false;
    std::optional<lang::Function> fn = tree.enclosing_function(read_line);
    if (!fn || !fn->body) return false;
    bool handed = false;
    for (const lang::Call& c : tree.calls(fn->body)) {
      if (c.line < bound_line || c.line >= read_line) continue;
      for (const lang::Argument& a : c.args)
        if (a.value && a.value.text() == receiver) handed = true;
    }
    if (!handed) return false;
    constexpr size_t kMaxFiles = 32;
    std::set<std::string> seen;
    for (const lang::Import& imp : tree.imports()) {
      index::PyImport relative;  // `from ..pkg import m`: relative to this file's package
      relative.module = imp.module;
      relative.level = imp.level;
      std::string base = index::RepoIndex::absolute_module(path, relative);
      std::vector<std::string> modules{base};
      for (const lang::ImportedName& n : lang::imported_names(imp))
        if (n.name != "*" && !base.empty() && node_kind(imp.node) == NodeKind::ImportFrom)
          modules.push_back(base + "." + n.name);
        else if (node_kind(imp.node) == NodeKind::Import)
          modules.push_back(n.name);
      for (const std::string& m : modules) {
        std::string file = m.empty() ? "" : idx.module_path(m);
        if (file.empty() || file == path || !seen.insert(file).second) continue;
        if (seen.size() > kMaxFiles) return true;  // too many modules to read: do not claim absence
        const lang::SyntaxTree* t = ctx.workspace.new_tree(file);
        if (t && stores_attribute(*t, attr, &own)) return true;
      }
    }
    return false;
  }

  Finding report(const lang::SyntaxTree& tree, const std::string& path, const DottedRead& r, const std::string& var,
                 const std::string& attr, const BoundClass& bound, const InstanceAttributes& attrs) const {
    Finding x = finding();
    x.location = Location{path, r.line};
    const ClassRef& cls = bound.cls;
    x.problem = fmt::format("`{}` {} `{}` but `{}` is {}, and class {} ({}:{}) and its bases have no attribute `{}`",
                            r.text, r.called ? "calls" : "reads", attr, var, bound.how, cls.name, cls.path, attrs.line, attr);
    x.impact = fmt::format("The first call that reaches line {} raises AttributeError: '{}' object has no attribute '{}'",
                           r.line, cls.name, attr);
    x.action = fmt::format("Author must add `{}` to {} (a field, or a `self.{}` assignment) or read an attribute it has",
                           attr, cls.name, attr);
    x.trigger = fmt::format("calling the function at {}:{} with a {} instance (AttributeError: '{}')", path, r.line,
                            cls.name, attr);
    if (!bound.exact && !attrs.subclasses.empty()) {
      x.severity = Severity::Warn;
      x.impact += fmt::format(" — unless a subclass instance arrives ({} subclasses {} in this repository)",
                              attrs.subclasses.front().name, cls.name);
    }
    x.evidence.push_back(evidence(path, r.line, tree.line_text(r.line)));
    std::string known;
    int shown = 0;
    bool more = false;
    for (const std::string& n : attrs.names) {
      if (n.starts_with("__")) continue;
      if (shown == 8) {
        more = true;
        break;
      }
      ++shown;
      known += (known.empty() ? "" : ", ") + n;
    }
    x.evidence.push_back(fmt::format("{}:{}: class {} has: {}{}", cls.path, attrs.line, cls.name, known, more ? ", …" : ""));
    return x;
  }
};

REGISTER_RULE(UnknownAttribute);

}  // namespace
}  // namespace rp
