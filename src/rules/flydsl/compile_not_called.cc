// flydsl-compile-not-called: a run-style function whose cache-miss path compiles a FlyDSL
// kernel (`flyc.compile`) and stores it but never calls the result on that path (aiter D10).
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "flydsl-compile-not-called",
    .category = Category::Boundary,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A FlyDSL cache-miss path compiles the kernel and returns without calling the compiled result.",
    .docs = R"(What it catches: a Python function (added or changed by the PR) that calls the compiled
kernel on its cache-hit path (`cf(*args)` / `exe._cf(*args)`) and, on another path, obtains it
with `flyc.compile(...)` (any `<module>.compile` of a module imported from `flydsl`) and then
reaches a `return` or the end of the function without calling it, returning it, or handing it
to another call.
Why it matters: where `compile` only builds the kernel, every first call for a new (shape,
dtype, arch) combination launches nothing and returns the uninitialised output buffer with no
error. Severity is a note: aiter's own FlyDSL shim now documents that `compile(exe, *args)`
also launches the kernel, which makes this exact pattern correct (measured: both hits on the
last 300 aiter commits were that shim), so the finding is a question about which contract the
code relies on, not a defect.
Does not fire on: functions that never call the compiled object (pure compile/cache helpers,
AOT pre-compilation under `aot/`), a compile result that is called, returned or passed on the
same path, a miss path that launches the kernel itself by calling the very function it hands to
`compile` (`launch_fn(*args)` then `cache[key] = flyc.compile(launch_fn, *args)`: the first call
runs the JIT path, later calls the cached one), functions whose docstring or comments state that
compile also executes/launches the kernel, Triton `@jit` functions, unchanged functions, test
files.)"};

bool is_flydsl_compile(const Call& c, const std::set<std::string>& flydsl_aliases) {
  if (c.callee_name != "compile" || !c.receiver) return false;
  return flydsl_aliases.count(std::string(c.receiver.text())) > 0;
}

class FlydslCompileNotCalled : public FileRuleWithState<kInfo, NewCode> {
 public:
  NewCode prepare(const ReviewContext& ctx) const override { return NewCode(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, NewCode& new_code, const FileChange& file,
                  std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.binary || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      if (f.new_path.find("/aot/") != std::string::npos || f.new_path.starts_with("aot/")) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      // Only lines of new behaviour make the function changed: a comment edit, a re-indent or a
      // move leaves a pre-existing launcher as it was.
      std::set<int> added = new_code.new_lines(f, tree);
      if (added.empty()) continue;
      if (!tree || tree->source().find("flydsl") == std::string::npos) continue;
      std::set<std::string> aliases = flydsl_module_aliases(*tree);
      if (aliases.empty()) continue;
      for (const Function& fn : tree->functions()) {
        if (!fn.body || !touches_added(added, fn.start_line, fn.end_line)) continue;
        check_function(*tree, f.new_path, fn, aliases, out);
      }
    }
  }

 private:
  // Names bound to a flydsl module: `import flydsl.compiler as flyc`, `from flydsl import compiler as flyc`.
  static std::set<std::string> flydsl_module_aliases(const SyntaxTree& tree) {
    std::set<std::string> out;
    for (const lang::Import& imp : tree.imports()) {
      if (!imp.module.starts_with("flydsl")) continue;
      std::string text(imp.node.text());
      size_t as = text.rfind(" as ");
      if (as != std::string::npos) out.insert(std::string(trim(text.substr(as + 4))));
      else if (imp.module.find('.') == std::string::npos) out.insert(imp.module);
      size_t imp_kw = text.find(" import ");
      if (imp_kw != std::string::npos && as == std::string::npos) {
        std::string names = text.substr(imp_kw + 8);
        if (names.find(',') == std::string::npos) out.insert(std::string(trim(names)));
      }
    }
    return out;
  }

  static bool documents_executing_compile(const SyntaxTree& tree, const Function& fn) {
    std::string text(fn.node.text());
    for (std::string_view w : {"execut", "launch", "runs the kernel", "and runs"})
      if (text.find("compile") != std::string::npos && text.find(w) != std::string::npos) {
        // Only documentation counts: a comment or the docstring mentions it.
        for (Node c : tree.comments(fn.node))
          if (c.text().find(w) != std::string_view::npos) return true;
        for (const lang::Literal& s : tree.string_literals(fn.node))
          if (s.value.find(w) != std::string::npos && s.value.find("compile") != std::string::npos) return true;
      }
    return false;
  }

