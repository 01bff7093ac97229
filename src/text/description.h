// Facts about a PR's title and description that the review rules need: does it claim a speedup,
// which numbers back that claim (and which are only accuracy scores), which template sections
// were left empty, whether an AI tool is credited, and what reproduction info is given (GPU,
// ROCm, commands, shapes). Heuristic by nature; every pattern runs through RE2 (linear time).
#pragma once

#include <initializer_list>
#include <optional>
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
  // Additions: where the number stands. in_list: a bullet or numbered list item. For a table
  // cell, the cell's column header and the first cell of its row ("" for the first column and
  // the header row).
  bool in_list = false;
  std::string column_header;
  std::string row_header;
};

// One benchmark dimension with its value, read from "M=4096", "--batch-size 64", "TP8",
// "128 heads", "16K context", a code-block command, or a table whose column header names the
// dimension ("batch", "M", "Workload (batch, global context)" over "4, 16K").
struct ShapeValue {
  // "M", "N", "K", "batch", "tokens", "context", "heads", "tp", "dp", "ep", "experts", "topk"
  std::string dim;
  long long value = 0;  // "16K" = 16384
  std::string text;     // as written
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

  // Additions (issue 6).
  std::vector<ShapeValue> shape_values;     // distinct (dim, value) pairs from shapes, tables, commands
  // Tables holding perf numbers (not accuracy-only) and tables that are accuracy reports.
  int perf_tables = 0;
  int accuracy_tables = 0;
  // Script files named anywhere ("op_tests/test_mla.py", "bench_moe.sh"), even mid-sentence
  // ("re-measured with op_tests/test_x.py -b 1 16"): reproduction info a command regex misses.
  std::vector<std::string> scripts;
  // Model families named (normalized: "DeepSeek", "Kimi", "GPT-OSS", "Qwen", "Llama", "GLM",
  // "Mixtral", "Gemma", "Mistral", "Grok"), distinct.
  std::vector<std::string> models;
  // The description explains a mechanism (WHY), not only an action (WHAT): a causal or
  // mechanism phrase outside code ("because", "so that", "instead of", "avoids", "eliminates
  // the intermediate write", "which reduces", "root cause"). why_line quotes the first one.
  bool explains_why = false;
  std::string why_line;
  // The speedup/percentage perf numbers, when there are at least three of them, all round (a
  // ratio with at most one decimal that is a multiple of 0.5; a percentage that is a multiple
  // of 5) and the description gives no absolute time/throughput number at all: Step 6's
  // "suspiciously clean" sign. Empty otherwise.
  std::vector<std::string> round_ratio_numbers;
  // Every perf number is a ratio (x or %): no absolute before/after time or throughput.
  bool only_ratio_numbers = false;
  // Words the description has at all (outside HTML comments and code), for "is there a body".
  int word_count = 0;
};

// The largest value given for any of `dims` (e.g. {"M", "batch", "tokens"}); nullopt when the
// description gives none.
std::optional<long long> max_shape(const DescriptionFacts& f, std::initializer_list<std::string_view> dims);
// The distinct values given for `dim`, ascending.
std::vector<long long> shape_values_of(const DescriptionFacts& f, std::string_view dim);

DescriptionFacts analyse_description(std::string_view title, std::string_view body);
// The claim part alone, as analyse_description finds it: doc, ai_attribution, perf_claim_words,
// claims_perf, perf_claim, explains_why and why_line; every other field is left empty. For
// callers that read only those (the classifier), without the numbers, shapes, commands,
// scripts and models passes (and their patterns).
DescriptionFacts analyse_claims(std::string_view title, std::string_view body);

}  // namespace rp::text
