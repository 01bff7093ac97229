// Facts about the operands of index arithmetic in kernels, shared by the rules that reason
// about integer width (int32-index-overflow today): where a Python name read inside a kernel
// is defined and whether its value is fixed when the kernel is traced (a compile-time
// constant: a literal, a module constant, a `tl.constexpr`/`Constexpr[int]` parameter, a
// Python int default, a value of the host function that builds the kernel, a loop variable
// over a constant range) or only known when it runs; the integer width a parameter
// annotation declares; the other terms of the sum a product is added into; whether a value
// reaches only comparisons. (Which added lines are only moved or re-indented: analysis/new_code.)
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

#include "core/change_set.h"
#include "lang/syntax.h"

namespace rp {

// When the value of a Python expression is known.
enum class ValueTime {
  CompileTime,  // fixed when the kernel is traced/compiled
  Runtime,      // a kernel argument, a thread/program id, a load, or derived from one
  Unknown,      // not resolvable here (an unannotated parameter of a plain helper, a builtin)
};

// Whether a Python function is traced for the GPU (`@triton.jit`, `@gluon.jit`,
// `@flyc.kernel`, `@flyc.jit`): a decorator naming `jit` or `kernel`.
bool is_traced_function(lang::Node function_definition);

// When the value of Python expression `expr` is known. Literals are compile-time; a name
// resolves to its definition (innermost enclosing function first, then the module):
//   - a module-level binding (constant, import, function) is compile-time;
//   - a binding in a plain host function that encloses the traced kernel (the `compile_*`
//     builder whose locals the kernel closes over) is compile-time;
//   - a parameter annotated `constexpr`/`Constexpr[...]` is compile-time; a parameter of a
//     traced function otherwise is runtime; a parameter of a plain function annotated with a
//     Python scalar type (`int`, `bool`) or with a literal default is compile-time, one
//     annotated with a DSL type (`fx.Int32`, `fx.Tensor`) is runtime, an unannotated one
//     without default is unknown;
//   - a local is what all of its assigned values are (tuple unpacking by position), a loop
//     variable what its iterable is (`range_constexpr(V)`, `range(0, NUM_TILES)`).
// Operators combine their operands (runtime wins over unknown, unknown over compile-time).
// A call is runtime when its callee is an attribute of a module (`gl.program_id(0)`,
// `fx.thread_idx`), except a scalar conversion (`fx.Int32(k)`, `triton.cdiv`) of
// compile-time arguments; a bare call (`min(4, BN // 16)`) is what its arguments are.
ValueTime python_value_time(const lang::SyntaxTree& tree, lang::Node expr);

// What is known of a Python value: when it is known; whether it is data read from memory
// (derives from a `*load*` call: a row start, a pool slot, unlike a thread id or a tile
// index, its size is not bounded by the launch); and its integer value when it folds from
// literals through names and `+ - * // % << >>` (`K = 128`, `TILE = BLOCK * 4`).
//
// `grid`: the value derives from a program id (a row of the launch grid). `paged`: filled only
// by page_table_slot() below.
struct ValueFacts {
  ValueTime time = ValueTime::Unknown;
  bool loaded = false;
  std::optional<int64_t> value;
  bool grid = false;
  bool paged = false;
};
ValueFacts python_value_facts(const lang::SyntaxTree& tree, lang::Node expr);

// Whether Python expression `expr` derives from data read from a row of an index table that a
// program id selects, times a runtime extent (`blk = gl.load(block_table + pid_b * max_blocks
// + j)`, also through a local row pointer `row = table + seq * width; gl.load(row + j)`): a
// page-table lookup. The slot it yields addresses a pool (a KV cache sized to fill the device),
// not a table of this launch, unlike a row read from a flat list (`ids + pid * BLOCK`).
bool page_table_slot(const lang::SyntaxTree& tree, lang::Node expr);

// The integer width a parameter annotation or a type declares: 64 for `tl.int64`,
// `tl.uint64`, `gl.int64`, `fx.Int64`, `int64_t`, `size_t`; 32 for `tl.int32`, `fx.Int32`,
// `int`, `int32_t`, `uint32_t`; 0 when it declares no integer width (`tl.constexpr`, none).
int declared_int_width(std::string_view annotation);

// The other terms of the `+`/`-` chain that `n` is a term of, through parentheses:
// for the product in `Y + a.to(tl.int64) * s + b * t` that is `Y` and `a.to(tl.int64) * s`.
// Empty when `n` is not added to anything.
std::vector<lang::Node> sum_sibling_terms(lang::Node n);

// Whether the value of Python expression `n` reaches only comparisons: `n` sits (through
// arithmetic, parentheses and scalar conversions) inside a comparison, or is assigned to names
// whose every read does so (followed through further assignments). A bound compared against
// a limit (`col0 + i < valid_dim`) never addresses memory.
bool reaches_only_comparisons(const lang::SyntaxTree& tree, lang::Node n);

}  // namespace rp
