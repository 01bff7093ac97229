// benchmark-timing-window: a benchmark loop rebuilds a kernel (or creates a stream) on every
// iteration but starts the clock after it, so the measured number leaves out a cost the
// benchmark itself shows recurs per call (checklist P5).
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "benchmark-timing-window",
    .category = Category::Perf,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A benchmark loop rebuilds a kernel or creates a stream on every iteration, outside the timed "
               "window it then measures.",
    .docs = R"doc(What it catches, in Python the PR adds or changes: a repetition loop (`for _ in
range(iters)`, or a loop whose variable the setup does not use) whose body holds a timing window
(a `time.perf_counter()`/`time.time()`/`time.monotonic()` pair, a pair of
`torch.cuda.Event(enable_timing=True)` `.record()` calls, or a `do_bench`/`run_perftest`/`perftest`
call) and, outside that window in the same iteration, a statement that compiles or builds a kernel
(`triton.compile`, `compile_*`/`build_*`/`*_compile` calls, `jit(...)`, `load_inline`,
`cpp_extension.load`) or creates a stream (`torch.cuda.Stream()`) whose result the timed statements
use. The benchmark itself shows the cost recurs with every call, and the number leaves it out.
Why it matters: a per-call compile or setup excluded from the clock can turn a net regression
into an apparent speedup (checklist P5).
Does not fire on: one-time setup before the loop (weight shuffle or preshuffle, weight loading,
a first-call JIT whose result is cached, warmup iterations): excluding it from steady-state
latency is correct methodology (aiter#4166 preshuffled once outside its loop and honestly
reported 0.69x); a loop over shapes or configs whose variable the build uses (one build per
shape is a cache fill); allocations and input generation outside the window (production may
pass preallocated outputs, and fresh random inputs are not a production cost); `torch.compile`
(lazy: it compiles at the first call, inside whichever window contains it, and caches by code
object); `re.compile`. Not decided: a production wrapper that runs a preprocessing step the
benchmark hoisted out of the window, and a cold-start compile on a path that is not cached
across processes: no structural form tells them from legitimate one-time setup.)doc"};

bool is_timer_call(std::string_view callee) {
  static const RE2 re(R"re((?:^|\.)(?:perf_counter|perf_counter_ns|monotonic|monotonic_ns|time)$)re");
  return RE2::PartialMatch(re2::StringPiece(callee.data(), callee.size()), re) &&
         (callee.starts_with("time.") || callee == "perf_counter" || callee == "perf_counter_ns" ||
          callee == "monotonic");
}

bool is_harness_call(std::string_view callee) {
  static const RE2 re(R"re((?:^|\.)(?:do_bench|do_bench_cudagraph|run_perftest|perftest|benchmark_fn|bench_fn|timeit)$)re");
  return RE2::PartialMatch(re2::StringPiece(callee.data(), callee.size()), re);
}

// A call that builds device code or a stream eagerly, each time it runs.
bool is_builder_call(std::string_view callee) {
  if (callee == "re.compile" || callee == "regex.compile" || callee == "torch.compile" || callee.ends_with("Event"))
    return false;
  static const RE2 re(
      R"re((?:^|\.)(?:compile|jit|load_inline|build_\w+|\w+_build|compile_\w+|\w+_compile|cuda\.Stream|Stream)$)re");
  static const RE2 ext(R"re(cpp_extension\.load$)re");
  re2::StringPiece in(callee.data(), callee.size());
  return RE2::PartialMatch(in, re) || RE2::PartialMatch(in, ext);
}

enum class Marker { None, Timer, Record, Harness };

// What timing role a top-level statement of a loop body plays.
Marker marker_of(const lang::SyntaxTree& tree, lang::Node stmt) {
  Marker m = Marker::None;
  for (const lang::Call& c : tree.calls(stmt)) {
    if (is_harness_call(c.callee)) return Marker::Harness;
    if (is_timer_call(c.callee) && c.args.empty()) m = Marker::Timer;
    if (c.callee_name == "record" && c.receiver && c.args.empty() && m == Marker::None) m = Marker::Record;
  }
  return m;
}

struct Window {
  std::size_t first = 0, last = 0;  // indices into the loop body's statements
};

// The timing windows of one loop body: a harness call alone, or a start/stop marker pair.
std::vector<Window> windows(const lang::SyntaxTree& tree, const std::vector<lang::Node>& stmts) {
  std::vector<Window> out;
  std::size_t open = stmts.size();
  Marker open_kind = Marker::None;
  for (std::size_t i = 0; i < stmts.size(); ++i) {
    Marker m = marker_of(tree, stmts[i]);
    if (m == Marker::Harness) {
      out.push_back({i, i});
    } else if (m != Marker::None) {
      if (open == stmts.size()) {
        open = i;
        open_kind = m;
      } else if (m == open_kind) {
        out.push_back({open, i});
        open = stmts.size();
      }
    }
  }
  return out;
}

// The loop variable names of a `for` (empty for while loops and `_`).
std::vector<std::string> loop_vars(lang::Node loop) {
  std::vector<std::string> out;
  lang::Node left = loop.child_by_field("left");
  if (!left) return out;
  static const RE2 ident(R"re(([A-Za-z_]\w*))re");
  re2::StringPiece in(left.text().data(), left.text().size());
  std::string name;
  while (RE2::FindAndConsume(&in, ident, &name))
    if (name != "_") out.push_back(name);
  return out;
}

struct Setup {
  std::size_t index;
  const lang::Call* call;
  std::string bound;
};

class BenchmarkTimingWindow : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_sources_with_tests(one_file(file), ctx.workspace, is_python)) {
      std::set<int> reported;
      for (const lang::Loop& loop : cs.tree->loops()) {
        if (loop.is_while || !loop.body) continue;
        check_loop(*cs.file, *cs.tree, cs.added, loop, reported, out);
      }
    }
  }

 private:
  void check_loop(const FileChange& f, const lang::SyntaxTree& tree, const std::set<int>& added, const lang::Loop& loop,
                  std::set<int>& reported, std::vector<Finding>& out) const {
    std::vector<lang::Node> stmts = loop.body.named_children();
    std::vector<Window> wins = windows(tree, stmts);
    if (wins.empty()) return;
    std::vector<std::string> vars = loop_vars(loop.node);
    for (std::size_t i = 0; i < stmts.size(); ++i) {
      bool inside = false;
      for (const Window& w : wins) inside |= i >= w.first && i <= w.last;
      if (inside || !is(stmts[i], NodeKind::ExpressionStatement)) continue;
      std::vector<lang::Assignment> as = tree.assignments(stmts[i]);
      if (as.size() != 1 || as[0].targets.size() != 1 || !as[0].value || !is(as[0].value, NodeKind::Call)) continue;
      lang::Call call = lang::describe_call(as[0].value);
      if (!is_builder_call(call.callee) || uses_any(tree, as[0].value, vars)) continue;
      const std::string& name = as[0].targets[0];
      for (const Window& w : wins) {
        if (!window_reads(tree, stmts, w, name)) continue;
        int line = stmts[i].start_line();
        bool touched = touches_added(added, line, stmts[i].end_line()) ||
                       touches_added(added, stmts[w.first].start_line(), stmts[w.last].end_line());
        if (!touched || !reported.insert(line).second) break;
        out.push_back(report(f, tree, line, call.callee, name, stmts[w.first].start_line()));
        break;
      }
    }
  }

  static bool uses_any(const lang::SyntaxTree& tree, lang::Node n, const std::vector<std::string>& vars) {
    for (const std::string& v : vars)
      for (lang::Node id : tree.identifiers(v, n))
        if (tree.is_variable_read(id)) return true;
    return false;
  }

  static bool window_reads(const lang::SyntaxTree& tree, const std::vector<lang::Node>& stmts, const Window& w,
                           const std::string& name) {
    if (name.find('.') != std::string::npos) return false;
    for (std::size_t j = w.first; j <= w.last; ++j)
      for (lang::Node id : tree.identifiers(name, stmts[j]))
        if (tree.is_variable_read(id)) return true;
    return false;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, int line, const std::string& callee,
                 const std::string& name, int window_line) const {
    Finding x = finding();
    x.location = Location{f.new_path, line};
    x.problem = fmt::format(
        "The benchmark loop runs `{}(...)` on every iteration but starts timing after it (window at line {}), then "
        "times `{}`",
        callee, window_line, name);
    x.impact = "The loop shows the build recurs with every call, and the measured number leaves it out: a per-call "
               "cost can turn a net regression into an apparent speedup";
    x.action = fmt::format(
        "Author must re-run with `{}` inside the timed window, or hoist it before the loop and state that production "
        "builds it once",
        callee);
    x.evidence.push_back(evidence(f.new_path, line, tree.line_text(line)));
    x.evidence.push_back(evidence(f.new_path, window_line, tree.line_text(window_line)));
    x.verified = true;
    return x;
  }
};

REGISTER_RULE(BenchmarkTimingWindow);

}  // namespace
}  // namespace rp
