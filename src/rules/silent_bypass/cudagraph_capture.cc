// cudagraph-capture: new control flow, host reads or allocations inside code that runs under
// CUDA/HIP graph capture.
#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/capture_support.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "cudagraph-capture",
    .category = Category::SilentBypass,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "New per-step branch, host read (.item/.tolist/.cpu), sync or replay-unsafe allocation inside a cudagraph-captured region.",
    .docs = R"(What it catches: an added line inside code that runs while a CUDA/HIP graph is captured
that adds Python control flow (`if`/`elif`/`for`/`while`) whose decision is not fixed for the
life of the graph, a host read of a tensor (`.item()`, `.tolist()`, `.cpu()`),
`torch.cuda.synchronize()`, or a tensor allocation (`torch.empty/zeros/ones/full/*_like/tensor/
as_tensor/arange/randn/rand/randint`, `.new_empty/new_zeros/new_ones/new_full/new_tensor`)
whose capture-time shape or contents cannot be right for every replay. Captured code is: the
body of `with torch.cuda.graph(...)` (any file); a function decorated with a graph-capture
decorator (`@...cuda_graph...`, `@...cudagraph...`, `make_graphed_callables`); in the profile's
graph-capture files (ATOM: `atom/model_engine/model_runner.py`) the same-file methods a capture
body calls as `self.m(...)`; in the profile's model directories (ATOM: `atom/models/`) the
forward methods of model classes (name contains `forward`, not `prefill`; vision/audio encoder
classes excluded, they run in the eager prefill step). In ATOM's model runner only the
`torch.cuda.graph` context is captured: `run_model`/`forward` pick a graph and call `replay()`,
and `capture_cudagraph` allocates the static buffers and runs the warm-up forward before the
context, all eagerly, so new code there is not flagged.
Red, with the failing case named: a host read (`.item()`, `.tolist()`, `.cpu()`, or a condition
that needs one: `.any()`, `.all()`, `torch.equal`, a bare `Tensor` parameter tested for truth);
`torch.cuda.synchronize()` (a sync on the capturing stream is illegal); a device tensor built
from host data (`torch.tensor(..., device=...)`); a branch, loop or allocation size that reads
attention metadata which changes between replays of one graph (`max_seqlen_k`, `seq_lens`,
`context_lens`, `max_context_len`, `kv_lens`, `cache_seqlens`, `num_computed_tokens`...).
Warning ("explain why capture remains valid"): a branch on other fields of the per-step
metadata (`*metadata.*`, `forward_context`), whose stability across replays is not known
here; an allocation stored on the module (`self.buf = torch.empty(...)` inside capture lives in
the graph's private pool).
Why it matters: a graph replays the kernels recorded at capture. Python branches, host values
and allocation shapes are decided once, with the capture-time dummy batch; a branch that should
change per step silently does not, a host sync aborts capture, and host data copied during
capture is baked into every replay.
Does not fire on: branches on values that are constant for the life of the graph (module
attributes `self.*`, config, env flags, `is None` / `isinstance` / `hasattr` tests; a metadata
field, read as `md.flag` or `getattr(md, "flag", False)`, that every assignment in the package
sets from an env flag, config or a literal); phase
tests (`is_prefill`, `is_decode`, `num_prefills > 0`, `num_decodes`, `is_dummy_run` warm-up,
`in_hipgraph`, `is_current_stream_capturing()`), which a decode graph answers once; shapes and
batch sizes (`.shape`, `.size()`, `num_tokens`, `bs`): graphs are captured per batch size, so
they are fixed per graph; allocations sized from existing tensors or constants (output
buffers: they come from the graph's private pool at the graph's own shape); constant
arithmetic, dtype casts of an existing tensor, forwarding kwargs, a new fixed-shape kernel call
without branching; code in prefill-only or eager-only branches (`if is_prefill:`,
`if enforce_eager:`, `if not torch.cuda.is_current_stream_capturing():`, the `else` of
`if is_decode:`); branches gated by an environment knob that is false while unset
(`if os.getenv("X"):`, `dbg = int(os.getenv("X", "0"))` then `if dbg and t.isnan().any():`,
`os.environ.get("X", "0") == "1"`): a debug or opt-in path the default run never takes; forward methods named `*prefill*`; code outside the captured region (the
model runner's replay dispatch, buffer setup and warm-up, `with graph_capture()` which only
prepares the capture stream); lines whose statement already existed in the base version of the
function (moved or re-indented code); test files; the aiter profile (its checklist code B3 is a
different rule); forward methods of a model whose attention backend cannot build capture
metadata: the backend module the model imports, or the one named for it (`<model>_attn.py`,
`<model>_backend.py`), has a capture builder (`build_for_cudagraph_capture`) that only raises,
passes, returns a record of constants that fills no tensor field, or says capture is disabled.
Such a model is brought up eager (the model runner cannot capture it), so its forward runs no
capture.)"};

