// stream-without-sync: a tensor written under `with torch.cuda.stream(side):` and read after
// the block, on the current stream, with no wait_stream / event wait / synchronize between.
#include <re2/re2.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "analysis/kernel_facts.h"
#include "analysis/source_facts.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "stream-without-sync",
    .category = Category::Streams,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "A tensor produced under a side stream (a stream block or a `stream=` argument) is read on the current stream with no wait/synchronize in between.",
    .docs = R"(What it catches: in a Python function, a `with torch.cuda.stream(s):` (also
`torch.cuda.stream(s)`, `torch.hip.stream`, `stream(s)` helpers) block the PR adds or changes,
where `s` is not the current/default stream, assigns a name (`x = op(...)`, `self.buf = ...`),
and a later line of the same function, outside any block on that stream, reads the name
before any synchronisation: `<stream>.wait_stream(...)`, `wait_event(...)`, `event.wait()`,
`event.synchronize()`, `<stream>.synchronize()`, `torch.cuda.synchronize()`.
Also the argument form: `out = kernel(..., stream=s)` on an added line, where `s` is bound to a
newly constructed stream in the file (`s = torch.cuda.Stream()`, `self.side = torch.cuda.Stream()`),
and `out` is read later in the function outside calls on the same stream, with no sync between.
Why it matters: the side stream runs concurrently with the current one. The read enqueues the
consumer kernel on the current stream, which does not wait for the producer on the side
stream: it reads half-written or stale memory. No error, wrong output, timing-dependent.
Does not fire on: a sync call anywhere between the end of the block and the read (also inside
the block after the last write when it synchronises the side stream itself), reads inside
another block on the same stream, a `return` of the written value when the block's stream is a
parameter of the function (the caller chose the stream and gets the value back; its own reads
are the consumers), an event recorded in the block (`ev.record(...)`: the handle is the synchronisation,
not data), and, when such an event outlives the block (stored, returned or passed on), a
written value that is only stored or returned as it is (`slots[i] = out`: it is published with
its ready event; computing with it in the function still fires),
`torch.cuda.stream(torch.cuda.current_stream())` or
`default_stream()`, names only used inside the block, blocks the PR did not touch, files with no
stream blocks, test files; `stream=torch.cuda.current_stream()`, `stream=` a parameter or any
name not bound to a constructed Stream in the file (it is usually the caller's current stream);
reads passed to another launch with the same `stream=`; a call between the block and the read
to a repository op whose C++/HIP source synchronises (`hipStreamWaitEvent`/`hipStreamSynchronize`/
`hipDeviceSynchronize` or the CUDA names, in the op's host function or any header its
translation unit includes: the cross-file check of kernel_facts.h).)"};

bool is_stream_item(std::string_view item, std::string& stream) {
  static const RE2 re(R"(^(?:[\w.]*\.)?stream\((.+)\)(?:\s+as\s+\w+)?$)");
  std::string arg;
  if (!RE2::FullMatch(std::string(trim(item)), re, &arg)) return false;
  if (arg.find("current_stream") != std::string::npos || arg.find("default_stream") != std::string::npos ||
      arg == "None")
    return false;
  stream = std::string(trim(arg));
  return true;
}

bool is_sync_call(const Call& c) {
  const std::string& n = c.callee_name;
  return n == "wait_stream" || n == "wait_event" || n == "synchronize" || n == "stream_wait_event" ||
         n == "hipStreamWaitEvent" || n == "cudaStreamWaitEvent" || n == "wait" || n == "current_stream_wait" ||
         n == "wait_for_stream" || n == "sync_streams";
}

