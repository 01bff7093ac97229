// Extraction of one file's index: Python through the Syntax facade; the C family through a
// lexical line scan (includes, macros, kernels, structs, op registrations), which reads the
// multi-megabyte CK headers of aiter in a fraction of a parse and is all the index needs.
#include "index/file_index.h"

#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/strings.h"
#include "lang/import_guard.h"
#include "lang/syntax.h"

namespace rp::index {

bool PyFunction::takes_any_keyword() const {
  return std::any_of(params.begin(), params.end(), [](const PyParam& p) { return p.kind == PyParam::DoubleStar; });
}
bool PyFunction::takes_any_positional() const {
  return std::any_of(params.begin(), params.end(), [](const PyParam& p) { return p.kind == PyParam::Star; });
}
const PyParam* PyFunction::param(std::string_view n) const {
  for (const PyParam& p : params)
    if (p.name == n) return &p;
  return nullptr;
}

bool PyImport::is_star() const {
  return std::any_of(names.begin(), names.end(), [](const Name& n) { return n.name == "*"; });
}

// Views into the FileIndex's own strings: valid while its vectors stay as they are.
struct NameLookup::Tables {
  std::unordered_map<std::string_view, std::vector<uint32_t>> functions;  // top-level, by name, in order
  std::unordered_map<std::string_view, uint32_t> classes;                 // the first top-level one
  std::unordered_set<std::string_view> module_names;
};

namespace {
// Below this many entries a scan answers as fast as a table.
constexpr size_t kScanned = 48;
}  // namespace

NameLookup::NameLookup() noexcept = default;
NameLookup::~NameLookup() = default;
NameLookup& NameLookup::operator=(const NameLookup&) {
  std::lock_guard<std::mutex> lock(mu_);
  ready_.store(nullptr, std::memory_order_release);
  tables_.reset();
  return *this;
}

const NameLookup::Tables* NameLookup::of(const FileIndex& fi) const {
  if (const Tables* t = ready_.load(std::memory_order_acquire)) return t;
  if (std::max({fi.functions.size(), fi.classes.size(), fi.module_names.size()}) < kScanned) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  if (!tables_) {
    auto t = std::make_unique<Tables>();
    for (size_t i = 0; i < fi.functions.size(); ++i)
      if (fi.functions[i].top_level) t->functions[fi.functions[i].name].push_back(static_cast<uint32_t>(i));
    for (size_t i = 0; i < fi.classes.size(); ++i)
      if (fi.classes[i].top_level) t->classes.emplace(fi.classes[i].name, static_cast<uint32_t>(i));
    t->module_names.insert(fi.module_names.begin(), fi.module_names.end());
    tables_ = std::move(t);
    ready_.store(tables_.get(), std::memory_order_release);
  }
  return tables_.get();
}

bool FileIndex::binds(std::string_view name) const {
  if (const NameLookup::Tables* t = lookup.of(*this)) return t->module_names.count(name) > 0;
  return std::find(module_names.begin(), module_names.end(), name) != module_names.end();
}
const PyFunction* FileIndex::function(std::string_view name, std::string_view class_name) const {
  if (const NameLookup::Tables* t = lookup.of(*this)) {
    auto it = t->functions.find(name);
    if (it != t->functions.end())
      for (uint32_t i : it->second)
        if (functions[i].class_name == class_name) return &functions[i];
    return nullptr;
  }
  for (const PyFunction& f : functions)
    if (f.top_level && f.name == name && f.class_name == class_name) return &f;
  return nullptr;
}
const PyClass* FileIndex::klass(std::string_view name) const {
  if (const NameLookup::Tables* t = lookup.of(*this)) {
    auto it = t->classes.find(name);
    return it == t->classes.end() ? nullptr : &classes[it->second];
  }
  for (const PyClass& c : classes)
    if (c.top_level && c.name == name) return &c;
  return nullptr;
}

FileIndex::Lang index_lang(std::string_view path) {
  switch (lang::grammar_for_path(path)) {
    case lang::Grammar::Python: return FileIndex::Python;
    case lang::Grammar::Cpp:
    case lang::Grammar::Cuda: return FileIndex::Cpp;
    default: return FileIndex::None;
  }
}

namespace {

using lang::Node;

bool at_module_scope(Node n) {
  return !n.ancestor({"function_definition", "class_definition", "lambda"});
}

std::string unquote(std::string_view lit) {
  size_t i = 0;
  while (i < lit.size() && std::isalpha(static_cast<unsigned char>(lit[i]))) ++i;  // r/b/f/u prefixes
  lit.remove_prefix(i);
  for (std::string_view q : {"\"\"\"", "'''", "\"", "'"}) {
    if (lit.size() >= 2 * q.size() && lit.starts_with(q) && lit.ends_with(q))
      return std::string(lit.substr(q.size(), lit.size() - 2 * q.size()));
  }
  return std::string(lit);
}

PyParam::Kind param_kind(Node p) {
  Node n = p;
  if (n.kind() == "typed_parameter" && !n.named_children().empty()) n = n.named_children().front();
  if (n.kind() == "list_splat_pattern") return PyParam::Star;
  if (n.kind() == "dictionary_splat_pattern") return PyParam::DoubleStar;
  return PyParam::Plain;
}

void add_function(const lang::Function& f, FileIndex& fi) {
  PyFunction pf;
  pf.name = f.name;
  pf.class_name = f.class_name;
  pf.line = f.start_line;
  pf.end_line = f.end_line;
  pf.decorators = f.decorators;
  Node cls = f.node.ancestor({"class_definition", "function_definition"});
  pf.top_level = !cls || (cls.kind() == "class_definition" && at_module_scope(cls));
  for (const lang::Param& p : f.params) pf.params.push_back({p.name, !p.default_text.empty(), param_kind(p.node)});
  if (pf.top_level && pf.class_name.empty()) fi.module_names.push_back(pf.name);
  fi.functions.push_back(std::move(pf));
}

void add_class(Node n, FileIndex& fi) {
  Node name = n.child_by_field("name");
  if (!name) return;
  PyClass pc;
  pc.name = std::string(name.text());
  pc.line = n.start_line();
  pc.top_level = at_module_scope(n);
  for (Node b : n.child_by_field("superclasses").named_children())
    if (b.kind() != "keyword_argument") pc.bases.push_back(collapse_whitespace(b.text()));
  if (pc.top_level) fi.module_names.push_back(pc.name);
  fi.classes.push_back(std::move(pc));
}

// Module-level statements: the module's own, and those inside module-level if/try/with/for
// blocks (they run at import too).
void module_assignments(const lang::SyntaxTree& tree, Node block, FileIndex& fi) {
  for (Node st : block.named_children()) {
    std::string_view k = st.kind();
    if (k == "expression_statement") {
      for (const lang::Assignment& a : tree.assignments(st)) {
        for (const std::string& t : a.targets) {
          if (t.starts_with("globals()[") || t.starts_with("vars()[")) fi.dynamic_globals = true;
          if (t.find('.') != std::string::npos || t.find('[') != std::string::npos) continue;
          fi.module_names.push_back(t);
          if (t != "__all__" || !a.value) continue;
          fi.has_all = true;
          for (const lang::Literal& l : tree.string_literals(a.value)) fi.all.push_back(l.value);
        }
      }
    } else if (k == "if_statement" || k == "try_statement" || k == "with_statement" || k == "for_statement" ||
               k == "else_clause" || k == "elif_clause" || k == "except_clause" || k == "finally_clause" || k == "block") {
      module_assignments(tree, st, fi);
    }
  }
}

void add_imports(const lang::SyntaxTree& tree, Node n, FileIndex& fi) {
  bool module_level = at_module_scope(n);
  for (const lang::Import& imp : tree.imports(n)) {
    PyImport pi;
    pi.module = imp.module;
    pi.level = imp.level;
    pi.line = imp.line;
    pi.at_import = tree.runs_at_import(imp.node);
    pi.guarded = guarded_by_import_error(tree, imp.node);
    for (lang::ImportedName& in : lang::imported_names(imp)) {
      if (imp.node.kind() == "import_statement") {
        pi.alias = in.alias;
        if (module_level) fi.module_names.push_back(in.alias.empty() ? imp.top_level() : in.alias);
        continue;
      }
      if (module_level && in.name != "*") fi.module_names.push_back(in.alias.empty() ? in.name : in.alias);
      pi.names.push_back({std::move(in.name), std::move(in.alias)});
    }
    fi.imports.push_back(std::move(pi));
  }
}

// Local names of known class per function (keyed by the function node's start byte), for
// PyCall::receiver_class: parameters `x: C`, assignments `x = C(...)` / `x: C = ...`.
using LocalClasses = std::map<uint32_t, std::map<std::string, std::string>>;

bool plain_dotted(std::string_view s) {
  static const RE2 re(R"([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)");
  return !s.empty() && RE2::FullMatch(s, re);
}

void add_param_classes(const lang::Function& f, uint32_t fn, LocalClasses& locals) {
  for (const lang::Param& p : f.params)
    if (plain_dotted(p.annotation)) locals[fn][p.name] = p.annotation;
}

// `fn`: start byte of the innermost enclosing function (0 with `in_function` false: none).
void add_assignment_class(Node n, bool in_function, uint32_t fn, LocalClasses& locals) {
  Node left = n.child_by_field("left");
  if (!in_function || !left || left.kind() != "identifier") return;
  std::string cls;
  if (Node type = n.child_by_field("type"); type && plain_dotted(type.text())) {
    cls = std::string(type.text());
  } else if (Node right = n.child_by_field("right"); right && right.kind() == "call") {
    Node callee = right.child_by_field("function");
    std::string_view text = callee ? callee.text() : std::string_view();
    std::string_view last = text.substr(text.rfind('.') == std::string_view::npos ? 0 : text.rfind('.') + 1);
    // A class by convention: CapWords (a factory function `make_x()` is not a class).
    if (plain_dotted(text) && !last.empty() && std::isupper(static_cast<unsigned char>(last[0]))) cls = std::string(text);
  }
  if (cls.empty()) return;
  auto& names = locals[fn];
  // Bound twice to different classes: unknowable.
  auto [it, fresh] = names.try_emplace(std::string(left.text()), cls);
  if (!fresh && it->second != cls) it->second.assign(1, '?');
}

void add_call(Node n, FileIndex& fi) {
  lang::Call c = lang::describe_call(n);
  if (c.callee.empty()) return;
  if (c.callee == "getattr" && c.args.size() >= 2 && c.args[1].keyword.empty() && c.args[1].value.kind() == "string") {
    PyGetattr g;
    g.object = collapse_whitespace(c.args[0].value.text());
    g.key = unquote(c.args[1].value.text());
    g.default_text = c.args.size() >= 3 ? collapse_whitespace(c.args[2].value.text()) : "";
    g.line = c.line;
    fi.getattrs.push_back(std::move(g));
  }
  if (c.callee == "globals().update" || c.callee == "vars().update" ||
      (c.callee == "setattr" && !c.args.empty() && c.args[0].value.text().starts_with("sys.modules[")))
    fi.dynamic_globals = true;
  PyCall pc;
  pc.callee = c.callee;
  pc.line = c.line;
  for (const lang::Argument& a : c.args) {
    std::string_view k = a.value ? a.value.kind() : std::string_view();
    if (k == "list_splat" || k == "dictionary_splat") pc.star_args = true;
    else if (a.keyword.empty()) ++pc.positional;
    else pc.keywords.push_back(a.keyword);
  }
  fi.calls.push_back(std::move(pc));
}

// Fills PyCall::receiver_class of calls `obj.m(...)` whose enclosing function binds obj.
void resolve_receivers(const std::vector<std::pair<size_t, uint32_t>>& pending, const LocalClasses& locals,
                       FileIndex& fi) {
  for (auto [i, fn] : pending) {
    auto it = locals.find(fn);
    if (it == locals.end()) continue;
    PyCall& c = fi.calls[i];
    auto var = it->second.find(c.callee.substr(0, c.callee.find('.')));
    if (var != it->second.end() && var->second != "?") c.receiver_class = var->second;
  }
}

// One walk over the tree (each facade collection would walk it again).
void extract_python(const std::string& text, FileIndex& fi) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, text);
  if (!tree) return;
  LocalClasses locals;
  std::vector<std::pair<size_t, uint32_t>> receivers;  // call index → enclosing function
  // Byte ranges of the functions around the current node: the walk is pre-order, so a
  // function is pushed before its contents and popped at the first node past its end
  // (cheaper than Node::ancestor, which climbs from the root in tree-sitter).
  std::vector<std::pair<uint32_t, uint32_t>> fn_stack;
  lang::walk(tree->root(), [&](Node n) {
    std::string_view k = n.kind();
    uint32_t at = n.start_byte();
    while (!fn_stack.empty() && fn_stack.back().second <= at) fn_stack.pop_back();
    if (k == "function_definition") {
      lang::Function f = lang::describe_function(n);
      if (!f.name.empty()) add_function(f, fi);
      add_param_classes(f, at, locals);
      fn_stack.emplace_back(at, n.end_byte());
    } else if (k == "assignment") {
      add_assignment_class(n, !fn_stack.empty(), fn_stack.empty() ? 0 : fn_stack.back().first, locals);
    } else if (k == "class_definition") {
      add_class(n, fi);
    } else if (k == "import_statement" || k == "import_from_statement" || k == "future_import_statement") {
      add_imports(*tree, n, fi);
      return false;
    } else if (k == "call") {
      size_t before = fi.calls.size();
      add_call(n, fi);
      if (fi.calls.size() > before) {
        const std::string& callee = fi.calls.back().callee;
        size_t dot = callee.find('.');
        // obj.m(...) with a plain local receiver (not self/cls, not a chain obj.a.m)
        if (dot != std::string::npos && callee.find('.', dot + 1) == std::string::npos && !callee.starts_with("self.") &&
            !callee.starts_with("cls.") && !fn_stack.empty())
          receivers.emplace_back(before, fn_stack.back().first);
      }
    } else if (k == "string" || k == "comment") {
      return false;
    }
    return true;
  });
  resolve_receivers(receivers, locals, fi);
  module_assignments(*tree, tree->root(), fi);
  std::sort(fi.module_names.begin(), fi.module_names.end());
  fi.module_names.erase(std::unique(fi.module_names.begin(), fi.module_names.end()), fi.module_names.end());
}