constexpr size_t kMaxText = 80;

enum class Level { Warn, Red };

struct Item {
  int line = 0;
  Level level = Level::Warn;
  std::string what;     // "`x.item()`", "`if` on `attn_metadata.max_seqlen_k > 4096`"
  std::string trigger;  // for red items
  // A warning on per-step metadata: the metadata fields it reads (`replayssm` of
  // `kda_metadata.replayssm`); "" = a read whose field is not known.
  std::vector<std::string> fields;
};


std::string shown(std::string_view text) {
  return "`" + shortened(collapse_whitespace(text), kMaxText) + "`";
}

// A call as quoted in a finding: whole when it fits on a line, else `callee(...)`.
std::string shown_call(const Call& c) {
  std::string_view t = c.node.text();
  if (t.find('\n') == std::string_view::npos && collapse_whitespace(t).size() <= kMaxText) return shown(t);
  return "`" + c.callee + "(...)`";
}

bool in_list(std::string_view s, std::initializer_list<std::string_view> list) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

bool is_host_read(const Call& c) {
  return c.receiver && in_list(c.callee_name, {"item", "tolist", "cpu"});
}

// Calls that need a tensor's value on the host when used as a condition.
bool is_host_test(const Call& c) {
  if (c.receiver && in_list(c.callee_name, {"item", "tolist", "cpu", "any", "all", "nonzero"})) {
    // Python's builtin any()/all() have no receiver; `np.any(...)` is a host array.
    return !(c.callee == "np.any" || c.callee == "np.all" || c.callee == "numpy.any" || c.callee == "numpy.all");
  }
  return in_list(c.callee, {"torch.any", "torch.all", "torch.equal", "torch.allclose", "torch.nonzero",
                            "torch.count_nonzero", "torch.is_nonzero"});
}

bool is_synchronize(const Call& c) {
  return c.callee == "torch.cuda.synchronize" ||
         (c.callee_name == "synchronize" && c.callee.starts_with("torch.cuda."));
}

bool is_allocation(const Call& c) {
  static const std::initializer_list<std::string_view> torch_allocs = {
      "torch.empty",      "torch.zeros",     "torch.ones",      "torch.full",   "torch.empty_like",
      "torch.zeros_like", "torch.ones_like", "torch.full_like", "torch.tensor", "torch.as_tensor",
      "torch.arange",     "torch.randn",     "torch.rand",      "torch.randint", "torch.empty_strided"};
  if (in_list(c.callee, torch_allocs)) return true;
  return c.receiver && in_list(c.callee_name, {"new_empty", "new_zeros", "new_ones", "new_full", "new_tensor"});
}

// torch.tensor(host_data, device=<not cpu>): a host-to-device copy during capture.
bool copies_host_data(const Call& c) {
  if (!in_list(c.callee_name, {"tensor", "as_tensor", "new_tensor"})) return false;
  if (c.callee_name != "new_tensor" && !c.callee.starts_with("torch.")) return false;
  const lang::Argument* dev = c.keyword("device");
  if (!dev || !dev->value) return c.callee_name == "new_tensor";  // new_tensor inherits the (device) receiver
  std::string v = collapse_whitespace(dev->value.text());
  return v.find("cpu") == std::string::npos;
}

// Attention-metadata fields that differ between two replays of one graph (same batch size,
// different sequence lengths): a branch on them is decided by the capture-time dummy.
const RE2& varying_field() {
  static const RE2 re(
      R"(\b(max_seqlen_k|max_seqlen_kv|max_seq_len|max_seq_len_k|seq_lens|seqlens_k|context_lens|max_context_len|kv_lens|cache_seqlens|num_computed_tokens|max_kv_len)\b)");
  return re;
}

