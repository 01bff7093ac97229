// The on-disk index cache: FileIndex entries keyed by blob id (git object id, or a content
// hash for plain directories), so a review re-extracts only the blobs it has never seen.
// One file per repository under the cache directory; written atomically (temp + rename).
// A missing, truncated or corrupt cache file reads as empty: the index is rebuilt, never a
// crash.
#pragma once

#include <map>
#include <string>

#include "index/file_index.h"

namespace rp::index {

using BlobMap = std::map<std::string, FileIndex>;  // blob key → index

// $XDG_CACHE_HOME/review-pr, else $HOME/.cache/review-pr; "" when neither is set.
std::string default_cache_dir();
// The cache file of one repository (identified by its path) inside `cache_dir`.
std::string cache_file_for(const std::string& cache_dir, const std::string& repo_id);

// Serialised form of a map of entries (format versioned; see cache.cc).
std::string serialize(const BlobMap& entries);
// Entries of a serialised cache; false (and `out` empty) on any inconsistency.
bool deserialize(std::string_view data, BlobMap& out);

BlobMap load_cache(const std::string& file);
// Best effort: a cache that cannot be written only costs speed next time.
void store_cache(const std::string& file, const BlobMap& entries);

}  // namespace rp::index
