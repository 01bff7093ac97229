#include "text/description.h"

#include <cmath>

#include "core/pattern.h"
#include "core/strings.h"

#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>

namespace rp::text {
namespace {

using re2::StringPiece;

constexpr std::size_t kMaxTitleBytes = 4096;
constexpr std::size_t kMaxNumbers = 5000;
constexpr std::size_t kMaxListItems = 200;
constexpr std::size_t kMaxCommandBytes = 500;
// Bounds per-number work on hostile input ("1% 1% 1% ..." over a megabyte).
constexpr std::size_t kMaxNumberCandidates = 200000;
constexpr std::size_t kMaxLineBytes = 400;
constexpr std::size_t kClauseReach = 160;

StringPiece sp(std::string_view s) { return StringPiece(s.data(), s.size()); }
std::string_view sv(StringPiece s) { return std::string_view(s.data(), s.size()); }

using rp::trim;

// Quantity::line: the whole line when short, else a window around byte `pos` so a megabyte-long
// line is not copied once per number.
std::string line_window(std::string_view line, std::size_t pos) {
  line = trim(line);
  if (line.size() <= kMaxLineBytes) return std::string(line);
  std::size_t b = pos > kMaxLineBytes / 3 ? pos - kMaxLineBytes / 3 : 0;
  if (b >= line.size()) b = 0;
  while (b > 0 && (static_cast<unsigned char>(line[b]) & 0xC0) == 0x80) --b;
  return std::string(trim(utf8_prefix(line.substr(b), kMaxLineBytes)));
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_word_byte(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

void add_distinct(std::vector<std::string>& v, std::string s) {
  if (s.empty() || v.size() >= kMaxListItems) return;
  if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

// ---------------------------------------------------------------------------------------------
// Shared vocabularies.

const Pattern accuracy_re{
      R"re((?i)\b(?:gsm-?8k|mmlu(?:[-_ ]pro)?|human-?eval|exact[_ ]match|accuracy|acc|acc_norm|scores?|lm[_-]eval)re"
      R"re(|flexible-extract|strict-match|mbpp|math-?500|gpqa|aime\d*|c-?eval|cmmlu|hellaswag|arc[_-]challenge)re"
      R"re(|winogrande|truthfulqa|perplexity|ppl|pass@\d+)\b)re"};

// Benchmark names that make a table or code block an accuracy report. Narrower than
// accuracy_re: "acc" and "score" are common variable names in pasted Python.
const Pattern accuracy_report_re{
      R"re((?i)\b(?:gsm-?8k|mmlu(?:[-_ ]pro)?|human-?eval|exact[_ ]match|accuracy|acc_norm|lm[_-]eval|flexible-extract)re"
      R"re(|strict-match|mbpp|math-?500|gpqa|aime\d*|c-?eval|cmmlu|hellaswag|arc[_-]challenge|winogrande|truthfulqa|perplexity)\b)re"};

// Every perf word we report; group 1 is the word.
const Pattern perf_word_re{
      R"re((?i)(\bperf\b|\bperformance\b|\boptimi[sz](?:e|es|ed|ing|ation|ations)\b|\bspeed-?ups?\b|\bfaster\b)re"
      R"re(|\blatency\b|\bthroughput\b|\bfuses?\b|\bfused\b|\bfusing\b|\bfusion\b|\bimprove[sd]?\b|\bimproving\b)re"
      R"re(|\bimprovements?\b|\baccelerat(?:e|es|ed|ion|ing)\b|\buplift\b|\bboost(?:s|ed)?\b|\btflops\b)re"
      R"re(|\+\d+(?:\.\d+)?\s?%|\breplace[sd]?\s+(?:the\s+|a\s+)?(?:\w+\s+)?kernels?\b))re"};

// Words that make a body sentence a perf claim on their own (unlike "latency" or "fused", which
// also appear in bug reports and API names).
const Pattern perf_claim_re{
      R"re((?i)(\bspeed-?ups?\b|\bfaster\b|\buplift\b|\+\d+(?:\.\d+)?\s?%)re"
      R"re(|\d(?:\.\d+)?\s?[x×]\s+(?:faster|speedup|improvement|higher|better|lower)\b)re"
      R"re(|\b(?:improve[sd]?|improving|improvements?|reduce[sd]?|reducing|reduction|lower(?:s|ed)?|increase[sd]?|gains?|saves?|saving)\s+)re"
      R"re((?:\w+\s+){0,3}?(?:perf|performance|latency|throughput|bandwidth|speed|tflops|e2e|ttft|tpot|itl|runtime|overhead)\b)re"
      R"re(|\b(?:perf|performance|latency|throughput|bandwidth|speed|tflops|e2e|ttft|tpot)\s+(?:\w+\s+){0,2}?)re"
      R"re((?:improve\w*|gains?|increase[sd]?|reduction|reduced|boost\w*|uplift|wins?)\b)re"
      R"re(|\breplace[sd]?\s+(?:the\s+|a\s+)?(?:\w+\s+)?kernels?\b))re"};

// Claim words that a bug-fix PR uses for other things ("the compiler may optimize away the
// store", "crash in the fusion pass"): they count only when the title is not a fix.
const Pattern perf_claim_unless_fix_re{
      R"re((?i)(\baccelerat(?:e|es|ed|ion|ing)\b|\boptimi[sz](?:e|es|ed|ing|ation|ations)\b|\bboost(?:s|ed)?\b)re"
      R"re(|\bfuses?\b|\bfusing\b|\bfusion\b))re"};

bool is_fix_title(std::string_view title) {
  static const RE2 re(R"re((?i)\b(?:fix|fixes|fixed|bugfix|hotfix|bug|crash|revert|nan|error|accuracy|hang|deadlock)\b)re");
  return RE2::PartialMatch(sp(title), re);
}

// Words that make a clause about speed rather than quality.
const Pattern perf_context_re{
      R"re((?i)\b(?:perf|performance|latency|throughput|speed|speedup|faster|slower|tflops|bandwidth|time|e2e|ttft|tpot|itl)\b)re"};

// ---------------------------------------------------------------------------------------------
// Numbers with units.

struct UnitMatch {
  std::string unit;
  double scale = 1;
  std::size_t end = 0;  // byte offset just past the unit
};

bool line_has_time_context(std::string_view line) {
  static const RE2 re(R"re((?i)\b(?:time|latency|took|takes|elapsed|duration|seconds|runtime|wall|ttft|tpot|itl|e2e|startup|compile|warm-?up)\b)re");
  return RE2::PartialMatch(sp(line), re);
}

// Unit directly after a number ending at `pos`; nullopt when there is none.
std::optional<UnitMatch> match_unit(std::string_view s, std::size_t pos, bool number_has_dot, bool time_context) {
  static const RE2 kTokK(R"re((?i) ?[k]\s?(?:tok(?:en)?s?\s?/\s?s(?:ec)?|tok(?:en)?s?\s+per\s+sec(?:ond)?)\b)re");
  static const RE2 kUnit(
      R"re((?i)( ?)(µs|μs|usecs?|us|microsec(?:ond)?s?|msecs?|ms|millisec(?:ond)?s?|seconds?|secs?|s)re"
      R"re(|tok(?:en)?s?\s?/\s?s(?:ec)?|tok(?:en)?s?\s+per\s+sec(?:ond)?|tflop/s|tflops?|tb/s|tib/s|gb/s|gib/s|%|x|×))re");
  static const RE2 kGpuAfterX(R"re((?i)\s*(?:MI\d|[HAB]\d{2,3}\b|GPUs?\b|gfx|nodes?\b|cards?\b|devices?\b|ranks?\b|workers?\b))re");
  if (pos >= s.size()) return std::nullopt;
  StringPiece rest = sp(s.substr(pos, 64));
  StringPiece m[3];
  if (kTokK.Match(rest, 0, rest.size(), RE2::ANCHOR_START, m, 1)) {
    return UnitMatch{"tok/s", 1000, pos + m[0].size()};
  }
  if (!kUnit.Match(rest, 0, rest.size(), RE2::ANCHOR_START, m, 3)) return std::nullopt;
  std::size_t end = pos + m[0].size();
  std::string u = lower(sv(m[2]));
  bool next_is_word = end < s.size() && is_word_byte(s[end]);
  if (u == "%") return UnitMatch{"%", 1, end};
  if (next_is_word) return std::nullopt;  // "5 steps", "4x4", "8xMI300X", "12 usage"
  if (u == "x" || u == "×") {
    // Only attached ("1.5x", "2×"): "4096 x 4096" is a shape, "8x MI300X" a GPU count.
    if (!m[1].empty()) return std::nullopt;
    if (kGpuAfterX.Match(sp(s), end, s.size(), RE2::ANCHOR_START, nullptr, 0)) return std::nullopt;
    return UnitMatch{"x", 1, end};
  }
  if (u == "µs" || u == "μs" || u.starts_with("usec") || u == "us" || u.starts_with("microsec")) return UnitMatch{"us", 1, end};
  if (u == "ms" || u.starts_with("msec") || u.starts_with("millisec")) return UnitMatch{"ms", 1, end};
  if (u == "s") {
    // A bare "s" is a time only when it clearly is one: "1.25 s", or on a line about time.
    if (!number_has_dot && !time_context) return std::nullopt;
    return UnitMatch{"s", 1, end};
  }
  if (u.starts_with("sec")) return UnitMatch{"s", 1, end};
  if (u.starts_with("tok")) return UnitMatch{"tok/s", 1, end};
  if (u.starts_with("tflop")) return UnitMatch{"TFLOPS", 1, end};
  if (u == "tb/s" || u == "tib/s") return UnitMatch{"GB/s", 1000, end};
  if (u == "gb/s" || u == "gib/s") return UnitMatch{"GB/s", 1, end};
  return std::nullopt;
}

double parse_number(std::string_view sign, std::string_view digits) {
  std::string clean;
  for (char c : digits)
    if (c != ',') clean += c;
  double v = std::strtod(clean.c_str(), nullptr);
  if (!sign.empty() && sign != "+") v = -v;
  return v;
}

// Context shared by all numbers of one line.
struct LineCtx {
  bool in_table = false;
  bool in_code = false;
  bool accuracy = false;       // in_accuracy_context as reported
  bool hard_accuracy = false;  // table column/row says accuracy: never perf
  bool in_list = false;
  std::string column_header;
  std::string row_header;
};

void place_quantity(Quantity& q, const LineCtx& ctx) {
  q.in_table = ctx.in_table;
  q.in_code = ctx.in_code;
  q.in_list = ctx.in_list;
  q.in_accuracy_context = ctx.accuracy;
  q.column_header = ctx.column_header;
  q.row_header = ctx.row_header;
}

// The clause around byte `pos`: bounded by , ; | ( ) tab and ". ".
std::string_view clause_at(std::string_view line, std::size_t pos) {
  auto is_delim = [&](std::size_t i) {
    char c = line[i];
    if (c == ',' || c == ';' || c == '|' || c == '(' || c == ')' || c == '\t') return true;
    return c == '.' && i + 1 < line.size() && line[i + 1] == ' ';
  };
  std::size_t b = pos;
  while (b > 0 && pos - b < kClauseReach && !is_delim(b - 1)) --b;
  std::size_t e = pos;
  while (e < line.size() && e - pos < kClauseReach && !is_delim(e)) ++e;
  return line.substr(b, e - b);
}

bool is_perf_number(const Quantity& q, std::string_view clause, const LineCtx& ctx) {
  if (ctx.hard_accuracy) return false;
  bool ratio = q.unit == "%" || q.unit == "x";
  bool clause_acc = RE2::PartialMatch(sp(clause), accuracy_re.re());
  if (clause_acc) return false;
  if (!ratio) return true;  // time/throughput/bandwidth are never accuracy scores by themselves
  if (!q.in_accuracy_context) return true;
  // A '%' or 'x' on an accuracy line counts only when its own clause talks about speed
  // ("accuracy unchanged, throughput +12%").
  return RE2::PartialMatch(sp(clause), perf_context_re.re());
}

struct NumberSink {
  std::vector<Quantity>& numbers;
  std::vector<Quantity>& perf;
  std::size_t candidates = 0;  // numbers looked at, with or without unit
  bool full() const { return numbers.size() >= kMaxNumbers || candidates >= kMaxNumberCandidates; }
  void add(Quantity q, std::string_view clause, const LineCtx& ctx) {
    if (numbers.size() >= kMaxNumbers) return;
    bool p = is_perf_number(q, clause, ctx);
    if (p) perf.push_back(q);
    numbers.push_back(std::move(q));
  }
};

// Numbers with units in `text` (one line or one table cell). `line` is what Quantity::line shows.
void scan_numbers(std::string_view text, std::string_view line, const LineCtx& ctx, NumberSink& sink) {
  if (sink.full()) return;
  static const RE2 kNum(R"re(([+\-−]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))re");
  static const RE2 kRange(
      R"re(\s*(?:->|=>|→|-|–|—|~|\bto\b)\s*([+\-−]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?))re");
  static const RE2 kDate(R"re(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4})re");
  static const RE2 kUrl(R"re((?i)\b(?:https?|ftp)://\S+)re");

  // URLs are full of digits and letters ("assets/2dd95eb2-9200-...") that are never measurements.
  // Blanked in place so byte offsets still match `line`.
  std::string buf(text);
  StringPiece url;
  std::size_t upos = 0;
  while (upos < buf.size() && kUrl.Match(sp(buf), upos, buf.size(), RE2::UNANCHORED, &url, 1)) {
    std::size_t ub = url.data() - buf.data();
    std::fill(buf.begin() + ub, buf.begin() + ub + url.size(), ' ');
    upos = ub + std::max<std::size_t>(url.size(), 1);
  }
  std::string_view s = buf;
  bool time_context = line_has_time_context(s);

  std::size_t pos = 0;
  StringPiece m[3];
  while (pos < s.size() && !sink.full() && kNum.Match(sp(s), pos, s.size(), RE2::UNANCHORED, m, 3)) {
    ++sink.candidates;
    std::size_t start = m[0].data() - s.data();
    std::size_t num_start = m[2].data() - s.data();
    std::size_t end = start + m[0].size();
    pos = end;
    std::string_view sign = sv(m[1]);
    std::string_view digits = sv(m[2]);
    // A sign glued to a word ("fp8-2") is a hyphen, not a sign.
    if (!sign.empty() && start > 0 && is_word_byte(s[start - 1])) {
      sign = {};
      start = num_start;
    }
    char before = start > 0 ? s[start - 1] : ' ';
    // Part of an identifier or a larger token: "MI300X", "v0.9", "gfx942", "fp8", "x_1".
    if (is_word_byte(before) || before == '.') continue;
    // "12:30", "6.4.1" and "2025-01-15" are not measurements. A plain "ROCm 6.4" or "torch 2.5"
    // needs no check: it has no unit, and "torch: 12 ms" must stay a measurement.
    if (before == ':' && start >= 2 && std::isdigit(static_cast<unsigned char>(s[start - 2]))) continue;
    if (end < s.size() && (s[end] == '.' || s[end] == ':') && end + 1 < s.size() &&
        std::isdigit(static_cast<unsigned char>(s[end + 1]))) {
      while (pos < s.size() && (std::isdigit(static_cast<unsigned char>(s[pos])) || s[pos] == '.' || s[pos] == ':')) ++pos;
      continue;
    }
    StringPiece date;
    if (kDate.Match(sp(s), num_start, s.size(), RE2::ANCHOR_START, &date, 1)) {
      pos = num_start + date.size();
      continue;
    }

    bool has_dot = digits.find('.') != std::string_view::npos;
    if (auto u = match_unit(s, end, has_dot, time_context)) {
      Quantity q;
      q.value = parse_number(sign, digits) * u->scale;
      q.unit = u->unit;
      q.text = std::string(trim(s.substr(start, u->end - start)));
      q.line = line_window(line, line.data() == text.data() ? start : 0);
      place_quantity(q, ctx);
      sink.add(std::move(q), clause_at(s, start), ctx);
      pos = u->end;
      continue;
    }
    // A range or before/after pair sharing one unit: "1.3-1.5x", "1383.5 -> 1407.2 tok/s".
    StringPiece r[3];
    if (!kRange.Match(sp(s), end, s.size(), RE2::ANCHOR_START, r, 3)) continue;
    std::size_t end2 = end + r[0].size();
    if (end2 < s.size() && (s[end2] == '.' || s[end2] == ':') && end2 + 1 < s.size() &&
        std::isdigit(static_cast<unsigned char>(s[end2 + 1])))
      continue;
    bool has_dot2 = r[2].find('.') != StringPiece::npos;
    auto u = match_unit(s, end2, has_dot || has_dot2, time_context);
    if (!u) continue;  // the second number is scanned on its own
    std::string range_text(trim(s.substr(start, u->end - start)));
    std::string window = line_window(line, line.data() == text.data() ? start : 0);
    for (int k = 0; k < 2; ++k) {
      Quantity q;
      q.value = (k == 0 ? parse_number(sign, digits) : parse_number(sv(r[1]), sv(r[2]))) * u->scale;
      q.unit = u->unit;
      q.text = range_text;
      q.line = window;
      place_quantity(q, ctx);
      sink.add(std::move(q), clause_at(s, start), ctx);
    }
    pos = u->end;
  }
}

// The unit a table column header declares: "Latency (us)", "TFLOPS", "Speedup", "Δ %".
std::optional<UnitMatch> header_unit(std::string_view header) {
  static const RE2 kHdr(
      R"re((?i)(?:^|[\s(\[/,_-])(µs|μs|usec|us|msec|ms|sec|tok/s|toks/s|tokens/s|tflops|gb/s|tb/s|x|×)(?:[\s)\],_]|$))re");
  static const RE2 kSecParen(R"re((?i)\(\s*s\s*\))re");
  static const RE2 kSpeedup(R"re((?i)\bspeed-?up\b)re");
  if (header.find('%') != std::string_view::npos) return UnitMatch{"%", 1, 0};
  std::string u;
  if (RE2::PartialMatch(sp(header), kHdr, &u)) {
    u = lower(u);
    if (u == "µs" || u == "μs" || u == "usec" || u == "us") return UnitMatch{"us", 1, 0};
    if (u == "ms" || u == "msec") return UnitMatch{"ms", 1, 0};
    if (u == "sec") return UnitMatch{"s", 1, 0};
    if (u.starts_with("tok")) return UnitMatch{"tok/s", 1, 0};
    if (u == "tflops") return UnitMatch{"TFLOPS", 1, 0};
    if (u == "gb/s") return UnitMatch{"GB/s", 1, 0};
    if (u == "tb/s") return UnitMatch{"GB/s", 1000, 0};
    return UnitMatch{"x", 1, 0};
  }
  if (RE2::PartialMatch(sp(header), kSecParen)) return UnitMatch{"s", 1, 0};
  if (RE2::PartialMatch(sp(header), kSpeedup)) return UnitMatch{"x", 1, 0};
  return std::nullopt;
}

// The header names an accuracy metric and nothing about speed ("| Model | GSM8K | Δ |"): every
// cell is an accuracy number. Mixed headers are judged column by column instead.
bool accuracy_only_header(const Table& t) {
  bool acc = false, perf = false;
  for (const auto& h : t.header) {
    acc = acc || RE2::PartialMatch(sp(h), accuracy_re.re());
    auto u = header_unit(h);
    perf = perf || RE2::PartialMatch(sp(h), perf_context_re.re()) || (u && u->unit != "%");
  }
  return acc && !perf;
}

// `table_acc` is accuracy_only_header() of the row's table, computed once per table.
void scan_table_row(const MarkdownDoc& doc, const TextLine& tl, bool section_acc, bool table_acc, NumberSink& sink) {
  const Table& t = doc.tables[tl.table];
  const std::vector<std::string>& cells = tl.row < 0 ? t.header : t.rows[tl.row];
  bool row_acc = !cells.empty() && RE2::PartialMatch(sp(cells[0]), accuracy_re.re());
  static const RE2 kBareCell(
      R"re(\s*([+\-−]?)(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*[*†]*\s*(?:(?:±|\+/-)\s*[\d.]+\s*)?)re");
  for (std::size_t c = 0; c < cells.size(); ++c) {
    bool col_acc = tl.row >= 0 && c < t.header.size() && RE2::PartialMatch(sp(t.header[c]), accuracy_re.re());
    LineCtx ctx;
    ctx.in_table = true;
    ctx.hard_accuracy = tl.row >= 0 && (table_acc || col_acc || row_acc);
    ctx.accuracy = ctx.hard_accuracy || section_acc || (tl.row < 0 && RE2::PartialMatch(sp(cells[c]), accuracy_re.re()));
    if (tl.row >= 0 && c < t.header.size()) ctx.column_header = std::string(utf8_prefix(t.header[c], 120));
    if (tl.row >= 0 && c > 0) ctx.row_header = std::string(utf8_prefix(cells[0], 120));
    std::size_t before = sink.numbers.size();
    scan_numbers(cells[c], tl.text, ctx, sink);
    if (sink.numbers.size() != before || tl.row < 0 || c >= t.header.size() || c == 0) continue;
    // A bare number under a header that names the unit: "Native 96 (µs)" over "36.0".
    auto u = header_unit(t.header[c]);
    std::string sign, digits;
    if (!u || !RE2::FullMatch(sp(cells[c]), kBareCell, &sign, &digits)) continue;
    Quantity q;
    q.value = parse_number(sign, digits) * u->scale;
    q.unit = u->unit;
    q.text = std::string(trim(utf8_prefix(cells[c], kMaxLineBytes)));
    q.line = line_window(tl.text, 0);
    place_quantity(q, ctx);
    q.unit_from_header = true;
    sink.add(std::move(q), cells[c], ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// Perf claims.

bool negated_before(std::string_view line, std::size_t pos) {
  static const RE2 re(R"re((?i)\b(?:no|not|without|never|isn't|doesn't|don't|won't|nor|zero)\s+(?:\w+\s+){0,3}$)re");
  std::size_t look = pos > 60 ? pos - 60 : 0;
  return RE2::PartialMatch(sp(line.substr(look, pos - look)), re);
}

void collect_perf_words(std::string_view line, std::vector<std::string>& words) {
  StringPiece in = sp(line);
  std::string w;
  while (words.size() < kMaxListItems && RE2::FindAndConsume(&in, perf_word_re.re(), &w)) {
    std::string norm = w.starts_with("+") ? w : lower(w);
    // "replace the moe kernel" is reported as the phrase the checklist names.
    if (norm.starts_with("replace")) norm = "replace kernel";
    add_distinct(words, norm);
  }
}

bool has_unnegated(std::string_view line, const RE2& re) {
  StringPiece m;
  std::size_t pos = 0;
  while (pos < line.size() && re.Match(sp(line), pos, line.size(), RE2::UNANCHORED, &m, 1)) {
    std::size_t start = m.data() - line.data();
    if (!negated_before(line, start)) return true;
    pos = start + std::max<std::size_t>(m.size(), 1);
  }
  return false;
}

// "Move the MTP optimization to a separate PR", "a follow-up will fuse the GEMMs": the claim
// belongs to some other change.
bool defers_claim(std::string_view line) {
  static const RE2 re(
      R"re((?i)\b(?:separate|follow-?up|future|later|next|another|subsequent)\s+(?:PRs?|pull\s+requests?|changes?|commits?|patch(?:es)?)\b)re"
      R"re(|\bfollow-?ups?\b|\bTODO\b|\bout\s+of\s+scope\b)re");
  return RE2::PartialMatch(sp(line), re);
}

bool body_line_claims_perf(std::string_view line, bool fix_title) {
  if (defers_claim(line)) return false;
  if (has_unnegated(line, perf_claim_re.re())) return true;
  // A line that is itself a fix ("fix norm quant fusion dtype mismatch", a commit subject in a
  // squashed message) uses fusion/optimize words as names, as a fix title does.
  return !fix_title && !is_fix_title(line) && has_unnegated(line, perf_claim_unless_fix_re.re());
}

bool title_claims_perf(std::string_view title) {
  static const RE2 kStrong(
      R"re((?i)(\bperf\b|\bperformance\b|\boptimi[sz]\w*|\bspeed-?ups?\b|\bfaster\b|\baccelerat\w*|\buplift\b|\bboost\w*)re"
      R"re(|\+\d+(?:\.\d+)?\s?%|\breplace[sd]?\s+(?:the\s+|a\s+)?(?:\w+\s+)?kernels?\b))re");
  static const RE2 kWeak(R"re((?i)(\bfuse[sd]?\b|\bfusing\b|\bfusion\b|\blatency\b|\bthroughput\b))re");
  static const RE2 kImprove(R"re((?i)\bimprov\w*|\benhanc\w*)re");
  static const RE2 kPerfNoun(
      R"re((?i)\b(?:perf|performance|latency|throughput|speed|bandwidth|kernels?|gemm|moe|attention|attn|decode|prefill|mla|mha|allreduce|all-reduce|tflops|occupancy)\b)re");
  // "No perf regression from X" claims nothing about speed.
  if (has_unnegated(title, kStrong)) return true;
  // In a fix title "fused" names the kernel being fixed, not a new fusion.
  if (is_fix_title(title)) return false;
  if (has_unnegated(title, kWeak)) return true;
  return RE2::PartialMatch(sp(title), kImprove) && RE2::PartialMatch(sp(title), kPerfNoun);
}

// ---------------------------------------------------------------------------------------------
// Template sections.

// Section `i` or any deeper heading under it has content: "## Test Plan" followed by
// "### Unit tests" + text is filled.
bool section_tree_has_content(const MarkdownDoc& doc, std::size_t i) {
  const Section& s = doc.sections[i];
  if (s.has_content) return true;
  for (std::size_t j = i + 1; j < doc.sections.size() && doc.sections[j].level > s.level; ++j)
    if (doc.sections[j].has_content) return true;
  return false;
}

struct TemplateSection {
  const char* name;
  const char* pattern;
};

// The PR template's sections. "Submission Checklist" is template boilerplate (its checkbox list
// is pre-filled) and never reported as unfilled.
constexpr TemplateSection kTemplateSections[] = {
    {"Motivation", R"re((?i)\bmotivations?\b)re"},
    {"Technical Details", R"re((?i)\btechnical\s+details?\b)re"},
    {"Test Plan", R"re((?i)\btest(?:ing)?\s+plans?\b)re"},
    {"Test Result", R"re((?i)\btest(?:ing)?\s+results?\b)re"},
    {"Submission Checklist", R"re((?i)\bsubmission\s+checklist\b)re"},
};
constexpr std::size_t kReportedTemplateSections = 4;

const std::vector<std::unique_ptr<RE2>>& template_section_res() {
  static const auto* res = [] {
    auto* v = new std::vector<std::unique_ptr<RE2>>;
    for (const auto& ts : kTemplateSections) v->push_back(std::make_unique<RE2>(ts.pattern));
    return v;
  }();
  return *res;
}

void find_unfilled(const MarkdownDoc& doc, DescriptionFacts& f) {
  const auto& res = template_section_res();
  for (std::size_t k = 0; k < kReportedTemplateSections; ++k) {
    bool seen = false, filled = false;
    for (std::size_t i = 1; i < doc.sections.size(); ++i) {
      const Section& s = doc.sections[i];
      if (!RE2::PartialMatch(sp(s.heading), *res[k])) continue;
      seen = true;
      if (section_tree_has_content(doc, i)) filled = true;
    }
    if (seen) f.template_sections.push_back(kTemplateSections[k].name);
    if (seen && !filled) f.unfilled_sections.push_back(kTemplateSections[k].name);
  }
}

bool is_template_heading(std::string_view heading) {
  for (const auto& re : template_section_res())
    if (RE2::PartialMatch(sp(heading), *re)) return true;
  return false;
}

// Content in the preamble or in a section outside the template's trees.
bool find_text_outside_template(const MarkdownDoc& doc) {
  if (doc.sections.empty()) return false;
  if (doc.sections[0].has_content) return true;
  int template_level = 0;  // > 0 while inside a template section's subsections
  for (std::size_t i = 1; i < doc.sections.size(); ++i) {
    const Section& s = doc.sections[i];
    if (template_level > 0 && s.level > template_level) continue;
    template_level = 0;
    if (is_template_heading(s.heading)) {
      template_level = s.level;
      continue;
    }
    if (s.has_content) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// AI attribution.

std::string find_ai_attribution(std::string_view body) {
  static const RE2 kVerb(
      R"re((?i)\b(?:generated|created|written|authored|produced|drafted|made|built|implemented|coded|assisted|developed|prepared))re"
      R"re(\s+(?:\w+\s+){0,2}?(?:with|by|using|via|in)\s+(?:the\s+)?(?:help\s+of\s+)?[\[*_`]*\s*)re"
      R"re((?:claude(?:\s+code)?|anthropic|cursor(?:\s+agent)?|(?:openai\s+)?codex|(?:github\s+)?copilot|chatgpt|gpt-?\d[\w.-]*)re"
      R"re(|gemini(?:\s+cli)?|aider|devin|windsurf|openhands|cline|amazon\s+q|kiro|qwen\s+code)\b)re");
  // Compiled only for a line that can match: a co-author trailer spells "authored" (none of its
  // letters has a non-ASCII case fold in RE2, unlike k and s), the robot credit holds the emoji.
  auto co_author = []() -> const RE2& {
    static const RE2 re(
        R"re((?i)^\W*co-?authored-?by\s*:.*\b(?:claude|anthropic|copilot|cursor|codex|openai|chatgpt|gemini|devin|aider|openhands)\b)re");
    return re;
  };
  auto robot = []() -> const RE2& {
    static const RE2 re(R"re((?i)🤖.*\b(?:claude|cursor|codex|copilot|chatgpt|gemini|aider|devin|openhands|generated)\b)re");
    return re;
  };

  bool in_fence = false, in_comment = false;
  std::string_view rest = body;
  while (!rest.empty()) {
    std::size_t nl = rest.find('\n');
    std::string_view raw = rest.substr(0, nl);
    rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
    std::string line(raw);
    if (in_comment) {
      std::size_t close = line.find("-->");
      if (close == std::string::npos) continue;
      line.erase(0, close + 3);
      in_comment = false;
    }
    std::size_t open = line.find("<!--");
    if (open != std::string::npos && line.find("-->", open + 4) == std::string::npos) {
      line.erase(open);
      in_comment = true;
    }
    line = strip_html_comments(line, nullptr);
    std::string_view t = trim(line);
    if (t.starts_with("```") || t.starts_with("~~~")) {
      in_fence = !in_fence;
      continue;
    }
    if (in_fence || t.empty()) continue;
    if ((lower(t).find("authored") != std::string::npos && RE2::PartialMatch(sp(t), co_author())) ||
        (t.find("🤖") != std::string_view::npos && RE2::PartialMatch(sp(t), robot())))
      return std::string(t.substr(0, 300));
    StringPiece m;
    // A credit sits at the start of its line ("Generated with ...", "This PR was written by
    // ..."); deep inside prose the same words usually describe someone else's code.
    if (kVerb.Match(sp(t), 0, t.size(), RE2::UNANCHORED, &m, 1) && std::size_t(m.data() - t.data()) <= 40)
      return std::string(t.substr(0, 300));
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Reproduction info.

void collect_gpus_rocm(std::string_view line, DescriptionFacts& f) {
  static const RE2 kGpu(R"re((?i)\b(MI[\s-]?[1-4]\d{2}[a-z]?|gfx\d{3,4}[a-z]?)\b)re");
  static const RE2 kRocm(R"re((?i)\brocm[\s_/-]*v?(\d+\.\d+(?:\.\d+)?))re");
  StringPiece in = sp(line);
  std::string g;
  while (RE2::FindAndConsume(&in, kGpu, &g)) {
    std::string norm;
    if (lower(g).starts_with("gfx")) {
      norm = lower(g);
    } else {
      for (char c : g)
        if (c != ' ' && c != '-') norm += char(std::toupper(static_cast<unsigned char>(c)));
    }
    add_distinct(f.gpu_models, norm);
  }
  in = sp(line);
  std::string v;
  while (RE2::FindAndConsume(&in, kRocm, &v)) add_distinct(f.rocm_versions, "ROCm " + v);
}

void collect_shapes(std::string_view line, std::vector<std::string>& out) {
  static const RE2 kAssign(
      R"re((?i)\b((?:bs|batch(?:[_ ]?size)?|isl|osl|tp|dp|ep|pp|cp|dcp|heads?|num[_ ]?heads(?:[_ ](?:q|k|kv))?|n_heads|nheads)re"
      R"re(|tokens?|num[_ ]tokens|token[_ ]num|ntokens|seq(?:[_ ]?len)?|seqlen|sq|sk|ctx(?:[_ ]len)?|context(?:[_ ]len(?:gth)?)?)re"
      R"re(|top[_ ]?k|experts?|num[_ ]experts|hidden(?:[_ ]size)?|head[_ ]dim|qlen|kv[_ ]len|concurrency|conc)re"
      R"re(|input[_ ]len|output[_ ]len|max[_ ]concurrency|d_qk|d_v)\s*[=:]\s*\d[\d,]*[kK]?)\b)re");
  static const RE2 kLetter(R"re((?i)\b([MNKBEHST]\s*=\s*\d[\d,]*[kK]?)\b)re");
  static const RE2 kFlag(
      R"re((?i)(--?(?:batch[-_]size|bs|tp|tensor[-_]parallel[-_]size|dp|data[-_]parallel[-_]size|ep|input[-_]len|output[-_]len)re"
      R"re(|isl|osl|max[-_]concurrency|num[-_]prompts|random[-_]input[-_]len|random[-_]output[-_]len|seq[-_]len|num[-_]tokens)re"
      R"re(|heads|num[-_]heads|tokens|concurrency)[ =]\d+[kK]?)\b)re");
  static const RE2 kWordNum(
      R"re((?i)\b((?:batch(?:[_ ]size)?|bs|isl|osl|tp|dp|ep|seq[_ ]?len|seqlen|tokens|heads|concurrency|context|ctx)\s+\d[\d,]*[kK]?)\b)re");
  // Group 2 catches "4 tokens/s", a throughput rather than a shape.
  static const RE2 kNumWord(R"re((?i)\b(\d+(?:,\d{3})*[kK]?[\s-]*(?:tokens?|heads|experts|context|ctx))\b(/?))re");
  static const RE2 kPar(R"re((?i)\b((?:TP|DP|EP|PP|CP|DCP)\d+)\b)re");
  static const RE2 kDims(R"re(\b(\d{2,}[x×]\d{2,}(?:[x×]\d{2,})?)\b)re");
  static const RE2 kIn(R"re(\b(M\s+in\s+[\[{(][\d,\s]+[\]})]))re");
  for (const RE2* re : {&kAssign, &kLetter, &kFlag, &kWordNum, &kPar, &kDims, &kIn}) {
    StringPiece in = sp(line);
    std::string s;
    while (out.size() < kMaxListItems && RE2::FindAndConsume(&in, *re, &s)) add_distinct(out, std::string(trim(s)));
  }
  StringPiece in = sp(line);
  std::string s, slash;
  while (out.size() < kMaxListItems && RE2::FindAndConsume(&in, kNumWord, &s, &slash))
    if (slash.empty()) add_distinct(out, std::string(trim(s)));
}

const RE2& command_re() {
  // Case-sensitive on purpose: "Python 3.12 is required" is prose, "python bench.py" a command.
  static const RE2 re(
      R"re(^(?:\$\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:sudo\s+)?(?:python[0-9.]*|torchrun|bash|sh|pytest|\./\S+|lm_eval|lm-eval)re"
      R"re(|vllm|sglang|docker|pip[0-9]?|uv|make|cmake|ninja|rocprof\w*|omniperf|rocm-smi|amd-smi|hipcc|accelerate|deepspeed)re"
      R"re(|srun|mpirun|export)(?:\s|$))re");
  return re;
}

bool is_shell_info(std::string_view info) {
  std::string first = lower(info.substr(0, info.find_first_of(" \t{")));
  for (std::string_view s : {"bash", "sh", "shell", "console", "zsh", "shell-session", "sh-session", "terminal", "cmd"})
    if (first == s) return true;
  return false;
}

void add_command(std::string_view cmd, std::vector<std::string>& out) {
  cmd = trim(cmd);
  if (cmd.starts_with("$ ")) cmd = trim(cmd.substr(2));
  if (cmd.empty() || cmd.starts_with("#")) return;
  add_distinct(out, std::string(cmd.substr(0, kMaxCommandBytes)));
}

void collect_commands(const MarkdownDoc& doc, std::vector<std::string>& out) {
  static const RE2 kShellLine(R"re(^(?:\$\s+)?(?:[A-Za-z_]\w*=\S*\s+)*[a-z./~][\w./~+-]*(?:\s|$))re");
  for (const CodeBlock& cb : doc.code_blocks) {
    bool shell = is_shell_info(cb.info);
    std::string_view rest = cb.text;
    std::string joined;  // a command continued with trailing backslashes
    while (!rest.empty() && out.size() < kMaxListItems) {
      std::size_t nl = rest.find('\n');
      std::string_view line = trim(rest.substr(0, nl));
      rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
      bool cont = line.ends_with("\\");
      if (cont) line.remove_suffix(1);
      if (!joined.empty() || cont) {
        if (joined.size() < kMaxCommandBytes) {
          if (!joined.empty()) joined += ' ';
          joined += trim(line);
        }
        if (cont) continue;
        line = joined;
      }
      if (RE2::PartialMatch(sp(line), command_re()) || (shell && RE2::PartialMatch(sp(line), kShellLine))) add_command(line, out);
      joined.clear();
    }
    if (!joined.empty() && (shell || RE2::PartialMatch(sp(joined), command_re()))) add_command(joined, out);
  }
  // In prose only the usual launchers count, and only when followed by something that looks like
  // an argument: "pytest op_tests/x.py" is a command, "lm_eval matches the baseline" is not.
  static const RE2 kProseCommand(
      R"re(^(?:\$\s+)?(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:python[0-9.]*|torchrun|bash|sh|pytest|\./\S+))re"
      R"re((?:$|\s+(?:-|\S*[/.=])))re");
  for (const TextLine& tl : doc.lines) {
    if (tl.kind != LineKind::Text) continue;
    if (RE2::PartialMatch(sp(trim(tl.text)), kProseCommand)) add_command(tl.text, out);
  }
  for (const std::string& c : doc.inline_code)
    if (RE2::PartialMatch(sp(trim(c)), command_re())) add_command(c, out);
}

// ---------------------------------------------------------------------------------------------
// Benchmark shapes as (dimension, value) pairs.

// The benchmark dimension a name stands for; "" when it is none we track.
std::string dim_of(std::string_view raw) {
  std::string n = lower(trim(raw));
  for (char& c : n)
    if (c == '-' || c == ' ') c = '_';
  while (n.starts_with("_")) n.erase(0, 1);
  if (raw == "M" || raw == "N" || raw == "K") return std::string(raw);
  if (n == "b" || n == "bs" || n == "batch" || n == "batch_size" || n == "batchsize") return "batch";
  if (n == "t" || n == "tokens" || n == "token" || n == "num_tokens" || n == "token_num" || n == "ntokens" ||
      n == "qlen" || n == "sq")
    return "tokens";
  if (n == "s" || n == "isl" || n == "input_len" || n == "random_input_len" || n == "seq_len" || n == "seqlen" ||
      n == "seq" || n == "ctx" || n == "ctx_len" || n == "context" || n == "context_len" || n == "context_length" ||
      n == "kv_len" || n == "sk" || n == "global_context")
    return "context";
  if (n == "h" || n == "heads" || n == "head" || n == "num_heads" || n == "n_heads" || n == "nheads" ||
      n == "num_heads_q")
    return "heads";
  if (n == "num_heads_k" || n == "num_heads_kv" || n == "num_kv_heads") return "kv_heads";
  if (n == "tp" || n == "tensor_parallel_size") return "tp";
  if (n == "dp" || n == "data_parallel_size") return "dp";
  if (n == "ep") return "ep";
  if (n == "dcp" || n == "cp") return "cp";
  if (n == "e" || n == "experts" || n == "num_experts") return "experts";
  if (n == "topk" || n == "top_k") return "topk";
  if (n == "concurrency" || n == "conc" || n == "max_concurrency") return "concurrency";
  return "";
}

std::optional<long long> parse_count(std::string_view s) {
  s = trim(s);
  long long scale = 1;
  if (!s.empty() && (s.back() == 'k' || s.back() == 'K')) {
    scale = 1024;
    s.remove_suffix(1);
  }
  std::string digits;
  for (char c : s) {
    if (c == ',') continue;
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    digits += c;
  }
  if (digits.empty() || digits.size() > 12) return std::nullopt;
  return std::stoll(digits) * scale;
}

void add_shape_value(std::vector<ShapeValue>& out, std::string dim, std::string_view number, std::string_view text) {
  if (dim.empty() || out.size() >= kMaxListItems) return;
  auto v = parse_count(number);
  if (!v) return;
  for (const ShapeValue& s : out)
    if (s.dim == dim && s.value == *v) return;
  out.push_back(ShapeValue{std::move(dim), *v, std::string(utf8_prefix(trim(text), 80))});
}

// One collected shape string ("M=4096", "--tp 8", "TP8", "128 heads", "M in [1, 32]").
void shape_values_from_text(std::string_view s, std::vector<ShapeValue>& out) {
  static const RE2 kAssign(R"re(^-{0,2}([A-Za-z][A-Za-z_ -]*?)\s*[=: ]\s*(\d[\d,]*[kK]?)$)re");
  static const RE2 kNumWord(R"re(^(\d[\d,]*[kK]?)[\s-]*([A-Za-z]+)$)re");
  static const RE2 kPar(R"re(^([A-Za-z]+?)(\d+)$)re");
  static const RE2 kIn(R"re(^(M)\s+in\s+[\[{(]([\d,\s]+)[\]})]$)re");
  std::string name, num, list;
  if (RE2::FullMatch(sp(s), kIn, &name, &list)) {
    StringPiece in = sp(list);
    std::string n;
    static const RE2 kItem(R"re(\s*,?\s*(\d+))re");
    while (RE2::Consume(&in, kItem, &n)) add_shape_value(out, "M", n, s);
    return;
  }
  if (RE2::FullMatch(sp(s), kAssign, &name, &num)) return add_shape_value(out, dim_of(name), num, s);
  if (RE2::FullMatch(sp(s), kNumWord, &num, &name)) return add_shape_value(out, dim_of(name), num, s);
  if (RE2::FullMatch(sp(s), kPar, &name, &num)) return add_shape_value(out, dim_of(name), num, s);
}

// The dimensions a table header cell names: "batch" → {batch}; "Workload (batch, global
// context)" → {batch, context} (a cell "4, 16K" then gives one value for each).
std::vector<std::string> header_dims(std::string_view header) {
  static const RE2 kParen(R"re(\(([^()]*)\))re");
  std::string inner;
  std::vector<std::string> dims;
  if (RE2::PartialMatch(sp(header), kParen, &inner) && inner.find(',') != std::string::npos) {
    std::string_view rest = inner;
    while (!rest.empty()) {
      std::size_t comma = rest.find(',');
      std::string d = dim_of(rest.substr(0, comma));
      if (d.empty()) return {};
      dims.push_back(d);
      rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    }
    return dims;
  }
  std::string d = dim_of(header);
  if (!d.empty()) dims.push_back(d);
  return dims;
}

void shape_values_from_tables(const MarkdownDoc& doc, const std::vector<bool>& accuracy_only,
                              std::vector<ShapeValue>& out) {
  for (std::size_t t = 0; t < doc.tables.size(); ++t) {
    if (accuracy_only[t]) continue;
    const Table& table = doc.tables[t];
    for (std::size_t c = 0; c < table.header.size(); ++c) {
      std::vector<std::string> dims = header_dims(table.header[c]);
      if (dims.empty()) continue;
      for (const auto& row : table.rows) {
        if (c >= row.size()) continue;
        std::string_view rest = row[c];
        for (std::size_t k = 0; k < dims.size() && !rest.empty(); ++k) {
          std::size_t comma = dims.size() > 1 ? rest.find(',') : std::string_view::npos;
          add_shape_value(out, dims[k], rest.substr(0, comma), row[c]);
          rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Scripts, models, mechanism, round numbers.

void collect_scripts(std::string_view line, std::vector<std::string>& out) {
  // A test or benchmark script: by its name or folder, or because arguments follow it.
  static const RE2 kScript(
      R"re((?:^|[\s`'"(=:])((?:[\w.-]+/)*([\w.-]+)\.(?:py|sh))\b((?:\s+-{1,2}[A-Za-z])?))re");
  static const RE2 kBenchName(R"re((?i)^(?:test_|bench|benchmark|run|perf|profile)|_bench|_perf|_benchmark)re");
  static const RE2 kBenchDir(R"re((?i)(?:^|/)(?:op_tests|tests?|bench\w*|benchmarks?|scripts?|examples?)/)re");
  StringPiece in = sp(line);
  std::string path, base, args;
  while (out.size() < kMaxListItems && RE2::FindAndConsume(&in, kScript, &path, &base, &args)) {
    if (RE2::PartialMatch(base, kBenchName) || RE2::PartialMatch(path, kBenchDir) || !args.empty())
      add_distinct(out, path);
  }
}

void collect_models(std::string_view line, std::vector<std::string>& out) {
  static const RE2 kModel(
      R"re((?i)\b(deepseek|dsv\d|ds-?r1|kimi|gpt-?oss|qwen\d*|llama\d*|glm\d*|mixtral|gemma\d*|mistral|grok\d*))re");
  StringPiece in = sp(line);
  std::string m;
  while (RE2::FindAndConsume(&in, kModel, &m)) {
    std::string l = lower(m);
    std::string norm;
    if (l.starts_with("deepseek") || l.starts_with("dsv") || l.starts_with("ds")) norm = "DeepSeek";
    else if (l.starts_with("kimi")) norm = "Kimi";
    else if (l.starts_with("gpt")) norm = "GPT-OSS";
    else if (l.starts_with("qwen")) norm = "Qwen";
    else if (l.starts_with("llama")) norm = "Llama";
    else if (l.starts_with("glm")) norm = "GLM";
    else if (l.starts_with("mixtral")) norm = "Mixtral";
    else if (l.starts_with("gemma")) norm = "Gemma";
    else if (l.starts_with("mistral")) norm = "Mistral";
    else norm = "Grok";
    add_distinct(out, norm);
  }
}

// A causal or mechanism phrase: the description says why, not only what.
bool states_mechanism(std::string_view line) {
  static const RE2 re(
      R"re((?i)\b(?:because|since\s+(?:the|it|we|this|each|every)|so\s+that|in\s+order\s+to|instead\s+of|rather\s+than)re"
      R"re(|due\s+to|caused\s+by|root\s+cause|avoid(?:s|ing)?|eliminat(?:e|es|ing)|removes?\s+(?:the|an?|both|one)|fewer)re"
      R"re(|which\s+(?:means|reduces|avoids|lets|allows|causes|saves|removes|makes)|otherwise|the\s+reason|leads?\s+to|results?\s+in)re"
      R"re(|previously|on\s+main|(?:was|were|is|are)\s+(?:wrong|incorrect|missing|broken|never|not)|saves?|reduc(?:e|es|ing)\s+the)re"
      R"re(|by\s+\w+ing\b|so\s+the|so\s+it|thus|therefore|hence|caus(?:e|es|ed|ing)|fail(?:s|ed|ing)?\s+(?:when|because|if|with|in|on))re"
      R"re(|(?:needed|required)\s+(?:to|for|by)|to\s+(?:support|allow|enable|keep|match|avoid|prevent|handle|fix)|bottleneck)\b)re");
  return RE2::PartialMatch(sp(line), re);
}

// A ratio with at most one decimal that is a multiple of 0.5 ("2x", "1.5x", "3.0×"), or a
// whole percentage that is a multiple of 5.
bool is_round_ratio(const Quantity& q) {
  // floor, not a cast to an integer: a fuzzed "1e25%" is outside every integer type.
  auto whole = [](double v) { return std::isfinite(v) && std::floor(v) == v; };
  if (q.unit == "%") return q.value != 0 && whole(q.value / 5.0);
  if (q.unit != "x") return false;
  if (!whole(q.value * 2)) return false;
  static const RE2 kTwoDecimals(R"re(\d\.\d\d)re");
  return !RE2::PartialMatch(sp(q.text), kTwoDecimals);
}

void find_round_ratios(DescriptionFacts& f) {
  std::vector<std::string> ratios;
  bool absolute = false;
  for (const Quantity& q : f.perf_numbers) {
    if (q.unit != "x" && q.unit != "%") {
      absolute = true;
      continue;
    }
    if (!is_round_ratio(q)) return;
    add_distinct(ratios, q.text);
  }
  f.only_ratio_numbers = !f.perf_numbers.empty() && !absolute;
  if (!absolute && ratios.size() >= 3) f.round_ratio_numbers = std::move(ratios);
}

int count_words(const MarkdownDoc& doc) {
  int words = 0;
  for (const TextLine& tl : doc.lines) {
    if (tl.kind == LineKind::Code) continue;
    bool in_word = false;
    for (char c : tl.text) {
      bool w = !std::isspace(static_cast<unsigned char>(c));
      if (w && !in_word) ++words;
      in_word = w;
    }
  }
  return words;
}

bool table_is_accuracy_report(const Table& t) {
  for (const auto& h : t.header)
    if (RE2::PartialMatch(sp(h), accuracy_report_re.re())) return true;
  for (const auto& r : t.rows)
    for (const auto& c : r)
      if (RE2::PartialMatch(sp(c), accuracy_report_re.re())) return true;
  return false;
}

}  // namespace

DescriptionFacts analyse_claims(std::string_view title, std::string_view body) {
  DescriptionFacts f;
  if (title.size() > kMaxTitleBytes) title = title.substr(0, kMaxTitleBytes);
  std::string_view capped_body = body.substr(0, std::min(body.size(), kMaxMarkdownBytes));
  f.ai_attribution = find_ai_attribution(title);
  if (f.ai_attribution.empty()) f.ai_attribution = find_ai_attribution(capped_body);
  // The attribution footer is not description content: left in, it would "fill" whatever
  // template section it lands under (usually an empty Test Result).
  std::string without_footer(body);
  if (!f.ai_attribution.empty()) {
    for (size_t at = without_footer.find(f.ai_attribution); at != std::string::npos;
         at = without_footer.find(f.ai_attribution, at))
      without_footer.erase(at, f.ai_attribution.size());
  }
  f.doc = parse_markdown(without_footer);
  const MarkdownDoc& doc = f.doc;

  // Perf words and claims.
  collect_perf_words(title, f.perf_claim_words);
  bool claim = title_claims_perf(title);
  if (claim) f.perf_claim = "title: " + std::string(trim(title));
  bool fix_title = is_fix_title(title);
  static const RE2 kPerfHeading(R"re((?i)\b(?:perf|performance|benchmarks?|speed-?ups?|latency|throughput)\b)re");
  for (const TextLine& tl : doc.lines) {
    if (tl.kind == LineKind::Code) continue;
    collect_perf_words(tl.text, f.perf_claim_words);
    if (claim) continue;
    if (tl.kind == LineKind::Heading) {
      // A "Performance" section the author filled in is a claim; an empty template one is not.
      if (RE2::PartialMatch(sp(tl.text), kPerfHeading) && section_tree_has_content(doc, std::size_t(tl.section))) {
        claim = true;
        f.perf_claim = "heading: " + std::string(trim(tl.text));
      }
      continue;
    }
    if (body_line_claims_perf(tl.text, fix_title)) {
      claim = true;
      f.perf_claim = std::string(trim(tl.text));
    }
  }
  f.perf_claim = std::string(utf8_prefix(f.perf_claim, 300));
  f.claims_perf = claim;

  for (const TextLine& tl : doc.lines) {
    if ((tl.kind == LineKind::Text || tl.kind == LineKind::TableRow) && states_mechanism(tl.text)) {
      f.explains_why = true;
      f.why_line = std::string(utf8_prefix(trim(tl.text), 300));
      break;
    }
  }
  return f;
}

DescriptionFacts analyse_description(std::string_view title, std::string_view body) {
  DescriptionFacts f = analyse_claims(title, body);
  if (title.size() > kMaxTitleBytes) title = title.substr(0, kMaxTitleBytes);
  const MarkdownDoc& doc = f.doc;

  // Numbers.
  NumberSink sink{f.numbers, f.perf_numbers};
  {
    LineCtx ctx;
    ctx.accuracy = RE2::PartialMatch(sp(title), accuracy_re.re());
    scan_numbers(title, title, ctx, sink);
  }
  std::vector<bool> section_acc(doc.sections.size(), false);
  for (std::size_t i = 1; i < doc.sections.size(); ++i)
    section_acc[i] = RE2::PartialMatch(sp(doc.sections[i].heading), accuracy_re.re());
  std::vector<bool> table_acc;
  for (const Table& t : doc.tables) table_acc.push_back(accuracy_only_header(t));
  std::vector<int> table_perf_numbers(doc.tables.size(), 0);
  for (const TextLine& tl : doc.lines) {
    bool sacc = tl.section >= 0 && std::size_t(tl.section) < section_acc.size() && section_acc[tl.section];
    if (tl.kind == LineKind::TableRow && tl.table >= 0) {
      std::size_t before = f.perf_numbers.size();
      scan_table_row(doc, tl, sacc, table_acc[tl.table], sink);
      table_perf_numbers[tl.table] += int(f.perf_numbers.size() - before);
      continue;
    }
    LineCtx ctx;
    ctx.in_code = tl.kind == LineKind::Code;
    ctx.in_list = tl.in_list;
    ctx.accuracy = sacc || RE2::PartialMatch(sp(tl.text), accuracy_re.re());
    scan_numbers(tl.text, tl.text, ctx, sink);
  }

  // Accuracy tables: a markdown table or a code block (lm_eval output) naming a benchmark.
  for (const Table& t : doc.tables)
    if (table_is_accuracy_report(t)) f.has_accuracy_table = true;
  for (const CodeBlock& cb : doc.code_blocks)
    if (RE2::PartialMatch(sp(cb.text), accuracy_report_re.re())) f.has_accuracy_table = true;

  // Screenshots: GitHub turns drag-and-dropped images into bare user-attachments links too.
  bool images = !doc.images.empty();
  for (const auto& l : doc.links)
    if (l.find("user-attachments/assets/") != std::string::npos || l.find("user-images.githubusercontent.com") != std::string::npos)
      images = true;
  f.screenshots_only = images && f.claims_perf && f.perf_numbers.empty();

  find_unfilled(doc, f);
  f.text_outside_template = find_text_outside_template(doc);

  // Reproduction info.
  collect_gpus_rocm(title, f);
  collect_shapes(title, f.shapes);
  for (const TextLine& tl : doc.lines) {
    collect_gpus_rocm(tl.text, f);
    collect_shapes(tl.text, f.shapes);
  }
  collect_commands(doc, f.commands);

  // Additions: shapes as values, tables by kind, scripts, models, mechanism, round numbers.
  for (const std::string& shape : f.shapes) shape_values_from_text(shape, f.shape_values);
  shape_values_from_tables(doc, table_acc, f.shape_values);
  for (std::size_t t = 0; t < doc.tables.size(); ++t) {
    // A mixed table (latency and gsm8k columns) is both.
    if (table_perf_numbers[t] > 0) ++f.perf_tables;
    if (table_acc[t] || table_is_accuracy_report(doc.tables[t])) ++f.accuracy_tables;
  }
  collect_scripts(title, f.scripts);
  collect_models(title, f.models);
  for (const TextLine& tl : doc.lines) {
    collect_scripts(tl.text, f.scripts);
    collect_models(tl.text, f.models);
  }
  for (const std::string& c : doc.inline_code) collect_scripts(c, f.scripts);
  find_round_ratios(f);
  f.word_count = count_words(doc);
  return f;
}

std::optional<long long> max_shape(const DescriptionFacts& f, std::initializer_list<std::string_view> dims) {
  std::optional<long long> best;
  for (const ShapeValue& s : f.shape_values)
    for (std::string_view d : dims)
      if (s.dim == d && (!best || s.value > *best)) best = s.value;
  return best;
}

std::vector<long long> shape_values_of(const DescriptionFacts& f, std::string_view dim) {
  std::vector<long long> out;
  for (const ShapeValue& s : f.shape_values)
    if (s.dim == dim) out.push_back(s.value);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace rp::text
