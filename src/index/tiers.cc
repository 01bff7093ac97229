#include "index/tiers.h"

#include <charconv>
#include <deque>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "index/atomic_file.h"
#include "index/cache.h"

namespace rp::index {

namespace {
bool is_header(const std::string& path) {
  for (std::string_view ext : {".h", ".hpp", ".cuh", ".hh", ".hxx", ".inl", ".ipp"})
    if (path.ends_with(ext)) return true;
  return false;
}

void append_reason(TierFacts& t, int tier, const std::string& why) {
  if (tier > 3) return;
  t.tier = std::min(t.tier, tier);
  t.why += (t.why.empty() ? "" : "; ") + why;
}

bool in_model_dirs(const Profile& profile, const std::string& p) {
  for (const std::string& dir : profile.model_dirs)
    if (p.starts_with(dir)) return true;
  return false;
}
}  // namespace

bool TierModel::asks_index(const Profile& profile, const std::string& path) {
  bool python = path.ends_with(".py");
  return (python && profile.tiers_from_package_import_chain) || (python && in_model_dirs(profile, path)) ||
         (is_header(path) && !path.ends_with("rocm_ops.hpp"));
}

TierFacts TierModel::table_tier(const Profile& profile, const std::string& path) {
  TierFacts t;
  // Exact rows of the table only. A directory row (aiter's `aiter/ops/`) is not a tier by
  // itself: aiter-rules-newer.md "Tiering" measured that a Tier 1 covering 200+ single-op
  // wrappers fires on 71% of PRs; their shared import-chain risk is the computed test below.
  for (const BackboneFile& b : profile.backbone)
    if (!b.path.ends_with("/") && path == b.path) append_reason(t, b.tier, b.why + " (checklist Step 4 table)");
  return t;
}

TierModel::TierModel(const RepoIndex& index, const Profile& profile, std::string chain_cache_file)
    : index_(index), profile_(profile), chain_cache_file_(std::move(chain_cache_file)) {
  std::string init = profile.package + "/__init__.py";
  if (!profile.tiers_from_package_import_chain || index.blob_key(init).empty()) return;
  if (load_import_chain(init)) return;
  compute_import_chain(init);
  save_import_chain();
}

// The kept chain: a header line "RPCHAIN1 <entry version> <digest of the Python paths>
// <root>", then one line "<path>\t<blob key>\t<importers on the chain>" per module of the
// chain. It holds when the paths' digest and every module's blob key are unchanged: the
// breadth-first walk reads nothing else (module_path and first_party answer from the
// Python paths, the imports from the entries of the modules it reaches).
namespace {
constexpr std::string_view kChainMagic = "RPCHAIN1";
constexpr uintmax_t kMaxChainFileBytes = uintmax_t(16) << 20;
}  // namespace

bool TierModel::load_import_chain(const std::string& root) {
  if (chain_cache_file_.empty()) return false;
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(chain_cache_file_, ec);
  if (ec || size > kMaxChainFileBytes) return false;
  std::ifstream in(chain_cache_file_, std::ios::binary);
  std::string header;
  if (!std::getline(in, header) ||
      header != fmt::format("{} {} {} {}", kChainMagic, kEntryVersion, index_.python_paths_digest(), root))
    return false;
  std::map<std::string, int> chain;
  std::string line;
  while (std::getline(in, line)) {
    size_t tab1 = line.find('\t'), tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos) return false;
    std::string path = line.substr(0, tab1);
    if (index_.blob_key(path) != std::string_view(line).substr(tab1 + 1, tab2 - tab1 - 1)) return false;
    int count = 0;
    const char* end = line.data() + line.size();
    if (auto [p, err] = std::from_chars(line.data() + tab2 + 1, end, count); err != std::errc() || p != end || count < 0)
      return false;
    chain[std::move(path)] = count;
  }
  if (!in.eof() || !chain.count(root)) return false;
  chain_root_ = root;
  chain_ = std::move(chain);
  return true;
}

