// Facts about a PR that several rules need, computed one way in one place: the added lines
// of each file, evidence formatting, "is this line new code", and the text helpers rules
// share. Rules build on these and on the Syntax facade; no rule re-implements them.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/change_set.h"
#include "lang/syntax.h"

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

// "path:line: code" with the code trimmed and cut at 160 bytes.
std::string evidence(std::string_view path, int line, std::string_view code);

std::string_view trim(std::string_view s);
// The code part of a line: for Python, text before a '#' that is outside quotes; for the C
// family, before '//' outside quotes. Used for quick textual checks on diff lines.
std::string_view code_part(std::string_view line, bool python);
bool is_comment_only(std::string_view line, bool python);

}  // namespace rp
