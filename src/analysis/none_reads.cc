#include "analysis/none_reads.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <map>
#include <optional>
#include <set>

#include "core/strings.h"
#include "lang/node_kind.h"

namespace rp {
namespace {

using lang::Node;
using lang::NodeKind;
using K = lang::NodeKind;

// Visits `body` and its descendants, not entering nested functions or lambdas.
void walk_own(Node body, const std::function<void(Node)>& visit) {
  lang::walk(body, [&](Node n) {
    if (!(n == body) && lang::is_nested_function(n)) return false;
    visit(n);
    return true;
  });
}

Node up(Node n) {
  Node p = n.parent();
  while (p && lang::is(p, K::Parenthesized)) p = p.parent();
  return p;
}

// How `v` is dereferenced by its parent; "" when it is not.
std::string deref_use(Node v) {
  Node p = up(v);
  if (!p) return "";
  auto is_child = [&](std::string_view field) {
    Node c = p.child_by_field(field);
    return c && lang::unparenthesized(c) == v;
  };
  if (lang::is(p, K::Attribute) && is_child("object")) {
    Node a = p.child_by_field("attribute");
    return fmt::format("`.{}`", a ? a.text() : "");
  }
  if (lang::is(p, K::Subscript) && is_child("value")) return "a subscript";
  if (lang::is(p, K::Call) && is_child("function")) return "a call";
  if (lang::is(p, K::BinaryOp)) return "arithmetic";
  if (lang::is(p, K::For) && is_child("right")) return "a `for` loop";
  if (lang::is(p, K::ArgumentList) && p.named_children().size() == 1) {
    Node call = p.parent();
    if (lang::is(call, K::Call)) {
      Node fn = call.child_by_field("function");
      if (fn && (fn.text() == "int" || fn.text() == "float" || fn.text() == "len"))
        return fmt::format("`{}()`", fn.text());
    }
  }
  return "";
}

// Whether a read of a value is a test of it: it sits in a comparison,
// `and`/`or`/`not`, a conditional expression, an assert, an if/elif/while
// condition, a walrus, or is the argument of a call that asks what it is.
bool is_test_read(Node id) {
  Node prev = id;
  for (Node a = id.parent(); a; prev = a, a = a.parent()) {
    if (lang::is_any(a, {K::Comparison, K::BoolOp, K::Not, K::Conditional, K::Assert})) return true;
    if (a.kind() == "named_expression") return true;
    if (lang::is_any(a, {K::If, K::Elif, K::While})) {
      Node c = a.child_by_field("condition");
      return c && c.start_byte() <= prev.start_byte() && prev.end_byte() <= c.end_byte();
    }
    if (lang::is(a, K::ArgumentList)) {
      Node call = a.parent();
      Node fn = lang::is(call, K::Call) ? call.child_by_field("function") : Node{};
      if (fn) {
        std::string_view f = fn.text();
        if (f == "isinstance" || f == "callable" || f == "bool" || f == "hasattr" || f == "getattr" || f == "type")
          return true;
      }
    }
    if (lang::is_any(a, {K::Block, K::Module, K::FunctionDef, K::Lambda, K::ExpressionStatement, K::Return}))
      return false;
  }
  return false;
}

// Whether `n` runs inside the body of a try (below `stop`) one of whose
// handlers catches what a None or a missing key raises.
bool caught(const lang::SyntaxTree& tree, Node n, Node stop) {
  for (Node a = n.parent(); a && !(a == stop); a = a.parent()) {
    if (!lang::is(a, K::Try)) continue;
    Node body = a.child_by_field("body");
    if (!body || !body.contains_line(n.start_line()) || n.start_byte() < body.start_byte() ||
        n.end_byte() > body.end_byte())
      continue;
    for (const lang::TryBlock& t : tree.try_blocks(a))
      if (t.node == a)
        for (const std::string& ty : t.handler_types)
          if (ty.empty() || ty.find("Exception") != std::string::npos ||
              ty.find("AttributeError") != std::string::npos || ty.find("TypeError") != std::string::npos ||
              ty.find("KeyError") != std::string::npos || ty.find("LookupError") != std::string::npos)
            return true;
  }
  return false;
}

struct Why {
  UncheckedNone::Source source;
  std::string why;
};

// The module-level functions and the methods of each class, by name.
struct Callees {
  std::map<std::string, const lang::Function*> functions;                        // module level
  std::map<std::pair<std::string, std::string>, const lang::Function*> methods;  // (class, name)
};

bool ends_in_exit(Node body);
// A statement that never completes: `assert False` (or `0`), and a call statement of
// `sys.exit(...)` / `os._exit(...)` or of a compile-time `static_assert(False, ...)`
// (`tl.static_assert(False, "bad dtype")` stops the kernel's compilation: no value).
bool never_completes(Node s) {
  if (lang::is(s, K::Assert)) {
    auto kids = s.named_children();
    if (kids.empty()) return false;
    Node c = lang::unparenthesized(kids[0]);
    return lang::is(c, K::False) || (lang::is(c, K::Integer) && c.text() == "0");
  }
  if (!lang::is(s, K::ExpressionStatement)) return false;
  auto kids = s.named_children();
  if (kids.size() != 1 || !lang::is(kids[0], K::Call)) return false;
  lang::Call c = lang::describe_call(kids[0]);
  if (c.callee == "sys.exit" || c.callee == "os._exit") return true;
  if (c.callee_name != "static_assert" || c.args.empty() || !c.args[0].keyword.empty()) return false;
  Node cond = lang::unparenthesized(c.args[0].value);
  return lang::is(cond, K::False) || (lang::is(cond, K::Integer) && cond.text() == "0");
}

// Whether a statement, run to its end, always leaves the function.
bool always_exits(Node s) {
  if (lang::is_exit(s) || never_completes(s)) return true;
  if (lang::is(s, K::If)) {
    bool has_else = false;
    if (!ends_in_exit(s.child_by_field("consequence"))) return false;
    for (Node c : s.named_children()) {
      if (lang::is(c, K::Elif) && !ends_in_exit(c.child_by_field("consequence"))) return false;
      if (lang::is(c, K::Else)) {
        has_else = true;
        if (!ends_in_exit(c.child_by_field("body"))) return false;
      }
    }
    return has_else;
  }
  // try / with / match / while: not followed (assumed to leave), so a doubt
  // never fires.
  return lang::is_any(s, {K::Try, K::With, K::Match, K::While});
}
bool ends_in_exit(Node body) {
  auto st = lang::statements(body);
  return !st.empty() && always_exits(st.back());
}

// Why a same-file function can return None while it returns a value elsewhere;
// nullopt when it cannot (or it is a stub, a generator, or returns nothing at
// all).
std::optional<std::string> returns_none_sometimes(const lang::Function& f) {
  if (!f.body || lang::is_stub_body(f.body)) return std::nullopt;
  bool value = false, generator = false;
  int none_line = 0;
  walk_own(f.body, [&](Node n) {
    if (n.kind() == "yield") generator = true;
    if (!lang::is(n, K::Return)) return;
    auto kids = n.named_children();
    if (kids.empty() || lang::is(lang::unparenthesized(kids[0]), K::None)) {
      if (!none_line) none_line = n.start_line();
    } else {
      value = true;
    }
  });
  if (generator || !value) return std::nullopt;
  if (none_line) return fmt::format("`{}` returns None at line {}", f.name, none_line);
  if (!ends_in_exit(f.body)) return fmt::format("`{}` can reach the end of its body and return None", f.name);
  return std::nullopt;
}

// True when `pattern` (a string literal) is a regex that `re.match` /
// `re.search` match on every subject: it matches the empty string and has no
// construct whose empty match depends on the subject (`$`, `\b`, `\B`, `\Z`;
// lookarounds do not compile in RE2, so they count as "may fail"). `^(\s*)`
// always matches; `(\d*)$` does not.
bool always_matches(Node pattern) {
  if (!lang::is(pattern, K::String)) return false;
  std::string text;
  for (Node c : pattern.named_children()) {
    std::string_view k = c.kind();
    if (k == "interpolation") return false;
    if (k == "string_content" || k == "escape_sequence" || k == "raw_string_content") text += c.text();
  }
  for (std::string_view bad : {"$", "\\b", "\\B", "\\Z", "\\z"})
    if (text.find(bad) != std::string::npos) return false;
  RE2::Options opts;
  opts.set_log_errors(false);
  RE2 re(text, opts);
  return re.ok() && RE2::FullMatch("", re);
}

bool is_optional_annotation(std::string_view a);

// Whether a name is bound anywhere in `f` (a parameter or a local): its value can change at run time.
bool bound_in(const lang::SyntaxTree& tree, const lang::Function& f, const std::string& name) {
  for (const lang::Param& p : f.params)
    if (p.name == name) return true;
  for (Node id : tree.identifiers(name, f.body))
    if (tree.is_binding(id)) return true;
  return false;
}

// The root identifier of `a.b.c` (`a`); null when `n` is not a chain of plain attribute reads.
Node attribute_root(Node n) {
  n = lang::unparenthesized(n);
  while (lang::is(n, K::Attribute)) n = lang::unparenthesized(n.child_by_field("object"));
  return lang::is(n, K::Identifier) ? n : Node{};
}

// A value fixed where it is written: a literal, or an attribute of an imported name
// (`dtypes.fp8`, `torch.float16`) or an imported name itself.
bool is_constant_expr(Node v, const std::set<std::string>& imported) {
  v = lang::unparenthesized(v);
  if (!v) return false;
  if (lang::is_any(v, {K::String, K::ConcatenatedString, K::Integer, K::Float, K::True, K::False, K::None}))
    return !(lang::is(v, K::String) && v.text().find('{') != std::string_view::npos && v.text().front() == 'f');
  if (lang::is(v, K::Unary)) {
    auto kids = v.named_children();
    return kids.size() == 1 && lang::is_any(lang::unparenthesized(kids[0]), {K::Integer, K::Float});
  }
  if (!lang::is_any(v, {K::Attribute, K::Identifier})) return false;
  Node root = attribute_root(v);
  return root && imported.count(std::string(root.text()));
}

// Whether every `return None` of the same-file function `f` is decided by parameters the call
// `c` fixes with constants: each such return sits only under if/elif/else arms (no loop, try,
// with or match around it, and the body cannot fall off its end), the conditions of those ifs
// read nothing but `f`'s parameters, imported names and same-file functions (`if not
// _is_mxfp8_out(dtype): return None`), and the call passes a literal or an imported constant
// for every parameter they read (`_alloc_out_scale(m, n, dtypes.fp8, dev)`). Then the None arm is
// not a path some run takes: the call site chose it or ruled it out once for all, and the value
// it gets back is the same on every run.
bool none_fixed_by_arguments(const lang::SyntaxTree& tree, const lang::Function& f, const lang::Call& c,
                             const Callees& callees, const std::set<std::string>& imported,
                             const lang::Function* caller) {
  if (!f.body || !ends_in_exit(f.body)) return false;
  std::vector<Node> conditions;
  bool ok = true, any = false;
  walk_own(f.body, [&](Node n) {
    if (!ok || !lang::is(n, K::Return)) return;
    auto kids = n.named_children();
    if (!kids.empty() && !lang::is(lang::unparenthesized(kids[0]), K::None)) return;
    any = true;
    bool guarded = false;
    for (Node a = n.parent(); a && !(a == f.body); a = a.parent()) {
      if (lang::is(a, K::Block)) continue;
      if (lang::is_any(a, {K::Elif, K::Else})) continue;
      if (!lang::is(a, K::If)) {
        ok = false;
        return;
      }
      guarded = true;
      conditions.push_back(a.child_by_field("condition"));
      for (Node ch : a.named_children())
        if (lang::is(ch, K::Elif)) conditions.push_back(ch.child_by_field("condition"));
    }
    if (!guarded) ok = false;
  });
  if (!ok || !any) return false;
  // The parameters the conditions read.
  std::set<std::string> read;
  for (Node cond : conditions) {
    if (!cond) return false;
    lang::walk(cond, [&](Node n) {
      if (!ok) return false;
      if (lang::is_nested_function(n)) {
        ok = false;
        return false;
      }
      if (!lang::is(n, K::Identifier)) return true;
      Node p = up(n);
      if (lang::is(p, K::Attribute) && !(lang::unparenthesized(p.child_by_field("object")) == n)) return true;
      if (p.kind() == "keyword_argument" && p.child_by_field("name") == n) return true;
      std::string name(n.text());
      if (name == "self" || name == "cls") {
        ok = false;
        return false;
      }
      bool is_param = false;
      for (const lang::Param& q : f.params) is_param |= q.name == name;
      if (is_param) {
        read.insert(name);
        return true;
      }
      if (bound_in(tree, f, name)) {
        ok = false;
        return false;
      }
      // A same-file module-level function called by name: its answer follows its arguments.
      if (lang::is(p, K::Call) && lang::unparenthesized(p.child_by_field("function")) == n &&
          callees.functions.count(name))
        return true;
      // An imported constant read (not called: `torch.cuda.is_available()` is the machine's).
      if (imported.count(name)) {
        Node top = n;
        while (lang::is(up(top), K::Attribute) && lang::unparenthesized(up(top).child_by_field("object")) == top)
          top = up(top);
        Node tp = up(top);
        if (lang::is(tp, K::Call) && lang::unparenthesized(tp.child_by_field("function")) == top) ok = false;
        return ok;
      }
      ok = false;  // module state, a builtin's answer about the machine: not the caller's choice
      return false;
    });
    if (!ok) return false;
  }
  if (read.empty()) return false;
  // A pass-through (`if x is None: return None`): None comes back only when None goes in, so
  // the caller's own parameter, which nothing marks as optional, is as good as a constant.
  static const RE2 kIsNone(R"(\(?\s*(\w+)\s+is\s+None\s*\)?)");
  bool pass_through = true;
  for (Node cond : conditions) pass_through &= RE2::FullMatch(cond.text(), kIsNone);
  auto plain_caller_param = [&](Node v) {
    v = lang::unparenthesized(v);
    if (!pass_through || !caller || !lang::is(v, K::Identifier)) return false;
    for (const lang::Param& q : caller->params)
      if (q.name == v.text()) return q.default_text != "None" && !is_optional_annotation(q.annotation);
    return false;
  };
  // Each parameter read must be a constant at this call.
  for (const lang::Argument& a : c.args)
    if (a.value && (lang::is_any(a.value, {K::ListSplat, K::DictSplat}) || a.value.kind() == "list_splat" ||
                    a.value.kind() == "dictionary_splat"))
      return false;
  size_t skip = (c.receiver && !f.class_name.empty() && !f.params.empty() &&
                 (f.params[0].name == "self" || f.params[0].name == "cls"))
                    ? 1
                    : 0;
  for (const std::string& name : read) {
    size_t index = 0;
    const lang::Param* param = nullptr;
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].name == name) {
        param = &f.params[i];
        index = i;
      }
    if (!param || index < skip) return false;
    const lang::Argument* given = c.keyword(name);
    if (!given) {
      size_t pos = 0;
      for (const lang::Argument& a : c.args) {
        if (!a.keyword.empty()) continue;
        if (pos == index - skip) given = &a;
        ++pos;
      }
    }
    if (given) {
      if (!is_constant_expr(given->value, imported) && !plain_caller_param(given->value)) return false;
    } else {
      static const RE2 kLiteral(R"((None|True|False|-?[0-9][0-9_.eE+-]*|'[^'{}]*'|"[^"{}]*"))");
      if (!RE2::FullMatch(param->default_text, kLiteral)) return false;
    }
  }
  return true;
}

