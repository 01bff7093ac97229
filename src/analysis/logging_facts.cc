#include "analysis/logging_facts.h"

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"

namespace rp {

namespace {
constexpr std::string_view kLevels = "debug|info|warning|warn|error|critical|exception";
}  // namespace

bool is_logger_receiver(std::string_view receiver) {
  size_t dot = receiver.rfind('.');
  std::string_view last = dot == std::string_view::npos ? receiver : receiver.substr(dot + 1);
  static const RE2 re(R"((?:logger|logging|log|_logger|LOGGER|LOG|aiter_logger|\w*_logger|\w*_log))");
  return RE2::FullMatch(std::string(last), re);
}

std::string logger_call_level(const lang::Call& call) {
  if (!call.receiver || call.callee.find('(') != std::string::npos) return "";
  static const RE2 level("(" + std::string(kLevels) + ")");
  if (!RE2::FullMatch(call.callee_name, level)) return "";
  if (!is_logger_receiver(call.receiver.text())) return "";
  return call.callee_name == "warn" ? "warning" : call.callee_name;
}

bool is_report_callee(std::string_view callee) {
  static const RE2 report(R"((?:print|(?:\w*log\w*|logger|logging)\.(?:info|debug|warning|warn|error|critical)|log|logger))");
  return RE2::FullMatch(std::string(callee), report);
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
  std::vector<AddedLoggerCall> out;
  for (const ChangedSource& src : changed_sources_with_tests(ctx, is_python))
    for (const lang::Call& c : src.tree->calls()) {
      if (!src.added.count(c.line)) continue;
      std::string level = logger_call_level(c);
      if (!level.empty()) out.push_back({src.file, src.tree, c, level});
    }
  return out;
}

}  // namespace rp
