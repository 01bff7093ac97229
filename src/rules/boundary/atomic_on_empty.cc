// atomic-on-empty: a buffer allocated with empty() (not zeroed) handed to a kernel that
// accumulates into it with an atomic max/add. The kernel is resolved to its source: a C++/HIP
// __global__ in the same translation unit, a Triton/Gluon @jit kernel in the same module, or
// (D1 across files) the C++/HIP host function of a Python op call and the kernels and device
// helpers it reaches in its translation unit and the headers that unit includes.
#include <re2/re2.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/kernel_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "atomic-on-empty",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "A buffer from empty() reaches a kernel that accumulates into it with an atomic max/add.",
    .docs = R"(What it catches: an added allocation `x = torch.empty(...)` / `AiterTensor::empty(...)` /
`at::empty(...)` (also `empty_like`) whose buffer is passed to a kernel launch in the same
function, where the kernel's source (a `__global__`/`__device__` function of the same C++/HIP
file, or a `@triton.jit`/`@gluon.jit` kernel of the same Python module, following one call
into a helper) applies an atomic read-modify-write to the parameter that receives it:
`atomicAdd`, `atomicMax`, `atomic_fmax*`, `unsafeAtomicAdd`, `__hip_atomic_fetch_*`,
`tl.atomic_add`/`tl.atomic_max`/`tl.atomic_min`. The finding names the kernel, the parameter
and the atomic line.
Why it matters: an atomic max/add reads the old value. `empty()` returns whatever the caching
allocator last stored in that block, so garbage larger than the true amax (or a stale partial
sum) wins, and the descale or sum derived from it is silently wrong on every call that gets a
reused block.
Does not fire on: `zeros()`/`zeros_like()`/`full()` allocations; an allocation made only when
`KEY == VALUE` (`if cfg["SPLITS"] == 1: y = torch.empty(...)`) for a kernel whose atomic sits in
the else of `if SPLITS == 1:` (the compile-time split stores plainly in that case); a buffer
initialised before the atomic on the same path (an init kernel that stores into it launched
first, from Python or from the op's host function; `tl.store(p, 0)` ahead of `tl.atomic_*`); a buffer zeroed before the
launch (`x.zero_()`, `x.fill_(...)`, `hipMemsetAsync`/`memset` naming it, or passed to a
`*zero*`/`*fill*`/`*memset*` call); kernels that only store (no atomic on that parameter),
atomics on another parameter of the same kernel; a Python op whose C++ source cannot be resolved
with certainty (the name must be a registered op — `m.def`/TORCH_LIBRARY or a `compile_ops`
def — defined by exactly one translation unit of the head tree; no guessing from names);
unchanged allocations; test files.
Across files: for a buffer passed to a Python op call (`aiter.op(buf, ...)`, or a `compile_ops`
stub of the same module), the op's host function is read from its translation unit and the
buffer followed by position/keyword into the host parameter, through the kernel launch
(`kernel<<<...>>>(buf.data_ptr(), ...)`) into the kernel parameter and one device helper
further, in that unit or any header it includes (index include graph, 3 levels).)"};

bool is_atomic_rmw(std::string_view callee) {
  static const RE2 re(
      R"((?i)^(atomic(add|max|min|_?fmax\w*|_?fmin\w*|_add|_max|_min|_fadd\w*|cas)|unsafeatomicadd|__hip_atomic_fetch_\w+)$)");
  return RE2::FullMatch(std::string(callee), re);
}

std::string strip_template(std::string s) {
  size_t lt = s.find('<');
  if (lt != std::string::npos) s = s.substr(0, lt);
  size_t br = s.find('[');
  if (br != std::string::npos) s = s.substr(0, br);
  size_t colons = s.rfind("::");
  if (colons != std::string::npos) s = s.substr(colons + 2);
  size_t dot = s.rfind('.');
  if (dot != std::string::npos) s = s.substr(dot + 1);
  return s;
}

bool mentions_name(std::string_view text, const std::string& name) {
  const RE2 re("(^|[^A-Za-z0-9_])" + RE2::QuoteMeta(name) + "([^A-Za-z0-9_]|$)");
  return RE2::PartialMatch(std::string(text), re);
}

// Whether an argument hands the buffer `name` over: `x`, `x.data_ptr()`, `(float*)x.data_ptr()`.
bool passes_buffer(std::string_view arg, const std::string& name) { return mentions_name(arg, name); }