// --- C family: one pass over lines ---------------------------------------------------------

void extract_c(const std::string& text, FileIndex& fi) {
  static const RE2 include_re(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  static const RE2 define_re(R"(^\s*#\s*define\s+([A-Za-z_]\w*))");
  static const RE2 struct_re(R"(^\s*(?:template\s*<.*>\s*)?(?:struct|class)\s+(?:__attribute__\(\(.*\)\)\s*)?([A-Za-z_]\w*)\s*(?:final\s*)?[:{]?\s*$)");
  static const RE2 kernel_re(R"(__global__\s+(?:[\w:<>,\s\*&]*?\s)?([A-Za-z_]\w*)\s*\()");
  static const RE2 func_re(R"(^(?:static\s+|inline\s+|__device__\s+|__host__\s+|__forceinline__\s+|template\s*<[^>]*>\s*)*[A-Za-z_][\w:<>,]*[\s\*&]+([A-Za-z_]\w*)\s*\([^;]*$)");
  static const RE2 mdef_re(R"(\bm\.def\s*\(\s*"([^"]+)\")");
  static const RE2 lib_re(R"(\b(TORCH_LIBRARY(?:_FRAGMENT|_IMPL)?|PYBIND11_MODULE)\s*\(\s*([A-Za-z_]\w*))");
  int line_no = 0;
  size_t pos = 0;
  bool pending_global = false;
  std::string pending;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + pos, end - pos);
    ++line_no;
    pos = end + 1;
    std::string cap, cap2;
    if (line.find('#') != std::string_view::npos) {
      if (RE2::PartialMatch(line, include_re, &cap)) fi.includes.push_back(cap);
      else if (RE2::PartialMatch(line, define_re, &cap)) fi.macros.push_back({cap, line_no});
      continue;
    }
    // A __global__ declaration may wrap: join up to three lines to find the kernel name.
    if (line.find("__global__") != std::string_view::npos) {
      pending_global = true;
      pending.clear();
    }
    if (pending_global) {
      pending.append(line).push_back(' ');
      if (RE2::PartialMatch(pending, kernel_re, &cap)) {
        fi.kernels.push_back({cap, line_no});
        pending_global = false;
      } else if (pending.size() > 600) {
        pending_global = false;
      }
    }
    if (line.find("m.def") != std::string_view::npos && RE2::PartialMatch(line, mdef_re, &cap))
      fi.registrations.push_back({"m.def", cap, line_no});
    if ((line.find("TORCH_LIBRARY") != std::string_view::npos || line.find("PYBIND11_MODULE") != std::string_view::npos) &&
        RE2::PartialMatch(line, lib_re, &cap, &cap2))
      fi.registrations.push_back({cap, cap2, line_no});
    if (line.find("struct") != std::string_view::npos || line.find("class") != std::string_view::npos) {
      if (RE2::PartialMatch(line, struct_re, &cap)) fi.structs.push_back({cap, line_no});
    }
    if (!line.empty() && line[0] != ' ' && line[0] != '\t' && line.find('(') != std::string_view::npos &&
        RE2::PartialMatch(line, func_re, &cap) && cap != "if" && cap != "for" && cap != "while" && cap != "switch" &&
        cap != "return")
      fi.c_functions.push_back({cap, line_no});
  }
}

}  // namespace

FileIndex extract_file(std::string_view path, const std::string& text) {
  FileIndex fi;
  fi.lang = index_lang(path);
  if (fi.lang == FileIndex::Python) extract_python(text, fi);
  else if (fi.lang == FileIndex::Cpp) extract_c(text, fi);
  return fi;
}

}  // namespace rp::index