// Per-step metadata objects: whether a field of theirs changes between replays of one graph is
// not known here, so a branch on one asks the author.
const RE2& metadata_value() {
  static const RE2 re(R"(\b(\w*metadata|attn_md|forward_context|get_forward_context|fwd_ctx)\b)");
  return re;
}

// Phase tests: prefill vs decode vs capture. A decode graph is captured and replayed with one
// answer, so a branch on them is fixed for the life of the graph (prefill bodies stay eager).
const RE2& phase_test() {
  static const RE2 re(
      R"(\b(is_\w*prefill|is_\w*decode|num_\w*prefills?|num_\w*decodes?|num_\w*(prefill|decode)_tokens|is_dummy_run|do_prefill|do_decode|has_prefill|enforce_eager|in_hipgraph|is_current_stream_capturing|use_cudagraph|cudagraph_runtime_mode)\b)");
  return re;
}


// A test that is fixed for the life of the graph whatever it reads: presence and type checks.
bool is_presence_test(Node n, int depth = 0) {
  n = lang::unparenthesized(n);
  if (!n) return true;
  if (depth > 64) return false;
  NodeKind k = node_kind(n);
  if (k == NodeKind::Not) return is_presence_test(n.child_by_field("argument"), depth + 1);
  if (k == NodeKind::BoolOp)
    return is_presence_test(n.child_by_field("left"), depth + 1) &&
           is_presence_test(n.child_by_field("right"), depth + 1);
  if (k == NodeKind::Comparison) {
    for (Node c : n.children())
      if (!c.is_named() && !in_list(c.text(), {"is", "not", "is not"})) return false;
    return true;
  }
  if (k == NodeKind::Call) {
    std::string callee = collapse_whitespace(n.child_by_field("function").text());
    return callee == "isinstance" || callee == "hasattr" || callee == "callable";
  }
  return false;
}

// The text of a plain string literal without its quotes ("0" -> 0); nullopt for anything else.
std::optional<std::string> plain_string(Node n) {
  if (!n || !is(n, NodeKind::String)) return std::nullopt;
  std::string t(n.text());
  if (t.size() < 2 || (t.front() != '"' && t.front() != '\'') || t.back() != t.front()) return std::nullopt;
  return t.substr(1, t.size() - 2);
}

// `os.getenv("X")` / `os.environ.get("X", d)`: the default's node (null when none is given);
// nullopt when `n` is not such a read.
std::optional<Node> env_getter_default(Node n) {
  n = lang::unparenthesized(n);
  if (!n || !is(n, NodeKind::Call)) return std::nullopt;
  Call c = lang::describe_call(n);
  if (!in_list(c.callee, {"os.getenv", "getenv", "os.environ.get", "environ.get"})) return std::nullopt;
  if (c.args.empty() || c.args.size() > 2 || !c.args[0].keyword.empty()) return std::nullopt;
  return c.args.size() == 2 ? c.args[1].value : Node();
}

// Whether the value of `n` is false when its environment variable is unset: a bare env read with
// no default or a falsy one (`None`, `""`, `False`, `0`), `int(...)`/`bool(int(...))` of a read
// defaulting to `"0"`, or a read compared `==` with a literal other than its default.
bool off_when_unset(Node n, int depth = 0) {
  n = lang::unparenthesized(n);
  if (!n || depth > 4) return false;
  if (is(n, NodeKind::Comparison)) {
    std::vector<Node> kids = n.named_children();
    bool eq = false;
    for (Node c : n.children())
      if (!c.is_named() && c.text() == "==") eq = true;
    if (!eq || kids.size() != 2) return false;
    for (int side = 0; side < 2; ++side) {
      std::optional<Node> d = env_getter_default(kids[side]);
      std::optional<std::string> lit = plain_string(kids[1 - side]);
      if (!d || !lit) continue;
      std::optional<std::string> def = *d ? plain_string(*d) : std::optional<std::string>(std::nullopt);
      if (!*d || (def && *def != *lit)) return true;
    }
    return false;
  }
  if (is(n, NodeKind::Call)) {
    Call c = lang::describe_call(n);
    if ((c.callee == "int" || c.callee == "bool") && c.args.size() == 1 && c.args[0].keyword.empty()) {
      Node inner = lang::unparenthesized(c.args[0].value);
      if (std::optional<Node> d = env_getter_default(inner); d && *d && c.callee == "int") {
        std::optional<std::string> def = plain_string(*d);
        return def && (*def == "0" || def->empty());
      }
      return off_when_unset(inner, depth + 1);
    }
  }
  std::optional<Node> d = env_getter_default(n);
  if (!d) return false;
  if (!*d) return true;
  NodeKind k = node_kind(*d);
  if (k == NodeKind::None || k == NodeKind::False) return true;
  if (k == NodeKind::Integer) return d->text() == "0";
  std::optional<std::string> def = plain_string(*d);
  return def && def->empty();
}

