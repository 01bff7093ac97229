// logging-fstring: an eager f-string (or string concatenation) as the message of a logger call.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/idiom_facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "logging-fstring",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "An added logger call builds its message eagerly with an f-string or string concatenation.",
    .docs = R"(What it catches: an added line `logger.<level>(f"...")` / `logging.<level>(f"...")` (also
`log.`/`_logger.`), or a message built with `"..." + x`, in aiter's Python (package and tests).
All such lines of the PR are reported as one finding at the first of them.
Why it matters: the message string is formatted even when the level is disabled (on every call
of a hot path), and the values are not passed to the logging machinery; aiter's convention is
`logger.info("x=%s", x)`.
Does not fire on: `%`-style messages with arguments; plain string messages; `print(f"...")`;
f-strings passed as later arguments; lines the PR did not add; comments; a repository whose
base tree formats more logger messages with f-strings than with %-style arguments (its house
style). The card gives both counts of the base tree's package code.)"};

class LoggingFstring : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    static const RE2 eager(std::string(logger_call_pattern()) + R"(\s*(?:[rR]?[fF][rR]?["']|["'][^"']*["']\s*\+))");
    std::vector<AddedLine> hits;
    for (const AddedLine& a : added_lines(ctx.pr.changes)) {
      if (!is_python(a.file->new_path)) continue;
      if (RE2::PartialMatch(code_part(a.line->text, true), eager)) hits.push_back(a);
    }
    if (hits.empty()) return;
    // The convention the rule cites must be the repository's own: where the base tree's logger
    // calls mostly format with f-strings, one more is the house style, not a finding.
    const BaseIdioms& idioms = base_idioms(ctx);
    if (idioms.logging_fstring_calls > idioms.logging_percent_calls) return;
    Finding x = finding();
    x.location = Location{hits[0].file->new_path, hits[0].line->new_line};
    x.problem = std::to_string(hits.size()) + " added logger call" + (hits.size() > 1 ? "s build their" : " builds its") +
                " message eagerly with an f-string or concatenation";
    if (idioms.logging_percent_calls > 0)
      x.problem += fmt::format(" (the base tree's package code: {} %-style logger calls, {} f-string ones)",
                               idioms.logging_percent_calls, idioms.logging_fstring_calls);
    for (size_t i = 0; i < hits.size() && i < 5; ++i) {
      x.evidence.push_back(evidence(hits[i].file->new_path, hits[i].line->new_line, hits[i].line->text));
      if (i) x.related.push_back(Location{hits[i].file->new_path, hits[i].line->new_line});
    }
    x.impact = "The string is formatted on every call even when that level is off, and the values never reach "
               "the logging record";
    x.action = "Author must pass the values to the logger (`logger.info(\"x=%s\", x)`) instead of formatting the "
               "message first";
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(LoggingFstring);

}  // namespace
}  // namespace rp
