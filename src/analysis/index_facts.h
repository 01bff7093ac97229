// Facts for rules that read the repository index (index/repo_index.h): what a name in one
// Python file refers to, resolved through that file's imports to a module file of this
// repository. Shared by hallucinated-symbol and api-propagation.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/context.h"
#include "index/repo_index.h"
#include "index/tiers.h"

namespace rp {

// What `callee` text ("f", "mod.f", "pkg.sub.f") in `path` names inside this repository:
// the module file that should define `name`. nullopt when the callee is not a first-party
// module attribute or imported name (a local, a method, a third-party module...).
struct SymbolTarget {
  std::string module_path;  // file that must bind `name`
  std::string name;
  std::string via;          // how it was reached: "import at line 3", "defined in this file"
};
// `line` (the call's line; 0 = module level) decides which imports are in scope: those
// that run at import time, and those inside the innermost function around `line`.
std::optional<SymbolTarget> resolve_symbol(const index::RepoIndex& idx, const std::string& path,
                                           const std::string& callee, int line = 0);

// The same question asked of another repository's index `target` (a `--dep` package):
// imports are read from `path` in `home`, the modules they name are looked up in `target`.
// resolve_symbol(idx, ...) is resolve_symbol_in(idx, ..., idx) plus same-file definitions.
std::optional<SymbolTarget> resolve_symbol_in(const index::RepoIndex& home, const std::string& path,
                                              const std::string& callee, int line, const index::RepoIndex& target);

// Whether the class text `text` ("Runner", "mod.Runner", an alias) used at `line` of `path`
// is class `cls` defined in `def_path` (through imports, re-exports and star imports).
bool names_class(const index::RepoIndex& idx, const std::string& path, const std::string& text, int line,
                 const std::string& def_path, const std::string& cls);
// Calls in the tree that reach method `method` of the module-level class `cls` of `def_path`:
// `self.m(...)` inside that class, `obj.m(...)` where the calling function binds obj to the
// class (`obj = Cls(...)`, `obj: Cls`; PyCall::receiver_class), `Cls.m(...)`, and
// `super().m(...)` in a direct subclass. The class is resolved through the caller's imports,
// so a same-named method of an unrelated class is never a caller.
std::vector<index::CallSite> method_callers(const index::RepoIndex& idx, const std::string& def_path,
                                            const std::string& cls, const std::string& method);

// The Step 4 tier of a head-side path for rules that raise severity on backbone files: the
// computed tier (index/tiers.h: import chain, model inheritance, header fan-in, plus the
// profile table's exact rows) when the review has a repository, else the exact rows of the
// profile's backbone table (directory rows such as `aiter/ops/` are Tier 3).
index::TierFacts file_tier(const ReviewContext& ctx, const std::string& path);

// Names bound in `path` to first-party module files: `import a.b as x` → x, `import a.b`
// → a (a/__init__.py), `from a import b` when a/b is a module → b.
std::map<std::string, std::string> module_aliases(const index::RepoIndex& idx, const std::string& path, int line = 0);
// Whether import `im` of `fi` is visible at `line`: it runs at import time, or it sits in
// the innermost function containing `line`.
bool import_in_scope(const index::FileIndex& fi, const index::PyImport& im, int line);

}  // namespace rp