// Best effort, written atomically (temp + rename): a chain that cannot be kept is computed
// again next time.
void TierModel::save_import_chain() const {
  if (chain_cache_file_.empty()) return;
  std::string body = fmt::format("{} {} {} {}\n", kChainMagic, kEntryVersion, index_.python_paths_digest(), chain_root_);
  for (const auto& [path, count] : chain_) {
    if (path.find_first_of("\t\n") != std::string::npos) return;  // not representable: not kept
    body += fmt::format("{}\t{}\t{}\n", path, index_.blob_key(path), count);
  }
  write_file_atomically(chain_cache_file_, body);
}

// Breadth-first over module-level imports that are not guarded by `except ImportError`:
// importing `a.b.c` runs a/__init__, a/b/__init__ and a/b/c; `from p import m` runs p/m when
// m is a submodule.
void TierModel::compute_import_chain(const std::string& root) {
  chain_root_ = root;
  std::set<std::string> seen{root};
  std::map<std::string, std::set<std::string>> importers;
  std::deque<std::string> queue{root};
  auto reach = [&](const std::string& from, const std::string& target) {
    if (target.empty() || target == from) return;
    importers[target].insert(from);
    if (seen.insert(target).second) queue.push_back(target);
  };
  while (!queue.empty()) {
    std::string path = std::move(queue.front());
    queue.pop_front();
    const FileIndex* fi = index_.file(path);
    if (!fi) continue;
    for (const PyImport& im : fi->imports) {
      if (!im.at_import || im.guarded) continue;
      std::string dotted = RepoIndex::absolute_module(path, im);
      if (!index_.first_party(dotted)) continue;
      for (size_t dot = dotted.find('.'); dot != std::string::npos; dot = dotted.find('.', dot + 1))
        reach(path, index_.module_path(dotted.substr(0, dot)));
      reach(path, index_.module_path(dotted));
      for (const auto& n : im.names)
        if (n.name != "*") reach(path, index_.module_path(dotted + "." + n.name));
    }
  }
  for (const std::string& p : seen) chain_[p] = static_cast<int>(importers[p].size());
}

int TierModel::model_users(const std::string& path) const {
  const FileIndex* fi = index_.file(path);
  if (!fi) return 0;
  auto in_models = [&](const std::string& p) { return in_model_dirs(profile_, p); };
  if (!in_models(path)) return 0;  // a model implementation file; shared ops are Q3 (Tier 2) material
  std::set<std::string> users;  // "file:Class" for subclasses, "file" for importing model files
  for (const PyClass& c : fi->classes) {
    if (!c.top_level) continue;
    for (const auto& [p, sub] : index_.subclasses(c.name))
      if (in_models(p)) users.insert(p + ":" + sub->name);
    for (const ImportSite& s : index_.importers_of_name(c.name))
      if (s.path != path && in_models(s.path) &&
          index_.module_path(RepoIndex::absolute_module(s.path, *s.import)) == path)
        users.insert(s.path);
  }
  return static_cast<int>(users.size());
}

TierFacts TierModel::tier_of(const std::string& path) const {
  TierFacts t = table_tier(profile_, path);
  if (!chain_root_.empty()) {
    auto it = chain_.find(path);
    if (it != chain_.end() && (path == chain_root_ || it->second >= kChainFanIn))
      append_reason(t, 1, path == chain_root_
                              ? std::string("`import aiter` executes it")
                              : fmt::format("`import aiter` fails if it fails to import ({} modules on the import "
                                            "chain import it, none behind an ImportError guard)",
                                            it->second));
  }
  if (!profile_.model_dirs.empty() && path.ends_with(".py")) {
    int users = model_users(path);
    if (users > 2)
      append_reason(t, 1, fmt::format("its classes are the base of {} model implementations (subclasses or "
                                      "model files importing them)",
                                      users));
  }
  if (is_header(path) && !path.ends_with("rocm_ops.hpp") && index_.file(path)) {
    size_t units = index_.including_units(path).size();
    if (units >= static_cast<size_t>(kHeaderFanIn))
      append_reason(t, 2, fmt::format("included by {} translation units", units));
  }
  return t;
}

}  // namespace rp::index
