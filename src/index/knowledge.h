// Whole-repository facts for one review, built on first use: the head tree's RepoIndex
// (through the on-disk cache) and the computed Step 4 tiers. Rules reach it through
// ReviewContext::repo, which is null when the review has no repository (diff only), so a
// diff-only review never builds an index.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/tree_reader.h"
#include "index/repo_index.h"
#include "index/tiers.h"
#include "profile/profile.h"

namespace rp::index {

// A dependency repository given with `--dep NAME=PATH`: the Python package NAME, indexed
// from `tree` (a git HEAD or a plain directory) with the same index and cache.
struct Dependency {
  std::string name;      // the top-level package the PR imports ("aiter")
  std::string location;  // where it was read, as findings report it ("/x/aiter at HEAD 1a2b3c4")
  std::shared_ptr<void> owner;  // keeps what `tree` reads through alive (a GitRepo); declared first
  std::unique_ptr<TreeReader> tree;
  std::string cache_file;  // "" = no on-disk cache
};

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

  // --- dependency repositories (--dep) ---
  void add_dependency(Dependency dep);
  // The dependency providing top-level package `top`; null when none was given. Its index
  // is built on first use.
  const Dependency* dependency(const std::string& top) const;
  std::vector<std::string> dependency_names() const;
  const RepoIndex* dependency_index(const std::string& top);

 private:
  const TreeReader& head_;
  const Profile& profile_;
  std::string cache_file_;
  std::unique_ptr<RepoIndex> index_;
  std::unique_ptr<TierModel> tiers_;
  BuildStats stats_;
  struct DepState {
    Dependency dep;
    std::unique_ptr<RepoIndex> index;
  };
  std::map<std::string, DepState> deps_;
};

}  // namespace rp::index
