// Read-only access to one side (base or head) of a repository tree. Implemented over git
// objects (source/git_source) and over a plain directory (source/dir_source); a diff-only
// review has none.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rp {

class TreeReader {
 public:
  virtual ~TreeReader() = default;
  // The file's bytes, or nullopt when the path is not a regular file in this tree.
  virtual std::optional<std::string> read(const std::string& path) const = 0;
  virtual bool exists(const std::string& path) const = 0;
  // Every regular file path in the tree, sorted. May be large (aiter: ~6k paths).
  virtual std::vector<std::string> list_files() const = 0;
  // Every regular file with its content id (the git blob id), sorted by path, for caches
  // keyed by content. Empty when the reader has no ids (a plain directory): callers then
  // hash the bytes themselves.
  struct Blob {
    std::string path;
    std::string id;
  };
  virtual std::vector<Blob> list_blobs() const { return {}; }
};

}  // namespace rp