class CudagraphCapture : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(judged)) {
      if (f.binary || f.new_path.empty() || !is_python(f.new_path) || is_test_path(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      const SyntaxTree* old_tree = f.status == FileStatus::Added ? nullptr : ctx.workspace.old_tree(f.old_path);
      std::optional<std::optional<CaptureStub>> eager_model;  // computed on first model forward
      for (const CapturedScope& scope : captured_scopes(*tree, f.new_path, ctx.profile)) {
        if (!touches_added(added, scope.body.start_line(), scope.body.end_line())) continue;
        if (scope.model_forward) {
          if (!eager_model) eager_model = model_stub(ctx, f.new_path);
          if (*eager_model) continue;  // the model's backend cannot build capture metadata: it runs eager
        }
        std::set<std::string> before = old_statements(old_tree, scope.function);
        std::vector<Item> items = scan(*tree, scope, added, before);
        std::erase_if(items, [&](const Item& it) { return fixed_for_the_process(ctx, it); });
        if (!items.empty()) out.push_back(make_finding(f.new_path, *tree, scope, items));
      }
    }
  }

 private:
  static std::optional<CaptureStub> model_stub(const ReviewContext& ctx, const std::string& path) {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return std::nullopt;
    Workspace& ws = ctx.workspace;
    return model_capture_stub(*head, [&ws](const std::string& p) { return ws.new_tree(p); }, path);
  }

  // A warning about metadata fields that the repository only ever sets from process-wide
  // constants (env flags, config, literals) or copies of the same field: the builder fills the
  // capture-time and the replay-time metadata alike, so the branch cannot change per step.
  static bool fixed_for_the_process(const ReviewContext& ctx, const Item& it) {
    if (it.level != Level::Warn || it.fields.empty()) return false;
    for (const std::string& field : it.fields)
      if (field.empty() || !process_constant_field(ctx, field)) return false;
    return true;
  }