// A function definition that may receive the buffer, with the tree it was parsed from.
struct Def {
  const SyntaxTree* tree;
  std::string path;
  Function fn;
};
using Defs = std::map<std::string, std::vector<Def>>;

struct AtomicSite {
  std::string path;
  std::string kernel;
  std::string param;
  int line = 0;
  std::string text;
  Node node;  // the atomic call
};

// `KEY == VALUE` tested by the if (not elif/else) arm that holds `n`: the allocation's own gate
// (`if cfg["SPLITS"] == 1: y = torch.empty(...)`). Empty strings when there is none.
std::pair<std::string, std::string> equality_gate(Node n) {
  static const RE2 eq(R"re(^\s*(?:\w+\s*\[\s*["'])?(\w+)(?:["']\s*\])?\s*==\s*(\w+)\s*$)re");
  for (Node a = n.parent(); a; a = a.parent()) {
    if (is_any(a, {NodeKind::FunctionDef, NodeKind::Else, NodeKind::Elif})) break;
    if (!is(a, NodeKind::If)) continue;
    Node cond = a.child_by_field("condition");
    Node then = a.child_by_field("consequence");
    std::string key, value;
    if (cond && then && then.start_byte() <= n.start_byte() && n.end_byte() <= then.end_byte() &&
        RE2::FullMatch(std::string(cond.text()), eq, &key, &value))
      return {key, value};
    break;
  }
  return {};
}

// Whether the atomic `site` only runs when `KEY == VALUE` is false: it sits in the else arm of an
// if testing that equality (the kernel's compile-time split: `if SPLITS == 1: tl.store(...)
// else: tl.atomic_add(...)`), so a buffer allocated only when it holds never meets the atomic.
bool atomic_excluded_by(Node site, const std::pair<std::string, std::string>& gate) {
  if (gate.first.empty() || !site) return false;
  const RE2 eq("^\\s*" + RE2::QuoteMeta(gate.first) + "\\s*==\\s*" + RE2::QuoteMeta(gate.second) + "\\s*$");
  for (Node a = site.parent(); a; a = a.parent()) {
    if (!is(a, NodeKind::Else) || !a.parent()) continue;
    Node cond = a.parent().child_by_field("condition");
    if (cond && RE2::FullMatch(std::string(cond.text()), eq)) return true;
  }
  return false;
}

class AtomicOnEmpty : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(file)) {
      if (f.status == FileStatus::Deleted || f.binary || is_test_path(f.new_path)) continue;
      if (!is_python(f.new_path) && !is_cpp_family(f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      Defs defs;
      for (const Function& fn : tree->functions()) defs[fn.name].push_back({tree, f.new_path, fn});
      OpSources ops;
      for (const lang::Assignment& a : tree->assignments()) {
        if (!added.count(a.line) || !a.value || a.targets.size() != 1 || a.augmented) continue;
        if (!allocates_empty(a.value)) continue;
        check_buffer(ctx, *tree, f.new_path, a, defs, ops, out);
      }
    }
  }

 private:
  static bool allocates_empty(Node value) {
    if (!is(value, NodeKind::Call)) return false;
    std::string name = lang::describe_call(value).callee_name;
    return name == "empty" || name == "empty_like" || name == "new_empty";
  }

  // The sources of the C++/HIP op behind a Python call, per op name (parsed once per file).
  struct OpSource {
    std::unique_ptr<KernelSources> sources;
    Defs defs;
  };
  using OpSources = std::map<std::string, std::unique_ptr<OpSource>>;

  static const OpSource* op_source(const ReviewContext& ctx, const std::string& op, OpSources& ops) {
    auto [it, fresh] = ops.try_emplace(op);
    if (!fresh) return it->second.get();
    std::string tu = ctx.repo ? op_source_path(ctx.repo->index(), op) : std::string();
    if (tu.empty()) return nullptr;
    auto src = std::make_unique<OpSource>();
    src->sources = std::make_unique<KernelSources>(ctx, tu);
    for (const KernelFile& kf : src->sources->files())
      for (const Function& fn : kf.tree->functions())
        if (fn.body) src->defs[fn.name].push_back({kf.tree.get(), kf.path, fn});
    it->second = std::move(src);
    return it->second.get();
  }

