// The repository index: a FileIndex for every Python and C-family file of one tree, plus the
// cross-references rules ask for — where a dotted module lives, whether a module binds a
// name (through re-exports and star imports), the signature behind an imported name,
// callers of a function, importers of a module, subclasses of a class, and the include graph.
// Read, not loaded: entries come from the on-disk store (index/store.h) and are decoded only
// for the files a query names; whole-repository questions go through the store's postings
// lists and are verified on the few candidate files. Blobs the store lacks (a PR's changes)
// are extracted in parallel and kept in memory; the store is rewritten once enough of them
// accumulate.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/tree_reader.h"
#include "index/cache.h"
#include "index/file_index.h"
#include "index/store.h"

namespace rp::index {

struct BuildOptions {
  std::string cache_file;   // "" = no cache
  unsigned threads = 0;     // 0 = hardware concurrency
  size_t max_file_bytes = size_t(2) << 20;  // larger files (generated tables) are not indexed
  // Smaller trees are indexed in milliseconds: not worth a cache file (and test repositories
  // do not litter the user's cache directory).
  size_t min_files_to_cache = 100;
  // The store is rewritten when this many of the tree's blobs are missing from it; fewer
  // (a PR's few changed files) are extracted on every build instead of rewriting the file.
  size_t max_missing_before_store = 32;
};

struct BuildStats {
  size_t files = 0;      // indexed files
  size_t extracted = 0;  // cache misses parsed in this build
  size_t pending = 0;    // cache misses left to parse when a query first needs them
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
  // REQUIRES: `tree` outlives the index (an entry that fails to decode is re-extracted from it).
  static std::unique_ptr<RepoIndex> build(const TreeReader& tree, const BuildOptions& opts, BuildStats* stats = nullptr);
  ~RepoIndex();

  // Indexed paths (Python and C family), sorted; no entry is decoded.
  std::vector<std::string> paths() const;
  // The blob key of an indexed path's entry (what its FileIndex is a function of), without
  // decoding it; "" when the path is not indexed.
  std::string blob_key(const std::string& path) const;
  // A digest of the indexed Python paths: what module_path and first_party answer from.
  uint64_t python_paths_digest() const;
  size_t size() const { return files_.size(); }
  const FileIndex* file(const std::string& path) const;

  // What a whole-repository question asks of each file: files whose index names `name`
  // in that role, in path order. The postings are a superset (a name in some role of the
  // file); callers check the exact condition on the returned entries.
  enum class Role : char {
    Def = 'd',           // a Python function or method of that name
    Bind = 'n',          // a module-level name (FileIndex::module_names)
    Call = 'c',          // a call whose callee's last component is the name
    ImportName = 'i',    // `from M import name`
    Registration = 'r',  // a C++ op registration (m.def, TORCH_LIBRARY...)
    CFunction = 'f',     // a C/C++ function definition
  };
  std::vector<std::pair<std::string, const FileIndex*>> files_naming(Role role, std::string_view name) const;

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
  // Import statements whose absolute module (relative levels resolved) is `dotted`, whether
  // or not a file of this tree provides it.
  std::vector<ImportSite> imports_of_module_name(const std::string& dotted) const;
  // Classes (path, class) whose base's last component is `class_name`.
  std::vector<std::pair<std::string, const PyClass*>> subclasses(const std::string& class_name) const;

  // --- C family ---
  // Paths of the files a file includes, resolved by path suffix ("" entries dropped).
  std::vector<std::string> resolved_includes(const std::string& path) const;
  // Translation units (.cu/.cpp/.cc/.hip/.c) that include `header`, directly or through
  // other headers.
  std::set<std::string> including_units(const std::string& header) const;

 private:
  // Where one path's entry comes from: the store (by ordinal) or the in-memory overlay.
  struct Slot {
    uint32_t stored = kNoEntry;
    mutable const FileIndex* overlay = nullptr;  // set when first extracted (under mu_)
  };
  // Extracts overlay entries not extracted yet. REQUIRES: mu_ held.
  void extract_overlay_locked(const std::vector<std::string>& paths) const;
  // Every overlay entry extracted and its terms listed (whole-tree queries need them).
  void ensure_overlay() const;
  // Direct includers of a header (C family), in path order.
  std::vector<std::string> includers(const std::string& header) const;
  void build_lookups();
  // Candidate files for a term (index terms of repo_index.cc), in path order.
  std::vector<std::pair<std::string, const FileIndex*>> candidates(const std::string& term) const;
  const FileIndex* decode(const std::string& path, const Slot& slot) const;
  std::string resolve_include(const std::string& from, const std::string& inc) const;
  bool binds_rec(const std::string& module_path, const std::string& name, int depth) const;
  Resolved resolve_rec(const std::string& module_path, const std::string& name, int depth) const;

  const TreeReader* tree_ = nullptr;
  std::unique_ptr<IndexStore> store_;
  std::map<std::string, Slot> files_;
  std::map<uint32_t, std::vector<std::string>> paths_of_;  // stored ordinal → paths of this tree
  std::vector<std::string> overlay_paths_;                 // paths whose entry is not in the store (sorted)
  std::map<std::string, std::string> overlay_keys_;        // overlay path → blob key
  unsigned threads_ = 0;
  std::set<std::string> top_packages_;
  std::map<std::string, std::vector<std::string>> by_basename_;  // C-family files by file name
  // Entries decoded or extracted so far; these are the lazy steps, so they are locked.
  mutable std::mutex mu_;
  mutable std::map<uint32_t, std::unique_ptr<FileIndex>> decoded_;
  mutable std::map<std::string, std::string> overlay_text_;  // plain files: text read for the key
  mutable std::deque<FileIndex> owned_;                      // overlay entries (stable addresses)
  mutable bool overlay_ready_ = false;
  mutable std::map<std::string, std::vector<std::string>> overlay_postings_;  // term → overlay paths
  size_t max_file_bytes_ = 0;
};

}  // namespace rp::index
