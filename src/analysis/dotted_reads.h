// Dotted reads: the `a.b` / `a.b.c` expressions a Python file evaluates, where every part is a
// plain name (no call, subscript or literal in the chain), so the index can say what `a` is
// and whether `c` exists on it. A missing attribute of a repository module is an
// AttributeError the first time the line runs; these are the reads a rule checks.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct DottedRead {
  std::string text;  // "kops.EPS", "pkg.sub.TABLE"
  int line = 0;
  bool called = false;  // `m.f(...)`: the chain is the function called (only with `with_calls`)
};

// The outermost dotted reads that start on `lines` (all lines when empty), in source order.
// Not included: a chain that is called (`m.f(...)`: the call is the question; included, marked
// `called`, with `with_calls`: an instance's missing method is the same AttributeError), assigned or
// deleted (`m.X = 1` creates it), or read under a guard that expects it may be missing: an
// enclosing `if`/`elif`/conditional expression whose test calls `hasattr`, or a `try` whose
// handlers catch AttributeError, Exception, BaseException or everything.
std::vector<DottedRead> dotted_reads(const lang::SyntaxTree& tree, const std::set<int>& lines = {},
                                     bool with_calls = false);

// Whether expression `n` is written, not read: an assignment, augmented-assignment or for
// target (alone or inside a tuple/list of targets), or deleted.
bool stored_to(lang::Node n);

}  // namespace rp
