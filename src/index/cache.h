// Where the on-disk index lives, and how one FileIndex is encoded in it. The store itself
// (index/store.h) keeps these entries keyed by blob id (git object id, or a content hash for
// plain directories), so a review re-extracts only the blobs it has never seen.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "index/file_index.h"

namespace rp::index {

// Bump when encode_file's layout changes (3: FileIndex::dynamic_globals; 4:
// PyCall::receiver_class): a store written with another version reads as empty.
inline constexpr uint32_t kEntryVersion = 4;

// $XDG_CACHE_HOME/review-pr, else $HOME/.cache/review-pr; "" when neither is set.
std::string default_cache_dir();
// The store file of one repository (identified by its path) inside `cache_dir`.
std::string cache_file_for(const std::string& cache_dir, const std::string& repo_id);

// One entry's bytes, and back; decode_file is false (and `out` empty) on any inconsistency:
// a truncated or corrupt entry never crashes the reader.
std::string encode_file(const FileIndex& fi);
bool decode_file(std::string_view data, FileIndex& out);

}  // namespace rp::index
