#include "analysis/logging_facts.h"

#include <algorithm>
#include <initializer_list>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"

namespace rp {

namespace {
constexpr std::string_view kLevels = "debug|info|warning|warn|error|critical|exception";

// Plain word tests, no patterns: these run on every call of every changed file.
// `\w` as RE2 reads it: ASCII letters, digits and underscore.
bool is_word(std::string_view s) {
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

bool is_one_of(std::string_view s, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), s) != words.end();
}

bool is_level(std::string_view s) {
  return is_one_of(s, {"debug", "info", "warning", "warn", "error", "critical", "exception"});
}
}  // namespace

bool is_logger_receiver(std::string_view receiver) {
  size_t dot = receiver.rfind('.');
  std::string_view last = dot == std::string_view::npos ? receiver : receiver.substr(dot + 1);
  // logger, logging, log, LOGGER, LOG, or a word ending in _logger / _log (_logger,
  // aiter_logger, self.my_log's last component).
  if (is_one_of(last, {"logger", "logging", "log", "LOGGER", "LOG"})) return true;
  return (last.ends_with("_logger") || last.ends_with("_log")) && is_word(last);
}

std::string logger_call_level(const lang::Call& call) {
  if (!call.receiver || call.callee.find('(') != std::string::npos) return "";
  if (!is_level(call.callee_name)) return "";
  if (!is_logger_receiver(call.receiver.text())) return "";
  return call.callee_name == "warn" ? "warning" : call.callee_name;
}

bool is_report_callee(std::string_view callee) {
  // print, log, logger, or `<word containing "log">.<level>` with any level but exception.
  if (is_one_of(callee, {"print", "log", "logger"})) return true;
  size_t dot = callee.find('.');
  if (dot == std::string_view::npos) return false;
  std::string_view object = callee.substr(0, dot), level = callee.substr(dot + 1);
  return object.find("log") != std::string_view::npos && is_word(object) && level != "exception" && is_level(level);
}

std::string_view logger_call_pattern() {
  static const std::string p = R"(\b(?:logger|logging|log|_logger|LOGGER|LOG|aiter_logger)\.(?:)" +
                               std::string(kLevels) + R"()\()";
  return p;
}

std::vector<PercentConversion> percent_conversions(std::string_view format) {
  std::vector<PercentConversion> out;
  static const RE2 conv(R"(%([#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?)([diouxXeEfFgGcrsa%]))");
  re2::StringPiece in(format.data(), format.size());
  std::string flags, type;
  int index = 0;
  if (format.find("%(") != std::string_view::npos) return out;
  while (true) {
    if (!RE2::FindAndConsume(&in, conv, &flags, &type)) break;
    if (type == "%") continue;
    std::string spec = "%" + flags + type;
    out.push_back({type[0], index++, spec});
    // `*` width/precision consumes an argument of its own.
    for (char c : flags)
      if (c == '*') ++index;
  }
  return out;
}

std::vector<AddedLoggerCall> added_logger_calls(const ReviewContext& ctx) {
  return added_logger_calls(ctx, ctx.pr.changes.files);
}

std::vector<AddedLoggerCall> added_logger_calls(const ReviewContext& ctx, std::span<const FileChange> files) {
  std::vector<AddedLoggerCall> out;
  for (const ChangedSource& src : changed_sources_with_tests(files, ctx.workspace, is_python))
    for (const lang::Call& c : src.tree->calls()) {
      if (!src.added.count(c.line)) continue;
      std::string level = logger_call_level(c);
      if (!level.empty()) out.push_back({src.file, src.tree, c, level});
    }
  return out;
}

}  // namespace rp
