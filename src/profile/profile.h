// A Profile is what review-pr knows about one family of repositories: the backbone files,
// trigger parameter names, env-var conventions, serving paths. Which rules apply and under
// which checklist code (ATOM and aiter number their rules differently) is declared by each
// rule in its own file (RuleInfo::codes). Built-in profiles: atom, aiter, generic,
// auto-detected from the repository layout.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/tree_reader.h"

namespace rp {

struct BackboneFile {
  std::string path;  // exact path, or a prefix ending in '/' ("aiter/ops/")
  int tier = 3;
  std::string why;
};

struct Profile {
  std::string name;     // "atom" | "aiter" | "generic"
  std::string heading;  // card heading word: "ATOM", "aiter", "" (generic)
  std::vector<BackboneFile> backbone;
  std::vector<std::string> env_prefixes;    // "ATOM_", "AITER_"
  std::vector<std::string> env_registry;    // files where env vars are registered
  std::vector<std::string> trigger_params;  // B1 names
  std::vector<std::string> serving_paths;   // path prefixes of production serving code
  std::vector<std::string> graph_capture_files;  // files whose forward path is captured

  // 1, 2, 3 from the backbone table (no computation from history here).
  int tier_of(const std::string& path) const;
};

const Profile* find_profile(const std::string& name);
// atom when atom/ holds Python, aiter when aiter/ does, else generic.
const Profile& detect_profile(const TreeReader* head, const std::vector<std::string>& changed_paths);

}  // namespace rp
