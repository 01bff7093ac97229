// A Python API surface and who depends on it: the functions and classes a module offers, how a
// PR changed them, and which call sites and importers of the head tree still use the old form.
// The engine of the api-propagation family of rules (api-propagation, public-op-break,
// param-discarded, getattr-key-unset); each rule asks it and decides what to report.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "analysis/context.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp::api {

// Module-level functions and methods of module-level classes, by qualified name: pointers into
// `tree.functions()`, valid as long as the tree (a copy per function would double what an
// 800-module PR's API diff holds).
using FunctionsByName = std::map<std::string, const lang::Function*>;
FunctionsByName api_functions(const lang::SyntaxTree& tree);

std::set<std::string> param_names(const lang::Function& f);
bool takes_kwargs(const lang::Function& f);
// Parameters that take a positional argument (not *args/**kwargs); `has_star` says whether
// the function also takes *args.
int plain_positional(const lang::Function& f, bool* has_star);

// Calls in the head tree that reach function `fn` of `path`: for a method, self.m() in its
// class, obj.m() on an instance bound in the caller, Cls.m(), super().m() in a subclass; for
// a module-level function, calls whose callee resolves through imports to it. Calls with
// `*args`/`**kwargs` are left out (what they pass is unknown).
std::vector<index::CallSite> callers_of(const index::RepoIndex& idx, const std::string& path, const lang::Function& fn);

// The signature a call reaches: the repository function `callee` (at `line` of `path`) names,
// resolved through imports and re-exports, or the `__init__` of the repository class it
// constructs. Null when it is neither (a library, a local, a class without its own __init__).
const index::PyFunction* called_signature(const index::RepoIndex& idx, const std::string& path,
                                          const std::string& callee, int line);

// What call site `call` of `caller` (its head-side parse) passes for a parameter: the argument
// named `keyword`, else (position >= 0) the `position`-th positional one; null when the call
// passes neither there (or `caller` has no call on that line).
lang::Node passed_argument(const lang::SyntaxTree& caller, const index::PyCall& call, const std::string& keyword,
                           int position = -1);

// aiter's public op surface (B6 "Public-API scope"): a public name of a module directly
// under aiter/ops/, or of one `import aiter` re-exports. Its consumers live in other
// repositories. Always false outside an op-library profile.
bool public_op(const ReviewContext& ctx, const std::string& path, const std::string& name);

// Whether module file `mod` is `target` or re-exports its names by star imports (transitively).
bool star_reexports(const index::RepoIndex& idx, const std::string& mod, const std::string& target);

// Whether any Python module of the repository binds `name` at module level (moved, not gone).
bool bound_anywhere(const index::RepoIndex& idx, const std::string& name);

// Keyword parameters `before` had and `now` lost (self/cls aside); empty when `now` takes
// **kwargs, which still accepts them.
std::vector<std::string> removed_keywords(const lang::Function& before, const lang::Function& now);

// A call site still passing what the new signature no longer accepts.
struct StaleCall {
  index::CallSite site;
  std::vector<std::string> keywords;  // removed keywords it passes (empty: too many positionals)
};
// Callers of `now` (defined in `path`) that pass one of `removed` by keyword.
std::vector<StaleCall> stale_keyword_calls(const index::RepoIndex& idx, const std::string& path,
                                           const lang::Function& now, const std::vector<std::string>& removed);
// Callers of `now` that pass more positional arguments than it takes, when `before` took more.
std::vector<StaleCall> stale_positional_calls(const index::RepoIndex& idx, const std::string& path,
                                              const lang::Function& before, const lang::Function& now);

// Module-level functions and classes `before` (the base side of `path`) defined that the head
// module no longer binds: name and base line.
std::vector<std::pair<std::string, int>> gone_symbols(const index::RepoIndex& idx, const std::string& path,
                                                      const lang::SyntaxTree& before);

// A head-tree use of a name the module at `path` no longer binds.
struct StaleUse {
  std::string path;
  int line = 0;
  std::string how;  // "imports `x` from m.py", "calls `m.x`"
};
// Unguarded importers of `name` from `path` (directly or through star re-exports) and dotted
// calls that resolve to it.
std::vector<StaleUse> stale_uses(const index::RepoIndex& idx, const std::string& path, const std::string& name);

// A function both sides of a module define, and the head-tree calls its new signature breaks.
struct ChangedFunction {
  const lang::Function* before = nullptr;
  const lang::Function* now = nullptr;
  std::vector<std::string> removed;         // removed_keywords(before, now)
  std::vector<StaleCall> stale_keyword;     // stale_keyword_calls(..., removed)
  std::vector<StaleCall> stale_positional;  // stale_positional_calls(...)
};
// Whether the import statement at `line` of head-tree file `path` sits under `if TYPE_CHECKING:`:
// only type checkers run it, so a stale name there breaks no caller at runtime.
bool type_checking_import(const ReviewContext& ctx, const std::string& path, int line);

// A module-level function or class the base module defined and the head module no longer binds.
struct GoneSymbol {
  std::string name;
  int base_line = 0;
  std::vector<StaleUse> uses;  // stale_uses: head-tree imports and calls of the old name
};
// How a PR changed one modified Python module's API.
struct ModuleApiDiff {
  const FileChange* change = nullptr;
  std::string path;  // head-side path
  const lang::SyntaxTree* before = nullptr;
  const lang::SyntaxTree* now = nullptr;
  FunctionsByName old_fns, new_fns;  // api_functions of each side
  std::vector<ChangedFunction> changed;                    // in qualified-name order
  std::vector<GoneSymbol> gone;
};
// How the PR changed the API of one modified Python module `f` (both sides parse; added and
// deleted files have none), computed when first asked and kept until the file-major runner
// drops the file's trees (analysis/fact_cache.h get_for): null when `f` is not a modified Python
// module of the PR with both sides parsed, or without an index or a head tree. A file rule asks
// this for its own file, so the review holds the diff of one module at a time.
const ModuleApiDiff* api_diff_of(const ReviewContext& ctx, const FileChange& f);
// api_diff_of as a range of none or one module, for a loop over the module's diff.
inline std::span<const ModuleApiDiff> module_diff(const ReviewContext& ctx, const FileChange& f) {
  const ModuleApiDiff* m = api_diff_of(ctx, f);
  return {m, m ? size_t(1) : size_t(0)};
}

}  // namespace rp::api
