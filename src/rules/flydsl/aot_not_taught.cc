// aot-not-taught: a new public function in a module the FlyDSL AOT pre-compiler imports from,
// used by the runtime elsewhere in the PR, that the AOT side neither imports nor mentions
// (aiter D12: the AOT copy of the runtime's variant choice drifts).
#include <re2/re2.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "aot-not-taught",
    .category = Category::CrossRepo,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A new runtime-used function in a module FlyDSL AOT imports from is not wired into AOT.",
    .docs = R"(What it catches: the PR adds a public top-level function to a Python module that a file
under `aiter/aot/flydsl/` imports from (read from the head tree's import statements), the
function is called from another (non-AOT) file the PR changes, so the runtime now decides
something with it, and yet no AOT file imports it, no AOT line the PR adds mentions it, and no
function of that module that AOT already imports calls it.
Severity is a note: whether the symbol decides which variant is built needs a reader (on the
last 300 aiter commits the candidates were runtime entry points, not decisions).
Why it matters: the AOT pre-compiler re-derives the runtime's variant choice (tile sizes,
activation or bias conditions, dtype parsing). A new runtime decision AOT was not taught makes
it pre-build variants the runtime no longer asks for and miss the ones it does: cache misses,
JIT on the serving path, or a fallback tile.
Does not fire on: private helpers (`_name`), entry points that compile, build, run or launch
(they are not a variant decision), callers that are tuners, benchmarks or tests, functions nobody outside the module calls in this
PR (a helper AOT has no reason to call), functions AOT imports or mentions in its hunks,
functions reached through an entry point AOT already imports, modules AOT does not import
from, reviews without the head tree.)"};

std::string module_of(std::string_view path) {
  std::string m(path.substr(0, path.size() - 3));
  for (char& c : m)
    if (c == '/') c = '.';
  return m;
}

