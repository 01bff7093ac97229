// int32-index-overflow: an index x runtime-extent product computed in 32 bits and used as a
// pointer offset in device code (C++/HIP kernels, Triton/Gluon kernels, FlyDSL Int32 casts).
// Structural, no name lists: which factors are runtime values comes from the kernel's own
// parameters, thread/block ids and loads, which are constants from constexpr/literals.
#include <re2/re2.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/new_code.h"
#include "analysis/operand_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "int32-index-overflow",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "An index x extent product in device code is computed in 32 bits and used as a pointer offset.",
    .docs = R"(What it catches, on added lines of device code:
- C/C++/HIP: inside a `__global__`/`__device__` function, a local declared `int`/`int32_t`/
  `unsigned`/`uint32_t` whose value multiplies an index (derived from `blockIdx`/`threadIdx`
  or read from memory) by another runtime value (a non-template parameter of the function or
  something derived from one), with no factor widened to 64 bits (`int64_t` parameter or local,
  `static_cast<int64_t>`, `(long)`, `size_t`), and the local is then used as a pointer offset
  (`ptr + off`, `ptr[off]`).
- Triton/Gluon (`@triton.jit`, `@gluon.jit`): a product of a value loaded from memory (a block
  table entry, a KV index) and a runtime (non-`constexpr`) kernel parameter such as a stride,
  with no `.to(tl.int64)` on either, inside the offsets of a load/store or assigned to a name
  that reaches one. Triton passes such parameters as i32 when they fit.
- FlyDSL: `Int32(a) * Int32(b)` with both operands runtime values. Each operand is resolved
  to its definition: a literal, a module constant, a `Constexpr[...]` parameter, a Python `int`
  parameter or default of a plain function, a value of the builder function the kernel closes
  over, or a loop variable over a constant range is fixed when the kernel is traced and bounds
  the product (`block_idx * TILE` is a thread index); an unannotated parameter of a plain
  helper (`seq_start`, `K`) cannot be resolved and counts as a runtime extent. A value read
  from memory (a row start from `buffer_load`) times a known constant fires when the wrap is
  reachable (`seq_start * K` with module constant K = 128: red, with the trigger).
- The author's own widening: when the same index is widened to 64 bits before a multiply
  elsewhere (`static_cast<int64_t>(row) * in_stride`, `row.to(tl.int64) * stride_x`,
  `fx.Int64(seq_start) * fx.Int64(N)`; times a runtime value, not a literal element size) in the same kernel, a sibling kernel of the file (C++),
  or another file of the PR (FlyDSL: the backward kernel of the same op), for the same tensor
  (the line assigns the same offset name, `a_row_off`/`a_row_off`, `out_base`/`out_offset`, or
  adds it to or subscripts the same pointer), an unwidened product of that index is red, with
  that line as the trigger's scale. In the same kernel this also reports one block index or
  program id times one stride (otherwise left out) as a warn. A widening for another tensor
  (the query rows beside a per-head LSE or gate table a fraction of their size) says nothing
  about this tensor's size: it is cited in the finding but does not count, unless the
  unwidened product scales the index by a whole row of two or more runtime extents
  (`tok * (groups * group_size)`, a packed copy of the widened rows) with no fewer
  multiplications than the widened line (`(int64_t)(b * seq + s) * n_heads * HEAD_DIM` beside
  `b * seq * n_heads` is a per-head table beside the activations): then a warn. A product
  stored into a local that is scaled again (`tile = pid_b * n_tiles + t`, then `tile * s`) is a
  row number, not an offset, and is not reported this way.
- AMD buffer ops (`buffer_load`/`buffer_store`/buffer atomics of Gluon and Triton): an index
  (a program id or a value read from memory) times a runtime stride inside the offsets. The
  hardware adds a 32-bit offset to one base pointer, so widening other terms does not help and
  the access goes wrong past 2 GiB of that tensor. A note when whether the tensor gets there
  is not known here (a query row of heads x head_dim, an LSE table, a MoE activation row
  gathered from a flat list of routed ids); a warn when what the offset walks says the
  tensor is large on its own account: the index is a slot read from a page-table row that a
  program id selects (`blk = load(block_table + seq * max_blocks + j)`: a KV pool sized by the
  device's memory, not by the launch), or a program-id row is walked by a position read from
  memory (`row * stride + pos` with `pos` running to a context length read from memory: a
  [rows, context] score matrix grows with both); red when the author widens the same index
  elsewhere (above). One finding per tensor and kernel; sites of that tensor the PR only re-indented
  or moved are listed with it (the fix has to cover them), never reported alone.
The trigger is computed where the other factors are known (literals, constexpr locals): the
smallest index at which the product passes 2^31 ("index >= 524,288 with 4096 known"): red.
When a factor is a runtime extent with no known value the finding carries no trigger and is a
note (a located candidate; measured on the last 300 commits of aiter and ATOM, about a quarter
of these addressed a tensor that can pass 2^31 elements).
Why it matters: the product wraps at 2^31 and the kernel reads or writes another row, silently,
only at production scale (long context, large KV pools).
Does not fire on: products where a factor is already 64-bit (an `int64_t` stride parameter, a
`stride: tl.int64`/`tl.uint64` kernel parameter, a local widened earlier, `.to(tl.int64)`,
`fx.Int64`), products added to a 64-bit term (`Y + row.to(tl.int64) * stride_m + col *
stride_n`: the author widened the term that scales), FlyDSL products only compared against a
limit (`col0 + i < valid_dim`), lines the PR only re-indented or moved (the same code on a removed line of any file of the PR), products of compile-time constants
(`constexpr` tile sizes, template parameters, literals) with one index (`blockIdx.x * 256`),
host code (no `__global__`/`__device__`), a block/thread index times a single stride in C++
(a row of one tensor: it wraps only past 2^31 elements) unless the kernel widens that same
index elsewhere (a widened other index, or the same index widened only in another kernel, does
not count), reads of an index table (a load whose
value is itself used as an address: block tables, request-to-token maps), products that never reach a pointer offset (loop
bounds, a count compared against a limit), `program_id` x stride in Triton (the tensor itself
would have to exceed 2^31 elements; this rule keeps to loaded pool indices) unless the kernel
widens that program id elsewhere or the offset feeds an AMD buffer op, buffer-op offsets that
read an index table (a page table row) or scale a program id by a compile-time tile, unchanged lines,
and test files.
Also reported, as notes: a runtime `int`/`int32_t`/`unsigned` parameter the PR adds to a
`__global__` kernel signature and the body multiplies inside a subscript or a pointer offset
(no width annotation); and a NOT SCANNED list of changed source files too large to parse, so an
empty D9 is not read as absence.)"};

constexpr int64_t kLimit = int64_t{1} << 31;

bool is_wide_type(std::string_view t) {
  static const RE2 re(R"(\b(int64_t|uint64_t|long|size_t|ptrdiff_t|long_index_t|intptr_t|uintptr_t|index64_t)\b)");
  return RE2::PartialMatch(std::string(t), re);
}
bool is_narrow_int_type(std::string_view t) {
  static const RE2 re(R"(^\s*(const\s+)?(int|int32_t|unsigned|unsigned int|uint32_t)\s*$)");
  return RE2::FullMatch(std::string(t), re);
}
bool mentions_widening(std::string_view text) {
  static const RE2 re(R"((int64|uint64|\blong\b|size_t|Int64|i64|ptrdiff_t))");
  return RE2::PartialMatch(std::string(text), re);
}

std::string with_commas(int64_t v) {
  std::string s = std::to_string(v), out;
  int n = 0;
  for (size_t i = s.size(); i-- > 0;) {
    out.insert(out.begin(), s[i]);
    if (++n % 3 == 0 && i > 0) out.insert(out.begin(), ',');
  }
  return out;
}