std::optional<Why> none_source(const lang::SyntaxTree& tree, const lang::Call& c, const std::set<std::string>& modules,
                               const std::set<std::string>& imported, const Callees& callees,
                               const lang::Function& caller) {
  const std::string& cls = caller.class_name;
  size_t positional = 0, keywords = 0;
  for (const lang::Argument& a : c.args) (a.keyword.empty() ? positional : keywords)++;
  const std::string& callee = c.callee;
  if (callee == "re.match" || callee == "re.search" || callee == "re.fullmatch") {
    if (callee != "re.fullmatch" && !c.args.empty() && c.args[0].keyword.empty() && always_matches(c.args[0].value))
      return std::nullopt;
    return Why{UncheckedNone::Source::RegexMatch, fmt::format("`{}` returns None when nothing matches", callee)};
  }
  if ((callee == "os.getenv" || callee == "os.environ.get") && positional == 1 && keywords == 0)
    return Why{UncheckedNone::Source::EnvGet,
               fmt::format("`{}` has no default and returns None when the variable is unset", callee)};
  if (c.callee_name == "get" && c.receiver && positional == 1 && keywords == 0) {
    Node r = c.receiver;
    // A module's own `get` function (an HTTP client, a registry module) is not
    // a lookup.
    if (lang::is(r, K::Identifier) && modules.count(std::string(r.text()))) return std::nullopt;
    // A key-value store (torch.distributed's TCPStore / FileStore, what `store.set(k, v)` writes
    // to) is no mapping: its `get` waits for the key and raises on timeout, it never returns
    // None. A dict has no `set`; a receiver the same function calls `.set(...)` on is a store,
    // and so is a parameter annotated as one.
    std::string receiver = collapse_spaces(r.text());
    bool store = false;
    for (const lang::Param& q : caller.params)
      if (q.name == receiver && q.annotation.find("Store") != std::string::npos) store = true;
    if (!store && caller.body)
      walk_own(caller.body, [&](Node n) {
        if (store || !lang::is(n, K::Call)) return;
        lang::Call other = lang::describe_call(n);
        if (other.callee_name == "set" && other.receiver && collapse_spaces(other.receiver.text()) == receiver &&
            other.args.size() == 2)
          store = true;
      });
    if (store) return std::nullopt;
    return Why{UncheckedNone::Source::MappingGet,
               fmt::format("`{}` has no default and returns None when the key is absent", callee)};
  }
  const lang::Function* f = nullptr;
  if (!c.receiver) {
    auto it = callees.functions.find(callee);
    if (it != callees.functions.end()) f = it->second;
  } else if (c.receiver.text() == "self" && !cls.empty()) {
    auto it = callees.methods.find({cls, c.callee_name});
    if (it != callees.methods.end()) f = it->second;
  }
  if (f)
    if (auto why = returns_none_sometimes(*f))
      if (!none_fixed_by_arguments(tree, *f, c, callees, imported, &caller))
        return Why{UncheckedNone::Source::SameFileCall, *why};
  return std::nullopt;
}

