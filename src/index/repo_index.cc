#include "index/repo_index.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <deque>
#include <functional>
#include <thread>

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

}  // namespace

std::unique_ptr<RepoIndex> RepoIndex::build(const TreeReader& tree, const BuildOptions& opts, BuildStats* stats) {
  BuildStats st;
  auto t0 = Clock::now();
  auto idx = std::unique_ptr<RepoIndex>(new RepoIndex());
  std::vector<TreeReader::Blob> blobs = tree.list_blobs();
  if (blobs.empty())
    for (std::string& p : tree.list_files()) blobs.push_back({std::move(p), ""});
  if (!opts.cache_file.empty()) {
    auto tl = Clock::now();
    idx->blobs_ = load_cache(opts.cache_file);
    st.load_ms = ms_since(tl);
  }
  auto tr = Clock::now();
  std::vector<std::pair<std::string, std::string>> path_keys;  // path → key
  std::vector<Work> work;
  for (TreeReader::Blob& b : blobs) {
    FileIndex::Lang lang = index_lang(b.path);
    if (lang == FileIndex::None) continue;
    std::string key = b.id.empty() ? std::string() : key_for(b.id, lang);
    if (!key.empty() && idx->blobs_.count(key)) {
      path_keys.emplace_back(b.path, key);
      continue;
    }
    std::optional<std::string> text = tree.read(b.path);
    if (!text) continue;
    st.bytes_read += text->size();
    if (key.empty()) key = key_for("h" + std::to_string(std::hash<std::string>{}(*text)), lang);
    path_keys.emplace_back(b.path, key);
    if (idx->blobs_.count(key)) continue;
    if (text->size() > opts.max_file_bytes) text->clear();  // generated table: indexed as empty
    work.push_back({b.path, key, std::move(*text), {}});
  }
  st.read_ms = ms_since(tr);
  auto te = Clock::now();
  extract_parallel(work, opts.threads);
  st.extract_ms = ms_since(te);
  st.extracted = work.size();
  for (Work& w : work) idx->blobs_.insert_or_assign(w.key, std::move(w.out));
  for (auto& [path, key] : path_keys) idx->files_[path] = &idx->blobs_.at(key);
  st.files = idx->files_.size();
  bool cacheable = !opts.cache_file.empty() && path_keys.size() >= opts.min_files_to_cache;
  if (cacheable && (!work.empty() || idx->blobs_.size() > 3 * idx->files_.size() + 64)) {
    auto ts = Clock::now();
    if (idx->blobs_.size() > 3 * idx->files_.size() + 64) {  // prune entries no recent tree used
      BlobMap kept;
      for (auto& [path, key] : path_keys) kept.insert_or_assign(key, idx->blobs_.at(key));
      store_cache(opts.cache_file, kept);
    } else {
      store_cache(opts.cache_file, idx->blobs_);
    }
    st.store_ms = ms_since(ts);
  }
  idx->build_lookups();
  st.total_ms = ms_since(t0);
  if (stats) *stats = st;
  return idx;
}

void RepoIndex::build_lookups() {
  for (const auto& [path, fi] : files_) {
    if (fi->lang == FileIndex::Cpp) {
      by_basename_[base_name(path)].push_back(path);
      continue;
    }
    if (fi->lang != FileIndex::Python) continue;
    size_t slash = path.find('/');
    top_packages_.insert(slash == std::string::npos ? path.substr(0, path.size() - 3) : path.substr(0, slash));
  }
}

void RepoIndex::build_xrefs() const {
  if (xrefs_built_) return;
  xrefs_built_ = true;
  for (const auto& [path, fi] : files_) {
    if (fi->lang != FileIndex::Python) continue;
    for (const PyCall& c : fi->calls) calls_by_name_[last_component(c.callee)].push_back({path, &c});
    for (const PyImport& im : fi->imports) {
      for (const auto& n : im.names)
        if (n.name != "*") imports_by_name_[n.name].push_back({path, &im});
      std::string target = module_path(absolute_module(path, im));
      if (!target.empty()) imports_by_module_[target].push_back({path, &im});
    }
  }
}

const FileIndex* RepoIndex::file(const std::string& path) const {
  auto it = files_.find(path);
  return it == files_.end() ? nullptr : it->second;
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
  build_xrefs();
  auto it = calls_by_name_.find(name);
  return it == calls_by_name_.end() ? std::vector<CallSite>{} : it->second;
}

std::vector<ImportSite> RepoIndex::importers_of_name(const std::string& name) const {
  build_xrefs();
  auto it = imports_by_name_.find(name);
  return it == imports_by_name_.end() ? std::vector<ImportSite>{} : it->second;
}

std::vector<ImportSite> RepoIndex::importers_of_module(const std::string& module_path) const {
  build_xrefs();
  auto it = imports_by_module_.find(module_path);
  return it == imports_by_module_.end() ? std::vector<ImportSite>{} : it->second;
}

std::vector<std::pair<std::string, const PyClass*>> RepoIndex::subclasses(const std::string& class_name) const {
  std::vector<std::pair<std::string, const PyClass*>> out;
  for (const auto& [path, fi] : files_)
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

std::set<std::string> RepoIndex::including_units(const std::string& header) const {
  if (!includers_built_) {
    for (const auto& [path, fi] : files_)
      if (fi->lang == FileIndex::Cpp)
        for (const std::string& inc : resolved_includes(path)) includers_[inc].push_back(path);
    includers_built_ = true;
  }
  std::set<std::string> seen{header}, units;
  std::deque<std::string> queue{header};
  while (!queue.empty()) {
    std::string h = std::move(queue.front());
    queue.pop_front();
    auto it = includers_.find(h);
    if (it == includers_.end()) continue;
    for (const std::string& p : it->second) {
      if (!seen.insert(p).second) continue;
      if (is_translation_unit(p)) units.insert(p);
      else queue.push_back(p);
    }
  }
  return units;
}

}  // namespace rp::index
