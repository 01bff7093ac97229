// Facts for rules that read the repository index (index/repo_index.h): what a name in one
// Python file refers to, resolved through that file's imports to a module file of this
// repository. Shared by hallucinated-symbol and api-propagation.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "index/repo_index.h"

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

// Names bound in `path` to first-party module files: `import a.b as x` → x, `import a.b`
// → a (a/__init__.py), `from a import b` when a/b is a module → b.
std::map<std::string, std::string> module_aliases(const index::RepoIndex& idx, const std::string& path, int line = 0);
// Whether import `im` of `fi` is visible at `line`: it runs at import time, or it sits in
// the innermost function containing `line`.
bool import_in_scope(const index::FileIndex& fi, const index::PyImport& im, int line);

}  // namespace rp