  // An atomic on the parameter that receives argument `i` of call `c`, in one of `kernels`.
  std::optional<AtomicSite> atomic_for_arg(const Call& c, size_t i, const std::vector<Def>& kernels, const Defs& defs,
                                           int depth) const {
    for (const Def& k : kernels) {
      std::string param = param_for(k.fn, c.args[i], i);
      if (param.empty()) continue;
      if (auto site = atomic_on(k, param, defs, depth)) return site;
    }
    return std::nullopt;
  }

  void check_buffer(const ReviewContext& ctx, const SyntaxTree& tree, const std::string& path,
                    const lang::Assignment& a, const Defs& defs, OpSources& ops, std::vector<Finding>& out) const {
    const std::string& buf = a.targets.front();
    std::optional<Function> owner = tree.enclosing_function(a.line);
    Node scope = owner ? owner->body : tree.root();
    std::vector<Call> calls = tree.calls(scope);
    for (const Call& c : calls) {
      if (c.line < a.line) continue;
      if (zeroes(c, buf)) return;  // zeroed before any atomic launch that follows
      std::string kernel = strip_template(c.callee);
      auto it = defs.find(kernel);
      if (it != defs.end() && initializes_arg(c, {buf}, it->second, defs)) return;
      // Only a call handed the buffer can launch an atomic on it. Asked first, so an op's
      // sources (its translation unit and every header it includes, parsed) are read only for
      // a call that passes the buffer, not for every op call after the allocation.
      bool handed = false;
      for (const lang::Argument& arg : c.args) handed = handed || passes_buffer(arg.value.text(), buf);
      if (!handed) continue;
      // A Python op call: the host function of its C++/HIP source (host → kernel → helper).
      const OpSource* op = tree.is_python() ? op_source(ctx, c.callee_name, ops) : nullptr;
      const std::vector<Def>* hosts = nullptr;
      if (op) {
        auto h = op->defs.find(c.callee_name);
        if (h != op->defs.end()) hosts = &h->second;
      }
      if (it == defs.end() && !hosts) continue;
      for (size_t i = 0; i < c.args.size(); ++i) {
        if (!passes_buffer(c.args[i].value.text(), buf)) continue;
        std::optional<AtomicSite> site;
        if (it != defs.end()) site = atomic_for_arg(c, i, it->second, defs, 1);
        if (!site && hosts) site = atomic_for_arg(c, i, *hosts, op->defs, 2);
        if (!site) continue;
        if (atomic_excluded_by(site->node, equality_gate(a.node))) return;
        report(tree, path, a, c, *site, out);
        return;
      }
    }
  }

  static bool zeroes(const Call& c, const std::string& buf) {
    std::string n = c.callee_name;
    bool zero_call = n == "zero_" || n == "fill_" || n.find("emset") != std::string::npos ||
                     n.find("zero") != std::string::npos || n.find("fill") != std::string::npos;
    if (!zero_call) return false;
    if (c.receiver && mentions_name(c.receiver.text(), buf)) return true;
    for (const lang::Argument& arg : c.args)
      if (mentions_name(arg.value.text(), buf)) return true;
    return false;
  }

  // Whether call `c` hands one of `names` to a function of `candidates` that writes the
  // receiving parameter with plain stores and never with an atomic: an initialiser.
  bool initializes_arg(const Call& c, const std::set<std::string>& names, const std::vector<Def>& candidates,
                       const Defs& defs) const {
    for (size_t i = 0; i < c.args.size(); ++i) {
      bool passes = false;
      for (const std::string& n : names) passes = passes || passes_buffer(c.args[i].value.text(), n);
      if (!passes) continue;
      for (const Def& d : candidates) {
        std::string param = param_for(d.fn, c.args[i], i);
        if (param.empty() || !d.fn.body) continue;
        if (stores_plainly(d, param) && !atomic_on(d, param, defs, 0)) return true;
      }
    }
    return false;
  }

  // A plain write into the memory `param` points to: `p[i] = v`, `*p = v` (C++), `tl.store(p...)`.
  static bool stores_plainly(const Def& d, const std::string& param) {
    std::string p = RE2::QuoteMeta(param);
    const RE2 element("^\\s*(\\*\\s*\\(?\\s*" + p + "\\b\\s*\\)?\\s*$|\\(?\\s*" + p + "\\b\\s*\\)?\\s*\\[)");
    for (const lang::Assignment& a : d.tree->assignments(d.fn.body)) {
      if (a.augmented) continue;
      lang::Node left = a.node.child_by_field("left");
      if (left && RE2::PartialMatch(std::string(left.text()), element)) return true;
    }
    for (const Call& c : d.tree->calls(d.fn.body))
      if (c.callee_name == "store" && !c.args.empty() && mentions_name(c.args.front().value.text(), param)) return true;
    return false;
  }