class StreamWithoutSync : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& judged, std::vector<Finding>& out) const override {
    for (const auto& [file, added, tree] : changed_sources(one_file(judged), ctx.workspace, [](std::string_view p) { return is_python(p); })) {
      const FileChange& f = *file;
      const std::vector<lang::WithBlock>& blocks = tree->with_blocks();
      for (const lang::WithBlock& w : blocks) {
        std::string stream;
        bool side = false;
        for (const std::string& item : w.items) side = side || is_stream_item(item, stream);
        if (!side || !w.body || !touches_added(added, w.node.start_line(), w.node.end_line())) continue;
        check_block(ctx, *tree, f.new_path, w, stream, blocks, out);
      }
      check_stream_arguments(*tree, f.new_path, added, blocks, out);
    }
  }

 private:
  // The `stream=` form: `out = kernel(..., stream=side)` on an added line, where `side` is
  // provably a stream of its own (bound to `torch.cuda.Stream(...)` in this file), and `out`
  // is read later in the function on the current stream with no synchronisation between.
  void check_stream_arguments(const SyntaxTree& tree, const std::string& path, const std::set<int>& added,
                              const std::vector<lang::WithBlock>& blocks, std::vector<Finding>& out) const {
    std::set<std::string> side_streams = constructed_streams(tree);
    if (side_streams.empty()) return;
    for (const lang::Assignment& a : tree.assignments()) {
      if (!added.count(a.line) || !a.value || !is(a.value, NodeKind::Call) || a.targets.empty()) continue;
      Call producer = lang::describe_call(a.value);
      const lang::Argument* arg = producer.keyword("stream");
      if (!arg || !arg->value) continue;
      std::string stream = collapse_whitespace(arg->value.text());
      if (!side_streams.count(stream)) continue;
      std::optional<Function> fn = tree.enclosing_function(a.line);
      if (!fn || !fn->body) continue;
      std::vector<Call> calls = tree.calls(fn->body);
      int end = a.node.end_line();
      for (const std::string& name : a.targets) {
        int read = first_read_after(tree, *fn, name, end, stream, blocks);
        if (!read || read_on_same_stream(calls, read, name, stream)) continue;
        bool synced = false;
        for (const Call& c : calls)
          if (c.line >= a.line && c.line <= read && is_sync_call(c)) synced = true;
        if (synced) continue;
        report_argument(tree, path, a.line, stream, name, read, out);
        break;  // one finding per producer
      }
    }
  }

  // Names and attributes bound to a newly constructed stream anywhere in the file:
  // `s = torch.cuda.Stream()`, `self.copy_stream = torch.cuda.Stream(priority=-1)`.
  static std::set<std::string> constructed_streams(const SyntaxTree& tree) {
    static const RE2 ctor(R"(^(?:[\w.]*\.)?Stream\()");
    std::set<std::string> names;
    for (const lang::Assignment& a : tree.assignments())
      if (a.value && is(a.value, NodeKind::Call) && RE2::PartialMatch(std::string(a.value.text().substr(0, 80)), ctor))
        for (const std::string& t : a.targets) names.insert(t);
    return names;
  }

  // Whether the read at `line` is an argument of a call that runs on the same stream.
  static bool read_on_same_stream(const std::vector<Call>& calls, int line, const std::string& name,
                                  const std::string& stream) {
    for (const Call& c : calls) {
      if (!c.node.contains_line(line)) continue;
      const lang::Argument* s = c.keyword("stream");
      if (!s || !s->value || collapse_whitespace(s->value.text()) != stream) continue;
      if (std::string(c.node.text()).find(name) != std::string::npos) return true;
    }
    return false;
  }

  void report_argument(const SyntaxTree& tree, const std::string& path, int line, const std::string& stream,
                       const std::string& name, int read, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{path, read};
    x.problem = "`" + name + "` is produced by a kernel launched with `stream=" + stream + "` (line " +
                std::to_string(line) + ") and read at line " + std::to_string(read) +
                " on the current stream with no wait_stream/event wait/synchronize in between";
    x.impact = "The consumer on the current stream does not wait for the producer on `" + stream +
               "`; it reads partially written or stale data, silently and only under some timings";
    x.action = "Author must make the consumer wait before the read: `torch.cuda.current_stream().wait_stream(" +
               stream + ")` or record an event on `" + stream + "` and `wait_event` it";
    x.trigger = "any step where the kernel launched on `" + stream + "` at line " + std::to_string(line) +
                " has not finished when line " + std::to_string(read) + " enqueues its consumer";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    x.evidence.push_back(evidence(path, read, tree.line_text(read)));
    x.related.push_back(Location{path, line});
    out.push_back(std::move(x));
  }

  void check_block(const ReviewContext& ctx, const SyntaxTree& tree, const std::string& path, const lang::WithBlock& w,
                   const std::string& stream, const std::vector<lang::WithBlock>& blocks,
                   std::vector<Finding>& out) const {
    std::optional<Function> fn = tree.enclosing_function(w.node.start_line());
    if (!fn || !fn->body) return;
    std::set<std::string> written;
    for (const lang::Assignment& a : tree.assignments(w.body))
      for (const std::string& t : a.targets) written.insert(t);
    if (written.empty()) return;
    // A synchronisation inside the block after its writes (side.synchronize()) also settles it.
    // `ev.record(...)` marks `ev` as the block's completion event: the handle is the
    // synchronisation, not data the side stream produced.
    std::set<std::string> events;
    for (const Call& c : tree.calls(w.body)) {
      if (is_sync_call(c)) return;
      if (c.callee_name == "record" && c.receiver) events.insert(collapse_whitespace(c.receiver.text()));
    }
    int end = w.node.end_line();
    std::vector<Call> calls = tree.calls(fn->body);
    // A stream the caller passed in: returning what the block wrote hands it back to the
    // caller that chose the stream (a per-stream buffer, an output made on the caller's
    // stream); the caller's consumers are the reads, not the return.
    bool caller_stream = false;
    std::string root = stream.substr(0, stream.find_first_of(".[( "));
    for (const lang::Param& p : fn->params) caller_stream = caller_stream || (p.name == root && root != "self");
    // An event recorded in the block that outlives it (stored, returned, passed on) publishes the
    // block's results: whoever receives the values waits on the event. Handing a value over as it
    // is (stored or returned) is then not a read; computing with it here still is.
    Handoff handoff = caller_stream ? Handoff::Return : Handoff::None;
    for (const std::string& ev : events)
      if (first_read_after(tree, *fn, ev, end, stream, blocks)) handoff = Handoff::ReturnOrStore;
    // The first read of a written name after the block, outside blocks on the same stream.
    for (const std::string& name : written) {
      if (events.count(name)) continue;
      int read = first_read_after(tree, *fn, name, end, stream, blocks, handoff);
      if (!read) continue;
      bool synced = false;
      for (const Call& c : calls)
        if (c.line > end && c.line <= read && (is_sync_call(c) || op_synchronizes(ctx, c))) synced = true;
      if (synced) continue;
      report(tree, path, w, stream, name, read, out);
      return;  // one finding per block
    }
  }

  // Whether `c` calls a repository op whose C++/HIP source (its host function, or a header
  // its translation unit includes) waits on a stream or the device.
  static bool op_synchronizes(const ReviewContext& ctx, const Call& c) {
    static const RE2 sync_re(R"(\b(?:hip|cuda)(?:StreamSynchronize|DeviceSynchronize|StreamWaitEvent|EventSynchronize)\b)");
    if (!ctx.repo) return false;
    std::string tu = op_source_path(ctx.repo->index(), c.callee_name);
    return !tu.empty() && KernelSources(ctx, tu).find(c.callee_name, sync_re).has_value();
  }

  // Which uses of a value hand it to someone else rather than read it here.
  enum class Handoff { None, Return, ReturnOrStore };

  static int first_read_after(const SyntaxTree& tree, const Function& fn, const std::string& name, int after,
                              const std::string& stream, const std::vector<lang::WithBlock>& blocks,
                              Handoff handoff = Handoff::None) {
    std::vector<Node> ids;
    if (name.find('.') == std::string::npos) {
      ids = tree.identifiers(name, fn.body);
    } else {
      lang::walk(fn.body, [&](Node n) {
        if (is(n, NodeKind::Attribute) && n.text() == name) ids.push_back(n);
        return true;
      });
    }
    int best = 0;
    for (Node id : ids) {
      int line = id.start_line();
      if (line <= after) continue;
      if (is(id, NodeKind::Identifier) && !tree.is_variable_read(id)) continue;
      if (is(id, NodeKind::Attribute) && is_store_target(id)) continue;
      if (handoff != Handoff::None && returned_as_is(id)) continue;
      if (handoff == Handoff::ReturnOrStore && stored_as_is(id)) continue;
      bool same_stream = false;
      for (const lang::WithBlock& b : blocks) {
        if (!b.node.contains_line(line)) continue;
        for (const std::string& item : b.items) {
          std::string s;
          if (is_stream_item(item, s) && s == stream) same_stream = true;
        }
      }
      if (same_stream) continue;
      if (!best || line < best) best = line;
    }
    return best;
  }

  // `return x` / `return x, y`: the value itself is handed to the caller, nothing reads it here.
  static bool returned_as_is(Node id) {
    Node p = id.parent();
    if (p && (p.kind() == "expression_list" || p.kind() == "tuple")) p = p.parent();
    return p && p.kind() == "return_statement";
  }

  // `slot[i] = x` / `self.buf = (x, ev)` / `y = x`: the value itself is kept for a later consumer.
  static bool stored_as_is(Node id) {
    Node v = id, p = id.parent();
    while (p && (p.kind() == "expression_list" || p.kind() == "tuple" || p.kind() == "list" ||
                 p.kind() == "parenthesized_expression")) {
      v = p;
      p = p.parent();
    }
    return p && is(p, NodeKind::Assignment) && p.child_by_field("right") == v;
  }

  static bool is_store_target(Node attr) {
    Node p = attr.parent();
    return p && is(p, NodeKind::Assignment) && p.child_by_field("left") == attr;
  }

  void report(const SyntaxTree& tree, const std::string& path, const lang::WithBlock& w, const std::string& stream,
              const std::string& name, int read, std::vector<Finding>& out) const {
    int line = w.node.start_line();
    Finding x = finding();
    x.location = Location{path, read};
    x.problem = "`" + name + "` is written on stream `" + stream + "` (block at line " + std::to_string(line) +
                ") and read at line " + std::to_string(read) + " on the current stream with no wait_stream/event "
                "wait/synchronize in between";
    x.impact = "The consumer kernel on the current stream does not wait for the producer on `" + stream +
               "`; it reads partially written or stale data, silently and only under some timings";
    x.action = "Author must make the consumer wait before the read: `torch.cuda.current_stream().wait_stream(" +
               stream + ")` or record an event on `" + stream + "` and `wait_event` it";
    x.trigger = "any step where the kernels under `" + stream + "` have not finished when line " +
                std::to_string(read) + " enqueues its consumer (e.g. a large producer and a small consumer)";
    x.evidence.push_back(evidence(path, line, tree.line_text(line)));
    x.evidence.push_back(evidence(path, read, tree.line_text(read)));
    x.related.push_back(Location{path, line});
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(StreamWithoutSync);

}  // namespace
}  // namespace rp
