#include "index/repo_index.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <thread>

#include <fmt/format.h>

#include "core/paths.h"

namespace rp::index {

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

std::string last_component(const std::string& dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string::npos ? dotted : dotted.substr(dot + 1);
}

std::string dir_of(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string base_name(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "a/./b/../c" → "a/c"; "" when it climbs above the root.
std::string normalize_path(const std::string& path) {
  std::vector<std::string> parts;
  size_t pos = 0;
  while (pos <= path.size()) {
    size_t end = path.find('/', pos);
    if (end == std::string::npos) end = path.size();
    std::string part = path.substr(pos, end - pos);
    pos = end + 1;
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return {};
      parts.pop_back();
      continue;
    }
    parts.push_back(std::move(part));
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

bool is_translation_unit(const std::string& path) {
  for (std::string_view ext : {".cu", ".cpp", ".cc", ".cxx", ".hip", ".c"})
    if (path.ends_with(ext)) return true;
  return false;
}

struct Work {
  std::string path, key, text;
  FileIndex out;
};

void extract_parallel(std::vector<Work>& work, unsigned threads) {
  std::atomic<size_t> next{0};
  auto run = [&] {
    for (size_t i = next++; i < work.size(); i = next++) work[i].out = extract_file(work[i].path, work[i].text);
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = std::min<unsigned>(threads, static_cast<unsigned>(std::max<size_t>(1, work.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(run);
  run();
  for (auto& t : pool) t.join();
}

std::string key_for(const std::string& id, FileIndex::Lang lang) {
  return id + (lang == FileIndex::Python ? ":p" : ":c");
}

// The terms a file is listed under in the store's postings: one per (role, name) a
// whole-repository query looks up. A role letter, then the name:
//   d def  n module-level name  c callee's last component  i `from M import name`
//   r op registration  f C function  m last component of an imported module ("m" alone: a
//   relative `from . import x`, whose package depends on the path)  b base class's last
//   component  h included file name ("h*": an include whose file name is not its last
//   component, checked by every include query)
// The postings key of a name in one role: the role's letter, then the name.
std::string posting_term(char role, std::string_view name) {
  std::string term(1, role);
  term += name;
  return term;
}

std::vector<std::string> index_terms(const FileIndex& fi) {
  std::vector<std::string> t;
  auto add = [&](char role, std::string_view name) { t.push_back(posting_term(role, name)); };
  for (const PyFunction& f : fi.functions) add('d', f.name);
  for (const std::string& n : fi.module_names) add('n', n);
  for (const PyCall& c : fi.calls) add('c', last_component(c.callee));
  for (const PyImport& im : fi.imports) {
    for (const auto& n : im.names)
      if (n.name != "*") add('i', n.name);
    add('m', im.module.empty() ? std::string() : last_component(im.module));
  }
  for (const PyClass& c : fi.classes)
    for (const std::string& b : c.bases) add('b', last_component(b));
  for (const std::string& inc : fi.includes) {
    std::string base = base_name(inc);
    add('h', base.empty() || base == "." || base == ".." ? "*" : base);
  }
  for (const CRegistration& r : fi.registrations) add('r', r.name);
  for (const CSymbol& f : fi.c_functions) add('f', f.name);
  std::sort(t.begin(), t.end());
  t.erase(std::unique(t.begin(), t.end()), t.end());
  return t;
}

// Path-ordered union of candidate lists (each already in path order).
std::vector<std::pair<std::string, const FileIndex*>> merge_by_path(std::vector<std::pair<std::string, const FileIndex*>> a,
                                                                  std::vector<std::pair<std::string, const FileIndex*>> b) {
  std::vector<std::pair<std::string, const FileIndex*>> out;
  out.reserve(a.size() + b.size());
  std::merge(std::make_move_iterator(a.begin()), std::make_move_iterator(a.end()), std::make_move_iterator(b.begin()),
             std::make_move_iterator(b.end()), std::back_inserter(out),
             [](const auto& x, const auto& y) { return x.first < y.first; });
  out.erase(std::unique(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.first == y.first; }),
            out.end());
  return out;
}

}  // namespace

RepoIndex::~RepoIndex() = default;

std::unique_ptr<RepoIndex> RepoIndex::build(const TreeReader& tree, const BuildOptions& opts, BuildStats* stats) {
  BuildStats st;
  auto t0 = Clock::now();
  auto idx = std::unique_ptr<RepoIndex>(new RepoIndex());
  idx->tree_ = &tree;
  idx->max_file_bytes_ = opts.max_file_bytes;
  std::vector<TreeReader::Blob> blobs = tree.list_blobs();
  if (blobs.empty())
    for (std::string& p : tree.list_files()) blobs.push_back({std::move(p), ""});
  if (!opts.cache_file.empty()) {
    auto tl = Clock::now();
    idx->store_ = IndexStore::open(opts.cache_file);
    st.load_ms = ms_since(tl);
  }
  const IndexStore* store = idx->store_.get();
  auto tr = Clock::now();
  size_t indexed = 0;  // every indexed file, stored or not
  // The listing is sorted by path: each new path goes at the end of files_.
  auto stored = [&](const std::string& path, const std::string& key) {
    uint32_t ord = store ? store->find(key) : kNoEntry;
    if (ord == kNoEntry) return false;
    idx->files_.emplace_hint(idx->files_.end(), path, Slot{})->second.stored = ord;
    idx->paths_of_[ord].push_back(path);
    ++indexed;
    return true;
  };
  for (TreeReader::Blob& b : blobs) {
    FileIndex::Lang lang = index_lang(b.path);
    if (lang == FileIndex::None) continue;
    std::string key = b.id.empty() ? std::string() : key_for(b.id, lang);
    if (!key.empty() && stored(b.path, key)) continue;
    if (key.empty()) {  // a plain file: its key is a hash of its text
      std::optional<std::string> text = tree.read(b.path);
      if (!text) continue;
      st.bytes_read += text->size();
      key = key_for(fmt::format("h{}", std::hash<std::string>{}(*text)), lang);
      if (stored(b.path, key)) continue;
      idx->overlay_text_[b.path] = std::move(*text);
    }
    // Missing from the store: extracted when a query first needs it.
    ++indexed;
    idx->files_.emplace_hint(idx->files_.end(), b.path, Slot{});
    idx->overlay_keys_[b.path] = key;
    idx->overlay_paths_.push_back(b.path);
  }
  std::sort(idx->overlay_paths_.begin(), idx->overlay_paths_.end());
  idx->threads_ = opts.threads;
  st.read_ms = ms_since(tr);
  st.files = idx->files_.size();

  // The store is rewritten when it is missing or invalid, when the tree's missing blobs are
  // too many to extract on every build, or when it mostly holds blobs of old trees (then
  // only this tree's entries are kept).
  size_t missing = idx->overlay_paths_.size();
  bool cacheable = !opts.cache_file.empty() && indexed >= opts.min_files_to_cache;
  bool prune = store && store->size() > 3 * idx->files_.size() + 64;
  if (cacheable && (!store || missing >= std::max<size_t>(1, opts.max_missing_before_store) || prune)) {
    auto te = Clock::now();
    idx->ensure_overlay();
    st.extract_ms = ms_since(te);
    st.extracted = idx->owned_.size();
    auto ts = Clock::now();
    std::vector<StoreEntry> entries;
    std::set<uint32_t> kept;
    auto keep_stored = [&](uint32_t ord) {
      if (!kept.insert(ord).second) return;
      FileIndex fi;
      if (!decode_file(store->data(ord), fi)) return;  // a corrupt entry is re-extracted next time
      entries.push_back({std::string(store->key(ord)), std::string(store->data(ord)), index_terms(fi)});
    };
    for (const auto& [ord, paths] : idx->paths_of_) keep_stored(ord);
    if (store && !prune)
      for (uint32_t ord = 0; ord < store->size(); ++ord) keep_stored(ord);
    for (const auto& [path, key] : idx->overlay_keys_) {
      const FileIndex& fi = *idx->files_.at(path).overlay;
      entries.push_back({key, encode_file(fi), index_terms(fi)});
    }
    write_store(opts.cache_file, std::move(entries));
    st.store_ms = ms_since(ts);
  }
  st.pending = st.extracted ? 0 : missing;  // extracted counts blobs, pending counts paths
  idx->build_lookups();
  st.total_ms = ms_since(t0);
  if (stats) *stats = st;
  return idx;
}

void RepoIndex::build_lookups() {
  for (const auto& [path, slot] : files_) {
    FileIndex::Lang lang = index_lang(path);
    if (lang == FileIndex::Cpp) {
      by_basename_[base_name(path)].push_back(path);
      continue;
    }
    if (lang != FileIndex::Python) continue;
    size_t slash = path.find('/');
    top_packages_.insert(slash == std::string::npos ? path.substr(0, path.size() - 3) : path.substr(0, slash));
  }
}

std::vector<std::string> RepoIndex::paths() const {
  std::vector<std::string> out;
  out.reserve(files_.size());
  for (const auto& [path, slot] : files_) out.push_back(path);
  return out;
}

std::string RepoIndex::blob_key(const std::string& path) const {
  auto it = files_.find(path);
  if (it == files_.end()) return {};
  if (it->second.stored != kNoEntry) return std::string(store_->key(it->second.stored));
  auto key = overlay_keys_.find(path);
  return key == overlay_keys_.end() ? std::string() : key->second;
}

uint64_t RepoIndex::python_paths_digest() const {
  uint64_t h = 14695981039346656037ull;  // FNV-1a over the paths, each ended by a NUL
  for (const auto& [path, slot] : files_) {
    if (index_lang(path) != FileIndex::Python) continue;
    for (char c : path) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    h *= 1099511628211ull;
  }
  return h;
}

void RepoIndex::extract_overlay_locked(const std::vector<std::string>& paths) const {
  std::vector<Work> work;
  std::map<std::string, size_t> work_of_key;
  std::vector<std::pair<const Slot*, size_t>> assign;
  for (const std::string& path : paths) {
    const Slot& slot = files_.at(path);
    if (slot.overlay || slot.stored != kNoEntry) continue;
    const std::string& key = overlay_keys_.at(path);
    auto [it, fresh] = work_of_key.emplace(key, work.size());
    assign.emplace_back(&slot, it->second);
    if (!fresh) continue;
    std::optional<std::string> text;
    if (auto t = overlay_text_.find(path); t != overlay_text_.end()) text = std::move(t->second), overlay_text_.erase(t);
    else text = tree_->read(path);
    if (!text || text->size() > max_file_bytes_) text = std::string();  // generated table: indexed as empty
    work.push_back({path, key, std::move(*text), {}});
  }
  extract_parallel(work, threads_);
  size_t first = owned_.size();
  for (Work& w : work) owned_.push_back(std::move(w.out));
  for (auto [slot, w] : assign) slot->overlay = &owned_[first + w];
}

void RepoIndex::ensure_overlay() const {
  std::lock_guard<std::mutex> lock(mu_);
  if (overlay_ready_) return;
  extract_overlay_locked(overlay_paths_);
  for (const std::string& path : overlay_paths_)
    for (std::string& t : index_terms(*files_.at(path).overlay)) overlay_postings_[std::move(t)].push_back(path);
  overlay_ready_ = true;
}

const FileIndex* RepoIndex::decode(const std::string& path, const Slot& slot) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (slot.stored == kNoEntry) {
    if (!slot.overlay) extract_overlay_locked({path});
    return slot.overlay;
  }
  std::unique_ptr<FileIndex>& fi = decoded_[slot.stored];
  if (fi) return fi.get();
  fi = std::make_unique<FileIndex>();
  if (decode_file(store_->data(slot.stored), *fi) && fi->lang == index_lang(path)) return fi.get();
  // A corrupt entry: extracted again from the text (the store is rewritten on a later build).
  std::optional<std::string> text = tree_->read(path);
  if (!text || text->size() > max_file_bytes_) text = std::string();
  *fi = extract_file(path, *text);
  return fi.get();
}

std::vector<std::pair<std::string, const FileIndex*>> RepoIndex::candidates(const std::string& term) const {
  ensure_overlay();
  std::vector<std::string> paths;
  if (store_)
    for (uint32_t ord : store_->postings(term))
      if (auto it = paths_of_.find(ord); it != paths_of_.end()) paths.insert(paths.end(), it->second.begin(), it->second.end());
  if (auto it = overlay_postings_.find(term); it != overlay_postings_.end())
    paths.insert(paths.end(), it->second.begin(), it->second.end());
  std::sort(paths.begin(), paths.end());
  paths.erase(std::unique(paths.begin(), paths.end()), paths.end());
  std::vector<std::pair<std::string, const FileIndex*>> out;
  out.reserve(paths.size());
  for (std::string& p : paths) {
    const FileIndex* fi = decode(p, files_.at(p));
    out.emplace_back(std::move(p), fi);
  }
  return out;
}

std::vector<std::pair<std::string, const FileIndex*>> RepoIndex::files_naming(Role role, std::string_view name) const {
  return candidates(posting_term(static_cast<char>(role), name));
}

const FileIndex* RepoIndex::file(const std::string& path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : decode(path, it->second);
}

std::string RepoIndex::module_path(const std::string& dotted) const {
  if (dotted.empty()) return {};
  std::string base = dotted;
  std::replace(base.begin(), base.end(), '.', '/');
  for (std::string candidate : {base + ".py", base + "/__init__.py"})
    if (files_.count(candidate)) return candidate;
  return {};
}

std::string RepoIndex::dotted_of(const std::string& path) {
  std::string p = path;
  if (p.ends_with("/__init__.py")) p.resize(p.size() - 12);
  else if (p.ends_with(".py")) p.resize(p.size() - 3);
  std::replace(p.begin(), p.end(), '/', '.');
  return p;
}

std::string RepoIndex::absolute_module(const std::string& from_path, const PyImport& imp) {
  if (imp.level == 0) return imp.module;
  std::string pkg = dotted_of(from_path);
  if (!from_path.ends_with("/__init__.py")) {  // a module's package is its parent
    size_t dot = pkg.rfind('.');
    pkg = dot == std::string::npos ? std::string() : pkg.substr(0, dot);
  }
  for (int up = 1; up < imp.level; ++up) {
    size_t dot = pkg.rfind('.');
    pkg = dot == std::string::npos ? std::string() : pkg.substr(0, dot);
  }
  if (imp.module.empty()) return pkg;
  return pkg.empty() ? imp.module : pkg + "." + imp.module;
}

bool RepoIndex::first_party(const std::string& dotted) const {
  return top_packages_.count(dotted.substr(0, dotted.find('.'))) > 0;
}

bool RepoIndex::module_binds(const std::string& module_path, const std::string& name) const {
  return binds_rec(module_path, name, 0);
}

bool RepoIndex::binds_rec(const std::string& mpath, const std::string& name, int depth) const {
  const FileIndex* fi = file(mpath);
  if (!fi || depth > 8) return true;  // unknown: never claim absence
  if (fi->binds(name)) return true;
  if (fi->function("__getattr__") || fi->dynamic_globals) return true;
  if (mpath.ends_with("/__init__.py") && !module_path(dotted_of(mpath) + "." + name).empty()) return true;
  for (const PyImport& im : fi->imports) {
    if (!im.is_star()) continue;
    std::string target = module_path(absolute_module(mpath, im));
    if (target.empty()) {
      if (first_party(absolute_module(mpath, im))) continue;  // missing first-party module binds nothing
      return true;  // star import from a third-party module: unknowable
    }
    if (binds_rec(target, name, depth + 1)) return true;
  }
  return false;
}

RepoIndex::Resolved RepoIndex::resolve_function(const std::string& module_path, const std::string& name) const {
  return resolve_rec(module_path, name, 0);
}

RepoIndex::Resolved RepoIndex::resolve_rec(const std::string& mpath, const std::string& name, int depth) const {
  const FileIndex* fi = file(mpath);
  if (!fi || depth > 8) return {};
  if (const PyFunction* f = fi->function(name)) return {mpath, f};
  if (fi->klass(name)) return {};
  for (const PyImport& im : fi->imports) {
    for (const auto& n : im.names) {
      if (n.name == "*" || n.bound() != name) continue;
      std::string target = module_path(absolute_module(mpath, im));
      return target.empty() ? Resolved{} : resolve_rec(target, n.name, depth + 1);
    }
  }
  for (const PyImport& im : fi->imports) {
    if (!im.is_star()) continue;
    std::string target = module_path(absolute_module(mpath, im));
    if (target.empty()) continue;
    Resolved r = resolve_rec(target, name, depth + 1);
    if (r.function) return r;
  }
  return {};
}

std::vector<CallSite> RepoIndex::callers(const std::string& name) const {
  std::vector<CallSite> out;
  for (const auto& [path, fi] : candidates(posting_term('c', name))) {
    if (fi->lang != FileIndex::Python) continue;
    for (const PyCall& c : fi->calls)
      if (last_component(c.callee) == name) out.push_back({path, &c});
  }
  return out;
}

std::vector<ImportSite> RepoIndex::importers_of_name(const std::string& name) const {
  std::vector<ImportSite> out;
  if (name == "*") return out;
  for (const auto& [path, fi] : candidates(posting_term('i', name))) {
    if (fi->lang != FileIndex::Python) continue;
    for (const PyImport& im : fi->imports)
      for (const auto& n : im.names)
        if (n.name == name) out.push_back({path, &im});
  }
  return out;
}

std::vector<ImportSite> RepoIndex::imports_of_module_name(const std::string& dotted) const {
  std::vector<ImportSite> out;
  for (const auto& [path, fi] : merge_by_path(candidates(posting_term('m', last_component(dotted))), candidates("m")))
    for (const PyImport& im : fi->imports)
      if (absolute_module(path, im) == dotted) out.push_back({path, &im});
  return out;
}

std::vector<ImportSite> RepoIndex::importers_of_module(const std::string& module_path) const {
  std::vector<ImportSite> out;
  if (module_path.empty()) return out;
  for (ImportSite& s : imports_of_module_name(dotted_of(module_path)))
    if (this->module_path(absolute_module(s.path, *s.import)) == module_path) out.push_back(std::move(s));
  return out;
}

std::vector<std::pair<std::string, const PyClass*>> RepoIndex::subclasses(const std::string& class_name) const {
  std::vector<std::pair<std::string, const PyClass*>> out;
  for (const auto& [path, fi] : candidates(posting_term('b', class_name)))
    for (const PyClass& c : fi->classes)
      for (const std::string& b : c.bases)
        if (last_component(b) == class_name) out.emplace_back(path, &c);
  return out;
}

std::string RepoIndex::resolve_include(const std::string& from, const std::string& inc) const {
  std::string local = normalize_path(dir_of(from) + "/" + inc);
  if (!local.empty() && files_.count(local)) return local;
  auto it = by_basename_.find(base_name(inc));
  if (it == by_basename_.end()) return {};
  std::vector<const std::string*> matches;
  for (const std::string& p : it->second)
    if (p == inc || p.ends_with("/" + inc)) matches.push_back(&p);
  if (matches.size() == 1) return *matches.front();
  // Several files answer to the name: the one sharing the longest directory prefix.
  const std::string* best = nullptr;
  size_t best_len = 0;
  for (const std::string* p : matches) {
    size_t n = 0;
    while (n < p->size() && n < from.size() && (*p)[n] == from[n]) ++n;
    if (!best || n > best_len) best = p, best_len = n;
  }
  return best ? *best : std::string();
}

std::vector<std::string> RepoIndex::resolved_includes(const std::string& path) const {
  std::vector<std::string> out;
  const FileIndex* fi = file(path);
  if (!fi) return out;
  for (const std::string& inc : fi->includes) {
    std::string r = resolve_include(path, inc);
    if (!r.empty()) out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> RepoIndex::includers(const std::string& header) const {
  std::vector<std::string> out;
  std::string base = base_name(header);
  for (const auto& [path, fi] : merge_by_path(candidates(posting_term('h', base)), candidates("h*"))) {
    if (fi->lang != FileIndex::Cpp) continue;
    for (const std::string& inc : fi->includes)
      if (resolve_include(path, inc) == header) out.push_back(path);
  }
  return out;
}

std::set<std::string> RepoIndex::including_units(const std::string& header) const {
  std::set<std::string> seen{header}, units;
  std::deque<std::string> queue{header};
  while (!queue.empty()) {
    std::string h = std::move(queue.front());
    queue.pop_front();
    for (const std::string& p : includers(h)) {
      if (!seen.insert(p).second) continue;
      if (is_translation_unit(p)) units.insert(p);
      else queue.push_back(p);
    }
  }
  return units;
}

}  // namespace rp::index
