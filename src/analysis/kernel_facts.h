// Cross-file verification for kernel rules (issue #4): before a rule claims that a kernel has
// no synchronisation, no atomic or no bounds check, it looks at the whole function in the
// head file and at the headers (.h/.hpp/.cuh/...) that file includes, transitively to a
// bounded depth, resolved through the repository index's include graph. Also resolves a
// Python op call to the C++/HIP host function that implements it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <re2/re2.h>

#include "analysis/context.h"
#include "index/repo_index.h"
#include "lang/syntax.h"

namespace rp {

// One parsed head-side C-family file. The tree is the review's own head-side tree when the PR
// changes the file (shared with the rules, owned by the Workspace), else parsed for this.
struct KernelFile {
  std::string path;
  std::shared_ptr<const lang::SyntaxTree> tree;
};

// A function definition (with a body) found in one of the files.
struct KernelDef {
  const KernelFile* file = nullptr;
  lang::Function fn;
};

inline constexpr int kKernelIncludeDepth = 3;
inline constexpr size_t kKernelMaxHeaders = 48;
inline constexpr size_t kKernelMaxHeaderBytes = size_t(1) << 20;  // larger headers (generated tables) are skipped

// The head-side sources around one C-family file: the file itself (files()[0]) and the
// headers it includes, breadth first, up to kKernelIncludeDepth levels and kKernelMaxHeaders
// files. Needs ctx.repo (the include graph); without it only the file itself is read.
class KernelSources {
 public:
  KernelSources(const ReviewContext& ctx, const std::string& path);
  const std::vector<KernelFile>& files() const { return files_; }
  bool empty() const { return files_.empty(); }
  // Definitions with a body named `name` (unqualified), in file order.
  std::vector<KernelDef> functions(const std::string& name) const;
  // The whole text of function `name` in the main file plus the text of every included
  // header: what a rule searches before claiming that something is absent.
  std::string function_and_headers_text(const std::string& name) const;
  // The first line matching `re` in function `name` of the main file or in an included
  // header, as evidence ("path:line: text"); nullopt when there is none.
  std::optional<std::string> find(const std::string& name, const RE2& re) const;

 private:
  std::vector<KernelFile> files_;
};

// The translation unit (.cu/.cpp/.cc/.hip) of the head tree that defines the C++/HIP host
// function of Python op `name`: `name` must be an op of the repository (an `m.def("name")` /
// TORCH_LIBRARY registration, or a Python def of that name decorated with `compile_ops`)
// and exactly one translation unit may define a function of that name. "" otherwise.
std::string op_source_path(const index::RepoIndex& idx, const std::string& name);

}  // namespace rp
