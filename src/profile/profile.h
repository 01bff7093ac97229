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
  // How the cudagraph-capture rule reads the two fields around this comment:
  // - graph_capture_files orchestrate capture. In them only the bodies of
  //   `with torch.cuda.graph(...)` contexts, and the same-file methods those bodies call, run
  //   under capture. The rest runs eagerly between replays: ATOM's run_model/forward pick a
  //   graph and call replay(), capture_cudagraph allocates the static buffers and runs the
  //   warm-up forward before the context (read from ATOM's model_runner.py, 2025-2026).
  // - model_dirs hold model definitions: the forward methods of their classes are what the
  //   capture context runs (`self.model(...)`), decode batches only, so prefill-only branches
  //   inside them stay eager.
  std::vector<std::string> model_dirs;  // path prefixes ending in '/', e.g. "atom/models/"
  // Production scale the repository runs at, by dimension name ("max_num_seqs" → 512,
  // "num_blocks" → 262144): what a red int32-overflow finding names as its trigger. Empty in
  // the built-in profiles; set by `.review-pr.toml` [production_shapes].
  std::map<std::string, long long> production_shapes;

  // 1, 2, 3 from the backbone table (no computation from history here).
  int tier_of(const std::string& path) const;
};

const Profile* find_profile(const std::string& name);
// atom when atom/ holds Python, aiter when aiter/ does, else generic.
const Profile& detect_profile(const TreeReader* head, const std::vector<std::string>& changed_paths);

}  // namespace rp
