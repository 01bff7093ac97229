// The volume stage: findings that share one cause within one function (or, for findings about
// a whole file, within one folder) are one finding. A reviewer reads "this function reads six
// new env vars without docs" once; six cards saying it bury the finding that matters.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/finding.h"
#include "workspace/workspace.h"

namespace rp {

// Where findings of one cause are folded together: a function of a file, the module level of
// a file, or a folder (file-level findings).
struct CauseScope {
  std::string key;   // identity: "a/b.py#forward@120", "a/b.py#<module>", "dir:a/"
  std::string what;  // how the card names it: "in this function `forward`", "in this folder `a/`"
};

// The scope of a located finding; nullopt = do not fold it.
using ScopeOf = std::function<std::optional<CauseScope>(const Location&)>;

// The cause of a finding: its rule, severity and its problem text with the varying parts
// (names in backticks or quotes, numbers, parenthesised details) blanked, so "`A_X` is read"
// and "`A_Y` is read (and 2 more reads)" are one cause and "`A_X` is read" and "`A_X` is
// written" are two.
std::string cause_of(const Finding& f);

// Folds findings of the same cause and scope into the first of them (input order is kept):
// the others become its `related` locations, their evidence joins its own, and the problem
// ends with where the others are ("; and 2 more in this function `f`: L12, L30").
// Findings without a location, and those ScopeOf declines, pass through unchanged.
// When `absorbed` is given, it maps each folded finding's fingerprint to the fingerprints and
// places of the findings it absorbed (those with a fingerprint).
std::vector<Finding> fold_causes(
    std::vector<Finding> findings, const ScopeOf& scope_of,
    std::map<std::string, std::vector<std::pair<std::string, Location>>>* absorbed = nullptr);

// Scopes from the head-side parse trees: the enclosing function of a line, else the file's
// module level; a file-level finding's folder.
ScopeOf workspace_scopes(Workspace& workspace);

}  // namespace rp