// The names `tree` binds to modules by `import m` / `import m as n` (anywhere
// in the file).
std::set<std::string> module_names(const lang::SyntaxTree& tree) {
  std::set<std::string> out;
  for (const lang::Import& imp : tree.imports()) {
    if (!lang::is(imp.node, K::Import)) continue;
    for (const lang::ImportedName& n : lang::imported_names(imp))
      out.insert(n.alias.empty() ? n.name.substr(0, n.name.find('.')) : n.alias);
  }
  return out;
}

// Every name `tree` binds by an import (`import m`, `import m as n`, `from m import x as y`).
std::set<std::string> imported_names(const lang::SyntaxTree& tree) {
  std::set<std::string> out;
  for (const lang::Import& imp : tree.imports())
    for (const lang::ImportedName& n : lang::imported_names(imp))
      if (n.name != "*") out.insert(n.alias.empty() ? n.name.substr(0, n.name.find('.')) : n.alias);
  return out;
}

bool is_optional_annotation(std::string_view a) {
  std::string t = collapse_spaces(a);
  return t.find("Optional[") != std::string::npos || t.find("| None") != std::string::npos ||
         t.find("None |") != std::string::npos || t.find("|None") != std::string::npos;
}

// The first unguarded dereference among the reads of `name` in `fn` after `binding` (the
// assignment that bound it; null for a parameter); nullopt when any read tests the value,
// the name is bound again, or nothing dereferences it.
struct Deref {
  Node node;
  std::string use;
};
std::optional<Deref> unguarded_deref(const lang::SyntaxTree& tree, const lang::Function& fn, const std::string& name,
                                     Node binding) {
  std::optional<Deref> first;
  for (Node id : tree.identifiers(name, fn.body)) {
    if (binding && binding.start_byte() <= id.start_byte() && id.end_byte() <= binding.end_byte()) continue;
    if (tree.is_binding(id)) return std::nullopt;  // bound again: a default, a fallback
    if (!tree.is_variable_read(id)) continue;
    if (binding && id.start_byte() < binding.start_byte()) continue;
    std::string use = deref_use(id);
    if (use.empty()) {
      if (is_test_read(id)) return std::nullopt;
      continue;
    }
    if (caught(tree, id, fn.node)) continue;
    if (!first) first = Deref{id, use};
  }
  return first;
}

