// unchecked-none: an added line dereferences a value that can be None (or pops
// a key that can be gone) with no guard for that case anywhere in its function.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "analysis/api_surface.h"
#include "analysis/facts.h"
#include "analysis/none_reads.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{.name = "unchecked-none",
                         .category = Category::Boundary,
                         .severity = Severity::Note,
                         .needs = Needs::FullText,
                         .summary =
                             "An added line uses a value that can be None (or pops a key "
                             "that can be gone) with no guard for it.",
                         .docs =
                             R"(What it catches: in a Python file the PR changes (tests and benchmarks aside), an added
line that dereferences — reads an attribute of, subscripts, calls, does arithmetic on, iterates, or
passes to `int()`/`float()`/`len()` — a value whose source says it can be None: `m.get(k)` or
`os.environ.get(K)` / `os.getenv(K)` without a default, `re.match/search/fullmatch(...)`, a call
of a function of the same file (or a `self.` method of the same class) that returns a value on
one path and None on another (an explicit `return None`, a bare `return`, or a body that can fall
off its end), or a parameter annotated `Optional[T]` / `T | None` that the PR adds and that the function
dereferences on every path (not under a branch), when a call in the repository leaves it None (omits
it while it defaults to None, or passes None); the finding names that call. Also an added
`G.pop("key")` without a default on a module-level dict `G` inside a function: the first call
removes the key for good and the second raises KeyError (red: the second call is the trigger).
Severity: a note, except the module-level pop (red). On fresh PR heads no warn of this rule was
judged true in rounds 10-14 (0 true, 1 noise, 6 false of 7): whether a value can really be None
usually hangs on a fact two modules away (a dict literal of another module holding the only key the
branch can ask for, a store whose get blocks, a caller that tests the argument first), which a
per-file reading cannot see; the fixed shapes are silent now, the rest is a question, not a warning.
Why it matters: the None path is the one nobody ran — the key absent from a config, the variable
unset in the default environment, the name that does not match, the lookup that misses — and it
ends in AttributeError / TypeError / KeyError in production instead of a clear message.
Does not fire on: an Optional parameter dereferenced only under an if/else, try, match, while,
conditional expression or `and`/`or` (a mode that requires it); a value the function tests anywhere (an if/elif/while condition, `assert`, a
comparison such as `is None`, `and`/`or`/`not`, `x or default`, a conditional expression, a
walrus, `isinstance`/`hasattr`/`callable`); a value bound again in the function (a fallback); a
dereference inside a `try` that catches AttributeError, TypeError, KeyError, LookupError or
Exception; `.get(k, default)`; the `get` of a key-value store (a receiver the function also calls `.set(k, v)` on,
or a parameter annotated `...Store`: torch.distributed's store waits for the key or raises); a
same-file function whose every `return None` sits under ifs that test only its parameters (through
imported constants and same-file functions) when the call passes literals or imported constants for
them (`_alloc_scale(m, n, dtypes.fp8, dev)` with `if not _is_mxfp8(dtype): return None`: the call
fixed the answer once for all), or, for a pass-through (`if x is None: return None`), the caller's own
parameter that no default or annotation makes optional; `re.match` / `re.search` of a literal pattern that matches the empty
string with no `$`, `\b`, `\B`, `\Z` (such as `^(\s*)`: it matches every subject); the `get` of a module (`requests.get(url)`); a same-file function
that always returns a value or never does (a path ending in `raise`, `assert False`, `sys.exit(...)`
or `tl.static_assert(False, ...)` returns nothing); generators and stub bodies; a pop that the function
guards for that key (`k in G`, `G[k]` read or written; a test of another key does not count) or that passes a default; test and benchmark files;
lines the PR does not add.)"};