std::optional<int64_t> parse_int_literal(std::string_view t) {
  t = trim(t);
  while (!t.empty() && (t.back() == 'u' || t.back() == 'U' || t.back() == 'l' || t.back() == 'L')) t.remove_suffix(1);
  if (t.empty() || t.size() > 12) return std::nullopt;
  int64_t v = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

// Flattens a chain of `*` (through parentheses) into its factors.
void factors_of(Node n, std::vector<Node>& out) {
  while (n && is(n, NodeKind::Parenthesized) && n.named_children().size() == 1) n = n.named_children().front();
  if (n && (is_any(n, {NodeKind::BinaryOp, NodeKind::BinaryOp}))) {
    Node op = n.child_by_field("operator");
    if (op && op.text() == "*") {
      factors_of(n.child_by_field("left"), out);
      factors_of(n.child_by_field("right"), out);
      return;
    }
  }
  if (n) out.push_back(n);
}

// Whether a `*` node is the top of its chain (its parent is not another `*`).
bool is_top_product(Node n) {
  Node p = n.parent();
  while (p && is(p, NodeKind::Parenthesized)) p = p.parent();
  if (!p || (!is(p, NodeKind::BinaryOp) && !is(p, NodeKind::BinaryOp))) return true;
  Node op = p.child_by_field("operator");
  return !(op && op.text() == "*");
}

bool is_product(Node n) {
  if (!is(n, NodeKind::BinaryOp) && !is(n, NodeKind::BinaryOp)) return false;
  Node op = n.child_by_field("operator");
  return op && op.text() == "*";
}

// What is known about the names of one kernel.
struct Scope {
  std::set<std::string> runtime;  // parameters and values derived from them
  std::set<std::string> index;    // thread/block ids, loaded values and what derives from them
  std::set<std::string> data;     // values read from memory and what derives from them
  std::set<std::string> wide;     // 64-bit
  std::map<std::string, int64_t> known;  // compile-time values
  std::set<std::string> pointers;        // C++ pointer parameters/locals
};

bool any_in(const std::vector<std::string>& names, const std::set<std::string>& set) {
  for (const std::string& s : names)
    if (set.count(s)) return true;
  return false;
}

// A factor's classification.
struct FactorFacts {
  bool index = false, runtime = false, wide = false, data = false;
  std::optional<int64_t> value;
  std::string text;
};

FactorFacts classify(const SyntaxTree& tree, Node f, const Scope& s, bool cpp) {
  FactorFacts x;
  x.text = collapse_whitespace(f.text());
  if (mentions_widening(x.text)) x.wide = true;
  if (auto v = parse_int_literal(x.text)) x.value = v;
  std::vector<std::string> names = names_read(tree, f);
  if (names.size() == 1 && s.known.count(names[0]) && x.text == names[0]) x.value = s.known.at(names[0]);
  if (any_in(names, s.wide)) x.wide = true;
  if (any_in(names, s.index)) x.index = true;
  if (any_in(names, s.data)) x.data = x.index = true;
  if (cpp && (x.text.find("blockIdx") != std::string::npos || x.text.find("threadIdx") != std::string::npos))
    x.index = true;
  if (any_in(names, s.runtime)) x.runtime = true;
  if (x.value) x.runtime = x.index = x.data = false;
  return x;
}

// A line that widens an index to 64 bits before a multiply.
struct Twin {
  std::string path;
  int line = 0;
  std::string index, text;
};

struct Candidate {
  Node product;
  std::vector<FactorFacts> factors;
  std::string target;  // the local it is stored into ("" when inline)
  // The author's own 64-bit twins: lines (of this kernel, a sibling kernel of the file, or
  // another file of the PR) that widen the same index before multiplying it. Only a twin of
  // the same tensor (report() chooses) says this product reaches 2^31.
  std::vector<Twin> twins;
  // AMD buffer op: the offset is 32 bits from one base pointer whatever the arithmetic width.
  std::string buffer_ptr;
  std::vector<int> twins_moved;  // same-tensor sites the PR re-indented or moved (related only)
  bool loaded_index = false;     // the index was read from memory (a pool slot), not a program id
  // Why a buffer op's tensor outgrows 2 GiB independently of this launch's tables (then a
  // warn): the index is a page-table slot of a pool (`paged_slot`), or the program-id row is
  // walked by a position read from memory, a row as long as a context (`data_walk`).
  std::string paged_slot, data_walk;
  bool excused_shape = false;    // one block index / program id times one stride: only the twin reports it
};

// A finding with the key it is grouped under (function, and the tensor a buffer op addresses).
struct Site {
  Finding finding;
  std::string group;
};

// The lines of [from, to] (other than `skip`, at most kMaxTwins) where `name` itself is
// widened to 64 bits and multiplied (`static_cast<int64_t>(name) * s`, `(long)name * s`, `name.to(tl.int64) * s`,
// `fx.Int64(name) * fx.Int64(s)`): the author's evidence that this index times a stride
// reaches 2^31 (of the tensor those lines address).
constexpr size_t kMaxTwins = 8;
std::vector<int> widened_twins(const SyntaxTree& tree, int from, int to, const std::string& name, int skip,
                               bool python) {
  std::vector<int> lines;
  if (name.empty()) return lines;
  std::string n = RE2::QuoteMeta(name);
  const std::string wide = R"((?:int64_t|uint64_t|long|long long|size_t|ptrdiff_t))";
  const std::string pattern(R"(static_cast\s*<\s*)" + wide + R"(\s*>\s*\(\s*)" + n + R"(\s*\)|\(\s*)" + wide + R"(\s*\)\s*)" + n +
         R"(\b|\b(?:int64_t|uint64_t|size_t)\s*\(\s*)" + n + R"(\s*\)|\b)" + n +
         R"(\s*\.to\(\s*(?:tl|gl)\.u?int64\s*\)|\bInt64\(\s*)" + n + R"(\s*\))");
  const RE2 re("(" + pattern + ")");
  // What the widened index is multiplied by must be a runtime extent, not a literal:
  // `Int64(e) * Int64(4)` forms a byte address of a small table, not a scaled row.
  static const RE2 literal_factor(R"(^\s*\*\s*(?:\w+\.)?(?:Int64\(\s*)?\d)");
  for (int line = std::max(1, from); line <= to; ++line) {
    if (line == skip) continue;
    std::string code(code_part(tree.line_text(line), python));
    re2::StringPiece rest(code.data(), code.size()), m;
    if (!RE2::FindAndConsume(&rest, re, &m)) continue;
    std::string after(rest.data(), rest.size());
    if (trim(after).empty()) after = std::string(code_part(tree.line_text(line + 1), python));
    if (!trim(after).starts_with("*") || RE2::PartialMatch(after, literal_factor)) continue;
    lines.push_back(line);
    if (lines.size() >= kMaxTwins) break;
  }
  return lines;
}

void add_twins(const SyntaxTree& tree, const std::string& path, const std::string& index,
               const std::vector<int>& lines, std::vector<Twin>& out) {
  for (int at : lines)
    if (out.size() < kMaxTwins) out.push_back({path, at, index, std::string(tree.line_text(at))});
}

// What a name says it addresses: `out_base`, `out_offset`, `out_ptr` all address `out`.
std::string tensor_stem(std::string name) {
  static const RE2 suffix(R"((?:_(?:offset|offs|off|base|ptr|idx|index|start))+$)");
  RE2::Replace(&name, suffix, "");
  return name;
}

// The pointers `name` offsets on a line: `p[... name ...]`, `p + name`, `name + p`, as stems.
std::set<std::string> pointers_offset_by(std::string_view code, const std::string& name) {
  std::set<std::string> out;
  const std::string n = RE2::QuoteMeta(name);
  const RE2 use(R"(\b([A-Za-z_]\w*)\s*\[[^\]]*\b)" + n + R"(\b|\b([A-Za-z_]\w*)\s*\+\s*)" + n + R"(\b|\b)" + n +
                R"(\s*\+\s*([A-Za-z_]\w*)\b)");
  re2::StringPiece rest(code.data(), code.size());
  std::string a, b, c;
  while (RE2::FindAndConsume(&rest, use, &a, &b, &c))
    for (const std::string& p : {a, b, c})
      if (!p.empty() && p != name && p.size() > 1) out.insert(tensor_stem(p));
  return out;
}

// The tensors a line of code names as addressed: the target it assigns (`x_off = ...`,
// `const int64_t x_off = ...`), a pointer the offset is added to (`q + ...`, `... + q`) and an
// array it subscripts (`a[...]`), as stems.
std::set<std::string> addressed_tensors(std::string_view code, const std::string& index) {
  std::set<std::string> out;
  // Factors (`x * s`, `s * x`) are extents, not tensors.
  std::set<std::string> factors;
  static const RE2 factor(R"((\b[A-Za-z_]\w*)\s*\)?\s*\*[^*]|\*\s*\(?\s*([A-Za-z_]\w*)\b)");
  static const RE2 target(R"(^\s*(?:[\w:<>\*&]+\s+)*\**(\w+)\s*=[^=])");
  static const RE2 added(R"((\b[A-Za-z_]\w*)\s*\+|\+\s*([A-Za-z_]\w*)\b\s*(?:[-+;,)]|$))");
  static const RE2 subscripted(R"(\b([A-Za-z_]\w*)\s*\[)");
  std::string t, a, b;
  re2::StringPiece rest(code.data(), code.size());
  while (RE2::FindAndConsume(&rest, factor, &a, &b)) factors.insert(a.empty() ? b : a);
  // A generic offset name (`offsets=` of a buffer op, `off`, `idx`) names no tensor.
  static const RE2 generic(R"((?:offsets?|offs?|base|ptrs?|idx|index|start|[a-z]))");
  auto keep = [&](const std::string& n) {
    if (n.empty() || n == index || factors.count(n)) return;
    std::string stem = tensor_stem(n);
    if (!RE2::FullMatch(stem, generic)) out.insert(stem);
  };
  if (RE2::PartialMatch(code, target, &t)) factors.erase(t), keep(t);
  rest = re2::StringPiece(code.data(), code.size());
  while (RE2::FindAndConsume(&rest, added, &a, &b)) keep(a), keep(b);
  rest = re2::StringPiece(code.data(), code.size());
  while (RE2::FindAndConsume(&rest, subscripted, &a)) keep(a);
  return out;
}

// The verdict for a product. Nothing may be widened. Either an index meets another runtime
// extent (no trigger: the extent is unknown), or an index read from memory (a pool slot, a
// sequence start) meets only known constants whose product makes the wrap reachable: the
// index that wraps is at most 2^24.
bool overflow_shape(const std::vector<FactorFacts>& fs) {
  int index = 0, runtime_other = 0, data = 0;
  int64_t known = 1;
  for (const FactorFacts& f : fs) {
    if (f.wide) return false;
    if (f.index) ++index;
    else if (f.runtime) ++runtime_other;
    if (f.data) ++data;
    if (f.value) known = known > kLimit ? known : known * *f.value;
  }
  if (index >= 1 && runtime_other >= 1) return true;
  return index == 1 && data == 1 && runtime_other == 0 && known > 1 && kLimit / known <= (int64_t{1} << 24);
}

// How many factors are runtime extents other than the index (`num_heads`, `head_dim`).
int runtime_extents(const std::vector<FactorFacts>& fs) {
  int n = 0;
  for (const FactorFacts& f : fs)
    if (f.runtime && !f.index && !f.value && !f.wide) ++n;
  return n;
}

// "idx >= 524,288 with H=32, D=128" when every factor but one index is known; "" otherwise.
std::string trigger_for(const std::vector<FactorFacts>& fs) {
  int64_t known = 1;
  const FactorFacts* free_factor = nullptr;
  std::string with;
  for (const FactorFacts& f : fs) {
    if (f.value) {
      known *= *f.value;
      if (!with.empty()) with += ", ";
      with += f.text;
      if (f.text != std::to_string(*f.value)) with += "=" + std::to_string(*f.value);
      continue;
    }
    if (free_factor) return "";
    free_factor = &f;
  }
  if (!free_factor || known <= 1) return "";
  int64_t at = (kLimit + known - 1) / known;
  return "`" + free_factor->text + "` >= " + with_commas(at) + " (with " + with + "): the product passes 2^31";
}

class Int32IndexOverflow : public FileRuleWithState<kInfo, NewCode> {
 public:
  NewCode prepare(const ReviewContext& ctx) const override { return NewCode(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, NewCode& new_code, const FileChange& judged,
                  std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(judged)) {
      if (f.status == FileStatus::Deleted || f.binary || is_test_path(f.new_path)) continue;
      bool py = is_python(f.new_path);
      if (!py && !is_cpp_family(f.new_path)) continue;
      // Lines the PR only re-indented or moved (within the file or from another) are not new code.
      const std::set<int> written = added_line_numbers(f);
      std::set<int> added = written;
      std::erase_if(added, [&](int line) { return new_code.moved(f, line); });
      if (added.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      std::vector<Site> found;
      for (const Function& fn : tree->functions()) {
        if (!touches_added(added, fn.start_line, fn.end_line) || !fn.body) continue;
        if (py && is_gpu_jit(fn)) scan_triton(*tree, fn, f.new_path, added, written, found);
        if (!py && is_device(fn)) scan_cpp(*tree, fn, f.new_path, added, found);
      }
      if (py) scan_flydsl(ctx, *tree, f.new_path, added, found);
      if (!py) narrow_new_params(*tree, f.new_path, added, found);
      group_by_function(*tree, found, out);
    }
  }
  void totals(const ReviewContext& ctx, NewCode&, std::vector<Finding>& out) const override { not_scanned(ctx, out); }

 private:
  // One finding per function: the first site (a red one when there is one) carries the others
  // as related places, so a kernel with the pattern on every load is one finding, not forty.
  // An AMD buffer op's sites are grouped per tensor (the KV pool and the output row are two
  // fixes), the rest per function.
  static void group_by_function(const SyntaxTree& tree, std::vector<Site>& found, std::vector<Finding>& out) {
    std::map<std::string, size_t> first;  // function start line (+ tensor) -> index into `out`
    // The head is the strongest site: one with a trigger, else the most severe (a lifted
    // page-table slot among notes of the same tensor).
    std::stable_sort(found.begin(), found.end(), [](const Site& a, const Site& b) {
      bool ta = !a.finding.trigger.empty(), tb = !b.finding.trigger.empty();
      if (ta != tb) return ta;
      return a.finding.severity > b.finding.severity;
    });
    for (Site& site : found) {
      Finding& x = site.finding;
      std::optional<Function> fn = tree.enclosing_function(x.location->line);
      std::string key = (fn ? std::to_string(fn->start_line) : "module") + site.group;
      auto it = first.find(key);
      if (it == first.end()) {
        first[key] = out.size();
        out.push_back(std::move(x));
        continue;
      }
      Finding& head = out[it->second];
      head.related.push_back(*x.location);
      if (head.evidence.size() < 6) head.evidence.push_back(x.evidence.front());
    }
    for (auto& [key, idx] : first) {
      Finding& head = out[idx];
      size_t more = 0;
      for (const Location& l : head.related)
        if (l.line != head.location->line) ++more;
      (void)key;
      if (more > 0) head.problem += " (same pattern at " + std::to_string(more) + " more places in this function)";
    }
  }

  static bool is_gpu_jit(const Function& fn) {
    for (const std::string& d : fn.decorators)
      if (d.find("jit") != std::string::npos) return true;
    return false;
  }
  // Deterministic bar 67, first extra: a runtime parameter the PR adds to a `__global__`
  // kernel's signature as a 32-bit int (not a template parameter, not a pointer) that the body
  // multiplies inside a subscript or a pointer offset. A note: the extent's production size is
  // not known here.
  void narrow_new_params(const SyntaxTree& tree, const std::string& path, const std::set<int>& added,
                         std::vector<Site>& found) const {
    for (const Function& fn : tree.functions()) {
      if (!fn.is_cuda_kernel || !fn.body) continue;
      for (const lang::Param& p : fn.params) {
        if (p.name.empty() || !p.node || !added.count(p.node.start_line()) || !is_narrow_int_type(p.annotation)) continue;
        Node decl = p.node.child_by_field("declarator");
        if (!decl || !is(decl, NodeKind::Identifier)) continue;
        int use = offset_use(tree, fn, p.name);
        if (!use) continue;
        Finding x = finding();
        x.severity = Severity::Note;
        x.location = Location{path, p.node.start_line()};
        x.problem = "New kernel parameter `" + collapse_whitespace(p.node.text()) + "` of " + fn.name +
                    " is 32-bit and is multiplied into a pointer offset at line " + std::to_string(use);
        x.impact = "The product is computed in int and wraps at 2^31: past that the kernel addresses another row";
        x.action = "Author must declare `" + p.name + "` as int64_t (or widen it before the multiply), or state "
                   "the bound that keeps the product under 2^31";
        x.evidence.push_back(evidence(path, p.node.start_line(), tree.line_text(p.node.start_line())));
        x.evidence.push_back(evidence(path, use, tree.line_text(use)));
        found.push_back({std::move(x), ""});
      }
    }
  }

  // The first body line where `name` is a factor of a product inside `[...]` or of a product
  // added to a pointer-like name (`*_ptr`, `ptr`, `base`); 0 when none.
  static int offset_use(const SyntaxTree& tree, const Function& fn, const std::string& name) {
    std::string n = RE2::QuoteMeta(name);
    std::string factor = R"((?:\b)" + n + R"(\s*\*|\*\s*)" + n + R"(\b))";
    RE2 subscript(R"(\[[^\]]*)" + factor + R"([^\]]*\])");
    RE2 pointer(R"(\b\w*(?:ptr|base|buf)\w*\s*\+[^;]*)" + factor);
    for (int line = fn.body.start_line(); line <= fn.body.end_line(); ++line) {
      std::string code(code_part(tree.line_text(line), false));
      if (RE2::PartialMatch(code, subscript) || RE2::PartialMatch(code, pointer)) return line;
    }
    return 0;
  }

  // Deterministic bar 67, second extra: changed device-capable files that could not be parsed
  // (too large, or no head text) are listed as NOT SCANNED, so an empty D9 is not read as
  // "no candidates".
  void not_scanned(const ReviewContext& ctx, std::vector<Finding>& out) const {
    if (!ctx.workspace.has_full_text()) return;
    std::vector<std::string> skipped;
    for (const std::string& p : ctx.workspace.unparsed()) {
      const FileChange* f = nullptr;
      for (const FileChange& c : ctx.pr.changes.files)
        if (c.new_path == p) f = &c;
      if (!f || f->binary || is_test_path(p) || (!is_python(p) && !is_cpp_family(p))) continue;
      if (added_line_numbers(*f).empty()) continue;
      if (std::find(skipped.begin(), skipped.end(), p) == skipped.end()) skipped.push_back(p);
    }
    if (skipped.empty()) return;
    Finding x = finding();
    x.severity = Severity::Note;
    x.location = Location{skipped[0], 0};
    std::string list;
    for (size_t i = 0; i < skipped.size(); ++i) {
      list += (i ? ", " : "") + skipped[i];
      if (i) x.related.push_back(Location{skipped[i], 0});
    }
    x.problem = "NOT SCANNED for int32 index overflow: " + list + " (too large to parse)";
    x.impact = "No D9 candidate from these files is not evidence of absence: they were never examined";
    x.action = "Reviewer should ask for (or do) a manual check of index x stride products in the added lines of "
               "these files";
    x.evidence.push_back("files over the parse limit: " + list);
    out.push_back(std::move(x));
  }

  static bool is_device(const Function& fn) {
    if (fn.is_cuda_kernel) return true;
    std::string_view head = fn.node.text().substr(0, fn.body.start_byte() - fn.node.start_byte());
    return head.find("__device__") != std::string_view::npos;
  }

  // --- C++ ---
  // The declaration's text before its declarator: "const int", "constexpr int", "int64_t".
  static std::string decl_type(Node init_declarator) {
    Node decl = init_declarator.parent();
    if (!decl || !is(decl, NodeKind::Declaration)) return "";
    std::string_view t = decl.text().substr(0, init_declarator.start_byte() - decl.start_byte());
    std::string out = collapse_whitespace(t);
    while (!out.empty() && (out.back() == ',' || out.back() == ' ')) out.pop_back();
    return out;
  }

  // The candidate's twin: one of its index names (`indices`) widened before a multiply, first
  // inside its kernel, then (when `file_wide`) anywhere in the file. True when found.
  static bool find_twin(const SyntaxTree& tree, const Function& fn, const std::string& path,
                        const std::set<std::string>& indices, Candidate& c, bool file_wide, bool python) {
    std::vector<Node> fs;
    factors_of(c.product, fs);
    int line = c.product.start_line();
    for (size_t i = 0; i < fs.size() && i < c.factors.size(); ++i) {
      if (!c.factors[i].index) continue;
      for (const std::string& n : names_read(tree, fs[i])) {
        if (!indices.count(n)) continue;
        std::vector<int> at = widened_twins(tree, fn.start_line, fn.end_line, n, line, python);
        if (at.empty() && file_wide) at = widened_twins(tree, 1, tree.root().end_line(), n, line, python);
        if (at.empty()) continue;
        add_twins(tree, path, n, at, c.twins);
        return true;
      }
    }
    return false;
  }

  void scan_cpp(const SyntaxTree& tree, const Function& fn, const std::string& path, const std::set<int>& added,
                std::vector<Site>& out) const {
    Scope s;
    for (const lang::Param& p : fn.params) {
      if (is_wide_type(p.annotation)) s.wide.insert(p.name);
      else s.runtime.insert(p.name);
      if (p.node.text().find('*') != std::string_view::npos) s.pointers.insert(p.name);
    }
    std::vector<Candidate> candidates;
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (!a.value || a.targets.size() != 1) continue;
      const std::string& name = a.targets.front();
      std::vector<std::string> names = names_read(tree, a.value);
      std::string value = std::string(a.value.text());
      std::string type = a.declaration ? decl_type(a.node) : "";
      bool reads_memory = false;
      lang::walk(a.value, [&](Node c) {
        if (is_any(c, {NodeKind::Subscript, NodeKind::PointerDeref})) reads_memory = true;
        return !reads_memory;
      });
      if (a.declaration && a.node.text().find('*') != std::string_view::npos &&
          a.node.child_by_field("declarator").kind() == "pointer_declarator")
        s.pointers.insert(name);
      if (a.declaration && type.find("constexpr") != std::string::npos) {
        if (auto v = parse_int_literal(value)) s.known[name] = *v;
        continue;
      }
      if (a.declaration && is_wide_type(type)) {
        s.wide.insert(name);
        continue;
      }
      if (a.declaration && type.find("const") != std::string::npos && names.empty()) {
        if (auto v = parse_int_literal(value)) s.known[name] = *v;
        continue;
      }
      bool idx = reads_memory || value.find("blockIdx") != std::string::npos ||
                 value.find("threadIdx") != std::string::npos || any_in(names, s.index);
      if (idx) s.index.insert(name);
      if (reads_memory || any_in(names, s.data)) s.data.insert(name);
      if (any_in(names, s.runtime) || any_in(names, s.index)) s.runtime.insert(name);
      if (!a.declaration || !added.count(a.line) || !is_narrow_int_type(type)) continue;
      lang::walk(a.value, [&](Node c) {
        if (!is_product(c) || !is_top_product(c)) return true;
        std::vector<Node> fs;
        factors_of(c, fs);
        Candidate cand{c, {}, name};
        bool data_index = false;
        for (Node x : fs) {
          cand.factors.push_back(classify(tree, x, s, true));
          data_index = data_index || cand.factors.back().data;
        }
        // A block/thread index times one stride addresses a row of one tensor (it wraps only
        // past 2^31 elements); a flattened multi-dimensional offset or a loaded index does not.
        // The author widening the same index elsewhere in the kernel (or, for a reachable
        // shape, in a sibling kernel of the file) says the scale is real: then even one index
        // times one stride is reported.
        bool reachable = data_index || fs.size() >= 3;
        if (!overflow_shape(cand.factors)) return false;
        bool twin = find_twin(tree, fn, path, s.index, cand, reachable, false);
        cand.excused_shape = !reachable;
        if (reachable || twin) candidates.push_back(std::move(cand));
        return false;
      });
    }
    for (const Candidate& c : candidates) {
      int use = pointer_use_line(tree, fn, c.target, s.pointers);
      if (use) report(tree, path, c, use, "C++ `int`", out);
    }
  }

  // The first line where `name` offsets a pointer (`p + name`, `p[... name ...]`); 0 if none.
  static int pointer_use_line(const SyntaxTree& tree, const Function& fn, const std::string& name,
                              const std::set<std::string>& pointers) {
    for (Node id : tree.identifiers(name, fn.body)) {
      if (!tree.is_variable_read(id)) continue;
      for (Node p = id.parent(); p && !is(p, NodeKind::Block); p = p.parent()) {
        if (is_any(p, {NodeKind::Subscript, NodeKind::SubscriptArguments})) return id.start_line();
        if (is(p, NodeKind::BinaryOp)) {
          Node op = p.child_by_field("operator");
          if (op && (op.text() == "+" || op.text() == "-")) {
            for (Node side : {p.child_by_field("left"), p.child_by_field("right")}) {
              std::string_view t = trim(side.text());
              if (pointers.count(std::string(t))) return id.start_line();
              if (t.find("reinterpret_cast") != std::string_view::npos) return id.start_line();
            }
          }
          continue;
        }
        if (is_any(p, {NodeKind::ArgumentList, NodeKind::InitDeclarator, NodeKind::ExpressionStatement})) break;
      }
    }
    return 0;
  }

  // --- Triton / Gluon ---
  static bool is_load_call(std::string_view callee_name) {
    return callee_name.find("load") != std::string_view::npos || callee_name.find("gather") != std::string_view::npos;
  }
  // Whether argument i of a load/store is an address (the pointer, or the offsets of a
  // buffer op), not the stored value or the mask.
  static bool is_address_arg(const lang::Call& c, size_t i) {
    const std::string& k = c.args[i].keyword;
    if (!k.empty()) return k == "pointer" || k == "ptr" || k == "offsets" || k == "offset" || k == "base";
    bool buffer_op = c.callee_name.find("buffer") != std::string::npos;
    return i == 0 || (buffer_op && i == 1);
  }
  static bool is_memory_call(std::string_view callee_name) {
    return is_load_call(callee_name) || callee_name.find("store") != std::string_view::npos ||
           callee_name.find("atomic") != std::string_view::npos;
  }

  // `written`: every added line, moved ones included (`added` has only new ones).
  void scan_triton(const SyntaxTree& tree, const Function& fn, const std::string& path, const std::set<int>& added,
                   const std::set<int>& written, std::vector<Site>& out) const {
    Scope s;
    for (const lang::Param& p : fn.params) {
      if (p.annotation.find("constexpr") != std::string::npos) continue;
      // `stride_xm: tl.uint64` / `tl.int64`: Triton passes the argument as 64 bits.
      if (declared_int_width(p.annotation) == 64) s.wide.insert(p.name);
      s.runtime.insert(p.name);
    }
    // Names fed to a load/store: offsets computed on another line reach memory through them.
    std::set<std::string> reach_memory;
    for (const lang::Call& c : tree.calls(fn.body))
      if (is_memory_call(c.callee_name))
        for (size_t i = 0; i < c.args.size(); ++i)
          if (is_address_arg(c, i))
            for (const std::string& n : names_read(tree, c.args[i].value)) reach_memory.insert(n);
    // Program ids and what derives from them: a row of the launch grid (`pid_batch`).
    std::set<std::string> pid;
    // Names fed to the offsets of an AMD buffer op -> the base pointer they offset.
    std::map<std::string, std::string> buffer_offsets;
    for (const lang::Call& c : tree.calls(fn.body))
      if (is_buffer_op(c.callee_name))
        for (size_t i = 0; i < c.args.size(); ++i)
          if (is_address_arg(c, i) && i != pointer_arg(c))
            for (const std::string& n : names_read(tree, c.args[i].value)) buffer_offsets.emplace(n, pointer_text(c));
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (!a.value || a.targets.empty()) continue;
      std::string value(a.value.text());
      std::vector<std::string> names = names_read(tree, a.value);
      if (value.find("program_id") != std::string::npos || any_in(names, pid))
        pid.insert(a.targets.begin(), a.targets.end());
      bool loaded = false;
      lang::walk(a.value, [&](Node c) {
        if (is(c, NodeKind::Call) && is_load_call(lang::describe_call(c).callee_name)) loaded = true;
        return !loaded;
      });
      // A value computed from a 64-bit name stays 64-bit unless it is narrowed back
      // (`stride.to(tl.int32)`: then it is a 32-bit runtime value again).
      bool narrowed = declared_int_width(value) == 32 || (a.node.child_by_field("type") &&
                                                          declared_int_width(a.node.child_by_field("type").text()) == 32);
      for (const std::string& t : a.targets) {
        if (!narrowed && (mentions_widening(value) || any_in(names, s.wide))) {
          s.wide.insert(t);
          continue;
        }
        if (loaded || any_in(names, s.index)) {
          s.index.insert(t);
          s.data.insert(t);
        }
        if (any_in(names, s.runtime)) s.runtime.insert(t);
      }
    }
    const std::set<std::string> direct_address = reach_memory;
    // Loaded values flow backwards into names fed to memory: `off = idx * stride` then load(off).
    for (bool grew = true; grew;) {
      grew = false;
      for (const lang::Assignment& a : tree.assignments(fn.body))
        for (const std::string& t : a.targets)
          if (reach_memory.count(t) && a.value)
            for (const std::string& n : names_read(tree, a.value))
              if (reach_memory.insert(n).second) grew = true;
    }
    // Index tables: names bound by a load whose value is used in another address. A product
    // that addresses such a table (block_tables[req * stride + i]) walks a small table.
    std::set<std::string> tables;
    for (const lang::Assignment& a : tree.assignments(fn.body)) {
      if (!a.value || !is(a.value, NodeKind::Call) || !is_load_call(lang::describe_call(a.value).callee_name)) continue;
      for (const std::string& t : a.targets)
        if (direct_address.count(t)) tables.insert(t);
    }
    std::set<uint32_t> seen;
    std::set<std::string> indices = s.index;
    indices.insert(pid.begin(), pid.end());
    std::vector<Candidate> found;
    std::map<std::string, std::vector<int>> moved_sites;  // buffer pointer -> re-indented/moved lines
    std::map<std::string, bool> reach_memo;  // whole_tensor_reach's answers by the text they ask about
    lang::walk(fn.body, [&](Node c) {
      if (!is_product(c) || !is_top_product(c) || !written.count(c.start_line())) return true;
      const bool moved = !added.count(c.start_line());
      std::vector<Node> fs;
      factors_of(c, fs);
      Candidate cand{c, {}, ""};
      bool loaded_index = false, pid_index = false, param_extent = false;
      bool value_product = false;
      for (Node x : fs)
        if (is(x, NodeKind::Call) && is_load_call(lang::describe_call(x).callee_name)) value_product = true;
      if (value_product) return false;
      std::vector<bool> from_pid;
      for (Node x : fs) {
        FactorFacts ff = classify(tree, x, s, false);
        from_pid.push_back(!ff.index && !ff.value && any_in(names_read(tree, x), pid));
        if (ff.index) loaded_index = true;
        else if (ff.runtime) param_extent = true;
        cand.factors.push_back(std::move(ff));
      }
      // Without a loaded index, a program id (or a value derived from one) is the index when
      // another factor is a runtime extent not derived from a program id (`row * stride`).
      if (!loaded_index) {
        param_extent = false;
        for (size_t i = 0; i < fs.size(); ++i)
          if (!from_pid[i] && cand.factors[i].runtime) param_extent = true;
        for (size_t i = 0; i < fs.size(); ++i)
          if (from_pid[i]) cand.factors[i].index = pid_index = true;
      }
      if ((!loaded_index && !pid_index) || !param_extent || !overflow_shape(cand.factors)) return false;
      if (reads_table(tree, c, tables)) return false;
      // An AMD buffer op: 32 bits from one base, whatever the width of the other terms.
      cand.buffer_ptr = buffer_pointer(tree, c, buffer_offsets);
      cand.loaded_index = loaded_index;
      if (!cand.buffer_ptr.empty()) whole_tensor_reach(tree, c, fs, reach_memo, cand);
      if (cand.buffer_ptr.empty()) {
        if (moved || added_to_wide_term(tree, c, s) || !feeds_memory(tree, c, reach_memory)) return false;
        // A program id times a stride addresses a row of one tensor: reported only when the
        // author widened the same index for another offset of this kernel.
        // A product that is itself scaled again (`blk = pid_b * n_blocks` then `blk * stride`)
        // is a row number, not the offset: only one fed straight to memory counts.
        bool twin = find_twin(tree, fn, path, indices, cand, false, true);
        if (!loaded_index && (!twin || rescaled(tree, fn, c))) return false;
        cand.excused_shape = !loaded_index;
      } else if (moved) {
        moved_sites[cand.buffer_ptr].push_back(c.start_line());
        return false;
      } else {
        find_twin(tree, fn, path, indices, cand, false, true);
      }
      if (seen.insert(c.start_byte()).second) found.push_back(std::move(cand));
      return false;
    });
    // The sites of the same tensor the PR only re-indented or moved go with its first new site:
    // the fix has to cover them too.
    std::set<std::string> attached;
    for (Candidate& cand : found) {
      if (!cand.buffer_ptr.empty() && attached.insert(cand.buffer_ptr).second) cand.twins_moved = moved_sites[cand.buffer_ptr];
      report(tree, path, cand, cand.product.start_line(), "i32", out);
    }
  }

  // What makes the tensor of a buffer-op product large on its own account. A loaded index read
  // from a table row that a program id selects (`blk = load(block_table + pid_b * max_blocks +
  // j)`) is a page-table slot: the pool it addresses is sized by the cache (the device's
  // memory), not by the launch, unlike a gathered row of this launch's activations or a MoE
  // scale row (read from a flat list). A row (of the grid, or scheduled from memory) whose
  // in-row position is read from memory or walked up to a length read from memory
  // (`row * stride + context_idx`) addresses
  // rows x a context: the tensor grows with both, unlike rows of a compile-time tile (a query
  // row of heads x head_dim, an LSE entry).
  // `memo`: the answers for this kernel by factor or term text (a pipelined kernel repeats the
  // same slot and the same row walk at every stage).
  static void whole_tensor_reach(const SyntaxTree& tree, Node product, const std::vector<Node>& fs,
                                 std::map<std::string, bool>& memo, Candidate& cand) {
    auto ask = [&](char what, Node n, auto&& answer) {
      auto [it, fresh] = memo.try_emplace(what + collapse_whitespace(n.text()), false);
      if (fresh) it->second = answer(n);
      return it->second;
    };
    for (size_t i = 0; i < fs.size() && i < cand.factors.size(); ++i)
      if (cand.loaded_index && cand.factors[i].index &&
          ask('p', fs[i], [&](Node n) { return page_table_slot(tree, n); })) {
        cand.paged_slot = cand.factors[i].text;
        return;
      }
    // An in-row position: read from memory, and not itself a product of two runtime values
    // (`q_pos * stride_s` is a row of another axis, not a walk along this one).
    auto scaled = [&](Node term) {
      bool found = false;
      lang::walk(term, [&](Node n) {
        if (found || !is_product(n)) return !found;
        found = python_value_time(tree, n.child_by_field("left")) != ValueTime::CompileTime &&
                python_value_time(tree, n.child_by_field("right")) != ValueTime::CompileTime;
        return !found;
      });
      return found;
    };
    for (Node term : sum_sibling_terms(product))
      if (ask('w', term, [&](Node n) { return python_value_facts(tree, n).loaded && !scaled(n); })) {
        cand.data_walk = collapse_whitespace(term.text());
        return;
      }
  }

  // Whether the product is stored into a local that is itself a factor of another product
  // (`tile = pid_b * n_tiles + pid_t` then `tile * stride`): a row number, not an offset.
  static bool rescaled(const SyntaxTree& tree, const Function& fn, Node product) {
    std::set<std::string> targets;
    for (Node p = product.parent(); p && !is(p, NodeKind::FunctionDef); p = p.parent()) {
      if (!is(p, NodeKind::Assignment)) continue;
      for (const lang::Assignment& a : tree.assignments(p))
        if (a.node == p) targets.insert(a.targets.begin(), a.targets.end());
      break;
    }
    if (targets.empty()) return false;
    bool found = false;
    lang::walk(fn.body, [&](Node c) {
      if (found || !is_product(c)) return !found;
      std::vector<Node> fs;
      factors_of(c, fs);
      for (Node f : fs)
        if (is(f, NodeKind::Identifier) && targets.count(std::string(f.text()))) found = true;
      return !found;
    });
    return found;
  }

  // AMD buffer ops (`gl.amd.cdna3.buffer_load`, `tl.amd buffer_store`, buffer atomics): the
  // offsets are 32-bit, relative to one base pointer.
  static bool is_buffer_op(std::string_view callee_name) {
    return callee_name.find("buffer_") != std::string_view::npos && is_memory_call(callee_name);
  }
  static size_t pointer_arg(const lang::Call& c) {
    for (size_t i = 0; i < c.args.size(); ++i) {
      const std::string& k = c.args[i].keyword;
      if (k == "ptr" || k == "pointer" || k == "base") return i;
    }
    for (size_t i = 0; i < c.args.size(); ++i)
      if (c.args[i].keyword.empty()) return i;
    return c.args.size();
  }
  static std::string pointer_text(const lang::Call& c) {
    size_t i = pointer_arg(c);
    return i < c.args.size() && c.args[i].value ? collapse_whitespace(c.args[i].value.text()) : "";
  }
  // The base pointer of the buffer op whose offsets hold `product`, directly or through the
  // local it is assigned to; "" when it addresses no buffer op.
  static std::string buffer_pointer(const SyntaxTree& tree, Node product,
                                    const std::map<std::string, std::string>& buffer_offsets) {
    for (Node p = product.parent(); p && !is(p, NodeKind::FunctionDef); p = p.parent()) {
      if (is(p, NodeKind::Call)) {
        lang::Call call = lang::describe_call(p);
        if (!is_memory_call(call.callee_name)) continue;
        if (!is_buffer_op(call.callee_name)) return "";
        for (size_t i = 0; i < call.args.size(); ++i) {
          Node v = call.args[i].value;
          if (!v || !(v.start_byte() <= product.start_byte() && product.end_byte() <= v.end_byte())) continue;
          return is_address_arg(call, i) && i != pointer_arg(call) ? pointer_text(call) : "";
        }
        return "";
      }
      if (is_any(p, {NodeKind::Assignment, NodeKind::AugmentedAssignment})) {
        for (const lang::Assignment& a : tree.assignments(p))
          if (a.node == p)
            for (const std::string& t : a.targets)
              if (auto it = buffer_offsets.find(t); it != buffer_offsets.end()) return it->second;
        return "";
      }
    }
    return "";
  }

  // Whether the product is a term of a sum another term of which is 64-bit (`Y + row.to(tl.int64)
  // * stride_m + col * stride_n`, or a name widened earlier): the address is computed in 64 bits
  // and the author widened the term that scales; the 32-bit term is the offset inside a row.
  static bool added_to_wide_term(const SyntaxTree& tree, Node product, const Scope& s) {
    for (Node term : sum_sibling_terms(product)) {
      if (mentions_widening(term.text())) return true;
      if (any_in(names_read(tree, term), s.wide)) return true;
    }
    return false;
  }

  // Whether the product sits in the arguments of a load/store, or in the value of an
  // assignment whose target reaches one.
  static bool feeds_memory(const SyntaxTree& tree, Node product, const std::set<std::string>& reach_memory) {
    Node child = product;
    for (Node p = product.parent(); p && !is(p, NodeKind::FunctionDef); child = p, p = p.parent()) {
      if (is(p, NodeKind::Call)) {
        lang::Call call = lang::describe_call(p);
        if (!is_memory_call(call.callee_name)) continue;
        for (size_t i = 0; i < call.args.size(); ++i) {
          Node v = call.args[i].value;
          if (!v || !(v.start_byte() <= product.start_byte() && product.end_byte() <= v.end_byte())) continue;
          return is_address_arg(call, i);
        }
        return false;
      }
      if (is_any(p, {NodeKind::Assignment, NodeKind::AugmentedAssignment})) {
        for (const lang::Assignment& a : tree.assignments(p))
          if (a.node == p)
            for (const std::string& t : a.targets)
              if (reach_memory.count(t)) return true;
        return false;
      }
    }
    return false;
  }

  // Whether the load the product addresses binds an index table (its value is used as an
  // address elsewhere), directly (`t = tl.load(p + i * s)`) or through one local (`q = p + i * s`).
  static bool reads_table(const SyntaxTree& tree, Node product, const std::set<std::string>& tables) {
    std::set<std::string> via;
    for (Node p = product.parent(); p && !is(p, NodeKind::FunctionDef); p = p.parent()) {
      if (is(p, NodeKind::Call)) {
        Node parent = p.parent();
        if (parent && is(parent, NodeKind::Assignment)) {
          for (const lang::Assignment& a : tree.assignments(parent))
            if (a.node == parent)
              for (const std::string& t : a.targets)
                if (tables.count(t)) return true;
        }
        return false;
      }
      if (is(p, NodeKind::Assignment)) {
        for (const lang::Assignment& a : tree.assignments(p))
          if (a.node == p) via.insert(a.targets.begin(), a.targets.end());
        break;
      }
    }
    if (via.empty()) return false;
    Node fn = product.ancestor({"function_definition"});
    for (const lang::Assignment& a : tree.assignments(fn)) {
      if (!a.value || !is(a.value, NodeKind::Call) || !is_load_call(lang::describe_call(a.value).callee_name)) continue;
      bool uses_via = false;
      for (const std::string& n : names_read(tree, a.value)) uses_via = uses_via || via.count(n);
      if (!uses_via) continue;
      for (const std::string& t : a.targets)
        if (tables.count(t)) return true;
    }
    return false;
  }

  // --- FlyDSL ---
  void scan_flydsl(const ReviewContext& ctx, const SyntaxTree& tree, const std::string& path,
                   const std::set<int>& added, std::vector<Site>& out) const {
    if (tree.source().find("flydsl") == std::string::npos && tree.source().find("flyc") == std::string::npos) return;
    lang::walk(tree.root(), [&](Node c) {
      if (!is_product(c) || !added.count(c.start_line())) return true;
      Node l = c.child_by_field("left"), r = c.child_by_field("right");
      auto int32_of = [&](Node side) -> Node {
        if (!side || !is(side, NodeKind::Call)) return {};
        lang::Call call = lang::describe_call(side);
        if (call.callee_name != "Int32" || call.args.size() != 1) return {};
        return call.args.front().value;
      };
      Node a = int32_of(l), b = int32_of(r);
      if (!a || !b) return true;
      // Each operand resolved to its definition: a module constant, a Constexpr parameter, a
      // Python int of the builder function the kernel closes over, a loop variable over a
      // constant range is fixed at trace time. Times a thread/block id or a tile index it is a
      // thread index, bounded by the launch. Two runtime values (or values not resolvable
      // here) can wrap; so can a row start read from memory times a known constant large
      // enough that the wrap is reachable (`seq_start * K` with K = 128 wraps at 2^24 rows).
      std::vector<FactorFacts> fs;
      for (Node x : {a, b}) {
        FactorFacts ff;
        ff.text = collapse_whitespace(x.text());
        ValueFacts v = python_value_facts(tree, x);
        ff.value = parse_int_literal(ff.text);
        if (!ff.value && v.time == ValueTime::CompileTime) ff.value = v.value;
        ff.runtime = !ff.value && v.time != ValueTime::CompileTime;
        ff.index = ff.data = v.loaded;
        if (!ff.runtime) ff.index = ff.data = false;
        fs.push_back(ff);
      }
      bool both_runtime = fs[0].runtime && fs[1].runtime;
      bool loaded_times_known = (fs[0].data && fs[1].value) || (fs[1].data && fs[0].value);
      if (!both_runtime && !(loaded_times_known && overflow_shape(fs))) return true;
      // A bound only compared against a limit (`col0 + i < valid_dim`) never addresses memory;
      // a sum with an `Int64` term is computed in 64 bits.
      if (reaches_only_comparisons(tree, c)) return true;
      for (Node term : sum_sibling_terms(c))
        if (mentions_widening(term.text())) return true;
      if (!fs[0].index && !fs[1].index) fs[0].index = true;
      Candidate cand{c, fs, ""};
      // The author's own `Int64(x) * ...` for one of these operands, in this file or another
      // file of the PR (the backward kernel of the same op): the scale is real.
      for (Node x : {a, b}) {
        if (!cand.twins.empty() || !is(x, NodeKind::Identifier)) continue;
        std::string n(x.text());
        int line = c.start_line();
        add_twins(tree, path, n, widened_twins(tree, 1, tree.root().end_line(), n, line, true), cand.twins);
        if (!cand.twins.empty()) break;
        for (const FileChange& other : ctx.pr.changes.files) {
          if (other.new_path == path || !is_python(other.new_path) || is_test_path(other.new_path) ||
              other.status == FileStatus::Deleted)
            continue;
          const SyntaxTree* t = ctx.workspace.new_tree(other.new_path);
          if (!t) continue;
          add_twins(*t, other.new_path, n, widened_twins(*t, 1, t->root().end_line(), n, 0, true), cand.twins);
          if (!cand.twins.empty()) break;
        }
      }
      report(tree, path, cand, c.start_line(), "`Int32`", out);
      return false;
    });
  }

  void report(const SyntaxTree& tree, const std::string& path, const Candidate& c, int use_line,
              std::string_view width, std::vector<Site>& out) const {
    int line = c.product.start_line();
    std::string expr = collapse_whitespace(c.product.text());
    std::string index, others;
    for (const FactorFacts& f : c.factors) {
      if (f.index && index.empty()) index = f.text;
      else others += (others.empty() ? "" : " * ") + f.text;
    }
    if (index.empty()) index = c.factors.front().text;
    Finding x = finding();
    x.location = Location{path, line};
    x.problem = "`" + expr + "` is computed in 32 bits (" + std::string(width) + ") and " +
                (c.target.empty() ? std::string("used as a memory offset") : "stored in `" + c.target + "`, a pointer offset") +
                "; no factor is widened to 64 bits";
    x.impact = "Once `" + index + "` times `" + others +
               "` passes 2^31 the offset wraps and the kernel reads or writes another row silently (long context, large "
               "pools)";
    x.action = "Author must widen `" + index + "` to 64 bits before the multiply (`static_cast<int64_t>`, "
               "`.to(tl.int64)`, `fx.Int64`), or Reviewer should ask for the bound that keeps the product under 2^31";
    x.trigger = trigger_for(c.factors);
    // Without a computed trigger this is a candidate for the reviewer, not a defect: on the last
    // 300 commits of aiter and ATOM about a quarter of such sites addressed a tensor that can
    // pass 2^31 elements (KV pools, packed queries); the rest walked small tables.
    if (x.trigger.empty()) x.severity = Severity::Note;
    // An AMD buffer op adds a 32-bit offset to one base pointer: past 2 GiB of the tensor the
    // hardware addresses the wrong element whatever width the arithmetic had. A pool index
    // read from memory (a KV slot) routinely gets there: warn; a program id times a stride
    // (an output row) when the tensor is that large: a note.
    if (!c.buffer_ptr.empty()) {
      // The two kinds are two causes (a pool read through an index table, a row of the launch
      // grid): the card keeps them apart.
      x.problem = "`" + expr + "` is a 32-bit offset of an AMD buffer op on `" + c.buffer_ptr + "`: " +
                  (c.loaded_index ? "an index read from memory" : "a program-id row") +
                  " times a runtime stride, from one base pointer";
      x.impact = "Buffer loads and stores take a 32-bit offset from the base: once `" + index + "` times `" + others +
                 "` passes 2^31 (2 GiB of `" + c.buffer_ptr + "` in bytes, sooner for wide elements) the access " +
                 "reads or writes the wrong element, or is dropped as out of range, silently";
      std::string row = RE2::FullMatch(index, R"(\w+)") ? index : "(" + index + ")";
      x.action = "Author must move the row part (`" + row + " * " + others + "`) into the base pointer in 64 bits (`" +
                 c.buffer_ptr + " + " + row + ".to(tl.int64) * " + others +
                 "`) and keep only the in-row offset in the buffer op, or state the bound that keeps `" + c.buffer_ptr +
                 "` under 2 GiB";
      // Whether the tensor can pass 2 GiB is not known here (a KV pool can, a MoE scale
      // table behind the same gathered row index cannot): a note unless the author's own
      // widening says the scale is real.
      if (x.trigger.empty()) x.severity = Severity::Note;
      // What the offset walks says the tensor is large on its own account: a pool behind a
      // page table, or rows as long as a context. A warn: its size is a runtime value.
      if (!c.paged_slot.empty()) {
        x.problem += "; `" + c.paged_slot + "` is a slot read from a page-table row the program id selects, so `" +
                     c.buffer_ptr + "` is a pool sized by the cache (the device's memory), not by this launch";
        if (x.severity == Severity::Note) x.severity = Severity::Warn;
      } else if (!c.data_walk.empty()) {
        x.problem += "; the row is walked by `" + c.data_walk + "`, a position that comes from memory (read there, or running to a length read there), so `" +
                     c.buffer_ptr + "` holds rows x a runtime length (a context) and grows with both";
        if (x.severity == Severity::Note) x.severity = Severity::Warn;
      }
    }
    // The author widened the same index before multiplying it elsewhere in the kernel, a sibling
    // kernel or another file of the PR, for the same tensor: the scale is real by the author's
    // own account. A twin that addresses another tensor (the activations beside a per-head
    // scale table) says nothing about this one's size: cited, not counted.
    std::set<std::string> mine = addressed_tensors(tree.line_text(line), "");
    if (!c.target.empty()) mine.insert(tensor_stem(c.target));
    if (!c.buffer_ptr.empty()) mine.insert(tensor_stem(c.buffer_ptr));
    if (use_line != line && !c.target.empty()) mine.merge(pointers_offset_by(tree.line_text(use_line), c.target));
    const Twin* same = nullptr;
    for (const Twin& t : c.twins) {
      for (const std::string& n : addressed_tensors(t.text, t.index))
        if (mine.count(n)) same = &t;
      if (same) break;
    }
    // One index times one stride is a row of one tensor; only the author's widening of the same
    // tensor elsewhere makes it a finding.
    if (c.excused_shape && !same) return;
    if (same) {
      if (x.trigger.empty())
        x.trigger = "`" + index + "` * `" + others + "` >= 2^31: the scale at which `" + same->path + ":" +
                    std::to_string(same->line) + "` already widens `" + same->index + "` to 64 bits for the same tensor";
      // On a shape the rule otherwise excuses (one index times one stride) the twin may
      // address a larger tensor than this product does (a head index widened for the
      // activations, unwidened for a small scale table): a warn; on a reachable shape, red.
      x.severity = c.excused_shape ? Severity::Warn : Severity::Red;
      x.problem += "; the same index is widened to 64 bits for the same tensor at " + same->path + ":" +
                   std::to_string(same->line);
    } else if (!c.twins.empty()) {
      const Twin& t = c.twins.front();
      x.problem += "; `" + t.index + "` is widened to 64 bits for another tensor at " + t.path + ":" +
                   std::to_string(t.line);
      // The other tensor's widening counts when this product scales the index by a whole
      // multi-dimensional row (two runtime extents or more, `num_heads * head_dim`): a tensor of
      // the same order as the widened one, not a per-row table (an LSE entry per head).
      // A widened line with more multiplications than this product (`(int64_t)(b * seq + s) *
      // n_heads * HEAD_DIM` beside `b * seq * n_heads`, a per-head table) addresses a larger
      // tensor: not counted.
      const long twin_products = std::count(t.text.begin(), t.text.end(), '*');
      if (x.severity == Severity::Note && !c.excused_shape && runtime_extents(c.factors) >= 2 &&
          static_cast<long>(c.factors.size()) - 1 >= twin_products) {
        x.severity = Severity::Warn;
        x.problem += ", and here it scales a whole row of " + std::to_string(runtime_extents(c.factors)) +
                     " runtime extents (`" + others + "`), a tensor of the same order";
      }
    }
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    if (use_line != line) {
      x.evidence.push_back(evidence(path, use_line, tree.line_text(use_line)));
      x.related.push_back(Location{path, use_line});
    }
    if (!c.twins.empty()) {
      const Twin& t = same ? *same : c.twins.front();
      x.evidence.push_back(evidence(t.path, t.line, t.text));
    }
    for (int moved : c.twins_moved) {
      x.related.push_back(Location{path, moved});
      if (x.evidence.size() < 6) x.evidence.push_back(evidence(path, moved, tree.line_text(moved)));
    }
    out.push_back({std::move(x), c.buffer_ptr.empty() ? "" : " " + c.buffer_ptr});
  }
};

REGISTER_RULE(Int32IndexOverflow);

}  // namespace
}  // namespace rp
