// Tensor shapes a Python docstring documents: `Q: [seq_len, NUM_HEADS, HEAD_SIZE]` lines, split
// into the arguments and what a `Returns:` section lists. Read by rules that ask what a
// dimension means to an op (tp-head-split-untested: heads the op sums away are not TP-split).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lang/syntax.h"

namespace rp {

struct DocShape {
  std::string name;                 // "Q", "logits"
  std::vector<std::string> dims;    // "seq_len", "NUM_HEADS", "HEAD_SIZE"
  bool returned = false;            // listed after a `Returns:` line
};

// The shapes the docstring `doc` (its text) lists, one per `name: [d0, d1, ...]` line.
std::vector<DocShape> documented_shapes(std::string_view doc);

// Whether some function of `tree` documents an argument with a dimension `is_dim` accepts and
// returns only shapes without one: the op reduces that dimension away (`Q: [s, NUM_HEADS, D]`,
// `weights: [s, NUM_HEADS]` in, `logits: [s, s_kv]` out).
bool documents_reduced_dimension(const lang::SyntaxTree& tree, const std::function<bool(std::string_view)>& is_dim);

}  // namespace rp
