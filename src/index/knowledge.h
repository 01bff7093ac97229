// Whole-repository facts for one review, built on first use: the head tree's RepoIndex
// (through the on-disk cache) and the computed Step 4 tiers. Rules reach it through
// ReviewContext::repo, which is null when the review has no repository (diff only), so a
// diff-only review never builds an index.
#pragma once

#include <memory>
#include <string>

#include "core/tree_reader.h"
#include "index/repo_index.h"
#include "index/tiers.h"
#include "profile/profile.h"

namespace rp::index {

class RepoKnowledge {
 public:
  // `cache_file` "" = no on-disk cache. `head` and `profile` must outlive this object.
  RepoKnowledge(const TreeReader& head, const Profile& profile, std::string cache_file);
  ~RepoKnowledge();

  const RepoIndex& index();
  // Tier of a head-side path (1, 2 or 3) and why; see index/tiers.h.
  TierFacts tier(const std::string& path);
  int tier_of(const std::string& path) { return tier(path).tier; }
  bool built() const { return index_ != nullptr; }
  const BuildStats& stats() const { return stats_; }

 private:
  const TreeReader& head_;
  const Profile& profile_;
  std::string cache_file_;
  std::unique_ptr<RepoIndex> index_;
  std::unique_ptr<TierModel> tiers_;
  BuildStats stats_;
};

}  // namespace rp::index
