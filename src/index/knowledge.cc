#include "index/knowledge.h"

namespace rp::index {

RepoKnowledge::RepoKnowledge(const TreeReader& head, const Profile& profile, std::string cache_file)
    : head_(head), profile_(profile), cache_file_(std::move(cache_file)) {}
RepoKnowledge::~RepoKnowledge() = default;

const RepoIndex& RepoKnowledge::index() {
  if (!index_) {
    BuildOptions opts;
    opts.cache_file = cache_file_;
    index_ = RepoIndex::build(head_, opts, &stats_);
  }
  return *index_;
}

TierFacts RepoKnowledge::tier(const std::string& path) {
  if (!TierModel::asks_index(profile_, path)) return TierModel::table_tier(profile_, path);
  if (!tiers_) {
    // Kept beside the index when the index itself is kept (the same size floor).
    const RepoIndex& idx = index();
    bool kept = !cache_file_.empty() && idx.size() >= BuildOptions{}.min_files_to_cache;
    tiers_ = std::make_unique<TierModel>(idx, profile_, kept ? cache_file_ + ".chain" : std::string());
  }
  return tiers_->tier_of(path);
}

void RepoKnowledge::add_dependency(Dependency dep) {
  std::string name = dep.name;
  deps_[name] = DepState{std::move(dep), nullptr};
}

const Dependency* RepoKnowledge::dependency(const std::string& top) const {
  auto it = deps_.find(top);
  return it == deps_.end() ? nullptr : &it->second.dep;
}

std::vector<std::string> RepoKnowledge::dependency_names() const {
  std::vector<std::string> out;
  for (const auto& [name, d] : deps_) out.push_back(name);
  return out;
}

const RepoIndex* RepoKnowledge::dependency_index(const std::string& top) {
  auto it = deps_.find(top);
  if (it == deps_.end() || !it->second.dep.tree) return nullptr;
  DepState& d = it->second;
  if (!d.index) {
    BuildOptions opts;
    opts.cache_file = d.dep.cache_file;
    d.index = RepoIndex::build(*d.dep.tree, opts);
  }
  return d.index.get();
}

}  // namespace rp::index
