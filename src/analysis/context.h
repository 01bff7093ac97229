// What a rule, and the semantic layer it asks, read about one review: the PR, its two
// trees, the profile, the repository index and the git history.
#pragma once

#include <memory>

#include "analysis/fact_cache.h"
#include "core/pull_request.h"
#include "profile/profile.h"
#include "workspace/workspace.h"

namespace rp {

namespace index {
class RepoKnowledge;
}
class GitRepo;

struct ReviewContext {
  const PullRequest& pr;
  Workspace& workspace;
  const Profile& profile;
  // Whole-repository index and computed tiers (index/knowledge.h); null when the review has
  // no repository. Rules that use it declare Needs::FullText.
  index::RepoKnowledge* repo = nullptr;
  // The local git repository the review reads (history for owner look-ups); null for
  // directory, diff-file and fixture reviews. Rules must work without it.
  const GitRepo* git = nullptr;
  // What the semantic layer derived for this review, shared by the rules that ask
  // (analysis/fact_cache.h); one cache per review.
  std::shared_ptr<FactCache> facts = std::make_shared<FactCache>();
};

}  // namespace rp
