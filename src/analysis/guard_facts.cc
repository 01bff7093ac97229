#include "analysis/guard_facts.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"

namespace rp::guards {

using lang::Node;

namespace {

bool within(Node inner, Node outer) {
  return outer && inner && outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte();
}

bool is_block(std::string_view k) {
  return k == "block" || k == "compound_statement" || k == "else_clause" || k == "elif_clause" ||
         k == "except_clause" || k == "case_statement";
}

// Whether `n`, inside `body`, runs on every path from the start of `body` to `line`: every
// block between them (a branch, a loop body) also contains the line.
bool on_path(Node n, Node body, int line) {
  for (Node a = n.parent(); a; a = a.parent()) {
    if (a == body) return true;
    if (is_block(a.kind()) && !a.contains_line(line)) return false;
    std::string_view k = a.kind();
    if (k == "function_definition" || k == "lambda" || k == "lambda_expression" || k == "class_definition")
      return false;  // a nested definition: its body runs when called, not here
  }
  return false;
}

// Whether `n` runs every time `body` runs: no branch or loop block between them.
bool unconditional(Node n, Node body) {
  for (Node a = n.parent(); a; a = a.parent()) {
    if (a == body) return true;
    std::string_view k = a.kind();
    if (is_block(k) || k == "function_definition" || k == "lambda" || k == "class_definition") return false;
  }
  return false;
}

// Whether a block stops execution on its way: it only bails out, and one of its statements
// leaves (raise, throw, return) rather than just logging.
bool leaves(Node body) {
  if (!body || !is_bail_out_block(body)) return false;
  bool out = false;
  lang::walk(body, [&](Node n) {
    std::string_view k = n.kind();
    if (k == "raise_statement" || k == "throw_statement" || k == "return_statement" || k == "throw_expression" ||
        k == "assert_statement")
      out = true;
    return !out;
  });
  return out;
}

bool check_call(std::string_view callee_name) {
  return callee_name == "static_assert" || callee_name == "TORCH_CHECK" || callee_name == "device_assert";
}

std::string literal_value(Node n) {
  std::string_view t = n.text();
  size_t a = t.find_first_of("\"'"), b = t.find_last_of("\"'");
  if (a == std::string_view::npos || b <= a) return {};
  std::string_view v = t.substr(a + 1, b - a - 1);
  while (!v.empty() && (v.front() == '"' || v.front() == '\'')) v.remove_prefix(1);
  while (!v.empty() && (v.back() == '"' || v.back() == '\'')) v.remove_suffix(1);
  return std::string(v);
}

std::optional<lang::Function> function_named(const lang::SyntaxTree& tree, std::string_view name) {
  std::optional<lang::Function> out;
  for (const lang::Function& f : tree.functions()) {
    if (f.name != name) continue;
    if (out) return std::nullopt;  // overloaded or redefined: not one callee
    out = f;
  }
  return out;
}

// The innermost function strictly enclosing `fn`.
std::optional<lang::Function> outer_function(const lang::SyntaxTree& tree, const lang::Function& fn) {
  std::optional<lang::Function> best;
  for (const lang::Function& f : tree.functions()) {
    if (f.node == fn.node || !within(fn.node, f.node)) continue;
    if (!best || within(f.node, best->node)) best = f;
  }
  return best;
}

// A check satisfying `test` that `name` (a same-file function) always runs, itself or in the
// functions it calls unconditionally, `depth` levels deep.
std::optional<Check> callee_check(const lang::SyntaxTree& tree, std::string_view name, const CheckTest& test,
                                  int depth) {
  auto fn = function_named(tree, name);
  if (!fn || !fn->body) return std::nullopt;
  for (const Check& c : checks_in(tree, fn->body))
    if (test(c) && unconditional(c.node, fn->body)) return c;
  if (depth <= 1) return std::nullopt;
  for (const lang::Call& call : tree.calls(fn->body)) {
    if (call.callee_name == name || !unconditional(call.node, fn->body)) continue;
    if (auto c = callee_check(tree, call.callee_name, test, depth - 1)) return c;
  }
  return std::nullopt;
}

std::optional<Check> before(const lang::SyntaxTree& tree, int line, const CheckTest& test, int up) {
  auto fn = tree.enclosing_function(line);
  if (!fn || !fn->body) return std::nullopt;
  // 1-2: this function and the functions it is nested in, with the callees they run first.
  int at = line;
  for (std::optional<lang::Function> f = fn; f && f->body; f = outer_function(tree, *f)) {
    for (const Check& c : checks_in(tree, f->body))
      if (c.node.end_line() < at && test(c) && on_path(c.node, f->body, at)) return c;
    for (const lang::Call& call : tree.calls(f->body)) {
      if (call.line >= at || call.callee_name == f->name || !on_path(call.node, f->body, at)) continue;
      if (auto c = callee_check(tree, call.callee_name, test, 2)) return c;
    }
    at = f->start_line;
  }
  // 3: every same-file caller guarded before its call.
  if (up <= 0 || fn->name.empty()) return std::nullopt;
  std::optional<Check> first;
  int callers = 0;
  for (const lang::Call& call : tree.calls()) {
    if (call.callee_name != fn->name || within(call.node, fn->node)) continue;
    auto c = before(tree, call.line, test, up - 1);
    if (!c) return std::nullopt;
    if (!first) first = c;
    ++callers;
  }
  return callers ? first : std::nullopt;
}

}  // namespace

std::vector<Check> checks_in(const lang::SyntaxTree& tree, Node scope) {
  std::vector<Check> out;
  auto add = [&](Node node, Node cond, bool must_hold) {
    if (!cond) return;
    out.push_back({node, cond, must_hold, node.start_line(), collapse_whitespace(cond.text())});
  };
  lang::walk(scope ? scope : tree.root(), [&](Node n) {
    std::string_view k = n.kind();
    if (k == "assert_statement") {
      for (Node c : n.named_children())
        if (c.kind() != "comment") return add(n, c, true), false;
      return false;
    }
    if (k == "static_assert_declaration") return add(n, n.child_by_field("condition"), true), false;
    return true;
  });
  for (const lang::Call& call : tree.calls(scope))
    if (check_call(call.callee_name) && !call.args.empty() && call.args[0].keyword.empty())
      add(call.node, call.args[0].value, true);
  for (const lang::IfChain& chain : tree.if_chains(scope))
    if (chain.branches.size() == 1 && !chain.has_else && leaves(chain.branches[0].body))
      add(chain.node, chain.branches[0].condition, false);
  std::sort(out.begin(), out.end(), [](const Check& a, const Check& b) { return a.line < b.line; });
  return out;
}

std::optional<Check> check_before(const lang::SyntaxTree& tree, int line, const CheckTest& test) {
  return before(tree, line, test, 2);
}

bool negated_in(Node mention, Node condition) {
  bool neg = false;
  for (Node a = mention; a; a = a.parent()) {
    std::string_view k = a.kind();
    if (k == "not_operator") neg = !neg;
    if (k == "unary_expression" || k == "comparison_operator" || k == "binary_expression") {
      std::string op;
      for (Node c : a.children())
        if (!c.is_named()) op += std::string(c.text());
      if (op == "!" || op == "!=" || op == "notin" || op == "not in" || op == "isnot" || op == "is not") neg = !neg;
    }
    if (a == condition) break;
  }
  return neg;
}

bool requires_mention(const Check& c, Node mention) { return c.must_hold != negated_in(mention, c.condition); }
bool rejects_mention(const Check& c, Node mention) { return c.must_hold == negated_in(mention, c.condition); }

std::vector<int> use_lines(const lang::SyntaxTree& tree, int line) {
  if (tree.enclosing_function(line)) return {line};
  for (const lang::Assignment& a : tree.assignments()) {
    if (a.line != line || !tree.runs_at_import(a.node)) continue;
    std::vector<int> out;
    for (const std::string& name : a.targets)
      for (Node id : tree.identifiers(name))
        if (id.start_line() != line && tree.is_variable_read(id)) out.push_back(id.start_line());
    return out;
  }
  return {line};
}

std::string arch_directory(std::string_view path) {
  std::string_view rest = path;
  while (true) {
    size_t slash = rest.find('/');
    if (slash == std::string_view::npos) return {};  // the file name itself is not a directory
    std::string_view dir = rest.substr(0, slash);
    if (is_arch_name(dir)) return std::string(dir);
    rest.remove_prefix(slash + 1);
  }
}

std::optional<std::set<std::string>> arch_allowlist(const Check& c) {
  std::set<std::string> out;
  bool ok = true;
  lang::walk(c.condition, [&](Node n) {
    if (!ok) return false;
    std::string_view k = n.kind();
    if (k != "string" && k != "string_literal" && k != "raw_string_literal") return true;
    std::string v = literal_value(n);
    if (!is_arch_name(v)) return false;
    if (!requires_mention(c, n)) ok = false;
    out.insert(v);
    return false;
  });
  if (!ok || out.empty()) return std::nullopt;
  return out;
}

std::optional<ArchReach> arch_reach(const lang::SyntaxTree& tree, std::string_view path, int line) {
  if (std::string dir = arch_directory(path); !dir.empty()) return ArchReach{{dir}, "under directory " + dir + "/", 0};
  auto c = check_before(tree, line, [](const Check& c) { return arch_allowlist(c).has_value(); });
  if (!c) return std::nullopt;
  return ArchReach{*arch_allowlist(*c), "check at line " + std::to_string(c->line) + ": " + c->text.substr(0, 80),
                   c->line};
}

std::optional<Check> function_requires_arch(const lang::SyntaxTree& tree, int line, std::string_view arch) {
  auto fn = tree.enclosing_function(line);
  if (!fn || !fn->body) return std::nullopt;
  for (const Check& c : checks_in(tree, fn->body)) {
    auto allowed = arch_allowlist(c);
    if (allowed && allowed->size() == 1 && *allowed->begin() == arch) return c;
  }
  return std::nullopt;
}

Fp8Flavour arch_flavour(std::string_view arch) {
  if (arch.starts_with("gfx94")) return Fp8Flavour::Fnuz;
  if (arch.starts_with("gfx95") || arch.starts_with("gfx12")) return Fp8Flavour::Ocp;
  return Fp8Flavour::Unknown;
}

namespace {

// Whether a check stops execution when the tensor is fnuz: a fnuz-named identifier it rejects.
bool rejects_fnuz(const Check& c) {
  static const RE2 fnuz(R"((?i)fnuz)");
  bool out = false;
  lang::walk(c.condition, [&](Node n) {
    if (out) return false;
    if (n.kind() == "identifier" && RE2::PartialMatch(n.text(), fnuz) && rejects_mention(c, n)) out = true;
    return true;
  });
  return out;
}

// The flavour a name is written for: its `_`-separated parts that name an arch (`gfx950`,
// `gfx942`, `mi300`, `mi355x`), all of one flavour (`attn_bwd_mxfp8_gfx950`, a kernel module
// the dispatcher only loads on gfx950). Unknown when no part names an arch or parts disagree.
Fp8Flavour flavour_of_name(std::string_view name, std::string* arch) {
  static const RE2 mi(R"(mi3([0-9])[0-9][a-z]?)");
  Fp8Flavour out = Fp8Flavour::Unknown;
  size_t i = 0;
  while (i < name.size()) {
    size_t j = i;
    while (j < name.size() && std::isalnum(static_cast<unsigned char>(name[j]))) ++j;
    std::string part(name.substr(i, j - i));
    std::transform(part.begin(), part.end(), part.begin(), [](unsigned char c) { return std::tolower(c); });
    Fp8Flavour f = Fp8Flavour::Unknown;
    int tens = 0;
    if (is_arch_name(part))
      f = arch_flavour(part);
    else if (RE2::FullMatch(part, mi, &tens))
      f = tens <= 2 ? Fp8Flavour::Fnuz : Fp8Flavour::Ocp;
    if (f != Fp8Flavour::Unknown) {
      if (out != Fp8Flavour::Unknown && out != f) return Fp8Flavour::Unknown;
      out = f;
      if (arch) *arch = part;
    }
    i = j + 1;
  }
  return out;
}

}  // namespace

Fp8Flavour fp8_flavour_at(const lang::SyntaxTree& tree, std::string_view path, int line, std::string* why) {
  if (auto reach = arch_reach(tree, path, line)) {
    Fp8Flavour f = Fp8Flavour::Unknown;
    bool same = true;
    for (const std::string& a : reach->archs) {
      Fp8Flavour g = arch_flavour(a);
      if (g == Fp8Flavour::Unknown || (f != Fp8Flavour::Unknown && g != f)) same = false;
      f = g;
    }
    if (same && f != Fp8Flavour::Unknown) {
      if (why) *why = reach->why;
      return f;
    }
  }
  // A module or function named for one arch is that arch's code.
  std::string_view file = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
  std::string arch;
  if (Fp8Flavour f = flavour_of_name(file.substr(0, file.find('.')), &arch); f != Fp8Flavour::Unknown) {
    if (why) *why = "the file is named for " + arch;
    return f;
  }
  if (auto fn = tree.enclosing_function(line)) {
    if (Fp8Flavour f = flavour_of_name(fn->name, &arch); f != Fp8Flavour::Unknown) {
      if (why) *why = "`" + fn->name + "` is named for " + arch;
      return f;
    }
  }
  if (auto c = check_before(tree, line, rejects_fnuz)) {
    if (why) *why = "check at line " + std::to_string(c->line) + ": " + c->text.substr(0, 80);
    return Fp8Flavour::Ocp;
  }
  return Fp8Flavour::Unknown;
}

}  // namespace rp::guards
