// weight-variant-kept: a transformed copy of a weight stored as a new attribute beside the
// original, which stays referenced (double device memory for that weight).
#include <re2/re2.h>

#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "weight-variant-kept",
    .category = Category::Resources,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A new attribute holds a transformed copy of a weight while the original attribute is never freed.",
    .docs = R"(What it catches: an added assignment `obj.new_attr = f(obj.orig, ...)` in Python where
`orig` is a weight attribute (its name contains `weight` and names no small companion:
scale, bias, zero point, shape, dtype, loader, block size), `new_attr` is a different attribute that the base version of the file never assigned,
the value computes a new tensor from `obj.orig` (a shuffle, quantization, `.contiguous()`,
`.clone()`, a kernel call), and the function never releases the original afterwards: no
`del obj.orig`, `obj.orig = None`/`= obj.new_attr`/`= Parameter(...)` re-binding,
`delattr(obj, "orig")`, `obj.orig.data = ...`, `register_parameter("orig", None)`, or a
storage `resize_(0)`.
Why it matters: both tensors stay pinned in HBM for the life of the model, doubling that
weight's footprint; on a large MoE the extra copy is gigabytes and surfaces as OOM only at
peak load in production.
Does not fire on: collections (lists, dicts, comprehensions), calls whose name says they
return a view (`decode_view(w)`), views (`.view`, `.t()`, `.T`, `.transpose`, `.permute`, `.reshape`,
`.unsqueeze`, `.squeeze`, `.narrow`, `.detach()`, slicing), which share storage; re-binding the
original in place (`obj.w13_weight = shuffle(obj.w13_weight)`); attributes derived from
non-weight attributes (scales, biases); attributes that already existed in the base version;
code that frees the original later in the same function; a constructed object that receives the
weight itself as an argument (`Runtime(weights=self.weight)`: a reference, no copy); a weight
its class creates as a vector (`self.weight = Parameter(torch.ones(dim))`: a norm's weight, one
row of the hidden size); method calls and collections
(`self.collect_weights()`, `self.weight_prefixes`, names ending in `s`); test files.)"};

bool is_weight_attr(std::string_view attr) {
  static const RE2 weight(R"((?i)weight)");
  static const RE2 small(R"((?i)(scale|bias|zero|shape|dtype|name|loader|attr|type|block|group|size|amax))");
  std::string a(attr);
  return RE2::PartialMatch(a, weight) && !RE2::PartialMatch(a, small);
}

bool is_view_only(Node value) {
  static const RE2 view(
      R"(^[\w.]+(\.(view|t|T|transpose|permute|reshape|unsqueeze|squeeze|narrow|detach|view_as|flatten|unflatten)(\([^()]*\))?|\[[^\]]*\])*$)");
  std::string text = collapse_whitespace(value.text());
  std::string no_space;
  for (char c : text)
    if (c != ' ') no_space += c;
  return RE2::FullMatch(no_space, view);
}

// Whether `text` names the attribute `full` ("self.w") itself, not a longer one ("self.w_q").
bool mentions_attr(std::string_view text, const std::string& full) {
  const RE2 re(RE2::QuoteMeta(full) + "([^A-Za-z0-9_]|$)");
  return RE2::PartialMatch(std::string(text), re);
}

// A list/dict/tuple/comprehension (a collection, not one tensor), or a call whose name says it
// returns a view (`..._view(w)`, `as_strided`): no second copy of the weight.
bool builds_view_or_collection(Node value) {
  NodeKind k = node_kind(value);
  if (k == NodeKind::List || k == NodeKind::Dict || k == NodeKind::Tuple || k == NodeKind::Comprehension ||
      k == NodeKind::Set || k == NodeKind::Comprehension)
    return true;
  if (k != NodeKind::Call) return false;
  std::string name = lang::describe_call(value).callee_name;
  return name.find("view") != std::string::npos || name == "as_strided";
}