  // Whether every assignment of `field` in the head tree's package code (`x.field = v`, a
  // `field=v` keyword, a dataclass `field: T = v`) takes a process-wide constant or a copy of
  // the same field, and at least one takes a constant. Reads the files that spell the name.
  static bool process_constant_field(const ReviewContext& ctx, const std::string& field) {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head || field.size() < 3) return false;
    RE2 assign("(?:^|[^\\w.])(?:[\\w.]+\\.)?" + RE2::QuoteMeta(field) +
               "\\s*(?::\\s*[\\w\\[\\], .]+)?=([^=].*)$");
    RE2 copy("^(?:[\\w.]+\\.)?" + RE2::QuoteMeta(field) + "$");
    static const RE2 constant(
        R"(^(?:envs\.\w+|os\.environ\b.*|os\.getenv\(.*|(?:self\.)?\w*config\w*(?:\.\w+)+|True|False|None|-?\d+)$)");
    int constants = 0;
    for (const std::string& path : head->list_files()) {
      if (!is_python(path) || is_test_path(path)) continue;
      std::optional<std::string> text = head->read(path);
      if (!text || text->find(field) == std::string::npos) continue;
      for (size_t pos = 0; pos < text->size();) {
        size_t nl = text->find('\n', pos);
        std::string_view line = std::string_view(*text).substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
        pos = nl == std::string::npos ? text->size() : nl + 1;
        if (line.find(field) == std::string_view::npos) continue;
        std::string rhs;
        if (!RE2::PartialMatch(line, assign, &rhs)) continue;
        if (size_t hash = rhs.find(" #"); hash != std::string::npos) rhs.resize(hash);
        std::string v(trim(rhs));
        while (!v.empty() && (v.back() == ',' || v.back() == ')' || v.back() == ' ')) v.pop_back();
        if (RE2::FullMatch(v, copy)) continue;
        if (!RE2::FullMatch(v, constant)) return false;
        ++constants;
      }
    }
    return constants > 0;
  }

  // Squashed texts of the statement headers and calls of the base version of a function, so
  // moved or re-indented code is not taken for new code.
  static std::set<std::string> old_statements(const SyntaxTree* old_tree, const std::string& function) {
    std::set<std::string> out;
    if (!old_tree || function.empty()) return out;
    for (const Function& fn : old_tree->functions()) {
      if (fn.qualified != function || !fn.body) continue;
      lang::walk(fn.body, [&](Node n) {
        if (Node h = header(n)) out.insert(std::string(n.kind()) + ":" + collapse_whitespace(h.text()));
        if (is(n, NodeKind::Call)) out.insert("call:" + collapse_whitespace(n.text()));
        return true;
      });
    }
    return out;
  }

  // The expression a control-flow statement decides on.
  static Node header(Node n) {
    NodeKind k = node_kind(n);
    if (k == NodeKind::If || k == NodeKind::Elif || k == NodeKind::While) return n.child_by_field("condition");
    if (k == NodeKind::For) return n.child_by_field("right");
    return {};
  }

  // Whether `atom` (an `and` operand of a condition) is false unless an environment variable is
  // set: the read itself, or a name the function (or module) binds once to such a read. A branch
  // it gates is a debug or opt-in path that the default run never takes, under capture or not.
  static bool off_by_default(const SyntaxTree& tree, Node atom, const std::optional<Function>& fn) {
    atom = lang::unparenthesized(atom);
    if (!atom) return false;
    if (!is(atom, NodeKind::Identifier)) return off_when_unset(atom);
    const std::string name(atom.text());
    Node value;
    int bindings = 0;
    for (Node scope : {fn && fn->body ? fn->body : Node(), tree.root()}) {
      if (!scope) continue;
      for (const lang::Assignment& a : tree.assignments(scope))
        if (a.targets.size() == 1 && a.targets.front() == name && !a.augmented) {
          ++bindings;
          value = a.value;
        }
      if (bindings) break;
    }
    return bindings == 1 && value && off_when_unset(value);
  }

  static bool gated_off_by_default(const SyntaxTree& tree, Node cond, const std::optional<Function>& fn) {
    for (Node atom : lang::bool_operands(cond, "and", 16))
      if (off_by_default(tree, atom, fn)) return true;
    return false;
  }

  // Whether `n` sits in the body of an `if`/`elif` whose condition is off by default.
  static bool in_off_by_default_branch(const SyntaxTree& tree, Node n, Node scope, const std::optional<Function>& fn) {
    for (Node p = n.parent(); p && !(p == scope); p = p.parent()) {
      if (!is(p, NodeKind::Block)) continue;
      Node owner = p.parent();
      if (!owner) break;
      bool consequence = (is(owner, NodeKind::If) && owner.child_by_field("consequence") == p) || is(owner, NodeKind::Elif);
      if (consequence && gated_off_by_default(tree, owner.child_by_field("condition"), fn)) return true;
    }
    return false;
  }

  static std::vector<Item> scan(const SyntaxTree& tree, const CapturedScope& scope, const std::set<int>& added,
                                const std::set<std::string>& before) {
    std::vector<Item> items;
    std::optional<Function> fn = tree.enclosing_function(scope.body.start_line());
    lang::walk(scope.body, [&](Node n) {
      if (!touches_added(added, n.start_line(), n.end_line())) return false;
      if (n.is_error()) return false;
      Node h = header(n);
      if (h && added.count(n.start_line()) && !before.count(std::string(n.kind()) + ":" + collapse_whitespace(h.text())) &&
          !in_eager_only_branch(n, scope.body) && !in_off_by_default_branch(tree, n, scope.body, fn)) {
        if (std::optional<Item> it = control_flow(tree, n, h, fn)) items.push_back(*it);
      }
      if (is(n, NodeKind::Call) && added.count(n.start_line()) && !before.count("call:" + collapse_whitespace(n.text())) &&
          !in_eager_only_branch(n, scope.body) && !in_off_by_default_branch(tree, n, scope.body, fn)) {
        if (std::optional<Item> it = call_item(tree, lang::describe_call(n), fn)) items.push_back(*it);
      }
      return true;
    });
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.line < b.line; });
    return items;
  }

  static std::optional<Item> call_item(const SyntaxTree& tree, const Call& c, const std::optional<Function>& fn) {
    std::string text = shown_call(c);
    if (is_host_read(c))
      return Item{c.line, Level::Red, "host read " + text,
                  "the decode graph is captured: " + text +
                      " runs once — on a device tensor the device-to-host copy aborts capture (\"operation not "
                      "permitted when stream is capturing\"), on a host tensor the capture-time value is baked "
                      "into every replay"};
    if (is_synchronize(c))
      return Item{c.line, Level::Red, text,
                  "the graph is captured: " + text +
                      " synchronizes the capturing stream, which raises \"operation not permitted when stream is "
                      "capturing\" and the graph is never built"};
    if (!is_allocation(c)) return std::nullopt;
    if (copies_host_data(c))
      return Item{c.line, Level::Red, "host-data tensor " + text,
                  "the graph is captured: " + text +
                      " copies host data to the device once; every replay reuses the capture-time values (or the "
                      "copy fails on the capturing stream)"};
    std::string field;
    if (RE2::PartialMatch(expanded_text(tree, c.node.child_by_field("arguments"), fn), varying_field(), &field))
      return Item{c.line, Level::Red, "allocation " + text,
                  "a step's real `" + field + "` exceeds the capture-time dummy: " + text +
                      " was sized once at capture and every replay reuses that buffer, so kernels read or write "
                      "past what was allocated"};
    if (stored_on_module(c.node))
      return Item{c.line, Level::Warn, "allocation " + text + " kept on the module", ""};
    return std::nullopt;  // sized from tensors or constants: fixed per captured batch size
  }

  // `self.buf = torch.empty(...)`: a buffer created during capture lives in the graph's
  // private pool; eager code that later uses it races with the next replay.
  static bool stored_on_module(Node call) {
    Node p = call.parent();
    if (!p || !is(p, NodeKind::Assignment) || !(p.child_by_field("right") == call)) return false;
    Node left = p.child_by_field("left");
    return left && is(left, NodeKind::Attribute) && collapse_whitespace(left.text()).starts_with("self.");
  }

  // `expr` and the right-hand sides of the locals it reads that are assigned before it in the
  // function (one step), so `n = attn_metadata.max_seqlen_k` ... `if n > 4096` is seen.
  static std::string expanded_text(const SyntaxTree& tree, Node expr, const std::optional<Function>& fn) {
    std::string text(expr.text());
    if (!fn || !fn->body || !expr) return text;
    std::vector<std::string> read = names_read(tree, expr);
    std::set<std::string> names(read.begin(), read.end());
    for (const lang::Assignment& a : tree.assignments(fn->body)) {
      if (a.line >= expr.start_line() || !a.value) continue;
      for (const std::string& t : a.targets)
        if (names.count(t)) {
          text += ' ';
          text += a.value.text();
        }
    }
    return text;
  }

  // The leaves of a condition: operands of and/or/not.
  static void atoms(Node n, std::vector<Node>& out, int depth = 0) {
    n = lang::unparenthesized(n);
    if (!n) return;
    if (depth < 64 && is(n, NodeKind::Not)) return atoms(n.child_by_field("argument"), out, depth + 1);
    if (depth < 64 && is(n, NodeKind::BoolOp)) {
      atoms(n.child_by_field("left"), out, depth + 1);
      atoms(n.child_by_field("right"), out, depth + 1);
      return;
    }
    out.push_back(n);
  }

  static std::optional<Item> control_flow(const SyntaxTree& tree, Node stmt, Node cond,
                                          const std::optional<Function>& fn) {
    NodeKind k = node_kind(stmt);
    // `if debug and x.isnan().any():` short-circuits while the knob is unset: nothing is read.
    if (k != NodeKind::For && gated_off_by_default(tree, cond, fn)) return std::nullopt;
    std::string kw = k == NodeKind::For ? "for" : k == NodeKind::While ? "while" : k == NodeKind::Elif ? "elif" : "if";
    std::string what = "`" + kw + "` on " + shown(cond.text());
    for (const Call& c : tree.calls(cond)) {
      if (!is_host_test(c)) continue;
      std::string via = c.node == lang::unparenthesized(cond) ? "" : " (through " + shown_call(c) + ")";
      return Item{stmt.start_line(), Level::Red, what,
                  "the decode graph is captured: evaluating " + shown(cond.text()) + via +
                      " reads a device value on the host; during capture that sync aborts capture, and "
                      "otherwise the branch taken at capture is frozen for every replay"};
    }
    if (fn && k != NodeKind::For) {
      for (const lang::Param& p : fn->params) {
        if (p.annotation.find("Tensor") == std::string::npos) continue;
        for (Node id : tree.identifiers(p.name, cond)) {
          if (!tree.is_variable_read(id) || !bare_truth_use(id, cond)) continue;
          return Item{stmt.start_line(), Level::Red, what,
                      "the decode graph is captured: `" + p.name + "` is a tensor, so testing it in " + shown(cond.text()) +
                          " calls bool() on the device value, a device-to-host sync that aborts decode cudagraph "
                          "capture"};
        }
      }
    }
    // `if is_prefill and ...:` is false on every captured decode step: fixed for the graph.
    if (k != NodeKind::For && is_eager_only_condition(cond)) return std::nullopt;
    std::vector<Node> leaves;
    if (k == NodeKind::For) leaves.push_back(cond);
    else atoms(cond, leaves);
    bool ask = false;
    std::vector<std::string> fields;
    for (Node leaf : leaves) {
      if (k != NodeKind::For && is_presence_test(leaf)) continue;
      std::string text = expanded_text(tree, leaf, fn);
      std::string field;
      if ((k == NodeKind::For || compares(leaf)) && RE2::PartialMatch(text, varying_field(), &field))
        return Item{stmt.start_line(), Level::Red, what,
                    "a step's real `" + field + "` differs from the capture-time dummy: " + shown(cond.text()) +
                        " was decided once at capture and every replay of that graph takes the same path"};
      if (RE2::PartialMatch(text, phase_test())) continue;  // also `use_x = ... and fc.in_hipgraph`
      std::string step = per_step_text(tree, leaf, fn);
      if (!RE2::PartialMatch(step, metadata_value())) continue;
      ask = true;
      static const RE2 field_of(R"(\b(?:\w*metadata|attn_md|forward_context|fwd_ctx)\.([A-Za-z_]\w*)\b(\s*\()?)");
      // `getattr(md, "flag", False)` reads the field `flag` as well (a field older builders
      // never set): it is as fixed for the process as `md.flag` when every setter is a constant.
      static const RE2 getattr_field(
          R"(\bgetattr\(\s*[\w.]+\s*,\s*["']([A-Za-z_]\w*)["'])");
      // The fields the leaf itself reads decide; the locals it names are followed only when it
      // reads none (`md = getattr(fwd_ctx.attn_metadata, ...)` reaches the object whose field
      // `getattr(md, "flag", False)` branches on: the container's own field is not the test).
      std::string name, call;
      bool any = false;
      const std::string own(leaf.text());
      for (const std::string* text : {&own, static_cast<const std::string*>(&step)}) {
        for (re2::StringPiece in(*text); RE2::FindAndConsume(&in, field_of, &name, &call);) {
          fields.push_back(call.empty() ? name : "");
          any = true;
        }
        for (re2::StringPiece in(*text); RE2::FindAndConsume(&in, getattr_field, &name);) {
          fields.push_back(name);
          any = true;
        }
        if (any) break;
      }
      if (!any) fields.push_back("");
    }
    if (ask) return Item{stmt.start_line(), Level::Warn, what, "", fields};
    return std::nullopt;
  }

  // `text` without the parts fixed per captured batch size: shapes (`x.shape[0]`, `.size(0)`,
  // `.numel()`) and batch counts (`ctx.batch_size`, `attn_metadata.num_actual_tokens`).
  static std::string without_per_graph(std::string text) {
    static const RE2 per_graph(
        R"([\w.()]*\b(batch_size|num_tokens|num_actual_tokens|graph_bs|num_seqs|num_reqs|max_seqlen_q|max_q_len)\b)");
    static const RE2 shape_of(R"([\w.()\[\]]*\.(shape|size\([^)]*\)|numel\(\)|dim\(\)|ndim)(\[[^\]]*\])?)");
    RE2::GlobalReplace(&text, per_graph, "");
    RE2::GlobalReplace(&text, shape_of, "");
    return text;
  }

  // The per-step part of a condition leaf, with the locals it still reads followed one step
  // (`fc = get_forward_context()` does not count when only `fc....numel()` is read).
  static std::string per_step_text(const SyntaxTree& tree, Node leaf, const std::optional<Function>& fn) {
    std::string text = without_per_graph(std::string(leaf.text()));
    if (!fn || !fn->body) return text;
    static const RE2 name(R"((?:^|[^\w.])([A-Za-z_]\w*))");
    std::set<std::string> names;
    re2::StringPiece in(text);
    std::string n;
    while (RE2::FindAndConsume(&in, name, &n)) names.insert(n);
    std::string out = text;
    for (const lang::Assignment& a : tree.assignments(fn->body)) {
      if (a.line >= leaf.start_line() || !a.value) continue;
      for (const std::string& t : a.targets)
        if (names.count(t)) {
          out += ' ';
          out += without_per_graph(std::string(a.value.text()));
        }
    }
    return out;
  }

  // Whether `cond` orders or equates values (not only `is None` / membership tests).
  static bool compares(Node cond) {
    bool found = false;
    lang::walk(cond, [&](Node n) {
      if (found) return false;
      if (is(n, NodeKind::Comparison))
        for (Node c : n.children())
          if (!c.is_named() && in_list(c.text(), {"<", ">", "<=", ">=", "==", "!="})) found = true;
      return true;
    });
    return found;
  }

  // `if x:`, `if not x:`, `if x and y:`, `if x > 0:` on a tensor: Python calls bool(tensor).
  static bool bare_truth_use(Node id, Node cond) {
    for (Node child = id, p = id.parent(); p; child = p, p = p.parent()) {
      NodeKind k = node_kind(p);
      if (k == NodeKind::Parenthesized || k == NodeKind::Not || k == NodeKind::BoolOp) {
        if (p == cond) return true;
        continue;
      }
      if (k == NodeKind::Comparison) {
        for (Node c : p.children())
          if (!c.is_named() && in_list(c.text(), {"is", "is not", "in", "not in", "not"})) return false;
        return true;
      }
      return child == cond;
    }
    return false;
  }

  Finding make_finding(const std::string& path, const SyntaxTree& tree, const CapturedScope& scope,
                       const std::vector<Item>& items) const {
    const Item* lead = &items.front();
    for (const Item& it : items)
      if (it.level == Level::Red) {
        lead = &it;
        break;
      }
    Finding x = finding();
    x.severity = lead->level == Level::Red ? Severity::Red : Severity::Warn;
    x.location = Location{path, lead->line};
    std::string list;
    std::set<int> lines;
    for (const Item& it : items) {
      if (list.size() > 300) {
        list += ", ...";
        break;
      }
      list += (list.empty() ? "" : ", ") + it.what + " (line " + std::to_string(it.line) + ")";
    }
    x.problem = "New " + list + " inside a cudagraph-captured region: " + scope.why;
    x.impact = "The graph replays only the kernels recorded at capture: Python branches, host values and "
               "allocation shapes are decided once with the capture-time dummy batch, so a decision that "
               "should change per step silently does not, and a host sync aborts capture";
    x.action = "Author must explain why capture remains valid, or move the branch/allocation/host read outside "
               "the captured region (decide it before replay, or keep the value in a static device buffer)";
    for (const Item& it : items) {
      if (!lines.insert(it.line).second) continue;
      if (x.evidence.size() >= 6) break;
      x.evidence.push_back(evidence(path, it.line, tree.line_text(it.line)));
      if (it.line != lead->line) x.related.push_back(Location{path, it.line});
    }
    if (lead->level == Level::Red) x.trigger = lead->trigger;
    return x;
  }
};

REGISTER_RULE(CudagraphCapture);

}  // namespace
}  // namespace rp
