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
  if (!tiers_) tiers_ = std::make_unique<TierModel>(index(), profile_);
  return tiers_->tier_of(path);
}

}  // namespace rp::index
