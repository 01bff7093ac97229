// Facts about a PR that several rules need, computed one way in one place: the added lines
// of each file, evidence formatting, "is this line new code", and the text helpers rules
// share. Rules build on these and on the Syntax facade; no rule re-implements them.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/change_set.h"
#include "core/strings.h"
#include "core/tree_reader.h"
#include "lang/import_guard.h"
#include "lang/syntax.h"
#include "profile/profile.h"

namespace re2 {
class RE2;
}

namespace rp {

struct AddedLine {
  const FileChange* file;
  const DiffLine* line;
};

// Every added line of every non-binary file, in diff order.
std::vector<AddedLine> added_lines(const ChangeSet& changes);
// Head-side line numbers added in one file.
std::set<int> added_line_numbers(const FileChange& file);
// Old-side line numbers removed from one file.
std::set<int> removed_line_numbers(const FileChange& file);
// Whether any head-side line in [first, last] is added by the PR.
bool touches_added(const std::set<int>& added, int first, int last);

// The variables `n` reads, in source order (repeats kept): identifier nodes in a reading
// position (SyntaxTree::is_variable_read), so keywords, attribute and field names, keyword-
// argument names and the text of strings are not names. Python and C/C++ alike.
std::vector<std::string> names_read(const lang::SyntaxTree& tree, lang::Node n);

// "path:line: code" with the code trimmed and cut at 160 bytes.
std::string evidence(std::string_view path, int line, std::string_view code);

// The code part of a line: for Python, text before a '#' that is outside quotes; for the C
// family, before '//' outside quotes. Used for quick textual checks on diff lines.
std::string_view code_part(std::string_view line, bool python);
bool is_comment_only(std::string_view line, bool python);

// The comment text of a line ("" when none): after the first '#' (Python) or '//' (C family)
// outside quotes, or the whole trimmed line when it is a block-comment line (/*, *).
std::string_view comment_part(std::string_view line, bool python);

// A run of removed lines and the added lines that replace them inside one hunk (either side
// may be empty). head_line is where a finding about the run points on the head side: the
// first added line, else the nearest head-side line of the hunk (the next context line, or
// the previous one at the end of a hunk).
struct ChangeBlock {
  std::vector<const DiffLine*> removed;
  std::vector<const DiffLine*> added;
  int head_line = 0;
};
std::vector<ChangeBlock> change_blocks(const FileChange& file);

// The distinct texts captured by group 1 of `pattern` across every Python file of `tree`
// (e.g. which of a few env-var names or import names the repository already uses). Reads
// the whole tree's Python sources: call it only with candidates in hand.
std::set<std::string> python_tree_captures(const TreeReader& tree, const re2::RE2& pattern);

// --- cudagraph capture -------------------------------------------------------------------
// A piece of Python code that runs while a CUDA/HIP graph is being captured: its Python runs
// once per captured shape and only the recorded kernels replay.
struct CapturedScope {
  lang::Node body;       // the function body or `with` body that is captured
  std::string function;  // qualified name of the enclosing function ("" at module level)
  std::string why;       // "forward() of a model class under atom/models/", ...
  // A forward method taken as captured only because its class sits under the profile's
  // model_dirs (not a capture context or decorator): whether it really is depends on the
  // model's attention backend (analysis/capture_support.h).
  bool model_forward = false;
};
// The captured scopes of one Python file (outermost only; a scope inside another is not
// repeated): bodies of `with torch.cuda.graph(...)`; functions decorated with a graph-capture
// decorator (`@...cuda_graph...`, `@...cudagraph...`, `make_graphed_callables`); in the
// profile's graph_capture_files, the same-file methods a capture body calls as `self.m(...)`;
// under the profile's model_dirs, the forward methods of classes (`forward`, `forward_*`,
// `_forward_*`, `*_forward`; not "prefill"/"fake"/"eager"; vision/audio encoder classes
// excluded: they run in prefill).
std::vector<CapturedScope> captured_scopes(const lang::SyntaxTree& tree, std::string_view path,
                                           const Profile& profile);
// `torch.cuda.graph(g, ...)`, `cuda.graph(...)`, `torch.cuda.graphs.graph(...)`: a with-item
// that captures (not `graph_capture()`, which only prepares the capture stream).
bool is_graph_capture_item(std::string_view with_item);
// Whether a branch condition only holds on eager steps: one of its `and` operands is a prefill /
// forced-eager / not-capturing test (`is_prefill`, `enforce_eager`, `num_prefills > 0`,
// `not torch.cuda.is_current_stream_capturing()`), so a captured decode step never takes it.
bool is_eager_only_condition(lang::Node cond);
// Whether `n` lies in a branch, inside `scope`, that only runs eagerly: the body of
// `if is_prefill:` / `if enforce_eager:` / `if not torch.cuda.is_current_stream_capturing():`
// / `if num_prefills > 0:`, or the `else` of `if is_decode:` / `if use_cudagraph:`.
bool in_eager_only_branch(lang::Node n, lang::Node scope);
}  // namespace rp
