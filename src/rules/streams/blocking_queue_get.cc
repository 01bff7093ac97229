// blocking-queue-get: a serving worker loop that waits on a queue with no way out when the
// producer dies.
#include <fmt/format.h>
#include <re2/re2.h>

#include <set>
#include <string>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "blocking-queue-get",
    .category = Category::Streams,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "A new queue.get() with no timeout inside a `while True:` worker loop of serving code.",
    .docs = R"(What it catches: an added `q.get()` / `await q.get()` (thread, multiprocessing or asyncio
queue) that can wait forever: no `timeout=` (or `timeout=None`), not `block=False`, not wrapped
in `asyncio.wait_for(...)` / `asyncio.timeout(...)`, sitting in a `while True:` / `while 1:`
loop of production code, where the loop has no way to stop: no `except queue.Empty` /
`TimeoutError` / `CancelledError` / `QueueShutDown` handler around the get, and no
`if ...: break/return/raise` whose condition reads the item just received (a sentinel such as
`if item is None: break`) or a stop flag (`done`, `stop`, `shutdown`, `closed`, `running`...).
The receiver must be a queue: bound to `Queue()` / `SimpleQueue()` / `mp.Queue()` /
`asyncio.Queue()` in the file, annotated `Queue`, or named like one (`*queue*`, `q`, `*_q`,
`q_*`, `inbox`, `mailbox`). Production code is the profile's serving paths (ATOM: entrypoints,
model_engine, plugin, distributed, kv_transfer, spec_decode, mesh); a profile without serving
paths (aiter, generic) checks every Python file that is not a test, tool, benchmark, example,
tuning or one-shot script.
Why it matters: the worker depends on an external producer (decode loop, socket reader,
request handler). If that producer exits abnormally, the get never returns: no exception, no
log line, the server hangs with requests in flight and nobody is told why.
Does not fire on: `dict.get(key)` or any `get` with other arguments, `get_nowait()`, gets with a
timeout, gets outside an infinite loop (a loop over `not done` / `not all(finished)` has a done
flag), loops ended by a sentinel or stop-flag check, gets guarded by an Empty/Timeout/
Cancelled handler, test code, CLI tools and one-shot scripts (`tests/`, `examples/`,
`benchmarks/`, `tools/`, `scripts/`, `cli/`, module-level code, a `main()` function, and in
profiles without serving paths any file with an `if __name__ == "__main__":` guard), unchanged
gets, and thread hand-offs that are not queue reads (`loop.call_soon_threadsafe(...)`).)"};

// Exceptions whose handler proves the author planned for a get that does not return.
bool is_wait_handler(std::string_view type) {
  size_t dot = type.rfind('.');
  std::string_view last = dot == std::string_view::npos ? type : type.substr(dot + 1);
  return last == "Empty" || last == "TimeoutError" || last == "CancelledError" || last == "QueueEmpty" ||
         last == "QueueShutDown" || last == "ShutDown";
}

std::string last_name(std::string_view receiver) {
  size_t dot = receiver.rfind('.');
  return std::string(dot == std::string_view::npos ? receiver : receiver.substr(dot + 1));
}

bool named_like_queue(std::string_view receiver) {
  static const RE2 re(R"((?i)^_*(.*queue.*|q|q_.*|.*_q|inbox|mailbox|.*_inbox)$)");
  return RE2::FullMatch(last_name(receiver), re);
}

bool is_queue_constructor(Node value) {
  while (value && is(value, NodeKind::Await)) {
    auto kids = value.named_children();
    value = kids.empty() ? Node() : kids.back();
  }
  if (!value || !is(value, NodeKind::Call)) return false;
  std::string name = lang::describe_call(value).callee_name;
  return name.size() >= 5 && name.compare(name.size() - 5, 5, "Queue") == 0;
}

// Receivers (exact text, "self._q" kept whole) bound to a queue object in this file.
std::set<std::string> bound_queues(const SyntaxTree& tree) {
  std::set<std::string> out;
  for (const lang::Assignment& a : tree.assignments()) {
    Node type = a.node.child_by_field("type");
    bool typed_queue = type && type.text().find("Queue") != std::string_view::npos;
    if (!typed_queue && !is_queue_constructor(a.value)) continue;
    for (const std::string& t : a.targets) out.insert(t);
  }
  for (const lang::Function& f : tree.functions())
    for (const lang::Param& p : f.params)
      if (p.annotation.find("Queue") != std::string::npos) out.insert(p.name);
  // One hop of `self.requests = requests`: a constructor storing a Queue-typed parameter.
  for (const lang::Assignment& a : tree.assignments())
    if (a.value && is(a.value, NodeKind::Identifier) && out.count(std::string(a.value.text())))
      for (const std::string& t : a.targets) out.insert(t);
  return out;
}

