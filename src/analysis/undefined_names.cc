#include "analysis/undefined_names.h"

#include <set>
#include <string_view>
#include <unordered_set>

namespace rp {

namespace {

using lang::Node;

enum class ScopeKind { Module, Function, Class, Comprehension };

struct Scope {
  ScopeKind kind = ScopeKind::Module;
  int parent = -1;
  std::set<std::string, std::less<>> names;
  std::set<std::string, std::less<>> globals;  // `global x` here: x lives in the module
};

struct Read {
  int scope = 0;
  std::string name;
  Node node;
  bool annotation = false;
};

bool comprehension_kind(std::string_view k) {
  return k == "list_comprehension" || k == "set_comprehension" || k == "dictionary_comprehension" ||
         k == "generator_expression";
}

class Resolver {
 public:
  explicit Resolver(const lang::SyntaxTree& tree) : tree_(tree) { scopes_.push_back(Scope{}); }

  // False when the module's names cannot be known.
  bool run() {
    if (tree_.error_count() > 0) return false;
    visit(tree_.root(), 0, false);
    return !unknowable_;
  }

  std::vector<UndefinedRead> undefined() const {
    std::vector<UndefinedRead> out;
    for (const Read& r : reads_)
      if (!python_builtin(r.name) && bound_in(r) < 0) out.push_back({r.name, r.node.start_line()});
    return out;
  }

  std::vector<ModuleNameRead> module_reads() const {
    std::vector<ModuleNameRead> out;
    for (const Read& r : reads_)
      if (bound_in(r) == 0) out.push_back({r.name, r.node, r.scope != 0, r.annotation});
    return out;
  }

 private:
  int open(ScopeKind kind, int parent) {
    scopes_.push_back(Scope{kind, parent, {}, {}});
    return static_cast<int>(scopes_.size()) - 1;
  }

  // The scope a walrus binds in: the nearest one that is not a comprehension.
  int walrus_scope(int s) const {
    while (s > 0 && scopes_[s].kind == ScopeKind::Comprehension) s = scopes_[s].parent;
    return s;
  }

  void bind(int scope, std::string name) {
    if (scopes_[scope].globals.count(name)) scope = 0;
    scopes_[scope].names.insert(std::move(name));
  }

  void visit(Node n, int scope, bool in_annotation, int depth = 0) {
    // A PR can nest expressions thousands deep: past a depth no real module reaches, the names
    // are not worth a stack overflow (the walk recurses).
    if (depth > kMaxDepth || unknowable_) {
      unknowable_ = true;
      return;
    }
    ++depth;
    std::string_view k = n.kind();
    if (k == "match_statement") unknowable_ = true;  // case patterns bind names this walk does not model
    if (k == "import_from_statement") {
      for (Node c : n.named_children())
        if (c.kind() == "wildcard_import") unknowable_ = true;
    }
    if (k == "function_definition" || k == "class_definition") {
      // The fields once per definition, not once per child (each is a search of the children).
      Node name = n.child_by_field("name");
      Node return_type = n.child_by_field("return_type");
      Node body = n.child_by_field("body");
      Node parameters = n.child_by_field("parameters");
      if (name) bind(scope, std::string(name.text()));
      int inner = open(k == "class_definition" ? ScopeKind::Class : ScopeKind::Function, scope);
      for (Node c : n.named_children()) {
        if (c == name) continue;
        bool annotation = c == return_type;
        // Decorators, base classes, defaults and annotations are evaluated outside the new
        // scope; reading them from inside is lenient only for a default naming a parameter.
        visit(c, c == body || c == parameters ? inner : scope, in_annotation || annotation, depth);
      }
      return;
    }
    if (k == "lambda") {
      int inner = open(ScopeKind::Function, scope);
      for (Node c : n.named_children()) visit(c, inner, in_annotation, depth);
      return;
    }
    if (comprehension_kind(k)) {
      int inner = open(ScopeKind::Comprehension, scope);
      for (Node c : n.named_children()) visit(c, inner, in_annotation, depth);
      return;
    }
    if (k == "global_statement" || k == "nonlocal_statement") {
      for (Node c : n.named_children()) {
        if (c.kind() != "identifier") continue;
        std::string name(c.text());
        if (k == "global_statement") {
          scopes_[scope].globals.insert(name);
          scopes_[0].names.insert(name);
        } else {
          scopes_[scope].names.insert(name);  // bound in an enclosing function by definition
        }
      }
      return;
    }
    if (k == "type") {
      for (Node c : n.named_children()) visit(c, scope, true, depth);
      return;
    }
    if (k == "call") {
      Node fn = n.child_by_field("function");
      if (fn && fn.kind() == "identifier" && (fn.text() == "exec" || fn.text() == "globals" || fn.text() == "vars" ||
                                              fn.text() == "locals"))
        unknowable_ = unknowable_ || fn.text() != "locals";
    }
    if (k == "identifier") {
      if (tree_.is_binding(n)) {
        Node p = n.parent();
        while (p && (p.kind() == "pattern_list" || p.kind() == "tuple_pattern" || p.kind() == "list_pattern" ||
                     p.kind() == "parenthesized_expression" || p.kind() == "list_splat_pattern"))
          p = p.parent();
        bind(p && p.kind() == "named_expression" ? walrus_scope(scope) : scope, std::string(n.text()));
      } else if (tree_.is_variable_read(n) && !(in_annotation && future_annotations_)) {
        reads_.push_back({scope, std::string(n.text()), n, in_annotation});
      }
      return;
    }
    if (k == "future_import_statement" && n.text().find("annotations") != std::string_view::npos)
      future_annotations_ = true;
    if (k == "typed_parameter" || k == "typed_default_parameter") {
      Node type = n.child_by_field("type");
      for (Node c : n.named_children()) visit(c, scope, in_annotation || c == type, depth);
      return;
    }
    for (Node c : n.named_children()) visit(c, scope, in_annotation, depth);
  }

