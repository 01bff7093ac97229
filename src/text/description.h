// Facts about a PR's title and description that the review rules need: does it claim a speedup,
// which numbers back that claim (and which are only accuracy scores), which template sections
// were left empty, whether an AI tool is credited, and what reproduction info is given (GPU,
// ROCm, commands, shapes). Heuristic by nature; every pattern runs through RE2 (linear time).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "text/markdown.h"

namespace rp::text {

struct Quantity {
  double value = 0;
  // Normalized: "us", "ms", "s", "tok/s", "TFLOPS", "GB/s", "%", "x". TB/s is converted to GB/s
  // and "12k tok/s" to 12000 tok/s.
  std::string unit;
  // As written. For a range ("1.3-1.5x", "1383 -> 1407 tok/s") both numbers carry the whole
  // range text. For a bare table cell whose unit comes from the column header ("Latency (us)"),
  // the cell text.
  std::string text;
  std::string line;  // the source line, trimmed (a table row is its cells joined by '\t')
  bool in_table = false;
  bool in_code = false;
  // Table: the column's header cell, the row's first cell or the section heading mentions
  // accuracy/gsm8k/mmlu/exact_match/acc/score/...; elsewhere: the line or its section heading does.
  bool in_accuracy_context = false;
  bool unit_from_header = false;  // addition: unit taken from the table column header
};

struct DescriptionFacts {
  MarkdownDoc doc;
  // Distinct perf words found in title/body outside code (lowercase; "+15%" as written).
  std::vector<std::string> perf_claim_words;
  // A perf word in the title, or a perf claim in the body (speedup, faster, optimize, fuse,
  // "+X%", "improves latency", a non-empty "Performance" section...). Negated phrases ("no perf
  // change") do not count.
  bool claims_perf = false;
  // What made claims_perf true, trimmed and cut to 300 bytes: "title: <title>", the body line,
  // or "heading: <Performance heading>". "" when claims_perf is false. Rules quote it as evidence.
  std::string perf_claim;
  std::vector<Quantity> numbers;       // every number with a recognized unit (title first)
  // Those that are perf evidence. Excludes accuracy numbers: accuracy-context '%'/'x' values,
  // anything in an accuracy table column/row, and time/throughput values only when their own
  // clause is about accuracy. Version numbers (ROCm 6.4, v0.9, 6.4.1) and dates never become
  // Quantities at all.
  std::vector<Quantity> perf_numbers;
  bool has_accuracy_table = false;     // a table or code block mentioning gsm8k/mmlu/humaneval/exact_match/accuracy/...
  bool screenshots_only = false;       // images (or user-attachment links) present, perf claimed, no perf_numbers
  // Canonical names ("Motivation", "Technical Details", "Test Plan", "Test Result") of template
  // sections that exist but are empty, comment-only or placeholder-only (subsections included).
  std::vector<std::string> unfilled_sections;
  // Canonical names of the template sections that exist at all, filled or not.
  std::vector<std::string> template_sections;
  // The author wrote something outside the PR template: the preamble, or a section that is
  // neither one of the four template sections nor "Submission Checklist" (subsections belong to
  // their parent). Tells "free-form description above an untouched template" from "template
  // used, parts left empty".
  bool text_outside_template = false;
  // The trimmed source line crediting an AI tool ("🤖 Generated with [Claude Code](...)",
  // "Co-Authored-By: Claude <noreply@anthropic.com>"); "" when none. Lines in code fences and
  // HTML comments are ignored; mere mentions of a tool do not count.
  std::string ai_attribution;
  std::vector<std::string> gpu_models;     // normalized: "MI300X", "MI355X", "gfx942" (distinct)
  std::vector<std::string> rocm_versions;  // "ROCm 6.4.1" (distinct)
  std::vector<std::string> commands;       // shell commands from code blocks, command lines, `inline code`
  std::vector<std::string> shapes;         // "M=4096", "batch 64", "TP8", "--tp 8", "4096x7168" as written (distinct)
};

DescriptionFacts analyse_description(std::string_view title, std::string_view body);

}  // namespace rp::text
