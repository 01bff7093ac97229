#include "analysis/capture_support.h"

#include <re2/re2.h>

#include <algorithm>

#include "core/paths.h"
#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {

namespace {

using lang::is;
using lang::Node;
using lang::node_kind;
using lang::NodeKind;

// `build_for_cudagraph_capture`, `build_for_graph_capture`, `build_cuda_graph_capture_metadata`.
bool is_capture_builder_name(std::string_view name) {
  static const RE2 re(R"((?i)^_*build\w*(cuda_?graph|hip_?graph|graph)_?capture\w*$)");
  return RE2::FullMatch(name, re);
}

// A value that holds no tensor: a literal, `None`, a parameter of the builder, or a tuple of those.
bool constant_value(Node v, const lang::Function& fn, int depth = 0) {
  v = lang::unparenthesized(v);
  if (!v || depth > 8) return false;
  switch (node_kind(v)) {
    case NodeKind::Integer:
    case NodeKind::Float:
    case NodeKind::True:
    case NodeKind::False:
    case NodeKind::None:
    case NodeKind::String:
      return true;
    case NodeKind::Identifier:
      return std::any_of(fn.params.begin(), fn.params.end(),
                         [&](const lang::Param& p) { return p.name == v.text() && p.name != "self"; });
    case NodeKind::Tuple:
    case NodeKind::ExpressionList:
      for (Node c : v.named_children())
        if (!constant_value(c, fn, depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

// `Record(a=1, b=None, total=bs)`: a constructor call whose arguments hold no tensor.
bool record_of_constants(Node v, const lang::Function& fn) {
  v = lang::unparenthesized(v);
  if (!v || !is(v, NodeKind::Call)) return false;
  Node args = v.child_by_field("arguments");
  if (!args) return false;
  for (Node a : args.named_children()) {
    if (is(a, NodeKind::Comment)) continue;
    Node value = a.kind() == "keyword_argument" ? a.child_by_field("value") : a;
    if (!constant_value(value, fn)) return false;
  }
  return true;
}

// The body's statements without its docstring and comments.
std::vector<Node> body_statements(Node body) {
  std::vector<Node> out;
  for (Node s : body.named_children()) {
    if (is(s, NodeKind::Comment)) continue;
    if (out.empty() && is(s, NodeKind::ExpressionStatement) && s.named_children().size() == 1 &&
        is(s.named_children().front(), NodeKind::String))
      continue;
    out.push_back(s);
  }
  return out;
}

// The stem of a Python module path: `a/b/deepseek_v4_attn.py` -> `deepseek_v4_attn`.
std::string stem_of(std::string_view path) {
  size_t slash = path.rfind('/');
  std::string_view base = slash == std::string_view::npos ? path : path.substr(slash + 1);
  if (base.ends_with(".py")) base.remove_suffix(3);
  return std::string(base);
}

// `a/b/c.py` -> `a.b.c` (`a/b/__init__.py` -> `a.b`).
std::string module_of(std::string_view path) {
  std::string p(path);
  if (p.ends_with("/__init__.py")) p.resize(p.size() - 12);
  else if (p.ends_with(".py")) p.resize(p.size() - 3);
  std::replace(p.begin(), p.end(), '/', '.');
  return p;
}

// Whether backend module `backend_path` is named for the model module `model_stem`.
bool named_for_model(const std::string& backend_path, const std::string& model_stem) {
  std::string stem = stem_of(backend_path);
  for (std::string_view suffix : {"_attn_backend", "_attention_backend", "_attn", "_attention", "_backend"})
    if (stem.size() > suffix.size() && stem.ends_with(suffix) && stem.substr(0, stem.size() - suffix.size()) == model_stem)
      return true;
  return false;
}

// Whether the model's syntax tree imports the module `module` (or a name from it).
bool imports_module(const lang::SyntaxTree& model, const std::string& module) {
  for (const lang::Import& imp : model.imports()) {
    if (imp.level != 0) continue;
    if (imp.module == module) return true;
    // `from pkg import mod`
    for (const lang::ImportedName& n : lang::imported_names(imp))
      if (imp.module + "." + n.name == module) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> capture_builder_stub(const lang::SyntaxTree& tree, const lang::Function& fn) {
  if (fn.class_name.empty() || !fn.body || !is_capture_builder_name(fn.name)) return std::nullopt;
  for (const std::string& d : fn.decorators)
    if (d.find("abstractmethod") != std::string::npos) return std::nullopt;
  (void)tree;
  std::vector<Node> stmts = body_statements(fn.body);
  static const RE2 disabled(
      R"((?i)(?:(?:cuda|hip)?[ _-]?graph|capture)[^\n]{0,40}\b(?:is |are )?(?:disabled|not supported|unsupported|not yet supported|not implemented)|(?:disable[sd]?|no|not support(?:ed)?|unsupported)\s+(?:for\s+)?(?:cuda|hip)?[ _-]?graph)");
  // A short body that says so (a long one that fills metadata may only disable one case). The
  // whole definition: a comment above the first statement is not inside the body node.
  if (stmts.size() <= 2 && RE2::PartialMatch(fn.node.text(), disabled)) return "says capture is disabled";
  if (stmts.empty()) return "has an empty body";
  if (stmts.size() == 1) {
    Node s = stmts.front();
    if (is(s, NodeKind::Raise)) return "only raises";
    if (is(s, NodeKind::Pass)) return "is `pass`";
    if (is(s, NodeKind::ExpressionStatement) && s.named_children().size() == 1 &&
        is(s.named_children().front(), NodeKind::Ellipsis))
      return "is `...`";
    if (is(s, NodeKind::Return)) {
      Node v = s.named_children().empty() ? Node() : s.named_children().front();
      if (!v || is(v, NodeKind::None)) return "returns nothing";
      if (record_of_constants(v, fn)) return "returns a record of constants (no tensor field is filled)";
    }
  }
  return std::nullopt;
}

std::optional<CaptureStub> model_capture_stub(const TreeReader& head, const TreeOf& tree_of,
                                              const std::string& model_path) {
  const lang::SyntaxTree* model = tree_of ? tree_of(model_path) : nullptr;
  if (!model) return std::nullopt;
  std::string model_stem = stem_of(model_path);
  static const RE2 builder_def(R"(def\s+_*build\w*graph_?capture)");
  for (const std::string& path : head.list_files()) {
    if (!is_python(path) || path == model_path || is_test_path(path)) continue;
    bool linked = named_for_model(path, model_stem) || imports_module(*model, module_of(path));
    if (!linked) continue;
    std::optional<std::string> text = head.read(path);
    if (!text || !RE2::PartialMatch(*text, builder_def)) continue;
    const lang::SyntaxTree* tree = tree_of(path);
    if (!tree) continue;
    // Every concrete capture builder of the module must be a stub: one that fills metadata
    // means some backend of the module captures.
    std::optional<CaptureStub> stub;
    bool real = false;
    for (const lang::Function& fn : tree->functions()) {
      if (fn.class_name.empty() || !is_capture_builder_name(fn.name)) continue;
      bool abstract = std::any_of(fn.decorators.begin(), fn.decorators.end(),
                                  [](const std::string& d) { return d.find("abstractmethod") != std::string::npos; });
      if (abstract) continue;
      std::optional<std::string> why = capture_builder_stub(*tree, fn);
      if (!why) real = true;
      else if (!stub) stub = CaptureStub{path, fn.qualified, fn.start_line, *why};
    }
    if (stub && !real) return stub;
  }
  return std::nullopt;
}

}  // namespace rp
