// Host-framework integration: code of this project that only runs inside another framework
// (an sglang attention backend, a vLLM platform plugin) and imports that framework. Such an
// import is an integration the host provides whenever the code runs, not a dependency the
// project must declare. Shared by rules that ask "is this third-party import required to
// install the project?" (new-dependency).
#pragma once

#include <string>
#include <string_view>

#include "analysis/bound_class.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

// `s` lowered, without `_-.`: `rtp_llm`, `RTP-LLM` and `rtpllm` compare equal.
std::string squashed_name(std::string_view s);

// The statement `n` runs only when a branch whose test names `package` is taken (`if
// is_sglang():`, `elif "vllm" in sys.modules:`), or after a statement of its block that stops
// unless the package is there (`assert has_triton_kernels()`, `if not x_available(): raise`);
// an `else` of such a test does not count.
bool under_host_test(lang::Node n, std::string_view package);

// `path` lives in a folder named for `package` (`plugin/rtpllm/...` for `rtp_llm`).
bool in_host_folder(std::string_view path, std::string_view package);

// An enclosing function of `n` imports `package` itself outside try/except (`def register():
// from host.registry import add ... def make(): from .backend import B`): when `n` runs the
// package has already been imported.
bool scope_imports(const lang::SyntaxTree& tree, lang::Node n, std::string_view package);

// The repository module `module_path` is loaded only inside host `package`: some module of
// the repository imports it, and every such import runs where `package` is already required:
// under a test naming the package, in a folder named for it, inside a function that imports the
// package itself, or in a module that imports it at module level. A module nothing imports is
// not known to be loaded only there (false).
bool loaded_only_inside_host(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& module_path,
                             std::string_view package);

// The statement `n` of `tree` (head file `path`) sits in a module-level function that the
// repository calls, and every call of it runs where `package` is required (the same tests as
// loaded_only_inside_host: `elif is_sglang(): build_sglang_config(...)`), or in a function that
// is itself called only there (a few levels).
bool called_only_inside_host(const index::RepoIndex& idx, const TreeOf& tree_of, const std::string& path,
                             const lang::SyntaxTree& tree, lang::Node n, std::string_view package,
                             int depth = 0);

}  // namespace rp
