// Facts about Triton/Gluon kernels shared by the T-rules: which functions are kernels, which
// names inside a kernel carry a tl.arange vector (and of which block size), which accesses
// are masked, and what a launch passes.
#pragma once

#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <functional>

#include "analysis/context.h"
#include "lang/syntax.h"

namespace rp {

// A function decorated with triton.jit / gluon.jit / @jit (possibly under autotune or
// heuristics) whose body uses `tl.` or `gl.`.
bool is_triton_kernel(const lang::Function& fn);
std::vector<lang::Function> triton_kernels(const lang::SyntaxTree& tree);
// Calls `visit` for every Triton kernel of a changed, non-test Python file whose lines the PR
// adds to: the loop the kernel rules share.
void for_each_touched_kernel(const ReviewContext& ctx,
                             const std::function<void(const FileChange& file, const lang::SyntaxTree& tree,
                                                      const lang::Function& kernel, const std::set<int>& added)>& visit);
// The same over some of the PR's files (a file rule's one file).
void for_each_touched_kernel(const ReviewContext& ctx, std::span<const FileChange> files,
                             const std::function<void(const FileChange& file, const lang::SyntaxTree& tree,
                                                      const lang::Function& kernel, const std::set<int>& added)>& visit);
// Names of the kernel's `tl.constexpr` / `gl.constexpr` parameters.
std::set<std::string> constexpr_params(const lang::Function& kernel);

// Identifiers (word tokens that are not keywords or attribute names after '.') in a text.
std::vector<std::string> identifiers_in(std::string_view text);

// Names inside a kernel that hold a vector derived from tl.arange, each with the block sizes
// of the aranges it derives from (`offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)` gives
// offs_n -> {BLOCK_N}; `ptrs = base + offs_n[:, None]` gives ptrs -> {BLOCK_N}). Also records
// names derived through a clamp (`%`, tl.minimum/maximum/where) in `clamped`.
struct VectorNames {
  std::map<std::string, std::set<std::string>> blocks;
  // The vector names a vector name derives from, itself included: `o_c = i + o_i` gives
  // {o_c, o_i}; `p = base + o_c[:, None]` gives {p, o_c, o_i}. Two vectors of the same block
  // size (rows and columns of a tile, a shifted copy) stay apart.
  std::map<std::string, std::set<std::string>> roots;
  std::set<std::string> clamped;
  std::map<std::string, std::string> values;  // every local's assigned value texts, joined
};
VectorNames vector_names(const lang::SyntaxTree& tree, const lang::Function& kernel);
// The block sizes an expression derives from: aranges written in it plus those of the vector
// names it reads.
std::set<std::string> expression_blocks(std::string_view text, const VectorNames& v);
// The vector names an expression derives from (through `roots`); an arange written inline
// counts as "arange(<block>)".
std::set<std::string> expression_roots(std::string_view text, const VectorNames& v);
// The vector names an expression reads directly (no derivation), plus inline aranges: what a
// mask comparison actually bounds.
std::set<std::string> direct_vectors(std::string_view text, const VectorNames& v);
// Whether the expression reads a clamped name or clamps itself.
bool expression_clamped(std::string_view text, const VectorNames& v);

// A tl.load / tl.store call (also gl.load / gl.store), with its mask and other arguments
// (null when absent; positional forms are recognised).
struct MemoryAccess {
  lang::Call call;
  bool store = false;
  lang::Node pointer, mask, other;
  bool boundary_check = false;
};
std::vector<MemoryAccess> memory_accesses(const lang::SyntaxTree& tree, lang::Node scope);

// The kernel parameter a pointer expression is based on: its first identifier that names a
// parameter of the kernel, looking through locals (`ptrs = dst + offs` gives dst); "" when none.
std::string pointer_base(std::string_view pointer, const lang::Function& kernel, const VectorNames& v);

// For each root vector that a mask of the kernel compares against an extent (`offs_n < N`
// gives offs_n -> "N"; a number literal or tl.constexpr extent is ignored): that extent, the vector's block
// size, and the pointer parameters accessed under such a mask: evidence the kernel itself
// treats that extent of those tensors as possibly ragged. Reads mask= arguments and the
// names bound to them.
struct RaggedBlock {
  std::string dim;
  std::string block;
  std::set<std::string> bases;
};
std::map<std::string, RaggedBlock> ragged_blocks(const lang::SyntaxTree& tree, const lang::Function& kernel,
                                                 const VectorNames& v);

// Whether the expression `text` at line `line` of the kernel derives from vector name `target`
// through the bindings that reach it: each name read is followed to its last assignment before
// the line (not to every assignment of the name in the kernel), so a scalar `kv_loc` loaded
// before a loop does not inherit the tile of a `kv_loc` the loop rebinds later.
bool reaches_vector(const lang::SyntaxTree& tree, const lang::Function& kernel, std::string_view text, int line,
                    const std::string& target);

// Whether a call launches a kernel: `kernel[grid](...)`.
bool is_kernel_launch(const lang::Call& call);
// Whether a file's launches take their knobs from a tuned config: `config["num_warps"]`,
// `cfg.get("waves_per_eu")`, `**config` in a launch, a `get_*config(...)` call.
bool launch_knobs_from_config(std::string_view source);
// Whether a keyword argument is a Triton launch knob (num_warps, num_stages, num_ctas,
// waves_per_eu, matrix_instr_nonkdim, kpack).
bool is_launch_knob(std::string_view keyword);

}  // namespace rp