// The first call in the head tree of the function holding `line` that leaves parameter `name`
// None: it omits the argument while the parameter defaults to None, or passes None for it.
// "`path:line`", or nullopt when no call does (or the review has no repository).
std::optional<std::string> none_passer(const ReviewContext& ctx, const std::string& path, const lang::SyntaxTree& tree,
                                       int line, const std::string& name) {
  if (!ctx.repo) return std::nullopt;
  std::optional<lang::Function> fn = tree.enclosing_function(line);
  if (!fn) return std::nullopt;
  int index = -1, skip = 0;
  bool defaults_none = false;
  for (size_t i = 0; i < fn->params.size(); ++i) {
    const lang::Param& q = fn->params[i];
    if (i == 0 && !fn->class_name.empty() && (q.name == "self" || q.name == "cls")) skip = 1;
    if (q.name == name) {
      index = static_cast<int>(i) - skip;
      defaults_none = q.default_text == "None";
    }
  }
  if (index < 0) return std::nullopt;
  for (const index::CallSite& site : api::callers_of(ctx.repo->index(), path, *fn)) {
    const index::PyCall& c = *site.call;
    bool by_keyword = std::find(c.keywords.begin(), c.keywords.end(), name) != c.keywords.end();
    if (!by_keyword && c.positional <= index) {
      if (defaults_none) return fmt::format("`{}:{}`", site.path, c.line);
      continue;
    }
    const lang::SyntaxTree* t = ctx.workspace.new_tree(site.path);
    if (!t) continue;
    lang::Node value = api::passed_argument(*t, c, name, by_keyword ? -1 : index);
    if (value && value.text() == "None") return fmt::format("`{}:{}`", site.path, c.line);
  }
  return std::nullopt;
}

class UncheckedNoneRule : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& changed : changed_sources(one_file(file), ctx.workspace, is_python)) {
      const FileChange& f = *changed.file;
      const lang::SyntaxTree& tree = *changed.tree;
      for (const UncheckedNone& u : unchecked_none_reads(tree)) {
        if (!changed.added.count(u.line)) continue;
        // A parameter's None is the PR's only when the PR adds the parameter.
        if (u.source == UncheckedNone::Source::OptionalParam && !changed.added.count(u.origin_line)) continue;
        // An Optional annotation alone is often loose typing: the parameter is None only where a
        // caller leaves it out (its default is None) or passes None. Without such a caller in
        // the repository the finding would guess.
        std::string none_caller;
        if (u.source == UncheckedNone::Source::OptionalParam) {
          std::optional<std::string> who = none_passer(ctx, f.new_path, tree, u.line, u.value);
          if (!who) continue;
          none_caller = *who;
        }
        Finding x = finding();
        x.location = Location{f.new_path, u.line};
        if (u.source == UncheckedNone::Source::GlobalPop) {
          x.problem = fmt::format("`{}` has no default: {}", u.value, u.why);
          x.impact = "The function works once; every later call raises KeyError";
          x.action = fmt::format("Author must pass a default (`{}.pop(key, None)`) or test the key first", u.origin);
          // Certain, and in production code: the second call of the function is the trigger.
          x.severity = Severity::Red;
          x.trigger = fmt::format("a second call of {}()", u.function);
        } else {
          x.problem =
              fmt::format("`{}` can be None here and is used through {} with no check: {}", u.value, u.use, u.why);
          x.impact = "On the path where it is None the line raises AttributeError/TypeError instead of handling the "
                     "missing value";
          x.action = fmt::format(
              "Author must handle `{}` being None (a default, a check that raises a clear error, or an early return)",
              u.value);
        }
        if (!none_caller.empty()) x.problem += fmt::format("; {} leaves it None", none_caller);
        x.evidence.push_back(evidence(f.new_path, u.line, tree.line_text(u.line)));
        if (u.origin_line > 0 && u.origin_line != u.line)
          x.evidence.push_back(evidence(f.new_path, u.origin_line, tree.line_text(u.origin_line)));
        out.push_back(std::move(x));
      }
    }
  }
};

REGISTER_RULE(UncheckedNoneRule);

}  // namespace
}  // namespace rp
