// Facts about Python logging calls that the housekeeping logging rules (HK13-HK19) share: what
// counts as a logger call, its level, the printf-style conversions of a %-message, and the
// added logger calls of a PR's Python files. One definition, so the rules agree on "a logger".
#pragma once

#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/context.h"
#include "analysis/source_facts.h"
#include "lang/syntax.h"

namespace rp {

// The receivers that name a logger: logger, logging, log, _logger, LOGGER, LOG, aiter_logger,
// and any `*_logger` / `*logger` name (`self.logger` keeps its last component).
bool is_logger_receiver(std::string_view receiver);
// A call `<logger>.<level>(...)` with level debug/info/warning/warn/error/critical/exception;
// returns the level ("" when the call is not a logger call).
std::string logger_call_level(const lang::Call& call);
// A report call in test code: print(...), a logger call, or a bare log(...)/logger(...).
bool is_report_callee(std::string_view callee);
// The regex text (no anchors) of `<logger>.<level>(` for quick textual checks on diff lines.
std::string_view logger_call_pattern();

// One %-conversion of a printf-style message: its type letter ('d', 'f', 's', ...) and its
// position among the conversions that consume an argument. "%%" consumes none.
struct PercentConversion {
  char type = 0;
  int index = 0;
  std::string spec;  // as written: "%5.2f"
};
// The conversions of `format` in order; empty when it has a %(name)s mapping key (those take a
// dict, not positional arguments).
std::vector<PercentConversion> percent_conversions(std::string_view format);

// An added logger call in a changed Python file.
struct AddedLoggerCall {
  const FileChange* file = nullptr;
  const lang::SyntaxTree* tree = nullptr;
  lang::Call call;
  std::string level;
};
// Every logger call whose first line the PR adds, in the head side of changed Python files
// (tests included), in diff order.
std::vector<AddedLoggerCall> added_logger_calls(const ReviewContext& ctx);
// The same over some of the PR's files (a file rule's one file).
std::vector<AddedLoggerCall> added_logger_calls(const ReviewContext& ctx, std::span<const FileChange> files);

}  // namespace rp
