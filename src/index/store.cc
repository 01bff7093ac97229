#include "index/store.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "index/atomic_file.h"
#include "index/cache.h"

namespace rp::index {

namespace {

constexpr char kMagic[4] = {'R', 'P', 'I', 'S'};
// The store's own layout (1) and the entry encoding (index/cache.h) in one number.
constexpr uint32_t kStoreVersion = 0x10000 + kEntryVersion;

struct Header {
  char magic[4];
  uint32_t version, entries, terms;
  uint64_t entries_off, terms_off, postings_off, strings_off, file_size;
};
struct EntryRec {
  uint64_t key_off;
  uint32_t key_len, data_len;
  uint64_t data_off;
};
struct TermRec {
  uint64_t term_off;
  uint32_t term_len, count;
  uint64_t postings_off;
};
static_assert(sizeof(EntryRec) == 24 && sizeof(TermRec) == 24);

template <class T>
T load(const unsigned char* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

}  // namespace

std::unique_ptr<IndexStore> IndexStore::open(const std::string& file) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < static_cast<off_t>(sizeof(Header))) {
    ::close(fd);
    return nullptr;
  }
  size_t size = static_cast<size_t>(st.st_size);
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
  ::close(fd);
  if (map == MAP_FAILED) return nullptr;
  auto store = std::unique_ptr<IndexStore>(new IndexStore());
  store->map_ = static_cast<const unsigned char*>(map);
  store->size_ = size;
  Header h = load<Header>(store->map_);
  auto fits = [&](uint64_t off, uint64_t count, uint64_t width) {
    return off <= size && count <= (size - off) / width;
  };
  if (std::memcmp(h.magic, kMagic, 4) != 0 || h.version != kStoreVersion || h.file_size != size ||
      !fits(h.entries_off, h.entries, sizeof(EntryRec)) || !fits(h.terms_off, h.terms, sizeof(TermRec)) ||
      h.postings_off > size || h.strings_off > size || h.postings_off > h.strings_off)
    return nullptr;
  store->entries_ = h.entries;
  store->terms_ = h.terms;
  store->entries_off_ = h.entries_off;
  store->terms_off_ = h.terms_off;
  store->postings_off_ = h.postings_off;
  store->strings_off_ = h.strings_off;
  // Binary search needs sorted keys: a store whose table is out of order is not used.
  for (uint32_t i = 1; i < store->entries_; ++i)
    if (!(store->key(i - 1) < store->key(i))) return nullptr;
  return store;
}

IndexStore::~IndexStore() {
  if (map_) ::munmap(const_cast<unsigned char*>(map_), size_);
}

std::string_view IndexStore::str(uint64_t off, uint64_t len) const {
  if (off < strings_off_ || off > size_ || len > size_ - off) return {};
  return {reinterpret_cast<const char*>(map_) + off, static_cast<size_t>(len)};
}

std::string_view IndexStore::key(uint32_t ordinal) const {
  if (ordinal >= entries_) return {};
  EntryRec e = load<EntryRec>(map_ + entries_off_ + uint64_t(ordinal) * sizeof(EntryRec));
  return str(e.key_off, e.key_len);
}

std::string_view IndexStore::data(uint32_t ordinal) const {
  if (ordinal >= entries_) return {};
  EntryRec e = load<EntryRec>(map_ + entries_off_ + uint64_t(ordinal) * sizeof(EntryRec));
  return str(e.data_off, e.data_len);
}

uint32_t IndexStore::find(std::string_view k) const {
  uint32_t lo = 0, hi = entries_;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (key(mid) < k) lo = mid + 1;
    else hi = mid;
  }
  return lo < entries_ && key(lo) == k ? lo : kNoEntry;
}

