#include "source/git_source.h"

#include <git2.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <map>
#include <string_view>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "core/paths.h"
#include "source/libgit2_init.h"
#include "source/thread_reader.h"

namespace rp {

namespace {

std::string last_git_error(const std::string& what) {
  const git_error* e = git_error_last();
  std::string msg = e && e->message ? e->message : "unknown error";
  return what + ": " + msg;
}

std::string oid_hex(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof(buf), oid);
  return buf;
}

template <typename T, void (*Free)(T*)>
struct Owned {
  T* p = nullptr;
  ~Owned() {
    if (p) Free(p);
  }
};

// One tree of a commit, read through git objects only; a null tree is the empty tree.
std::optional<std::string> blob_text(git_repository* repo, const git_oid* id) {
  Owned<git_blob, git_blob_free> blob;
  if (git_blob_lookup(&blob.p, repo, id) != 0) return std::nullopt;
  const char* data = static_cast<const char*>(git_blob_rawcontent(blob.p));
  return std::string(data, static_cast<size_t>(git_blob_rawsize(blob.p)));
}

// The options of every diff review-pr formats: three lines of context, like `git diff`.
git_diff_options diff_options() {
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.context_lines = 3;
  return opts;
}

// Tree objects by id, read from and written to one file (GitRepo::set_tree_cache_file).
// Layout: "RPTREES1", the 64-bit hash of the rest, then per tree its 20-byte id and its
// record: a 32-bit entry count, then per entry a kind byte, the 20-byte id, a 16-bit name
// length and the name. Records are decoded where they lie (the file's bytes, or the bytes
// written for a tree read from the object store in this run).
class TreeCache {
 public:
  enum Kind : uint8_t { Blob, Tree, Other };
  struct Entry {
    Kind kind;
    const unsigned char* id;  // GIT_OID_RAWSZ bytes
    std::string_view name;
  };

  explicit TreeCache(std::string file) : file_(std::move(file)) {
    FILE* f = std::fopen(file_.c_str(), "rb");
    if (!f) return;
    std::string& data = data_;  // the views below point into it
    char buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) data.append(buf, n);
    std::fclose(f);
    if (data.size() < 16 || data.compare(0, 8, kMagic) != 0) return;
    uint64_t hash = 0;
    std::memcpy(&hash, data.data() + 8, 8);
    std::string_view body = std::string_view(data).substr(16);
    if (hash != std::hash<std::string_view>{}(body)) return;
    std::unordered_map<std::string_view, std::string_view> records;
    for (size_t at = 0; at < body.size();) {
      if (body.size() - at < GIT_OID_RAWSZ + 4) return;
      std::string_view key = body.substr(at, GIT_OID_RAWSZ);
      size_t start = at + GIT_OID_RAWSZ;
      uint32_t count = 0;
      std::memcpy(&count, body.data() + start, 4);
      at = start + 4;
      for (uint32_t i = 0; i < count; ++i) {
        if (body.size() - at < 1 + GIT_OID_RAWSZ + 2 || static_cast<uint8_t>(body[at]) > Other) return;
        uint16_t len = 0;
        std::memcpy(&len, body.data() + at + 1 + GIT_OID_RAWSZ, 2);
        at += 1 + GIT_OID_RAWSZ + 2;
        if (body.size() - at < len) return;
        at += len;
      }
      records.emplace(key, body.substr(start, at - start));
    }
    records_ = std::move(records);
  }