// Whether `n` runs only on some paths through `body`: below an if/elif/else, a try or except
// clause, a match, a while, a conditional expression or an `and`/`or`.
bool under_branch(Node n, Node body) {
  for (Node a = n.parent(); a && !(a == body); a = a.parent())
    if (lang::is_any(a, {K::If, K::Elif, K::Else, K::Try, K::Except, K::Match, K::While, K::Conditional, K::BoolOp}))
      return true;
  return false;
}

}  // namespace

std::vector<UncheckedNone> unchecked_none_reads(const lang::SyntaxTree& tree) {
  std::vector<UncheckedNone> out;
  if (!tree.is_python() || tree.parse_stopped()) return out;
  Callees callees;
  for (const lang::Function& f : tree.functions()) {
    if (lang::ancestor(f.node, {K::FunctionDef})) continue;
    if (f.class_name.empty()) {
      if (!lang::ancestor(f.node, {K::ClassDef})) callees.functions.emplace(f.name, &f);
    } else {
      callees.methods.emplace(std::make_pair(f.class_name, f.name), &f);
    }
  }
  std::set<std::string> modules = module_names(tree);
  std::set<std::string> imported = imported_names(tree);
  // Module-level dicts: names bound once at module level to a dict display or
  // `dict(...)`.
  std::map<std::string, int> global_dicts;
  std::set<std::string> rebound;
  for (const lang::Assignment& a : tree.assignments()) {
    if (!tree.runs_at_import(a.node) || lang::ancestor(a.node, {K::ClassDef}) || a.targets.size() != 1) continue;
    const std::string& t = a.targets[0];
    Node v = a.value ? lang::unparenthesized(a.value) : Node{};
    bool is_dict = v && (lang::is(v, K::Dict) || (lang::is(v, K::Call) && v.child_by_field("function") &&
                                                  v.child_by_field("function").text() == "dict"));
    if (global_dicts.count(t) || !is_dict) rebound.insert(t);
    global_dicts.emplace(t, a.line);
  }
  for (const std::string& r : rebound) global_dicts.erase(r);

  for (const lang::Function& fn : tree.functions()) {
    if (!fn.body) continue;
    std::set<std::string> reported;
    auto add = [&](UncheckedNone u) {
      if (reported.insert(u.value + "@" + std::to_string(u.origin_line)).second) out.push_back(std::move(u));
    };
    // Optional-annotated parameters: only a dereference that runs on every path through the
    // function (not under a branch) is certain to meet the None; a use under a condition is a
    // mode the parameter is required in (on tune: `if x.dim() == 3: x2.shape`).
    for (const lang::Param& p : fn.params) {
      if (p.annotation.empty() || !is_optional_annotation(p.annotation) || p.name == "self") continue;
      auto d = unguarded_deref(tree, fn, p.name, Node{});
      if (d && under_branch(d->node, fn.body)) d.reset();
      if (d) {
        UncheckedNone u;
        u.source = UncheckedNone::Source::OptionalParam;
        u.line = d->node.start_line();
        u.value = p.name;
        u.origin = fmt::format("{}: {}", p.name, collapse_spaces(p.annotation));
        u.origin_line = p.node ? p.node.start_line() : fn.start_line;
        u.use = d->use;
        u.why = fmt::format("`{}` is annotated `{}`", p.name, collapse_spaces(p.annotation));
        u.function_line = fn.start_line;
        u.function = fn.name;
        add(std::move(u));
      }
    }
    walk_own(fn.body, [&](Node n) {
      if (!lang::is(n, K::Call)) return;
      lang::Call c = lang::describe_call(n);
      // A pop of a constant key from a module-level dict.
      if (c.callee_name == "pop" && c.receiver && lang::is(c.receiver, K::Identifier) && c.args.size() == 1 &&
          c.args[0].keyword.empty() && global_dicts.count(std::string(c.receiver.text())) &&
          lang::is_string_literal(c.args[0].value)) {
        std::string g(c.receiver.text());
        // Only a test of this key ensures it (`k in G`, `G[k]` read or written); a test of
        // another key (`model_type in G`) says nothing about k.
        std::string_view key = c.args[0].value.text();
        bool tested = false;
        for (Node id : tree.identifiers(g, fn.body)) {
          if (id.start_byte() >= n.start_byte() && id.end_byte() <= n.end_byte()) continue;
          if (tree.is_binding(id)) tested = true;
          Node p = up(id);
          if (lang::is(p, K::Subscript) && p.child_by_field("subscript") && p.child_by_field("subscript").text() == key)
            tested = true;
          for (Node a = p; a && !lang::is_any(a, {K::Block, K::Module}); a = a.parent())
            if (lang::is(a, K::Comparison) && a.text().find(key) != std::string_view::npos) tested = true;
        }
        if (!tested && !caught(tree, n, fn.node)) {
          UncheckedNone u;
          u.source = UncheckedNone::Source::GlobalPop;
          u.line = c.line;
          u.value = std::string(n.text());
          u.origin = g;
          u.origin_line = global_dicts[g];
          u.use = "`pop` without a default";
          u.why = fmt::format(
              "`{}` is a module-level dict: the first call removes "
              "{} for good and the next call raises KeyError",
              g, c.args[0].value.text());
          u.function_line = fn.start_line;
          u.function = fn.name;
          add(std::move(u));
        }
        return;
      }
      auto why = none_source(tree, c, modules, imported, callees, fn);
      if (!why) return;
      // Dereferenced on the spot: `m.get(k).x`, `re.match(...).group(1)`.
      if (std::string use = deref_use(n); !use.empty()) {
        if (caught(tree, n, fn.node)) return;
        UncheckedNone u;
        u.source = why->source;
        u.line = n.start_line();
        u.value = std::string(n.text());
        u.origin = u.value;
        u.origin_line = n.start_line();
        u.use = use;
        u.why = why->why;
        u.function_line = fn.start_line;
        u.function = fn.name;
        add(std::move(u));
        return;
      }
      // Bound to a plain name: `v = m.get(k)`.
      Node asg = up(n);
      if (!lang::is(asg, K::Assignment)) return;
      Node left = asg.child_by_field("left");
      Node right = asg.child_by_field("right");
      if (!left || !right || !(lang::unparenthesized(right) == n) || !lang::is(left, K::Identifier)) return;
      std::string name(left.text());
      bool is_param = false;
      for (const lang::Param& p : fn.params) is_param |= p.name == name;
      if (is_param) return;
      if (auto d = unguarded_deref(tree, fn, name, asg)) {
        UncheckedNone u;
        u.source = why->source;
        u.line = d->node.start_line();
        u.value = name;
        u.origin = std::string(n.text());
        u.origin_line = asg.start_line();
        u.use = d->use;
        u.why = why->why;
        u.function_line = fn.start_line;
        u.function = fn.name;
        add(std::move(u));
      }
    });
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const UncheckedNone& a, const UncheckedNone& b) { return a.line < b.line; });
  return out;
}

}  // namespace rp