std::vector<uint32_t> IndexStore::postings(std::string_view term) const {
  auto rec = [&](uint32_t i) { return load<TermRec>(map_ + terms_off_ + uint64_t(i) * sizeof(TermRec)); };
  uint32_t lo = 0, hi = terms_;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    TermRec t = rec(mid);
    if (str(t.term_off, t.term_len) < term) lo = mid + 1;
    else hi = mid;
  }
  std::vector<uint32_t> out;
  if (lo >= terms_) return out;
  TermRec t = rec(lo);
  if (str(t.term_off, t.term_len) != term) return out;
  if (t.postings_off < postings_off_ || t.postings_off > strings_off_ ||
      t.count > (strings_off_ - t.postings_off) / sizeof(uint32_t))
    return out;
  out.reserve(t.count);
  for (uint32_t i = 0; i < t.count; ++i) {
    uint32_t o = load<uint32_t>(map_ + t.postings_off + uint64_t(i) * sizeof(uint32_t));
    if (o < entries_) out.push_back(o);
  }
  return out;
}

void write_store(const std::string& file, std::vector<StoreEntry> entries) {
  std::stable_sort(entries.begin(), entries.end(), [](const StoreEntry& a, const StoreEntry& b) { return a.key < b.key; });
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const StoreEntry& a, const StoreEntry& b) { return a.key == b.key; }),
                entries.end());
  std::map<std::string_view, std::vector<uint32_t>> postings;
  for (uint32_t i = 0; i < entries.size(); ++i)
    for (const std::string& t : entries[i].terms) {
      std::vector<uint32_t>& p = postings[t];
      if (p.empty() || p.back() != i) p.push_back(i);
    }
  Header h{};
  std::memcpy(h.magic, kMagic, 4);
  h.version = kStoreVersion;
  h.entries = static_cast<uint32_t>(entries.size());
  h.terms = static_cast<uint32_t>(postings.size());
  h.entries_off = sizeof(Header);
  h.terms_off = h.entries_off + entries.size() * sizeof(EntryRec);
  h.postings_off = h.terms_off + postings.size() * sizeof(TermRec);
  uint64_t n_postings = 0;
  for (const auto& [t, p] : postings) n_postings += p.size();
  h.strings_off = h.postings_off + n_postings * sizeof(uint32_t);

  std::string out(h.strings_off, '\0');
  std::string strings;  // keys, terms, then entry data: appended after the fixed sections
  auto put = [&](std::string_view s) {
    uint64_t off = h.strings_off + strings.size();
    strings.append(s);
    return off;
  };
  for (size_t i = 0; i < entries.size(); ++i) {
    EntryRec e{};
    e.key_off = put(entries[i].key);
    e.key_len = static_cast<uint32_t>(entries[i].key.size());
    std::memcpy(out.data() + h.entries_off + i * sizeof(EntryRec), &e, sizeof e);
  }
  uint64_t post_at = h.postings_off;
  size_t ti = 0;
  for (const auto& [t, p] : postings) {
    TermRec r{put(t), static_cast<uint32_t>(t.size()), static_cast<uint32_t>(p.size()), post_at};
    std::memcpy(out.data() + h.terms_off + ti++ * sizeof(TermRec), &r, sizeof r);
    std::memcpy(out.data() + post_at, p.data(), p.size() * sizeof(uint32_t));
    post_at += p.size() * sizeof(uint32_t);
  }
  for (size_t i = 0; i < entries.size(); ++i) {
    auto* e = reinterpret_cast<EntryRec*>(out.data() + h.entries_off + i * sizeof(EntryRec));
    uint64_t off = put(entries[i].data);
    uint32_t len = static_cast<uint32_t>(entries[i].data.size());
    std::memcpy(reinterpret_cast<char*>(e) + offsetof(EntryRec, data_len), &len, sizeof len);
    std::memcpy(reinterpret_cast<char*>(e) + offsetof(EntryRec, data_off), &off, sizeof off);
  }
  out += strings;
  h.file_size = out.size();
  std::memcpy(out.data(), &h, sizeof h);

  write_file_atomically(file, out);
}

}  // namespace rp::index