  // The scope whose binding a read resolves to (0 = the module), -1 when none binds it.
  int bound_in(const Read& r) const {
    bool in_function = false;
    for (int s = r.scope; s >= 0; s = scopes_[s].parent) {
      // A class body's names are visible to the body (and, leniently, its comprehensions),
      // never to the functions defined in it.
      if (scopes_[s].kind == ScopeKind::Class && in_function) continue;
      if (scopes_[s].names.count(r.name)) return s;
      in_function = in_function || scopes_[s].kind == ScopeKind::Function;
    }
    return -1;
  }

  static constexpr int kMaxDepth = 1000;
  const lang::SyntaxTree& tree_;
  std::vector<Scope> scopes_;
  std::vector<Read> reads_;
  bool unknowable_ = false;
  bool future_annotations_ = false;
};

}  // namespace

bool python_builtin(std::string_view name) {
  static const std::unordered_set<std::string_view> names = {
      // builtins (Python 3.8 - 3.13)
      "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint", "bytearray", "bytes", "callable",
      "chr", "classmethod", "compile", "complex", "delattr", "dict", "dir", "divmod", "enumerate", "eval", "exec",
      "filter", "float", "format", "frozenset", "getattr", "globals", "hasattr", "hash", "help", "hex", "id", "input",
      "int", "isinstance", "issubclass", "iter", "len", "list", "locals", "map", "max", "memoryview", "min", "next",
      "object", "oct", "open", "ord", "pow", "print", "property", "range", "repr", "reversed", "round", "set",
      "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars", "zip",
      "__import__", "__build_class__", "__debug__", "__builtins__", "NotImplemented", "Ellipsis", "None", "True",
      "False", "copyright", "credits", "license", "exit", "quit",
      // exceptions and warnings
      "BaseException", "BaseExceptionGroup", "Exception", "ExceptionGroup", "ArithmeticError", "AssertionError",
      "AttributeError", "BlockingIOError", "BrokenPipeError", "BufferError", "ChildProcessError",
      "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError", "EOFError",
      "EncodingWarning", "EnvironmentError", "FileExistsError", "FileNotFoundError", "FloatingPointError",
      "GeneratorExit", "IOError", "ImportError", "IndentationError", "IndexError", "InterruptedError",
      "IsADirectoryError", "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError",
      "NameError", "NotADirectoryError", "NotImplementedError", "OSError", "OverflowError", "PermissionError",
      "ProcessLookupError", "PythonFinalizationError", "RecursionError", "ReferenceError", "RuntimeError",
      "StopAsyncIteration", "StopIteration", "SyntaxError", "SystemError", "SystemExit", "TabError", "TimeoutError",
      "TypeError", "UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
      "UnicodeTranslateError", "ValueError", "ZeroDivisionError", "Warning", "BytesWarning", "DeprecationWarning",
      "FutureWarning", "ImportWarning", "PendingDeprecationWarning", "ResourceWarning", "RuntimeWarning",
      "SyntaxWarning", "UnicodeWarning", "UserWarning",
      // module attributes every module has, and the implicit class cell of methods
      "__name__", "__file__", "__doc__", "__package__", "__spec__", "__loader__", "__path__", "__cached__",
      "__annotations__", "__dict__", "__module__", "__qualname__", "__class__"};
  return names.count(name) > 0;
}

std::vector<UndefinedRead> undefined_reads(const lang::SyntaxTree& tree) {
  if (!tree.is_python()) return {};
  Resolver r(tree);
  if (!r.run()) return {};
  return r.undefined();
}

std::vector<ModuleNameRead> module_name_reads(const lang::SyntaxTree& tree) {
  if (!tree.is_python()) return {};
  Resolver r(tree);
  if (!r.run()) return {};
  return r.module_reads();
}

}  // namespace rp
