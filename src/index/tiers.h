// Step 4 tiers computed from the repository rather than only copied from a table:
// - aiter: a module on the unguarded import chain of `import aiter` that most of that chain
//   imports (≥ kChainFanIn importers on the chain), or aiter/__init__.py itself → Tier 1
//   (its failure is every op's failure; a single-op wrapper on the chain stays Tier 3, per
//   aiter-rules-newer.md "Tiering");
// - ATOM: a model file whose classes more than two model implementations build on
//   (subclass, or import from another model file) → Tier 1;
// - any C/C++ header that ≥ 10 translation units include, directly or through other
//   headers (rocm_ops.hpp exempt by name) → Tier 2;
// - the profile's own Step 4 table (Profile::backbone), exact rows only (directory rows are
//   Tier 3 per aiter-rules-newer.md "Tiering");
// - commit frequency over a window (GitRepo::commit_counts), stated beside the tier.
// The lowest tier number wins; `why` names every reason that applied.
#pragma once

#include <map>
#include <set>
#include <string>

#include "index/repo_index.h"
#include "profile/profile.h"

namespace rp::index {

inline constexpr int kChainFanIn = 10;
inline constexpr int kHeaderFanIn = 10;

struct TierFacts {
  int tier = 3;
  std::string why;   // "" for Tier 3
};

class TierModel {
 public:
  // `chain_cache_file` (optional) keeps the last import chain computed for this repository:
  // the chain is a function of the indexed Python paths and of the entries of the modules on
  // it, so a review whose tree agrees on both reuses it instead of decoding every module of
  // the chain (the chain does not depend on the PR unless the PR edits a module on it).
  TierModel(const RepoIndex& index, const Profile& profile, std::string chain_cache_file = {});
  TierFacts tier_of(const std::string& path) const;

  // Whether tier_of(path) asks the index at all (an import-chain module, a model file, a
  // header); when not, table_tier gives the same answer without one.
  static bool asks_index(const Profile& profile, const std::string& path);
  static TierFacts table_tier(const Profile& profile, const std::string& path);

  // aiter: files executed by `import aiter` without an ImportError guard, and how many of
  // them import each file.
  const std::map<std::string, int>& import_chain() const { return chain_; }

 private:
  void compute_import_chain(const std::string& root);
  // The kept chain when the index agrees with what it was computed from; else false.
  bool load_import_chain(const std::string& root);
  void save_import_chain() const;
  int model_users(const std::string& path) const;

  const RepoIndex& index_;
  const Profile& profile_;
  std::string chain_cache_file_;
  std::string chain_root_;
  std::map<std::string, int> chain_;  // module file → importers on the chain
};

}  // namespace rp::index
