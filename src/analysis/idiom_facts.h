// How common a construct already is in the base tree: the repository's own idiom. A rule about
// a construct the base uses in hundreds of places (arch-literal dispatch, env knobs that live
// only in the registry, f-string log messages) is at most a note on one PR, and says how
// common the construct is, so the reviewer weighs it against the repository's practice.
#pragma once

#include <string>

#include "analysis/context.h"
#include "core/tree_reader.h"

namespace rp {

struct BaseIdioms {
  bool known = false;  // a base tree was read (false: diff-only review, every count is 0)
  // Code lines (Python, C/C++/HIP; tests, docs and tuning tools excluded) whose branch condition
  // compares a GPU arch string literal (`get_arch() == "gfx950"`, `arch in ("gfx942", ...)`),
  // and the files they are in.
  int arch_literal_conditions = 0;
  int arch_literal_files = 0;
  // Entries of the profile's env registry (`"PREFIX_X": lambda: ...`) and how many of them no
  // README.md or docs/ page of the base tree names: a registry that is its own documentation.
  int registered_env_vars = 0;
  int registered_undocumented = 0;
  // Logger calls in the package's Python whose message is an f-string, and those with a
  // %-style message and arguments: which of the two is the repository's convention.
  int logging_fstring_calls = 0;
  int logging_percent_calls = 0;
  // Lines of Python test files that print or log a pass/fail verdict (`print("PASSED")`,
  // `logger.info(f"... mismatch ...")`): script-style op tests that report instead of asserting.
  int test_verdict_prints = 0;
  int test_verdict_files = 0;
};

// The counts for the review's base tree, read once per base revision (a pass over the text of
// the base tree's source files, each file pre-filtered by a substring before any regex).
const BaseIdioms& base_idioms(const ReviewContext& ctx);

// Whether `count` sites spread over `files` files make a construct the repository's idiom.
bool widespread(int count, int files);

// README.md files anywhere and docs/**/*.md|.rst of a tree, concatenated; from recipes/**/*.md
// only the lines that explain what they mention (prose, or a setting with a trailing comment
// that says what it does; a bare `export X=1` in a launch script only shows a value).
std::string project_documentation(const TreeReader& tree);

// Whether `name` occurs in `text` as a whole word (letters, digits and `_` around it do not).
bool mentions_word(std::string_view text, std::string_view name);

}  // namespace rp
