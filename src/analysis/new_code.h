// "New means new" (issue 16, cause 2): which added lines of a PR state behaviour the code did
// not have before. An added line whose text a removed line of the PR already had, whitespace
// and comments aside, was moved, not written: re-indented under a new `with`/`if`, moved to
// another place of the file or to another file (a file renamed or split in two). A line that
// is only a comment, blank, or inside a docstring changes no behaviour either. Rules that
// report "this added line does X" ask here instead of comparing removed text themselves.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

#include "core/change_set.h"
#include "lang/syntax.h"

namespace rp {

class NewCode {
 public:
  // Pairs the PR's added lines with its removed lines, all files at once. Each removed line
  // vouches for at most one added line, so a block duplicated by the PR is still new the
  // second time; an added line takes the nearest match first (its own change block, then its
  // file, then the PR in diff order), so a line edited in place stays paired with its old self.
  explicit NewCode(const ChangeSet& changes);

  // Whether the added line at head-side `line` of `file` repeats a removed line of the PR:
  // the same text modulo whitespace, or the same code with only its comment changed.
  bool moved(const FileChange& file, int line) const;

  // Head-side numbers of the added lines of `file` that are new behaviour: not moved, not
  // blank, not comment-only; with the head `tree`, not inside a docstring or string either.
  std::set<int> new_lines(const FileChange& file, const lang::SyntaxTree* tree = nullptr) const;

  // Whether `code` (head text of any span, e.g. a call written over several lines), with all
  // whitespace removed, occurs in the removed code of one file of the PR, whitespace removed:
  // a construct the PR only moved or re-wrapped.
  bool removed_contains(std::string_view code) const;

 private:
  std::map<const FileChange*, std::set<int>> moved_;  // file -> head-side lines moved
  std::string removed_code_;                          // per file, squeezed, '\n'-separated
};

// Whether two spans of code differ only in layout: whitespace, line breaks, the parentheses a
// formatter adds or drops around a wrapped expression (`return a, b` / `return (\n a,\n b,\n)`)
// and trailing commas before a closing bracket. Used to tell a re-wrapped definition from an
// edited one (the base's function against the head's of the same name).
bool same_code_modulo_layout(std::string_view a, std::string_view b);

}  // namespace rp
