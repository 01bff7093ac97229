// The on-disk index store: one memory-mapped file per repository holding FileIndex entries
// keyed by blob key (sorted, binary-searched) and postings lists term → entry ordinals
// (index/repo_index.cc decides the terms: callee names, imported names, base classes, include
// file names...). A review maps the file and decodes only the entries its queries name; it
// never reads the whole file.
//
// Layout (host byte order: the store is a per-machine cache), version kStoreVersion:
//   header   "RPIS", u32 version, u32 entries, u32 terms, then u64 offsets of the entry table,
//            term table, postings, string area and file size
//   entries  {u64 key offset, u32 key length, u32 data length, u64 data offset} sorted by key
//   terms    {u64 term offset, u32 term length, u32 posting count, u64 postings offset} sorted
//   postings u32 entry ordinals, ascending per term
//   strings  keys and terms; then the entries' encoded bytes (index/cache.h)
// A missing, truncated or inconsistent file opens as empty (the index is rebuilt); every
// record is bounds-checked when read, so a corrupt file is never a crash.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rp::index {

inline constexpr uint32_t kNoEntry = UINT32_MAX;

class IndexStore {
 public:
  // Null when the file is missing or not a valid store of this version.
  static std::unique_ptr<IndexStore> open(const std::string& file);
  ~IndexStore();

  uint32_t size() const { return entries_; }
  // Ordinal of `key`; kNoEntry when absent.
  uint32_t find(std::string_view key) const;
  std::string_view key(uint32_t ordinal) const;
  // The encoded entry; empty when the record points outside the file.
  std::string_view data(uint32_t ordinal) const;
  // Entry ordinals listed under `term` (ascending; out-of-range ordinals dropped).
  std::vector<uint32_t> postings(std::string_view term) const;

 private:
  IndexStore() = default;
  std::string_view str(uint64_t off, uint64_t len) const;
  const unsigned char* map_ = nullptr;
  size_t size_ = 0;
  uint32_t entries_ = 0, terms_ = 0;
  uint64_t entries_off_ = 0, terms_off_ = 0, postings_off_ = 0, strings_off_ = 0;
};

// One entry to store: its key, encoded bytes and the terms it is listed under.
struct StoreEntry {
  std::string key;
  std::string data;
  std::vector<std::string> terms;
};

// Writes `entries` (any order; duplicate keys keep the first) atomically (temp + rename).
// Best effort: a store that cannot be written only costs speed next time.
void write_store(const std::string& file, std::vector<StoreEntry> entries);

}  // namespace rp::index