  // The record of tree `id`, from the file or else from the object store (then kept for
  // save()); empty when the object store has no such tree.
  std::optional<std::string_view> record(git_repository* repo, const git_oid& id) {
    std::string_view key(reinterpret_cast<const char*>(id.id), GIT_OID_RAWSZ);
    auto it = records_.find(key);
    if (it == records_.end()) {
      Owned<git_tree, git_tree_free> tree;
      if (git_tree_lookup(&tree.p, repo, &id) != 0) return std::nullopt;
      std::string& rec = owned_.emplace_back();
      size_t n = git_tree_entrycount(tree.p);
      uint32_t count = static_cast<uint32_t>(n);
      rec.append(reinterpret_cast<const char*>(&count), 4);
      for (size_t i = 0; i < n; ++i) {
        const git_tree_entry* e = git_tree_entry_byindex(tree.p, i);
        git_object_t type = git_tree_entry_type(e);
        std::string_view name = git_tree_entry_name(e);
        if (name.size() > UINT16_MAX) representable_ = false;
        uint16_t len = static_cast<uint16_t>(name.size());
        rec.push_back(static_cast<char>(type == GIT_OBJECT_BLOB ? Blob : type == GIT_OBJECT_TREE ? Tree : Other));
        rec.append(reinterpret_cast<const char*>(git_tree_entry_id(e)->id), GIT_OID_RAWSZ);
        rec.append(reinterpret_cast<const char*>(&len), 2);
        rec.append(name);
      }
      std::string& owned_key = owned_.emplace_back(key);
      it = records_.emplace(owned_key, rec).first;
      read_ = true;
    }
    if (used_.insert(it->first).second) order_.push_back(it->first);
    return it->second;
  }

  // Calls f(Entry) for each entry of a record, in tree order; stops when f returns false.
  template <typename F>
  static bool each(std::string_view rec, F&& f) {
    uint32_t count = 0;
    std::memcpy(&count, rec.data(), 4);
    size_t at = 4;
    for (uint32_t i = 0; i < count; ++i) {
      uint16_t len = 0;
      std::memcpy(&len, rec.data() + at + 1 + GIT_OID_RAWSZ, 2);
      Entry e{static_cast<Kind>(rec[at]), reinterpret_cast<const unsigned char*>(rec.data() + at + 1),
              rec.substr(at + 1 + GIT_OID_RAWSZ + 2, len)};
      at += 1 + GIT_OID_RAWSZ + 2 + len;
      if (!f(e)) return false;
    }
    return true;
  }

  // Writes the trees the listing used, when it read any from the object store.
  void save() const {
    if (!read_ || !representable_) return;
    std::string body;
    for (std::string_view key : order_) {
      body.append(key);
      body.append(records_.at(key));
    }
    uint64_t hash = std::hash<std::string_view>{}(body);
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(file_).parent_path(), ec);
    static std::atomic<unsigned> serial{0};
    std::string tmp = file_ + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(serial++);
    {
      std::ofstream out(tmp, std::ios::binary);
      out.write(kMagic, 8);
      out.write(reinterpret_cast<const char*>(&hash), 8);
      out.write(body.data(), static_cast<std::streamsize>(body.size()));
      if (!out) {
        out.close();
        std::filesystem::remove(tmp, ec);
        return;
      }
    }
    std::filesystem::rename(tmp, file_, ec);
    if (ec) std::filesystem::remove(tmp, ec);
  }

 private:
  static constexpr char kMagic[9] = "RPTREES1";
  std::string file_;
  std::string data_;                                                 // the file's bytes
  std::deque<std::string> owned_;                                    // keys and records read this run
  std::unordered_map<std::string_view, std::string_view> records_;  // raw id -> record
  std::unordered_set<std::string_view> used_;                        // ids the listing visited
  std::vector<std::string_view> order_;                              // the same, in visit order
  bool read_ = false;                                                // a tree came from the object store
  bool representable_ = true;                                        // every name fits 16 bits
};

// 40 lowercase hex digits of a raw object id, as git_oid_tostr writes them.
std::string hex_id(const unsigned char* id) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(GIT_OID_HEXSZ, '0');
  for (size_t i = 0; i < GIT_OID_RAWSZ; ++i) {
    out[2 * i] = kDigits[id[i] >> 4];
    out[2 * i + 1] = kDigits[id[i] & 15];
  }
  return out;
}

constexpr size_t kMinBlobsToKeepTrees = 100;

class GitTree : public TreeReader, public ThreadReadable {
 public:
  GitTree(git_repository* repo, git_tree* tree, std::string cache_file = {}, bool owns_repo = false)
      : repo_(repo), tree_(tree), cache_file_(std::move(cache_file)), owns_repo_(owns_repo) {}
  ~GitTree() override {
    if (tree_) git_tree_free(tree_);
    if (owns_repo_) git_repository_free(repo_);
  }

