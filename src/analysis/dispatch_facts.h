// Facts about dispatch code shared by the silent-bypass and hardcoded-arch/dtype rules: which
// string names a GPU architecture, whether a node sits in a branch condition, whether a branch
// only bails out (a capability guard), and which literals a file already used before the PR
// (the checklists' "pre-existing in this file" self-check).
#pragma once

#include <set>
#include <span>
#include <string>
#include <string_view>

#include <vector>

#include "analysis/source_facts.h"
#include "core/change_set.h"
#include "core/pull_request.h"
#include "lang/syntax.h"
#include "workspace/workspace.h"

namespace rp {

// The PR's files that add lines, are neither tests nor docs, and parse on the head side:
// Python files, and C/C++/CUDA/HIP files too when `cpp_too` (see source_facts.h).
std::vector<ChangedSource> changed_code_sources(const PullRequest& pr, Workspace& ws, bool cpp_too);
// The same over some of the PR's files (a file rule's one file).
std::vector<ChangedSource> changed_code_sources(std::span<const FileChange> files, Workspace& ws, bool cpp_too);

// Whether a string literal's value names an AMD GPU architecture: "gfx942", "gfx950",
// "gfx1250", "gfx90a", or a family prefix tested with startswith ("gfx95", "gfx12").
bool is_arch_name(std::string_view value);
// Whether text calls an architecture query: get_gfx(), get_arch(), get_hip_arch(),
// gcnArchName, get_device_arch ... (the spellings used by aiter and ATOM).
bool mentions_arch_query(std::string_view text);

// The condition of a conditional expression (C++ names it; Python's is the middle operand,
// comments skipped); null when `n` is not one.
lang::Node ternary_condition(lang::Node n);
// The condition `n` lies in, when `n` is inside the condition of an if/elif/while or of a
// conditional expression (Python `a if c else b`, C++ `c ? a : b`); null otherwise. The walk
// stops at the enclosing statement.
lang::Node enclosing_condition(lang::Node n);

// Whether a block only bails out: every statement is `return` of nothing/None/False,
// `raise`/`throw`, `assert`, a warning or log call, `pytest.skip`, `pass` or `continue`, or an
// else-less `if` whose body itself only bails out (`if warn: logger.warning(...)`).
bool is_bail_out_block(lang::Node body);
// Whether an if_statement is a lone guard: no elif/else, and either its body bails out or the
// statement right after it returns None/False (an availability check in a kernel wrapper
// that returns None so the caller falls through to another backend).
bool is_lone_guard(lang::Node if_statement);

// Values of the string literals of a tree that satisfy `keep` (e.g. is_arch_name): used to
// ask whether the base version of a file already spelled the same literal.
std::set<std::string> string_values(const lang::SyntaxTree* tree, bool (*keep)(std::string_view));
// Texts of the number literals of a tree ("240.0", "576").
std::set<std::string> number_texts(const lang::SyntaxTree* tree);
// Whether `token` occurs in the code part (comments excluded) of a line of the base version of
// a file that the PR kept (not removed): the checklists' "same literal on an unchanged line"
// self-check. False when the base text is unknown (new file).
bool unchanged_code_contains(const std::string* old_text, const FileChange& file, std::string_view token);

}  // namespace rp