class WeightVariantKept : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, [](std::string_view p) { return is_python(p); })) {
      const FileChange& f = *file;
      const std::string* old_text = ctx.workspace.old_text(f.old_path.empty() ? f.new_path : f.old_path);
      for (const lang::Assignment& a : tree->assignments()) {
        if (!added.count(a.line) || !a.value || a.augmented || a.targets.size() != 1) continue;
        const std::string& target = a.targets.front();
        size_t dot = target.rfind('.');
        if (dot == std::string::npos) continue;
        std::string obj = target.substr(0, dot), attr = target.substr(dot + 1);
        if (is_view_only(a.value) || builds_view_or_collection(a.value)) continue;
        std::string orig = original_read(a.value, obj, attr);
        if (orig.empty()) continue;
        if (wraps_reference(a.value, obj + "." + orig)) continue;
        if (obj == "self" && created_as_vector(*tree, a.line, orig)) continue;
        if (old_text && old_text->find(target + " =") != std::string::npos) continue;  // pre-existing attribute
        std::optional<lang::Function> fn = tree->enclosing_function(a.line);
        Node scope = fn ? fn->body : tree->root();
        if (frees(*tree, scope, obj, orig, a.line)) continue;
        report(*tree, f.new_path, a, obj, attr, orig, out);
      }
    }
  }

 private:
  // The weight attribute of `obj` that `value` reads (other than `attr` itself); "" if none.
  static std::string original_read(Node value, const std::string& obj, const std::string& attr) {
    std::string found;
    lang::walk(value, [&](Node n) {
      if (!found.empty()) return false;
      if (is(n, NodeKind::Attribute)) {
        Node o = n.child_by_field("object"), a = n.child_by_field("attribute");
        // A method call (`self.collect_weights()`) or a collection (`weight_prefixes`) is no tensor.
        Node parent = n.parent();
        bool called = parent && is(parent, NodeKind::Call) && parent.child_by_field("function") == n;
        bool collection = !a.text().empty() && (a.text().back() == 's' || a.text().find("prefix") != std::string_view::npos);
        if (o && a && o.text() == obj && a.text() != attr && is_weight_attr(a.text()) && !called && !collection) {
          found = std::string(a.text());
          return false;
        }
      }
      return true;
    });
    return found;
  }

  // `Runtime(weights=self.weight, ...)`: a constructed object (the callee is a class name) that
  // receives the weight itself as an argument holds a reference to the same storage, no copy.
  static bool wraps_reference(Node value, const std::string& full) {
    if (!is(value, NodeKind::Call)) return false;
    Call c = lang::describe_call(value);
    if (c.callee_name.empty() || !std::isupper(static_cast<unsigned char>(c.callee_name.front()))) return false;
    for (const lang::Argument& arg : c.args)
      if (collapse_whitespace(arg.value.text()) == full) return true;
    return false;
  }

  // The class that owns the function creates `self.orig` as a vector (`torch.ones(dim)`,
  // `Parameter(torch.empty(hidden_size))`: one size argument), the weight of a norm or a bias-like
  // scale: a second copy costs one row of the model's hidden size, not a weight matrix.
  static bool created_as_vector(const SyntaxTree& tree, int line, const std::string& orig) {
    std::optional<lang::ClassDef> cls = tree.enclosing_class(line);
    if (!cls) return false;
    bool vector = false, other = false;
    for (const lang::Assignment& a : tree.assignments(cls->node)) {
      if (a.targets.size() != 1 || a.targets.front() != "self." + orig || !a.value) continue;
      bool one_dim = false;
      lang::walk(a.value, [&](Node n) {
        if (one_dim || !is(n, NodeKind::Call)) return !one_dim;
        Call c = lang::describe_call(n);
        static const std::set<std::string> makers = {"ones", "zeros", "empty", "rand", "randn"};
        if (!makers.count(c.callee_name)) return true;
        int positional = 0;
        bool sized = true;
        for (const lang::Argument& arg : c.args) {
          if (!arg.keyword.empty()) continue;
          ++positional;
          NodeKind k = node_kind(arg.value);
          sized = sized && (k == NodeKind::Identifier || k == NodeKind::Attribute || k == NodeKind::Integer);
        }
        one_dim = positional == 1 && sized;
        return !one_dim;
      });
      (one_dim ? vector : other) = true;
    }
    return vector && !other;
  }

  static bool frees(const SyntaxTree& tree, Node scope, const std::string& obj, const std::string& orig, int after) {
    const std::string full = obj + "." + orig;
    for (const lang::Assignment& a : tree.assignments(scope)) {
      if (a.line <= after) continue;
      for (const std::string& t : a.targets)
        if (t == full || t == full + ".data") return true;
    }
    bool freed = false;
    lang::walk(scope, [&](Node n) {
      if (freed) return false;
      if (n.start_line() > after) {
        if (is(n, NodeKind::Delete) && mentions_attr(n.text(), full)) freed = true;
        if (is(n, NodeKind::Call)) {
          Call c = lang::describe_call(n);
          std::string text(n.text());
          if ((c.callee_name == "delattr" || c.callee_name == "register_parameter" ||
               c.callee_name == "register_buffer") &&
              text.find("\"" + orig + "\"") != std::string::npos)
            freed = true;
          if (c.callee_name == "resize_" && mentions_attr(text, full)) freed = true;
        }
        if (is(n, NodeKind::Assignment)) {
          Node left = n.child_by_field("left");
          if (left && (trim(left.text()) == full || trim(left.text()) == full + ".data")) freed = true;
        }
      }
      return !freed;
    });
    return freed;
  }

  void report(const SyntaxTree& tree, const std::string& path, const lang::Assignment& a, const std::string& obj,
              const std::string& attr, const std::string& orig, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{path, a.line};
    x.problem = "`" + obj + "." + attr + "` stores a transformed copy of `" + obj + "." + orig +
                "`, and the original is never freed in this function";
    x.impact = "Both tensors stay resident for the life of the model: that weight's HBM footprint doubles, which on "
               "large models shows up as OOM only at peak load";
    x.action = "Author must free or replace the original after building the variant (`" + obj + "." + orig +
               " = None` / `del`, or store the variant under the original name), or Reviewer should ask why both "
               "copies must stay resident";
    x.evidence.push_back(evidence(path, a.line, tree.line_text(a.line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(WeightVariantKept);

}  // namespace
}  // namespace rp