  // libgit2 objects are used from one thread at a time: another thread gets its own repository
  // handle on the same object store, and the same tree looked up there.
  std::unique_ptr<TreeReader> open_for_thread() const override {
    if (!tree_) return std::make_unique<GitTree>(nullptr, nullptr);
    git_repository* repo = nullptr;
    if (git_repository_open_ext(&repo, git_repository_path(repo_), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0)
      return nullptr;
    git_tree* tree = nullptr;
    if (git_tree_lookup(&tree, repo, git_tree_id(tree_)) != 0) {
      git_repository_free(repo);
      return nullptr;
    }
    return std::make_unique<GitTree>(repo, tree, std::string(), true);
  }

  std::optional<std::string> read(const std::string& path) const override {
    if (!tree_) return std::nullopt;
    Owned<git_tree_entry, git_tree_entry_free> entry;
    if (git_tree_entry_bypath(&entry.p, tree_, path.c_str()) != 0) return std::nullopt;
    if (git_tree_entry_type(entry.p) != GIT_OBJECT_BLOB) return std::nullopt;
    return blob_text(repo_, git_tree_entry_id(entry.p));
  }

  bool exists(const std::string& path) const override {
    if (!tree_) return false;
    Owned<git_tree_entry, git_tree_entry_free> entry;
    if (git_tree_entry_bypath(&entry.p, tree_, path.c_str()) != 0) return false;
    return git_tree_entry_type(entry.p) == GIT_OBJECT_BLOB;
  }

  std::vector<Blob> list_blobs() const override { return listing().blobs; }

  std::vector<std::string> list_files() const override { return listing().files; }

 private:
  // The tree's regular files, walked once per tree: a review asks for the listing many times
  // (the index's blob ids, then rules and facts that scan the file names), and each walk of the
  // whole tree reads and inflates every tree object of the commit again.
  struct Listing {
    std::vector<Blob> blobs;         // sorted by path
    std::vector<std::string> files;  // the same paths
  };
  const Listing& listing() const {
    std::call_once(listed_, [this] {
      if (!tree_) return;
      if (!cache_file_.empty()) {
        // The same pre-order walk as git_tree_walk's below (entries in tree order, a subtree
        // right after its entry, the first unreadable subtree ends the walk), over the kept
        // trees where their ids match.
        TreeCache cache(cache_file_);
        std::string path;
        auto walk = [&](auto& self, const git_oid& id) -> bool {
          std::optional<std::string_view> rec = cache.record(repo_, id);
          if (!rec) return false;
          return TreeCache::each(*rec, [&](const TreeCache::Entry& e) {
            if (e.kind == TreeCache::Blob) {
              listing_.blobs.push_back({path + std::string(e.name), hex_id(e.id)});
            } else if (e.kind == TreeCache::Tree) {
              size_t len = path.size();
              path += e.name;
              path += '/';
              git_oid sub;
              std::memcpy(sub.id, e.id, GIT_OID_RAWSZ);
              bool ok = self(self, sub);
              path.resize(len);
              return ok;
            }
            return true;
          });
        };
        // A small tree lists in well under a millisecond: no file per small repository
        // (the index cache has the same floor).
        if (walk(walk, *git_tree_id(tree_)) && listing_.blobs.size() >= kMinBlobsToKeepTrees) cache.save();
      } else {
        git_tree_walk(
          tree_, GIT_TREEWALK_PRE,
          [](const char* root, const git_tree_entry* entry, void* payload) -> int {
            if (git_tree_entry_type(entry) == GIT_OBJECT_BLOB)
              static_cast<std::vector<Blob>*>(payload)->push_back(
                  {std::string(root) + git_tree_entry_name(entry), oid_hex(git_tree_entry_id(entry))});
            return 0;
          },
          &listing_.blobs);
      }
      // git orders a tree's entries by name, a subtree's name as if it ended in '/': the
      // pre-order walk then yields the paths in byte order already. Checked, not assumed (a
      // tree written by another tool may be out of order): sorting costs n log n string
      // comparisons, the check n.
      auto by_path = [](const Blob& a, const Blob& b) { return a.path < b.path; };
      if (!std::is_sorted(listing_.blobs.begin(), listing_.blobs.end(), by_path))
        std::sort(listing_.blobs.begin(), listing_.blobs.end(), by_path);
      listing_.files.reserve(listing_.blobs.size());
      for (const Blob& b : listing_.blobs) listing_.files.push_back(b.path);
    });
    return listing_;
  }

  git_repository* repo_;  // owned by GitRepo, which outlives every review using it
  git_tree* tree_;
  std::string cache_file_;  // TreeCache's file ("" = list through git_tree_walk)
  bool owns_repo_ = false;  // a handle of its own (open_for_thread)
  mutable std::once_flag listed_;
  mutable Listing listing_;
};

// The work tree's tracked files, read from disk.
class WorkTree : public TreeReader {
 public:
  WorkTree(std::string root, std::set<std::string> tracked) : root_(std::move(root)), tracked_(std::move(tracked)) {}

