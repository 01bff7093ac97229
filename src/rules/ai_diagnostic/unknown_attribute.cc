// unknown-attribute: an added line reads an attribute that instances of the repository class
// the variable is annotated with never have: AttributeError when the line runs.
#include <fmt/format.h>

#include <map>

#include "analysis/class_members.h"
#include "analysis/dotted_reads.h"
#include "analysis/facts.h"
#include "analysis/instance_attributes.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unknown-attribute",
    .category = Category::AiDiagnostic,
    .severity = Severity::Red,
    .needs = Needs::FullText,
    .codes = {.atom = "S6", .aiter = "S6"},
    .summary = "An added line reads an attribute that the repository class its variable is annotated with does not have.",
    .docs = R"(What it catches: in a Python file the PR changes, an added line reads `p.attr` where `p`
is a parameter annotated with a class of this repository (`meta: BatchMeta`,
`Optional[BatchMeta]`, `"BatchMeta"`, `BatchMeta | None`, resolved through imports and
re-exports), `p` is not rebound in the function, and neither the class nor any of its bases
(all in this repository) has `attr`: no class-body field (dataclass fields included), method,
property, nested class or `__slots__` entry, and no method stores `self.attr`.
Why it matters: the first call that reaches the line raises AttributeError ("'BatchMeta' object
has no attribute 'attr'"); a type checker reports it, a reviewer reading the hunk sees a
plausible field name.
Does not fire on: classes whose attributes cannot be listed (`__getattr__`, `setattr`,
`__dict__` writes, a metaclass, a decorator other than dataclass-like ones, a base outside this
repository such as `nn.Module` or `Enum`); attributes stored on some object anywhere in the
changed file or the class's file (`meta.attr = ...` adds it from outside); reads under
`hasattr(...)` or in a `try` that catches AttributeError; reads the base file already made.
A class that has subclasses in this repository gets a warning (a subclass instance may be what
arrives), not a red.)"};

class UnknownAttribute : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    if (!ctx.repo) return;
    const index::RepoIndex& idx = ctx.repo->index();
    for (const ChangedSource& changed : changed_sources_with_tests(ctx, is_python)) {
      const std::string& path = changed.file->new_path;
      const lang::SyntaxTree& tree = *changed.tree;
      std::set<std::string> before;
      if (const lang::SyntaxTree* old_tree = changed.file->old_path.empty() ? nullptr : ctx.workspace.old_tree(changed.file->old_path))
        for (const DottedRead& r : dotted_reads(*old_tree)) before.insert(r.text);
      std::set<std::string> reported;
      for (const DottedRead& r : dotted_reads(tree, changed.added)) {
        if (before.count(r.text)) continue;
        size_t dot = r.text.find('.');
        std::string var = r.text.substr(0, dot);
        std::string attr = r.text.substr(dot + 1, r.text.find('.', dot + 1) - dot - 1);
        auto cls_text = parameter_class(tree, var, r.line);
        if (!cls_text) continue;
        auto cls = resolve_class(idx, path, *cls_text, r.line);
        if (!cls) continue;
        auto attrs = instance_attributes(ctx, *cls);
        if (!attrs || attrs->names.count(attr)) continue;
        if (stores_attribute(tree, attr)) continue;
        if (const lang::SyntaxTree* def_tree = ctx.workspace.new_tree(cls->path); def_tree && stores_attribute(*def_tree, attr))
          continue;
        if (!reported.insert(cls->name + "." + attr).second) continue;
        out.push_back(report(tree, path, r, var, *cls_text, attr, *cls, *attrs));
      }
    }
  }

 private:
  // The class the parameter `var` of the function around `line` is annotated with, when
  // nothing else in that function binds `var`.
  static std::optional<std::string> parameter_class(const lang::SyntaxTree& tree, const std::string& var, int line) {
    auto fn = tree.enclosing_function(line);
    if (!fn) return std::nullopt;
    const lang::Param* param = nullptr;
    for (const lang::Param& p : fn->params)
      if (p.name == var) param = &p;
    if (!param || param->annotation.empty()) return std::nullopt;
    std::string cls = annotated_class(param->annotation);
    if (cls.empty()) return std::nullopt;
    int bindings = 0;
    for (lang::Node id : tree.identifiers(var, fn->node)) bindings += tree.is_binding(id);
    if (bindings != 1) return std::nullopt;  // the parameter itself only
    return cls;
  }

  Finding report(const lang::SyntaxTree& tree, const std::string& path, const DottedRead& r, const std::string& var,
                 const std::string& annotation, const std::string& attr, const ClassRef& cls,
                 const InstanceAttributes& attrs) const {
    Finding x = finding();
    x.location = Location{path, r.line};
    x.problem = fmt::format("`{}` reads `{}` but `{}` is annotated `{}`, and class {} ({}:{}) and its bases have no "
                            "attribute `{}`",
                            r.text, attr, var, annotation, cls.name, cls.path, attrs.line, attr);
    x.impact = fmt::format("The first call that reaches line {} raises AttributeError: '{}' object has no attribute '{}'",
                           r.line, cls.name, attr);
    x.action = fmt::format("Author must add `{}` to {} (a field, or a `self.{}` assignment) or read an attribute it has",
                           attr, cls.name, attr);
    x.trigger = fmt::format("calling the function at {}:{} with a {} instance (AttributeError: '{}')", path, r.line,
                            cls.name, attr);
    if (!attrs.subclasses.empty()) {
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