// Whether `text` may hold an import from `module`: each dotted part of the module is an
// identifier token, so an import statement that names the module holds every part verbatim,
// however its dots are spaced or continued.
bool may_name(std::string_view text, std::string_view module) {
  for (size_t start = 0;;) {
    size_t dot = module.find('.', start);
    if (text.find(module.substr(start, dot - start)) == std::string_view::npos) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// module -> names imported by the AOT files, for the modules in `wanted` (and any other module
// those files import from). An AOT file that cannot name a wanted module is not parsed.
std::map<std::string, std::set<std::string>> aot_imports(const TreeReader& head, const Workspace& ws,
                                                         const std::set<std::string>& wanted) {
  std::map<std::string, std::set<std::string>> out;
  for (const std::string& p : head.list_files()) {
    if (!p.starts_with("aiter/aot/flydsl/") || !is_python(p)) continue;
    std::optional<std::string> text = ws.read_head(p);
    if (!text) continue;
    bool may_import = false;
    for (const std::string& m : wanted) may_import = may_import || may_name(*text, m);
    if (!may_import) continue;
    std::unique_ptr<SyntaxTree> tree = SyntaxTree::parse(lang::Grammar::Python, *text);
    for (const lang::Import& imp : tree->imports()) {
      std::string t(imp.node.text());
      size_t kw = t.find(" import ");
      if (kw == std::string::npos || imp.level != 0) continue;
      std::string names = t.substr(kw + 8);
      std::set<std::string>& set = out[imp.module];
      std::string cur;
      for (char c : names + ",") {
        if (c == ',' || c == '\n') {
          std::string n(trim(cur));
          size_t as = n.find(" as ");
          if (as != std::string::npos) n = n.substr(0, as);
          if (!n.empty() && n != "(" && n != ")") set.insert(n);
          cur.clear();
        } else if (c != '(' && c != ')') {
          cur += c;
        }
      }
    }
  }
  return out;
}

bool mentions_word(std::string_view text, const std::string& name) {
  const RE2 re("(^|[^A-Za-z0-9_])" + RE2::QuoteMeta(name) + "([^A-Za-z0-9_]|$)");
  return RE2::PartialMatch(std::string(text), re);
}

// A changed file whose new public functions this rule considers.
bool reviewable(const FileChange& f) {
  return f.status != FileStatus::Deleted && !f.binary && is_python(f.new_path) && !is_test_path(f.new_path);
}

// Whether the file may add a function: a definition starts on a line that holds its first
// token (`def`, `async` or a decorator's `@`), and the check below asks for that line to be added.
bool may_add_function(const FileChange& f) {
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == DiffLine::Kind::Added && (l.text.find("def") != std::string::npos ||
                                              l.text.find("async") != std::string::npos ||
                                              l.text.find('@') != std::string::npos))
        return true;
  return false;
}

class AotNotTaught : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    bool any_candidate_module = false;
    for (const FileChange& f : ctx.pr.changes.files)
      if (is_python(f.new_path) && f.new_path.find("flydsl") != std::string::npos) any_candidate_module = true;
    if (!any_candidate_module) return;
    // Only the imports from modules where this PR may add a function are looked up below.
    std::set<std::string> changed_modules;
    for (const FileChange& f : ctx.pr.changes.files)
      if (reviewable(f) && may_add_function(f)) changed_modules.insert(module_of(f.new_path));
    if (changed_modules.empty()) return;
    std::map<std::string, std::set<std::string>> imports = aot_imports(*head, ctx.workspace, changed_modules);
    if (imports.empty()) return;
    // Added lines of AOT files and of the other runtime files, for "mentions" and "calls".
    std::vector<const DiffLine*> aot_added;
    for (const FileChange& f : ctx.pr.changes.files)
      if (f.new_path.starts_with("aiter/aot/"))
        for (const Hunk& h : f.hunks)
          for (const DiffLine& l : h.lines)
            if (l.kind == DiffLine::Kind::Added) aot_added.push_back(&l);
    for (const FileChange& f : ctx.pr.changes.files) {
      if (!reviewable(f)) continue;
      auto it = imports.find(module_of(f.new_path));
      if (it == imports.end()) continue;
      std::set<int> added = added_line_numbers(f);
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree || added.empty()) continue;
      for (const Function& fn : tree->functions()) {
        if (!added.count(fn.start_line) || fn.name.starts_with("_") || !fn.class_name.empty()) continue;
        if (fn.node.parent() && !is(fn.node.parent(), NodeKind::Module) &&
            !(is(fn.node.parent(), NodeKind::DecoratedDef)))
          continue;
        if (it->second.count(fn.name)) continue;
        bool mentioned = false;
        for (const DiffLine* l : aot_added) mentioned = mentioned || mentions_word(l->text, fn.name);
        if (mentioned) continue;
        if (reached_from_aot_entry(*tree, fn.name, it->second)) continue;
        if (does_work(*tree, fn)) continue;
        std::optional<Location> caller = runtime_caller(ctx, f.new_path, fn.name);
        if (!caller) continue;
        report(*tree, f.new_path, fn, it->first, *caller, out);
      }
    }
  }

 private:
  static bool reached_from_aot_entry(const SyntaxTree& tree, const std::string& name, const std::set<std::string>& entries) {
    for (const Function& g : tree.functions()) {
      if (!entries.count(g.name) || !g.body) continue;
      for (const lang::Call& c : tree.calls(g.body))
        if (c.callee_name == name) return true;
    }
    return false;
  }

  // A function that compiles, builds or launches is an entry point, not a decision AOT must
  // mirror: the FP self-check asks whether the symbol decides WHICH variant gets built.
  static bool does_work(const SyntaxTree& tree, const Function& fn) {
    static const RE2 work(R"((?i)(compile|launch|build|run|kernel|exe|module))");
    if (RE2::PartialMatch(fn.name, work)) return true;
    for (const lang::Call& c : tree.calls(fn.body))
      if (RE2::PartialMatch(c.callee_name, work)) return true;
    return false;
  }

  static std::optional<Location> runtime_caller(const ReviewContext& ctx, const std::string& self, const std::string& name) {
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.new_path == self || f.new_path.starts_with("aiter/aot/") || !is_python(f.new_path) ||
          is_test_path(f.new_path) || f.new_path.find("tune") != std::string::npos ||
          f.new_path.find("bench") != std::string::npos || f.new_path.find("csrc/") != std::string::npos)
        continue;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind == DiffLine::Kind::Added) {
            std::string_view code = code_part(l.text, true);
            if (mentions_word(code, name) && code.find(name + "(") != std::string_view::npos)
              return Location{f.new_path, l.new_line};
          }
    }
    return std::nullopt;
  }

  void report(const SyntaxTree& tree, const std::string& path, const Function& fn, const std::string& module,
              const Location& caller, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{path, fn.start_line};
    x.related.push_back(caller);
    x.problem = "`" + fn.name + "` is added to `" + module + "`, which aiter/aot/flydsl imports from, and the runtime "
                "calls it (" + caller.file + ":" + std::to_string(caller.line) + "), but no AOT file imports or "
                "mentions it";
    x.impact = "AOT keeps enumerating the variants it knew about: it pre-builds shapes the runtime no longer requests "
               "and misses the ones it does, so serving hits JIT compiles or fallbacks";
    x.action = "Reviewer should ask whether `" + fn.name + "` decides which variant is built; if so the author must "
               "wire it into the AOT enumeration under aiter/aot/flydsl/";
    x.evidence.push_back(evidence(path, fn.start_line, tree.line_text(fn.start_line)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(AotNotTaught);

}  // namespace
}  // namespace rp
