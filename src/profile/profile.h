// A Profile is what review-pr knows about one family of repositories: the backbone files,
// trigger parameter names, env-var conventions, serving paths. Which rules apply and under
// which checklist code (ATOM and aiter number their rules differently) is the profile's
// checklist table (profile/checklist.h). Built-in profiles: atom, aiter, generic,
// auto-detected from the repository layout.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/tree_reader.h"
#include "profile/checklist.h"

namespace rp {

struct BackboneFile {
  std::string path;  // exact path, or a prefix ending in '/' ("aiter/ops/")
  int tier = 3;
  std::string why;
};

// A title component tag of a repository's PR-title bot (aiter: CONTRIBUTE.md "PR Title Format").
// Paths are gitignore patterns (core/path_pattern.h): "dir/**" a folder, "*_asm.py" a name at
// any depth, "/setup.py" the root's file only.
struct ComponentTag {
  enum class When {
    AnyCode,   // some changed non-doc file matches `paths` and no `except`
    AllCode,   // there are non-doc files and every one matches (e.g. tuned-config-only PRs)
    AllFiles,  // every changed file is documentation (docs-only PRs)
  };
  std::string tag;                  // "HIP", "Triton/Gluon"
  std::vector<std::string> paths;   // globs
  std::vector<std::string> except;  // globs that take a path back out (HIP is csrc/ minus CK and OPUS)
  bool backend = false;             // a kernel backend: one per PR
  When when = When::AnyCode;
};

// An opt-in CI label the changed paths call for (aiter's CI guide on every PR page).
struct CiLabelRule {
  std::string label;    // "ci:multi-gpu"
  std::string tests;    // what the label runs, as the guide says
  std::string why;      // why these paths call for it
  std::vector<std::string> paths;  // globs
  // When set, a matching file calls for the label only if one of its added or removed lines
  // matches this RE2 pattern (e.g. a Triton pin in a requirements file).
  std::string line_pattern;
  bool automatic = false;  // CI adds it by itself; the guide only reports it
};

struct Profile {
  std::string name;     // "atom" | "aiter" | "generic"
  std::string heading;  // card heading word: "ATOM", "aiter", "" (generic)
  Checklist checklist = Checklist::None;  // whose codes (and kOff) apply; None: every rule runs, no codes

  // What rules ask of the repository instead of comparing the profile's name:
  // The repository's own top-level Python package ("atom", "aiter"; "" = not known): code
  // under it is the library itself, not the scripts, tests and examples around it.
  std::string package;
  // The repository is the op library other repositories call (aiter): its public op surface
  // (modules directly under <package>/ops/, what `import <package>` re-exports) has consumers
  // elsewhere, so removing a parameter there breaks them; its own calls into that surface are
  // not cross-repository dependencies, and `getattr(<op module>, "x")` lookups are not checked
  // against another repository.
  bool op_library = false;
  // Packages every supported install of this repository already has besides torch, triton
  // and numpy (ATOM runs on aiter): importing one is not a new dependency.
  std::vector<std::string> provided_packages;
  // The maintainers reject new permanent env-var knobs (aiter): a new unregistered or
  // undocumented env var is a warning and the action asks to derive the choice instead.
  bool rejects_env_knobs = false;
  // A new shell script outside the directories that hold scripts is a temporary script
  // (aiter keeps its scripts in known folders).
  bool loose_shell_scripts_are_temporary = false;
  // Tiers also come from the import chain of <package>/__init__.py: a module `import
  // <package>` runs is on every user's path (aiter).
  bool tiers_from_package_import_chain = false;
  // Whether `path` lies under package/ (false when the package is not known).
  bool in_package(std::string_view path) const;

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

  // The PR-page bots (src/bots): title component tags in title order, the words that mark a
  // bracket tag as a component tag (any variant: [TRITON], [CK_TILE], [Doc]), files that
  // never give a component tag, how many tags the title carries, the label that stops title
  // rewrites, and the CI label guide.
  std::vector<ComponentTag> component_tags;
  std::vector<std::string> component_words;  // lower case
  std::vector<std::string> doc_globs;
  int max_title_tags = 3;
  std::string no_auto_title_label;
  std::vector<CiLabelRule> ci_labels;
  // Where the self-review gate's "changed op tests" question looks ("op_tests/"); empty =
  // every test path (core/paths.h is_test_path).
  std::vector<std::string> op_test_dirs;
  // Production benchmark shapes (checklist P2; a dated snapshot the checklist itself says to
  // re-verify). A perf benchmark whose token dimensions (M, batch, tokens) never exceed
  // toy_max_tokens and whose context never does either covers only toy shapes.
  long long toy_max_tokens = 256;
  // Stable downstream-facing core files whose behaviour/signature changes need the de-facto
  // owner's sign-off (aiter E5): exact repository paths.
  std::vector<std::string> core_api_files;
  std::string production_shapes_note;  // the checklist's wording of the production shapes, quoted in findings

  // 1, 2, 3 from the backbone table (no computation from history here).
  int tier_of(const std::string& path) const;
};

const Profile* find_profile(const std::string& name);
// atom when atom/ holds Python, aiter when aiter/ does, else generic.
const Profile& detect_profile(const TreeReader* head, const std::vector<std::string>& changed_paths);

}  // namespace rp
