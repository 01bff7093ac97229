#include "analysis/operand_facts.h"

#include <gtest/gtest.h>

#include "lang/syntax.h"
#include "source/unified_diff.h"

namespace rp {
namespace {

using lang::Grammar;
using lang::Node;
using lang::SyntaxTree;

std::unique_ptr<SyntaxTree> py(const std::string& src) { return SyntaxTree::parse(Grammar::Python, src); }

// The last node whose text is `text` (the innermost use, after the definitions).
Node find(const SyntaxTree& tree, std::string_view text, std::string_view kind = "") {
  Node found;
  lang::walk(tree.root(), [&](Node n) {
    if (n.text() == text && (kind.empty() || n.kind() == kind)) found = n;
    return true;
  });
  return found;
}

ValueTime time_of(const SyntaxTree& tree, std::string_view text) {
  Node n = find(tree, text);
  EXPECT_TRUE(n) << text;
  return python_value_time(tree, n);
}

// A FlyDSL-shaped builder: a plain function closes a traced kernel over its Python values.
const char* kBuilder = R"(
import flydsl.expr as fx
from .common import ROW_PITCH

_LANES = 128

def build(n_cols: int, split: int, vec=4, *, dtype="bf16"):
    chunks = n_cols // split
    @fx.kernel
    def body(out: fx.Pointer, rows: fx.Int32, mode: fx.Constexpr[int]):
        lane = fx.Int32(fx.thread_idx.x)
        grp, sub = fx.block_idx.x, 3
        width = mode * 2 if dtype == "bf16" else mode
        for step in range_constexpr(split):
            use(step)
        for r in range(rows):
            use(r)
        use(chunks, vec, _LANES, ROW_PITCH, lane, grp, sub, width, rows, mode, step, r)
    return body

def helper(seq_start, K, tile=16):
    use(seq_start, K, tile)
)";

TEST(OperandFacts, ClosureAndModuleValuesAreCompileTime) {
  auto t = py(kBuilder);
  EXPECT_EQ(time_of(*t, "chunks"), ValueTime::CompileTime);     // builder local
  EXPECT_EQ(time_of(*t, "vec"), ValueTime::CompileTime);        // builder parameter default
  EXPECT_EQ(time_of(*t, "_LANES"), ValueTime::CompileTime);     // module constant
  EXPECT_EQ(time_of(*t, "ROW_PITCH"), ValueTime::CompileTime);  // imported constant
}

TEST(OperandFacts, KernelParametersAndIdsAreRuntime) {
  auto t = py(kBuilder);
  EXPECT_EQ(time_of(*t, "rows"), ValueTime::Runtime);   // fx.Int32 parameter of a traced function
  EXPECT_EQ(time_of(*t, "mode"), ValueTime::CompileTime);  // Constexpr parameter
  EXPECT_EQ(time_of(*t, "lane"), ValueTime::Runtime);   // thread id through a conversion
  EXPECT_EQ(time_of(*t, "grp"), ValueTime::Runtime);    // tuple unpacking, by position
  EXPECT_EQ(time_of(*t, "sub"), ValueTime::CompileTime);
  EXPECT_EQ(time_of(*t, "width"), ValueTime::CompileTime);  // conditional over compile-time values
  EXPECT_EQ(time_of(*t, "step"), ValueTime::CompileTime);   // loop over a constant range
  EXPECT_EQ(time_of(*t, "r"), ValueTime::Runtime);          // loop over a runtime range
}

TEST(OperandFacts, UnannotatedHelperParametersAreUnknown) {
  auto t = py(kBuilder);
  EXPECT_EQ(time_of(*t, "seq_start"), ValueTime::Unknown);
  EXPECT_EQ(time_of(*t, "K"), ValueTime::Unknown);
  EXPECT_EQ(time_of(*t, "tile"), ValueTime::CompileTime);  // literal default
}

TEST(OperandFacts, TritonConstexprAndSelfReference) {
  auto t = py(R"(
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr):
    acc = 0
    acc = acc + n
    HALF: tl.constexpr = BLOCK // 2
    use(acc, HALF, n)
)");
  EXPECT_EQ(time_of(*t, "HALF"), ValueTime::CompileTime);
  EXPECT_EQ(time_of(*t, "n"), ValueTime::Runtime);
  EXPECT_EQ(time_of(*t, "acc"), ValueTime::Runtime);
}