  void check_function(const SyntaxTree& tree, const std::string& path, const Function& fn,
                      const std::set<std::string>& aliases, std::vector<Finding>& out) const {
    std::vector<Call> calls = tree.calls(fn.body);
    for (const Call& c : calls) {
      if (!is_flydsl_compile(c, aliases)) continue;
      Node stmt = c.node;
      while (stmt && stmt.parent() && !is(stmt.parent(), NodeKind::Block)) stmt = stmt.parent();
      if (!stmt || !is(stmt, NodeKind::ExpressionStatement)) continue;
      std::set<std::string> names;
      for (const lang::Assignment& a : tree.assignments(stmt))
        for (const std::string& t : a.targets) names.insert(t);
      if (names.empty()) continue;  // `return flyc.compile(...)` or a bare call: handed on
      // Aliases: `exe._cf = cf`, `cf = exe._cf`.
      for (const lang::Assignment& a : tree.assignments(fn.body))
        if (a.value && names.count(std::string(a.value.text())))
          for (const std::string& t : a.targets) names.insert(t);
      for (const lang::Assignment& a : tree.assignments(fn.body))
        for (const std::string& t : a.targets)
          if (names.count(t) && a.value && !is(a.value, NodeKind::Call)) names.insert(std::string(a.value.text()));
      if (!calls_any(calls, names, 0)) continue;  // never executes compiled objects: a compile helper
      if (documents_executing_compile(tree, fn)) continue;
      if (launches_source_before(tree, stmt, c)) continue;
      if (path_uses_result(tree, stmt, names, fn)) continue;
      report(tree, path, fn, c, *names.begin(), out);
      return;
    }
  }

  // The miss path launches the kernel itself: a statement before the compile, in the same block,
  // calls the function that `compile` receives as its first argument.
  static bool launches_source_before(const SyntaxTree& tree, Node stmt, const Call& compile) {
    if (compile.args.empty() || !compile.args.front().keyword.empty()) return false;
    std::string_view source = compile.args.front().value.text();
    for (Node s = stmt.prev_named_sibling(); s; s = s.prev_named_sibling())
      for (const Call& c : tree.calls(s))
        if (c.callee == source) return true;
    return false;
  }

  static bool calls_any(const std::vector<Call>& calls, const std::set<std::string>& names, int after) {
    for (const Call& c : calls)
      if (c.line > after && names.count(c.callee)) return true;
    return false;
  }

  // Walks the statements after `stmt` in its block, then after each enclosing statement, until
  // a return or the end of the function: does any use the result (call it, return it, pass it)?
  static bool path_uses_result(const SyntaxTree& tree, Node stmt, const std::set<std::string>& names, const Function& fn) {
    for (Node cur = stmt; cur;) {
      for (Node s = cur.next_named_sibling(); s; s = s.next_named_sibling()) {
        if (uses(tree, s, names)) return true;
        if (lang::is_exit(s)) return false;
      }
      Node block = cur.parent();
      if (!block || block == fn.body) return false;  // the end of the function
      // The statement that owns this block (if/try/with/for), which continues after it.
      Node owner = block.parent();
      while (owner && owner.parent() && !is(owner.parent(), NodeKind::Block)) owner = owner.parent();
      if (!owner || !owner.parent()) return false;
      cur = owner;
    }
    return false;
  }

  static bool uses(const SyntaxTree& tree, Node s, const std::set<std::string>& names) {
    for (const Call& c : tree.calls(s)) {
      if (names.count(c.callee)) return true;
      for (const lang::Argument& a : c.args)
        if (names.count(std::string(a.value.text()))) return true;
    }
    if (is(s, NodeKind::Return)) {
      Node v = s.named_children().empty() ? Node() : s.named_children().front();
      if (v && names.count(std::string(v.text()))) return true;
    }
    return false;
  }

  void report(const SyntaxTree& tree, const std::string& path, const Function& fn, const Call& compile,
              const std::string& name, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{path, compile.line};
    x.problem = "`" + fn.qualified + "` compiles the kernel on its cache-miss path (`" +
                std::string(trim(tree.line_text(compile.line))) + "`) and leaves that path without calling `" + name +
                "`, while the cache-hit path calls it";
    x.impact = "If `compile` only builds the kernel, the first call for every new shape/dtype launches nothing and "
               "the caller receives its uninitialised output buffer, silently";
    x.action = "Author must call the compiled function with the same arguments on the miss path (`" + name +
               "(*args)`), or state in the function which FlyDSL contract makes `compile` also launch it";
    x.evidence.push_back(evidence(path, compile.line, tree.line_text(compile.line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(FlydslCompileNotCalled);

}  // namespace
}  // namespace rp