  std::optional<std::string> read(const std::string& path) const override {
    if (!exists(path)) return std::nullopt;
    std::ifstream in(std::filesystem::path(root_) / path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  bool exists(const std::string& path) const override {
    if (!tracked_.count(path) || !is_safe_repo_path(path)) return false;
    std::error_code ec;
    auto st = std::filesystem::symlink_status(std::filesystem::path(root_) / path, ec);
    return !ec && std::filesystem::is_regular_file(st);
  }

  std::vector<std::string> list_files() const override {
    std::vector<std::string> out;
    for (const std::string& p : tracked_)
      if (exists(p)) out.push_back(p);
    return out;
  }

 private:
  std::string root_;
  std::set<std::string> tracked_;
};

// The index's staged files (stage 0: merge conflicts are not staged content), each read
// from its blob in the object store.
class IndexTree : public TreeReader {
 public:
  IndexTree(git_repository* repo, std::map<std::string, git_oid> blobs) : repo_(repo), blobs_(std::move(blobs)) {}

  std::optional<std::string> read(const std::string& path) const override {
    auto it = blobs_.find(path);
    if (it == blobs_.end()) return std::nullopt;
    return blob_text(repo_, &it->second);
  }

  bool exists(const std::string& path) const override { return blobs_.count(path) > 0; }

  std::vector<Blob> list_blobs() const override {
    std::vector<Blob> out;
    for (const auto& [path, oid] : blobs_) out.push_back({path, oid_hex(&oid)});
    return out;
  }

  std::vector<std::string> list_files() const override {
    std::vector<std::string> out;
    for (const auto& entry : blobs_) out.push_back(entry.first);
    return out;
  }

 private:
  git_repository* repo_;
  std::map<std::string, git_oid> blobs_;
};

Result<std::string> format_diff(git_diff* diff) {
  git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
  find.flags = GIT_DIFF_FIND_RENAMES;
  // Rename detection is quadratic in the number of added × deleted files: cap it like git does.
  find.rename_limit = 1000;
  git_diff_find_similar(diff, &find);
  git_buf buf = GIT_BUF_INIT;
  if (git_diff_to_buf(&buf, diff, GIT_DIFF_FORMAT_PATCH) != 0) return Status::Error(last_git_error("cannot format diff"));
  std::string text(buf.ptr ? buf.ptr : "", buf.size);
  git_buf_dispose(&buf);
  return text;
}

}  // namespace

struct GitRepo::Impl {
  git_repository* repo = nullptr;
  std::string tree_cache_file;  // set_tree_cache_file
  ~Impl() {
    if (repo) git_repository_free(repo);
  }
  // The tree of a revision; null (and ok) for the empty tree.
  Result<git_tree*> tree(const std::string& rev) const {
    if (rev == kEmptyTreeId) return static_cast<git_tree*>(nullptr);
    auto c = commit(rev);
    if (!c.ok()) return c.status();
    Owned<git_commit, git_commit_free> owned{*c};
    git_tree* t = nullptr;
    if (git_commit_tree(&t, owned.p) != 0) return Status::Error(last_git_error("cannot read tree"));
    return t;
  }
  // One text part of a commit's message (`git_commit_summary`, `git_commit_body`); "" when absent.
  Result<std::string> message_part(const std::string& rev, const char* (*part)(git_commit*)) const {
    auto c = commit(rev);
    if (!c.ok()) return c.status();
    Owned<git_commit, git_commit_free> owned{*c};
    const char* text = part(owned.p);
    return std::string(text ? text : "");
  }
  Result<git_commit*> commit(const std::string& rev) const {
    Owned<git_object, git_object_free> obj;
    if (git_revparse_single(&obj.p, repo, rev.c_str()) != 0) return Status::Error("unknown revision '" + rev + "'");
    git_object* peeled = nullptr;
    if (git_object_peel(&peeled, obj.p, GIT_OBJECT_COMMIT) != 0)
      return Status::Error("revision '" + rev + "' is not a commit");
    return reinterpret_cast<git_commit*>(peeled);
  }
};

GitRepo::GitRepo(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
GitRepo::~GitRepo() = default;

Result<std::unique_ptr<GitRepo>> GitRepo::open(const std::string& path) {
  init_libgit2();
  auto impl = std::make_unique<Impl>();
  // NO_SEARCH: the path given is the repository; never climb into an enclosing one.
  if (git_repository_open_ext(&impl->repo, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0)
    return Status::Error("not a git repository: " + path);
  return std::unique_ptr<GitRepo>(new GitRepo(std::move(impl)));
}

Result<std::unique_ptr<GitRepo>> GitRepo::discover(const std::string& start) {
  init_libgit2();
  auto impl = std::make_unique<Impl>();
  if (git_repository_open_ext(&impl->repo, start.c_str(), 0, nullptr) != 0)
    return Status::Error("not inside a git repository: " + start);
  return std::unique_ptr<GitRepo>(new GitRepo(std::move(impl)));
}

std::string GitRepo::workdir() const {
  const char* dir = git_repository_workdir(impl_->repo);
  return dir ? std::string(dir) : std::string();
}

Result<std::string> GitRepo::resolve(const std::string& rev) const {
  if (rev == kEmptyTreeId) return rev;
  auto c = impl_->commit(rev);
  if (!c.ok()) return c.status();
  std::string id = oid_hex(git_commit_id(*c));
  git_commit_free(*c);
  return id;
}

Result<std::string> GitRepo::merge_base(const std::string& a, const std::string& b) const {
  auto ra = resolve(a), rb = resolve(b);
  if (!ra.ok()) return ra.status();
  if (!rb.ok()) return rb.status();
  git_oid oa, ob, out;
  git_oid_fromstr(&oa, ra->c_str());
  git_oid_fromstr(&ob, rb->c_str());
  if (git_merge_base(&out, impl_->repo, &oa, &ob) != 0)
    return Status::Error("no merge base between '" + a + "' and '" + b + "'");
  return oid_hex(&out);
}

Result<std::string> GitRepo::default_base(const std::string& rev) const {
  for (const char* candidate : {"refs/heads/main", "refs/heads/master", "refs/remotes/origin/main",
                                "refs/remotes/origin/master", "main", "master"}) {
    if (!resolve(candidate).ok()) continue;
    return merge_base(candidate, rev);
  }
  return Status::Error("no main or master branch to take the merge-base with; pass --base");
}

namespace {
// Every blob (and submodule) path under `tree`, prefixed.
void all_paths(git_repository* repo, const git_tree* tree, const std::string& prefix, std::vector<std::string>& out) {
  for (size_t i = 0, n = git_tree_entrycount(tree); i < n; ++i) {
    const git_tree_entry* e = git_tree_entry_byindex(tree, i);
    std::string path = prefix + git_tree_entry_name(e);
    if (git_tree_entry_type(e) != GIT_OBJECT_TREE) {
      out.push_back(std::move(path));
      continue;
    }
    Owned<git_tree, git_tree_free> sub;
    if (git_tree_lookup(&sub.p, repo, git_tree_entry_id(e)) == 0) all_paths(repo, sub.p, path + "/", out);
  }
}

// The paths whose entry differs between two trees (id, mode or kind), found by descending only
// into subtrees whose ids differ, as git does. libgit2's tree-to-tree diff iterates every file
// of both trees (10,900 entries for two aiter commits: most of the diff's cost); given these
// paths as its path list, it reads only the trees on their way. A subtree on one side only
// gives all its files.
void changed_paths(git_repository* repo, const git_tree* a, const git_tree* b, const std::string& prefix,
                   std::vector<std::string>& out) {
  auto sub_paths = [&](const git_tree_entry* e, const std::string& path) {
    if (git_tree_entry_type(e) != GIT_OBJECT_TREE) {
      out.push_back(path);
      return;
    }
    Owned<git_tree, git_tree_free> sub;
    if (git_tree_lookup(&sub.p, repo, git_tree_entry_id(e)) == 0) all_paths(repo, sub.p, path + "/", out);
  };
  for (size_t i = 0, n = git_tree_entrycount(a); i < n; ++i) {
    const git_tree_entry* ea = git_tree_entry_byindex(a, i);
    std::string path = prefix + git_tree_entry_name(ea);
    const git_tree_entry* eb = git_tree_entry_byname(b, git_tree_entry_name(ea));
    if (eb && git_oid_equal(git_tree_entry_id(ea), git_tree_entry_id(eb)) &&
        git_tree_entry_filemode(ea) == git_tree_entry_filemode(eb))
      continue;
    bool ta = git_tree_entry_type(ea) == GIT_OBJECT_TREE, tb = eb && git_tree_entry_type(eb) == GIT_OBJECT_TREE;
    if (ta && tb) {
      Owned<git_tree, git_tree_free> sa, sb;
      if (git_tree_lookup(&sa.p, repo, git_tree_entry_id(ea)) == 0 &&
          git_tree_lookup(&sb.p, repo, git_tree_entry_id(eb)) == 0)
        changed_paths(repo, sa.p, sb.p, path + "/", out);
      continue;
    }
    sub_paths(ea, path);
    if (eb) sub_paths(eb, path);
  }
  for (size_t i = 0, n = git_tree_entrycount(b); i < n; ++i) {
    const git_tree_entry* eb = git_tree_entry_byindex(b, i);
    if (!git_tree_entry_byname(a, git_tree_entry_name(eb))) sub_paths(eb, prefix + git_tree_entry_name(eb));
  }
}
}  // namespace

Result<std::string> GitRepo::diff_text(const std::string& base_commit, const std::string& head_commit) const {
  auto base = impl_->tree(base_commit);
  if (!base.ok()) return base.status();
  Owned<git_tree, git_tree_free> base_t{*base};
  auto head = impl_->tree(head_commit);
  if (!head.ok()) return head.status();
  Owned<git_tree, git_tree_free> head_t{*head};
  git_diff_options opts = diff_options();
  // The changed paths as a literal path list (no pathspec matching): the diff then descends
  // only into the trees on their way. Rename detection pairs deleted and added files, all of
  // which are on the list. An empty tree (a root commit's base) is null, and no changed path
  // leaves the list empty: diffed whole, as before.
  std::vector<std::string> changed;
  if (base_t.p && head_t.p) changed_paths(impl_->repo, base_t.p, head_t.p, "", changed);
  std::vector<char*> list;
  for (std::string& p : changed) list.push_back(p.data());
  if (!list.empty()) {
    opts.pathspec = git_strarray{list.data(), list.size()};
    opts.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH;
  }
  Owned<git_diff, git_diff_free> diff;
  if (git_diff_tree_to_tree(&diff.p, impl_->repo, base_t.p, head_t.p, &opts) != 0)
    return Status::Error(last_git_error("cannot diff"));
  return format_diff(diff.p);
}

Result<std::string> GitRepo::work_tree_diff_text(const std::string& base_commit) const {
  if (workdir().empty()) return Status::Error("--worktree needs a repository with a work tree (this one is bare)");
  auto base = impl_->tree(base_commit);
  if (!base.ok()) return base.status();
  Owned<git_tree, git_tree_free> base_t{*base};
  git_diff_options opts = diff_options();
  Owned<git_diff, git_diff_free> diff;
  if (git_diff_tree_to_workdir_with_index(&diff.p, impl_->repo, base_t.p, &opts) != 0)
    return Status::Error(last_git_error("cannot diff the work tree"));
  return format_diff(diff.p);
}

Result<std::unique_ptr<TreeReader>> GitRepo::work_tree() const {
  std::string root = workdir();
  if (root.empty()) return Status::Error("--worktree needs a repository with a work tree (this one is bare)");
  Owned<git_index, git_index_free> index;
  if (git_repository_index(&index.p, impl_->repo) != 0) return Status::Error(last_git_error("cannot read the index"));
  std::set<std::string> tracked;
  size_t n = git_index_entrycount(index.p);
  for (size_t i = 0; i < n; ++i)
    if (const git_index_entry* e = git_index_get_byindex(index.p, i)) tracked.insert(e->path);
  return std::unique_ptr<TreeReader>(new WorkTree(root, std::move(tracked)));
}

Result<std::string> GitRepo::index_diff_text(const std::string& base_commit) const {
  if (workdir().empty()) return Status::Error("--staged needs a repository with a work tree (this one is bare)");
  auto base = impl_->tree(base_commit);
  if (!base.ok()) return base.status();
  Owned<git_tree, git_tree_free> base_t{*base};
  Owned<git_index, git_index_free> index;
  if (git_repository_index(&index.p, impl_->repo) != 0) return Status::Error(last_git_error("cannot read the index"));
  git_diff_options opts = diff_options();
  Owned<git_diff, git_diff_free> diff;
  if (git_diff_tree_to_index(&diff.p, impl_->repo, base_t.p, index.p, &opts) != 0)
    return Status::Error(last_git_error("cannot diff the index"));
  return format_diff(diff.p);
}

Result<std::unique_ptr<TreeReader>> GitRepo::index_tree() const {
  if (workdir().empty()) return Status::Error("--staged needs a repository with a work tree (this one is bare)");
  Owned<git_index, git_index_free> index;
  if (git_repository_index(&index.p, impl_->repo) != 0) return Status::Error(last_git_error("cannot read the index"));
  std::map<std::string, git_oid> blobs;
  size_t n = git_index_entrycount(index.p);
  for (size_t i = 0; i < n; ++i) {
    const git_index_entry* e = git_index_get_byindex(index.p, i);
    if (e && git_index_entry_stage(e) == 0 && e->mode != GIT_FILEMODE_COMMIT && is_safe_repo_path(e->path))
      blobs[e->path] = e->id;
  }
  return std::unique_ptr<TreeReader>(new IndexTree(impl_->repo, std::move(blobs)));
}

Result<std::unique_ptr<TreeReader>> GitRepo::tree(const std::string& commit) const {
  auto t = impl_->tree(commit);
  if (!t.ok()) return t.status();
  return std::unique_ptr<TreeReader>(new GitTree(impl_->repo, *t, impl_->tree_cache_file));
}

void GitRepo::set_tree_cache_file(std::string file) { impl_->tree_cache_file = std::move(file); }

namespace {
// The blob id of `path` in `tree` ("" when absent).
std::string entry_id(git_tree* tree, const std::string& path) {
  Owned<git_tree_entry, git_tree_entry_free> entry;
  if (!tree || git_tree_entry_bypath(&entry.p, tree, path.c_str()) != 0) return {};
  return oid_hex(git_tree_entry_id(entry.p));
}
}  // namespace

Result<std::map<std::string, int>> GitRepo::commit_counts(const std::string& head, const std::vector<std::string>& paths,
                                                          int days, int max_commits) const {
  std::map<std::string, int> counts;
  for (const std::string& p : paths) counts[p] = 0;
  auto start = impl_->commit(head);
  if (!start.ok()) return start.status();
  Owned<git_commit, git_commit_free> commit{*start};
  git_time_t since = git_commit_time(commit.p) - git_time_t(days) * 86400;
  for (int walked = 0; walked < max_commits && commit.p; ++walked) {
    if (git_commit_time(commit.p) < since) break;
    Owned<git_commit, git_commit_free> parent;
    if (git_commit_parentcount(commit.p) > 0) git_commit_parent(&parent.p, commit.p, 0);
    Owned<git_tree, git_tree_free> tree, parent_tree;
    git_commit_tree(&tree.p, commit.p);
    if (parent.p) git_commit_tree(&parent_tree.p, parent.p);
    for (auto& [path, n] : counts)
      if (entry_id(tree.p, path) != entry_id(parent_tree.p, path)) ++n;
    std::swap(commit.p, parent.p);
  }
  return counts;
}

Result<std::map<std::string, int>> GitRepo::author_counts(const std::string& head, const std::string& path,
                                                          int max_commits) const {
  // One person is one address: an author who committed under two names (a login, then a full
  // name) is counted once, under the newest name the walk meets.
  std::map<std::string, std::pair<std::string, int>> by_email;  // email → (name, commits)
  auto start = impl_->commit(head);
  if (!start.ok()) return start.status();
  Owned<git_commit, git_commit_free> commit{*start};
  for (int walked = 0; walked < max_commits && commit.p; ++walked) {
    Owned<git_commit, git_commit_free> parent;
    if (git_commit_parentcount(commit.p) > 0) git_commit_parent(&parent.p, commit.p, 0);
    Owned<git_tree, git_tree_free> tree, parent_tree;
    git_commit_tree(&tree.p, commit.p);
    if (parent.p) git_commit_tree(&parent_tree.p, parent.p);
    if (entry_id(tree.p, path) != entry_id(parent_tree.p, path)) {
      const git_signature* who = git_commit_author(commit.p);
      if (who && who->name && *who->name) {
        std::string email = who->email && *who->email ? std::string(who->email) : "name:" + std::string(who->name);
        std::transform(email.begin(), email.end(), email.begin(),
                       [](unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
        auto [it, fresh] = by_email.try_emplace(email, who->name, 0);
        ++it->second.second;
      }
    }
    std::swap(commit.p, parent.p);
  }
  std::map<std::string, int> counts;
  for (const auto& [email, who] : by_email) counts[who.first] += who.second;
  return counts;
}

Result<std::string> GitRepo::first_parent_older_than(const std::string& head, long seconds, int max_commits) const {
  auto start = impl_->commit(head);
  if (!start.ok()) return start.status();
  Owned<git_commit, git_commit_free> commit{*start};
  git_time_t limit = git_commit_time(commit.p) - git_time_t(seconds);
  for (int walked = 0; walked < max_commits && commit.p; ++walked) {
    if (git_commit_time(commit.p) <= limit) return oid_hex(git_commit_id(commit.p));
    Owned<git_commit, git_commit_free> parent;
    if (git_commit_parentcount(commit.p) > 0) git_commit_parent(&parent.p, commit.p, 0);
    std::swap(commit.p, parent.p);
  }
  return std::string();
}

Result<std::string> GitRepo::commit_subject(const std::string& commit) const {
  return impl_->message_part(commit, git_commit_summary);
}

Result<std::string> GitRepo::commit_body(const std::string& commit) const {
  return impl_->message_part(commit, git_commit_body);
}

Result<std::vector<std::string>> GitRepo::parents(const std::string& commit) const {
  auto c = impl_->commit(commit);
  if (!c.ok()) return c.status();
  Owned<git_commit, git_commit_free> owned{*c};
  std::vector<std::string> out;
  for (unsigned i = 0; i < git_commit_parentcount(owned.p); ++i) out.push_back(oid_hex(git_commit_parent_id(owned.p, i)));
  return out;
}

Result<std::vector<std::string>> GitRepo::rev_list(const std::string& range, bool first_parent) const {
  Owned<git_revwalk, git_revwalk_free> walk;
  if (git_revwalk_new(&walk.p, impl_->repo) != 0) return Status::Error(last_git_error("cannot walk history"));
  git_revwalk_sorting(walk.p, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
  if (first_parent) git_revwalk_simplify_first_parent(walk.p);
  size_t dots = range.find("..");
  if (dots != std::string::npos) {
    if (range.find("...") != std::string::npos) return Status::Error("range '" + range + "': use A..B, not A...B");
    auto from = resolve(range.substr(0, dots));
    auto to = resolve(range.substr(dots + 2).empty() ? "HEAD" : range.substr(dots + 2));
    if (!from.ok()) return from.status();
    if (!to.ok()) return to.status();
    git_oid a, b;
    git_oid_fromstr(&a, from->c_str());
    git_oid_fromstr(&b, to->c_str());
    if (git_revwalk_push(walk.p, &b) != 0 || git_revwalk_hide(walk.p, &a) != 0)
      return Status::Error(last_git_error("range '" + range + "'"));
  } else {
    auto to = resolve(range);
    if (!to.ok()) return to.status();
    git_oid b;
    git_oid_fromstr(&b, to->c_str());
    if (git_revwalk_push(walk.p, &b) != 0) return Status::Error(last_git_error("revision '" + range + "'"));
  }
  std::vector<std::string> out;
  git_oid oid;
  while (git_revwalk_next(&oid, walk.p) == 0) out.push_back(oid_hex(&oid));
  return out;
}

}  // namespace rp
