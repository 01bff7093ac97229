// The repository index: a FileIndex for every Python and C-family file of one tree, plus the
// cross-references rules ask for — where a dotted module lives, whether a module binds a
// name (through re-exports and star imports), the signature behind an imported name,
// callers of a function, importers of a module, subclasses of a class, and the include graph.
// Built in parallel and cached on disk by blob id (index/cache.h).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/tree_reader.h"
#include "index/cache.h"
#include "index/file_index.h"

namespace rp::index {

struct BuildOptions {
  std::string cache_file;   // "" = no cache
  unsigned threads = 0;     // 0 = hardware concurrency
  size_t max_file_bytes = size_t(2) << 20;  // larger files (generated tables) are not indexed
  // Smaller trees are indexed in milliseconds: not worth a cache file (and test repositories
  // do not litter the user's cache directory).
  size_t min_files_to_cache = 100;
};

struct BuildStats {
  size_t files = 0;      // indexed files
  size_t extracted = 0;  // cache misses parsed in this build
  size_t bytes_read = 0;
  double read_ms = 0, extract_ms = 0, load_ms = 0, store_ms = 0, total_ms = 0;
};

// A call of some function, located.
struct CallSite {
  std::string path;
  const PyCall* call;
};
// An import statement naming a module, located.
struct ImportSite {
  std::string path;
  const PyImport* import;
};

class RepoIndex {
 public:
  static std::unique_ptr<RepoIndex> build(const TreeReader& tree, const BuildOptions& opts, BuildStats* stats = nullptr);

  const std::map<std::string, const FileIndex*>& files() const { return files_; }
  const FileIndex* file(const std::string& path) const;

  // --- Python modules ---
  // "aiter.ops.mha" → "aiter/ops/mha.py" or "aiter/ops/mha/__init__.py"; "" when absent.
  std::string module_path(const std::string& dotted) const;
  // The dotted module of a Python path ("aiter/ops/__init__.py" → "aiter.ops").
  static std::string dotted_of(const std::string& path);
  // The absolute dotted module an import in `from_path` names (relative levels resolved).
  static std::string absolute_module(const std::string& from_path, const PyImport& imp);
  // Whether the first component of a dotted name is a package/module of this repository.
  bool first_party(const std::string& dotted) const;
  // Whether `module_path` (a file) makes `name` available as an attribute: bound at module
  // level, re-exported through a star import (followed), a submodule of the package, or
  // the module defines __getattr__ (then unknowable: true).
  bool module_binds(const std::string& module_path, const std::string& name) const;
  // The function `name` reached from module file `module_path`, following `from X import`
  // re-exports and star imports; null when it is not a function defined in this repository.
  struct Resolved {
    std::string path;
    const PyFunction* function = nullptr;
  };
  Resolved resolve_function(const std::string& module_path, const std::string& name) const;

  // Calls whose callee's last component is `name` ("f", "x.f", "mod.f").
  std::vector<CallSite> callers(const std::string& name) const;
  // Import statements, anywhere, that bind `name` from some module (`from M import name`).
  std::vector<ImportSite> importers_of_name(const std::string& name) const;
  // Import statements whose module resolves to `module_path`.
  std::vector<ImportSite> importers_of_module(const std::string& module_path) const;
  // Classes (path, class) whose base's last component is `class_name`.
  std::vector<std::pair<std::string, const PyClass*>> subclasses(const std::string& class_name) const;

  // --- C family ---
  // Paths of the files a file includes, resolved by path suffix ("" entries dropped).
  std::vector<std::string> resolved_includes(const std::string& path) const;
  // Translation units (.cu/.cpp/.cc/.hip/.c) that include `header`, directly or through
  // other headers.
  std::set<std::string> including_units(const std::string& header) const;

 private:
  void build_lookups();
  std::string resolve_include(const std::string& from, const std::string& inc) const;
  bool binds_rec(const std::string& module_path, const std::string& name, int depth) const;
  Resolved resolve_rec(const std::string& module_path, const std::string& name, int depth) const;

  BlobMap blobs_;
  std::map<std::string, const FileIndex*> files_;
  std::set<std::string> top_packages_;
  // Cross-reference maps, built on first use (a review that asks nothing pays nothing).
  void build_xrefs() const;
  mutable bool xrefs_built_ = false;
  mutable std::map<std::string, std::vector<CallSite>> calls_by_name_;
  mutable std::map<std::string, std::vector<ImportSite>> imports_by_name_;
  mutable std::map<std::string, std::vector<ImportSite>> imports_by_module_;
  std::map<std::string, std::vector<std::string>> by_basename_;  // C-family files by file name
  mutable std::map<std::string, std::vector<std::string>> includers_;  // header → direct includers
  mutable bool includers_built_ = false;
};

}  // namespace rp::index