// A get with no arguments, or only block=True / timeout=None, waits forever. Any other
// argument makes it either bounded or not a queue read at all (dict.get(key)).
bool waits_forever(const Call& c) {
  int positional = 0;
  for (const lang::Argument& a : c.args) {
    std::string_view v = trim(a.value.text());
    if (a.keyword == "timeout") {
      if (v != "None") return false;
    } else if (a.keyword == "block") {
      if (v != "True" && v != "1") return false;
    } else if (a.keyword.empty()) {
      ++positional;
      if (positional == 1 && v != "True" && v != "1") return false;
      if (positional == 2 && v != "None") return false;
      if (positional > 2) return false;
    } else {
      return false;
    }
  }
  return true;
}

bool is_scope_boundary(NodeKind kind) {
  return kind == NodeKind::FunctionDef || kind == NodeKind::Lambda || kind == NodeKind::ClassDef;
}

// `asyncio.wait_for(q.get(), 5)` or `async with asyncio.timeout(5):` bounds the wait.
bool bounded_by_wrapper(Node call) {
  for (Node n = call.parent(); n && !is_scope_boundary(node_kind(n)); n = n.parent()) {
    if (is(n, NodeKind::Call)) {
      std::string name = lang::describe_call(n).callee_name;
      if (name == "wait_for" || name == "wait" || name == "timeout" || name == "timeout_at") return true;
    }
    if (is(n, NodeKind::With)) {
      for (Node c : n.named_children())
        if (is(c, NodeKind::WithClause) && c.text().find("timeout") != std::string_view::npos) return true;
    }
  }
  return false;
}

// The innermost loop around the call inside its own function; null when none.
Node enclosing_loop(Node call) {
  for (Node n = call.parent(); n && !is_scope_boundary(node_kind(n)); n = n.parent())
    if (is_any(n, {NodeKind::While, NodeKind::For})) return n;
  return {};
}

bool guarded_by_handler(const SyntaxTree& tree, Node call, Node function) {
  for (const lang::TryBlock& t : tree.try_blocks(function)) {
    if (!t.body || call.start_byte() < t.body.start_byte() || call.end_byte() > t.body.end_byte()) continue;
    for (const std::string& ty : t.handler_types)
      if (is_wait_handler(ty)) return true;
  }
  return false;
}

// Names bound from the get's result: `item` in `item = q.get()`, `idx, item = await q.get()`.
std::set<std::string> received_names(const SyntaxTree& tree, Node call) {
  Node n = call.parent();
  while (n && (is_any(n, {NodeKind::Await, NodeKind::Parenthesized}))) n = n.parent();
  std::set<std::string> out;
  if (!n || !is(n, NodeKind::Assignment)) return out;
  for (const lang::Assignment& a : tree.assignments(n))
    if (a.node == n) out.insert(a.targets.begin(), a.targets.end());
  return out;
}

// Whether `body` leaves `loop`: a return/raise anywhere, a break not inside a nested loop.
bool leaves_loop(Node body, Node loop) {
  bool found = false;
  lang::walk(body, [&](Node n) {
    if (found || is_scope_boundary(node_kind(n))) return false;
    NodeKind k = node_kind(n);
    if (k == NodeKind::Return || k == NodeKind::Raise) found = true;
    if (k == NodeKind::Break && ancestor(n, {NodeKind::While, NodeKind::For}) == loop) found = true;
    return !found;
  });
  return found;
}

bool condition_is_stop_signal(Node condition, const std::set<std::string>& received) {
  static const RE2 flag(
      R"((?i)(done|stop|shutdown|shut_down|close|exit|finish|terminat|running|alive|sentinel|quit|cancel|is_set|eof))");
  bool found = false;
  lang::walk(condition, [&](Node n) {
    if (found) return false;
    if (is(n, NodeKind::Identifier)) {
      std::string text(n.text());
      if (received.count(text) || RE2::PartialMatch(text, flag)) found = true;
    }
    if (is(n, NodeKind::String) && RE2::PartialMatch(std::string(n.text()), flag)) found = true;
    return !found;
  });
  return found;
}