TEST(OperandFacts, LoadedDataAndFoldedValues) {
  auto t = py(R"(
import flydsl.expr as fx
_ROWS = 1 << 4
K = 128

@fx.kernel
def k(offs: fx.Tensor):
    TILE = _ROWS * 8
    start = fx.buffer_ops.buffer_load(offs, 0)
    start = fx.rocdl.readfirstlane(fx.T.i32(), start)
    bid = fx.block_idx.x
    use(TILE, K, start, bid)
)");
  ValueFacts tile = python_value_facts(*t, find(*t, "TILE"));
  EXPECT_EQ(tile.time, ValueTime::CompileTime);
  EXPECT_EQ(tile.value, 128);
  EXPECT_EQ(python_value_facts(*t, find(*t, "K")).value, 128);
  ValueFacts start = python_value_facts(*t, find(*t, "start"));
  EXPECT_EQ(start.time, ValueTime::Runtime);
  EXPECT_TRUE(start.loaded);
  ValueFacts bid = python_value_facts(*t, find(*t, "bid"));
  EXPECT_EQ(bid.time, ValueTime::Runtime);
  EXPECT_FALSE(bid.loaded);
}

// A page-table slot (read from the row of an index table that a program id selects, times a
// runtime row length) is `paged`; a row read from a flat list of this launch is only loaded;
// a program id and what derives from it is `grid`, through method calls too.
TEST(OperandFacts, GridRowsAndPageTableSlots) {
  auto t = py(R"(
from triton.experimental.gluon import language as gl

@gluon.jit
def k(pool, table, ids, width, BLOCK: gl.constexpr):
    pid = gl.program_id(0)
    seq, part = pid // 4, pid % 4
    slot = gl.load(table + seq * width + part)
    kept = gl.amd.cdna3.buffer_load(ptr=table, offsets=seq * width + 1)
    row = gl.load(ids + pid * BLOCK + part)
    wide = slot.to(gl.int64)
    tile = pid * BLOCK
    row_ptr = table + seq * width
    via = gl.load(row_ptr + 2)
    use(pid, seq, slot, kept, row, wide, tile, width, via)
)");
  auto facts = [&](std::string_view name) { return python_value_facts(*t, find(*t, name)); };
  auto paged = [&](std::string_view name) { return page_table_slot(*t, find(*t, name)); };
  EXPECT_TRUE(facts("seq").grid);
  EXPECT_FALSE(paged("seq"));
  EXPECT_TRUE(paged("slot"));
  EXPECT_TRUE(facts("slot").loaded);
  // python_value_facts does not pay for the page-table question.
  EXPECT_FALSE(facts("slot").paged);
  EXPECT_TRUE(paged("kept"));
  EXPECT_TRUE(paged("wide"));
  // The row pointer is a local: followed to its definition.
  EXPECT_TRUE(paged("via"));
  // A program id times a compile-time tile selects no table row of runtime length.
  EXPECT_FALSE(paged("row"));
  EXPECT_TRUE(facts("row").loaded);
  EXPECT_TRUE(facts("tile").grid);
  EXPECT_FALSE(facts("width").grid);
}

TEST(OperandFacts, DeclaredIntWidth) {
  EXPECT_EQ(declared_int_width("tl.uint64"), 64);
  EXPECT_EQ(declared_int_width("tl.int64"), 64);
  EXPECT_EQ(declared_int_width("fx.Int64"), 64);
  EXPECT_EQ(declared_int_width("int64_t"), 64);
  EXPECT_EQ(declared_int_width("tl.int32"), 32);
  EXPECT_EQ(declared_int_width("fx.Int32"), 32);
  EXPECT_EQ(declared_int_width("tl.constexpr"), 0);
  EXPECT_EQ(declared_int_width(""), 0);
}

TEST(OperandFacts, SumSiblingTerms) {
  auto t = py("p = base + row.to(tl.int64) * sm + (col * sn)\nq = a * b\n");
  Node prod = find(*t, "col * sn", "binary_operator");
  std::vector<Node> terms = sum_sibling_terms(prod);
  ASSERT_EQ(terms.size(), 2u);
  EXPECT_EQ(terms[0].text(), "base");
  EXPECT_EQ(terms[1].text(), "row.to(tl.int64) * sm");
  EXPECT_TRUE(sum_sibling_terms(find(*t, "a * b", "binary_operator")).empty());
}

TEST(OperandFacts, ReachesOnlyComparisons) {
  auto t = py(R"(
def f(tile, tid, lim, buf):
    bound = fx.Int32(tile) * fx.Int32(tid) + 3
    keep = [(bound + i < lim) for i in range(4)]
    start = fx.Int32(tid) * fx.Int32(lim)
    buf[start] = 0
    if tile * lim > 9:
        pass
)");
  EXPECT_TRUE(reaches_only_comparisons(*t, find(*t, "fx.Int32(tile) * fx.Int32(tid)", "binary_operator")));
  EXPECT_FALSE(reaches_only_comparisons(*t, find(*t, "fx.Int32(tid) * fx.Int32(lim)", "binary_operator")));
  EXPECT_TRUE(reaches_only_comparisons(*t, find(*t, "tile * lim", "binary_operator")));
}

}  // namespace
}  // namespace rp