  static std::string param_for(const Function& k, const lang::Argument& arg, size_t index) {
    if (!arg.keyword.empty()) {
      for (const lang::Param& p : k.params)
        if (p.name == arg.keyword) return p.name;
      return "";
    }
    return index < k.params.size() ? k.params[index].name : "";
  }

  // An atomic read-modify-write on `param` inside device function `k` (or, `depth` calls down,
  // inside a same-file helper it is passed to).
  std::optional<AtomicSite> atomic_on(const Def& kd, const std::string& param, const Defs& defs, int depth) const {
    const SyntaxTree& tree = *kd.tree;
    const Function& k = kd.fn;
    if (!k.body) return std::nullopt;
    std::set<std::string> aliases{param};
    for (const lang::Assignment& a : tree.assignments(k.body))
      if (a.value)
        for (const std::string& al : std::set<std::string>(aliases))
          if (mentions_name(a.value.text(), al))
            for (const std::string& t : a.targets) aliases.insert(t);
    for (const Call& c : tree.calls(k.body)) {
      if (c.args.empty()) continue;
      std::string first(c.args.front().value.text());
      bool on_param = false;
      for (const std::string& al : aliases) on_param = on_param || mentions_name(first, al);
      // Initialised on this path before any atomic that follows: a plain store into it
      // (`tl.store(p, 0)`), a memset/fill/zero naming it, or an init kernel launched on it
      // (`initializeScale<<<...>>>(scale, 1, 0.0f)` ahead of the atomicMax reduction).
      if (on_param && c.callee_name == "store") return std::nullopt;
      for (const std::string& al : aliases)
        if (zeroes(c, al)) return std::nullopt;
      if (depth > 0)
        if (auto init = defs.find(strip_template(c.callee)); init != defs.end() && initializes_arg(c, aliases, init->second, defs))
          return std::nullopt;
      if (is_atomic_rmw(c.callee_name) && on_param) {
        return AtomicSite{kd.path, k.name, param, c.line, std::string(trim(tree.line_text(c.line))), c.node};
      }
      if (depth <= 0) continue;
      auto it = defs.find(strip_template(c.callee));
      if (it == defs.end()) continue;
      for (size_t i = 0; i < c.args.size(); ++i) {
        bool passes = false;
        for (const std::string& al : aliases) passes = passes || mentions_name(c.args[i].value.text(), al);
        if (!passes) continue;
        for (const Def& h : it->second) {
          if (h.fn.node == k.node) continue;
          std::string hp = param_for(h.fn, c.args[i], i);
          if (hp.empty()) continue;
          if (auto s = atomic_on(h, hp, defs, depth - 1)) return s;
        }
      }
    }
    return std::nullopt;
  }

  void report(const SyntaxTree& tree, const std::string& path, const lang::Assignment& a, const Call& launch,
              const AtomicSite& site, std::vector<Finding>& out) const {
    const std::string& buf = a.targets.front();
    std::string where = site.path == path ? "" : " in " + site.path;
    Finding x = finding();
    x.location = Location{path, a.line};
    x.problem = "`" + buf + "` is allocated with `" + strip_template(lang::describe_call(a.value).callee) +
                "()` (not zeroed) and passed to `" + site.kernel + "`" + where + ", which accumulates into `" +
                site.param + "` with an atomic (`" + site.text + "`)";
    x.impact = "The atomic reads the old contents; a reused allocator block holds stale values that win the max / "
               "join the sum, so every value derived from `" + buf + "` (descale, amax, counts) is silently wrong";
    x.action = "Author must allocate `" + buf + "` with zeros (`zeros()` / `::zeros()`) or clear it before the launch";
    x.trigger = "any call of this path that gets a reused allocator block for `" + buf +
                "` (e.g. the second call in a process): the stale contents enter the atomic";
    x.evidence.push_back(evidence(path, a.line, tree.line_text(a.line)));
    x.evidence.push_back(evidence(path, launch.line, tree.line_text(launch.line)));
    x.evidence.push_back(evidence(site.path, site.line, site.text));
    x.related.push_back(Location{path, launch.line});
    x.related.push_back(Location{site.path, site.line});
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(AtomicOnEmpty);

}  // namespace
}  // namespace rp