// A sentinel or stop-flag check that ends the loop: the producer has a way to stop it.
bool loop_has_stop_signal(const SyntaxTree& tree, Node loop, const std::set<std::string>& received) {
  Node owner = ancestor(loop, {NodeKind::FunctionDef, NodeKind::Lambda, NodeKind::ClassDef});
  for (const lang::IfChain& chain : tree.if_chains(loop.child_by_field("body"))) {
    if (!(ancestor(chain.node, {NodeKind::FunctionDef, NodeKind::Lambda, NodeKind::ClassDef}) == owner)) continue;
    bool signal = false, leaves = false;
    for (const lang::Branch& b : chain.branches) {
      if (b.condition && condition_is_stop_signal(b.condition, received)) signal = true;
      if (b.body && leaves_loop(b.body, loop)) leaves = true;
    }
    if (signal && leaves) return true;
  }
  return false;
}

bool in_tool_dir(std::string_view path) {
  static const RE2 re(R"((^|/)(examples?|benchmarks?|bench|tools|scripts|cli|demo|demos)/)");
  static const RE2 name(R"((?i)(^|/)[^/]*(tune|tuner|tuning|bench|cli)[^/]*\.py$)");
  std::string p(path);
  return RE2::PartialMatch(p, re) || RE2::PartialMatch(p, name);
}

class BlockingQueueGet : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const FileChange& f : one_file(judged)) {
      if (f.status == FileStatus::Deleted || f.binary || !is_python(f.new_path)) continue;
      if (is_test_path(f.new_path) || in_tool_dir(f.new_path)) continue;
      bool serving_listed = !ctx.profile.serving_paths.empty();
      if (serving_listed && !in_serving_path(ctx.profile, f.new_path)) continue;
      std::set<int> added = added_line_numbers(f);
      if (added.empty()) continue;
      const SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      if (!tree) continue;
      // Without a serving-path list, a file with a __main__ guard is a script run by hand.
      if (!serving_listed && tree->source().find("__name__ == \"__main__\"") != std::string::npos) continue;
      if (!serving_listed && tree->source().find("__name__ == '__main__'") != std::string::npos) continue;
      std::set<std::string> queues = bound_queues(*tree);
      for (const Call& c : tree->calls()) {
        if (c.callee_name != "get" || !c.receiver || !added.count(c.line)) continue;
        check_call(*tree, f.new_path, c, queues, out);
      }
    }
  }

 private:
  static bool in_serving_path(const Profile& profile, std::string_view path) {
    for (const std::string& p : profile.serving_paths)
      if (path.starts_with(p)) return true;
    return false;
  }

  void check_call(const SyntaxTree& tree, const std::string& path, const Call& c,
                  const std::set<std::string>& queues, std::vector<Finding>& out) const {
    std::string receiver(c.receiver.text());
    if (!queues.count(receiver) && !named_like_queue(receiver)) return;
    if (!waits_forever(c) || bounded_by_wrapper(c.node)) return;
    Node loop = enclosing_loop(c.node);
    if (!loop || !is(loop, NodeKind::While)) return;
    std::vector<lang::Loop> described = tree.loops(loop);
    if (described.empty() || !described.front().infinite) return;
    std::optional<lang::Function> fn = tree.enclosing_function(c.line);
    // Module-level loops and main() are one-shot scripts: a hang there is seen at the TTY.
    if (!fn || fn->name == "main" || fn->name == "cli_main") return;
    if (guarded_by_handler(tree, c.node, fn->node)) return;
    if (loop_has_stop_signal(tree, loop, received_names(tree, c.node))) return;

    bool is_async = c.node.parent() && is(c.node.parent(), NodeKind::Await);
    std::string worker = fn->qualified.empty() ? fn->name : fn->qualified;
    Finding x = finding();
    x.location = Location{path, c.line};
    x.problem = fmt::format("`{}` in the `{}` loop of `{}` waits on `{}` with no timeout and the loop has no stop signal",
                            trim(code_part(tree.line_text(c.line), true)), trim(tree.line_text(loop.start_line())),
                            worker, receiver);
    x.impact = "If the producer feeding `" + receiver +
               "` exits abnormally and never puts another item, `" + worker +
               "` blocks forever: no exception, no log line, the server hangs with requests in flight";
    x.action = is_async
                   ? "Author must bound the wait (`await asyncio.wait_for(" + receiver +
                         ".get(), timeout=...)`) and handle `asyncio.TimeoutError` by re-checking a stop "
                         "flag or the producer's health, or end the loop on a sentinel the producer always sends"
                   : "Author must pass `timeout=` to `" + receiver +
                         ".get()` and handle `queue.Empty` by re-checking a stop flag or the producer's "
                         "liveness, or end the loop on a sentinel the producer always sends (also on error)";
    x.evidence.push_back(evidence(path, c.line, tree.line_text(c.line)));
    x.evidence.push_back(evidence(path, loop.start_line(), tree.line_text(loop.start_line())));
    x.related.push_back(Location{path, loop.start_line()});
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(BlockingQueueGet);

}  // namespace
}  // namespace rp
