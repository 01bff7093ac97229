// A PR given as two directories (before/after): used by the rule fixtures and by
// `review-pr --before DIR --after DIR`. The diff is computed in-process by libgit2.
#pragma once

#include <memory>
#include <string>

#include "core/status.h"
#include "core/tree_reader.h"

namespace rp {

// TreeReader over a directory; a missing directory is an empty tree.
std::unique_ptr<TreeReader> make_dir_tree(const std::string& root);

// Unified diff text (git format, a/ b/ prefixes) from every file of `before` to `after`.
Result<std::string> diff_trees(const TreeReader& before, const TreeReader& after);

}  // namespace rp
