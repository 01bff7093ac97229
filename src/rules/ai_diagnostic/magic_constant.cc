// magic-constant: a new numeric literal used as a threshold or a scale on an added line of
// shipped code, with no comment, no name and no earlier use in the file (checklist Step 6,
// structural check 6).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/ai_facts.h"
#include "analysis/dispatch_facts.h"
#include "analysis/facts.h"
#include "analysis/logging_facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "magic-constant",
    .category = Category::AiDiagnostic,
    .severity = Severity::Note,
    .needs = Needs::Diff,
    .summary = "A new numeric literal is used as a threshold or scale on an added line with no stated derivation.",
    .docs = R"doc(What it catches, in shipped Python and C/C++/HIP files (not tests, benchmarks, examples or
docs): a number literal on an added line that is (a) an operand of a comparison (`if m > 7168`,
`while err < 3e-4`, `x.shape[-1] == 576`) or (b) a non-integer operand of `*` or `/` (`x * 0.7071`,
`amax / 3.5`), when the number is not trivial (integers below 16, powers of two and of ten used as
a scale, 0.5, 1.0, 2.0), the base version of the file never spelled it, no removed line of the PR
spelled it (moved code), and nothing next to it states where it comes from. One note per file, at
the first such literal, listing the others.
Why it matters: a tile size, threshold or epsilon that merely looks plausible is what code
generators produce; without its derivation (a tuning run, the hardware limit, the model config
it comes from) nobody can tell when it stops being right (checklist Step 6, structural check 6).
Does not fire on: literals bound to a name (`MAX_SPLITS = 80`, `threshold = 0.7` and then
`x > threshold`: the name is the start of a derivation); literals with a comment on their line,
a comment or docstring line right above the literal or its statement, or a comment right below
the condition; a number that a comment, docstring or message within six lines names (the
kernel-id range "[20000, 30000)" written above the check), or that a log, error or format string
within those lines names ("an entry is 54.78 MiB", a config key `..._geq_3072`); rungs of an
unrolled tile ladder (`K > 64`, `K > 128`, `K > 192`: one operand compared with 1, 2, 3... times
a step); a period compared with an elapsed time that only paces a log line (`if now - last >=
30.0:` whose branch logs); asserts and checks with a message
(`static_assert(sizeof(Args) == 656, "kernarg ABI ...")`, `assert x <= 4095, "13-bit offset"`);
small tolerances compared with an absolute difference (`abs(a - b) > 1e-12`: float equality);
hex and binary literals, 2^n - 1 limits and lines that shift bits (bit layouts: 255, 4095,
65535, an exponent code next to `<< 23`); values the file or the PR's removed lines already used (pre-existing style, moved
code); well-known mathematical constants (log2 e, ln 2, 1/sqrt 2, pi, the GELU coefficients, the
softplus switch-over at 20 on a log1p/softplus line);
version comparisons; small integers, powers of two, and powers of ten used as unit scales
(`* 1000`, `/ 1e6`); literals in tests, benchmark and tuning scripts, examples (`examples/`, `example_*.py`) and docs. The arch-tied 576 in
a dispatch condition is also reported by arch-literal-dispatch.)doc"};

// Numbers whose derivation is the number itself.
bool well_known(double v) {
  static const double kKnown[] = {3.14159265358979, 2.71828182845905, 1.44269504088896, 0.693147180559945,
                                  0.707106781186548, 1.4142135623731,  0.797884560802865, 0.044715,
                                  1.702,             0.398942280401433, 2.30258509299405, 0.301029995663981,
                                  0.721347520444482 /* log2(e) / 2 */};
  for (double k : kKnown)
    if (std::fabs(v - k) <= 1e-4 * k) return true;
  return false;
}

bool is_power_of(double v, double base) {
  if (v <= 0) return false;
  double e = std::log(v) / std::log(base);
  return std::fabs(e - std::round(e)) < 1e-9;
}

struct Parsed {
  bool ok = false;
  bool integer = false;
  double value = 0;
};

Parsed parse_number(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X' || text[1] == 'b' || text[1] == 'B'))
    return {};  // hex and binary literals are bit patterns: their derivation is the layout
  std::string t;
  for (char c : text)
    if (c != '_' && c != '\'') t += c;
  while (!t.empty() && std::string_view("fFlLuUjJ").find(t.back()) != std::string_view::npos &&
         !(t.size() > 2 && (t[1] == 'x' || t[1] == 'X')))
    t.pop_back();
  if (t.empty()) return {};
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return {};
  bool integer = t.find_first_of(".eEpP") == std::string::npos || (t.size() > 2 && (t[1] == 'x' || t[1] == 'X'));
  return {true, integer, v};
}

// Whether the number carries no derivation question by itself.
bool trivial(const Parsed& p, bool scale) {
  double v = std::fabs(p.value);
  if (v == 0 || v == 0.5 || v == 1 || v == 2 || v == 0.25) return true;
  if (well_known(v)) return true;
  if (p.integer && (v < 16 || is_power_of(v, 2) || is_power_of(v + 1, 2))) return true;
  if (scale && (is_power_of(v, 10) || is_power_of(v, 2))) return true;
  return false;
}

// The expression the literal is an operand of (through a unary minus), and its operator.
struct Use {
  lang::Node expr;
  std::string op;
  lang::Node other;
};

Use use_of(lang::Node lit) {
  lang::Node n = lit;
  lang::Node p = n.parent();
  if (p && (is_any(p, {NodeKind::Unary, NodeKind::Unary}))) {
    n = p;
    p = p.parent();
  }
  if (!p) return {};
  NodeKind k = node_kind(p);
  if (k != NodeKind::Comparison && k != NodeKind::BinaryOp && k != NodeKind::BinaryOp) return {};
  Use u{p, "", {}};
  for (lang::Node c : p.children()) {
    if (!c.is_named()) {
      if (u.op.empty()) u.op = std::string(c.text());
    } else if (!(c == n) && !u.other) {
      u.other = c;
    }
  }
  return u;
}

bool is_comparison(std::string_view op) {
  return op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=";
}

bool version_like(lang::Node other) {
  static const RE2 re(R"re((?i)version|__version__|major|minor|\bver\b|sys\.)re");
  return other && RE2::PartialMatch(re2::StringPiece(other.text().data(), other.text().size()), re);
}

// Benchmark scripts, examples and tuning scripts tune by design; their literals are the
// experiment, not shipped heuristics.
bool experiment_path(std::string_view path) {
  static const RE2 re(R"re((?i)(?:^|/)(?:bench\w*|benchmarks?|examples?|tuning|tune\w*|scripts?|tools?)(?:/|$)|(?:^|/)examples?_|bench|_tune|tuner|profil)re");
  return RE2::PartialMatch(re2::StringPiece(path.data(), path.size()), re);
}

// Number literal texts on the removed lines of the whole PR (code moved between files).
std::set<std::string> removed_numbers(const ChangeSet& changes) {
  static const RE2 re(R"re((?:^|[^\w.])((?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?))re");
  std::set<std::string> out;
  for (const FileChange& f : changes.files)
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind != DiffLine::Kind::Removed) continue;
        re2::StringPiece in(l.text);
        std::string num;
        while (RE2::FindAndConsume(&in, re, &num)) out.insert(num);
      }
  return out;
}

// Whether a line is a comment or docstring line that says something.
bool explanatory(const lang::SyntaxTree& tree, int line, bool python) {
  if (line < 1 || line > tree.line_count()) return false;
  std::string_view text = tree.line_text(line);
  if (is_comment_only(text, python)) return comment_states_reason(comment_part(text, python));
  return tree.line_is_comment(line) && !trim(text).empty();
}

// The number as it would be written in prose: C suffixes (f, u, L) dropped.
std::string bare_number(std::string_view text) {
  std::string t(text);
  while (!t.empty() && std::string_view("fFlLuU").find(t.back()) != std::string_view::npos) t.pop_back();
  return t;
}

// Whether the literal's derivation or meaning is stated next to it: a comment on its line, or
// a comment/docstring line right above the literal or above its statement, or right below a
// condition; the number itself named in a comment, docstring or message within a few lines;
// or an assert/check whose message explains the bound.
bool stated_nearby(const lang::SyntaxTree& tree, const lang::Literal& lit, bool python) {
  int line = lit.line;
  if (comment_states_reason(comment_part(tree.line_text(line), python))) return true;
  lang::Node stmt = tree.statement_at(line);
  int first = stmt ? std::min(stmt.start_line(), line) : line;
  int last = stmt && stmt.kind().find("if") == std::string_view::npos ? stmt.end_line() : line;
  if (explanatory(tree, line - 1, python) || explanatory(tree, first - 1, python) ||
      explanatory(tree, line + 1, python))
    return true;
  const RE2 word("(?:^|[^\\w.])" + RE2::QuoteMeta(bare_number(lit.text)) + "(?:[^\\w.]|$)");
  for (int l = std::max(1, first - 6); l <= std::min(tree.line_count(), last + 1); ++l) {
    std::string_view text = tree.line_text(l);
    std::string_view prose = tree.line_is_comment(l) ? text : comment_part(text, python);
    if (!prose.empty() && RE2::PartialMatch(re2::StringPiece(prose.data(), prose.size()), word)) return true;
  }
  // The number named in a log or error message a few lines away ("an entry is 54.78 MiB",
  // a config key "..._geq_3072"): strings of the window that do not contain the literal.
  const RE2 in_string("(?:^|[^\\d.])" + RE2::QuoteMeta(bare_number(lit.text)) + "(?:\\.(?:[^\\d]|$)|[^\\d.]|$)");
  for (const lang::Literal& s : tree.string_literals()) {
    if (s.line < first - 6 || s.line > last + 1) continue;
    if (s.node.start_byte() <= lit.node.start_byte() && lit.node.end_byte() <= s.node.end_byte()) continue;
    if (RE2::PartialMatch(s.value, in_string)) return true;
  }
  // The number named in a string on its own line (an assert or error message).
  std::string_view own = tree.line_text(line);
  std::size_t quote = own.find_first_of("\"'");
  if (quote != std::string_view::npos) {
    std::string_view msg = own.substr(quote);
    if (RE2::PartialMatch(re2::StringPiece(msg.data(), msg.size()), word)) return true;
  }
  static const RE2 check(R"re(^\s*(?:assert|static_assert|raise|\w*CHECK\w*|\w*ASSERT\w*)\b)re");
  std::string_view head = tree.line_text(first);
  if (RE2::PartialMatch(re2::StringPiece(head.data(), head.size()), check) &&
      ((stmt && !tree.string_literals(stmt).empty()) || quote != std::string_view::npos))
    return true;
  return false;
}

// A statement that shifts bits: its constants are field positions and exponent codes of a bit layout.
bool bit_arithmetic(std::string_view line) {
  return line.find("<<") != std::string_view::npos || line.find(">>") != std::string_view::npos;
}

// softplus(x) = log1p(exp(x)) switched to x above 20: the threshold torch's softplus uses.
bool softplus_threshold(const Parsed& p, std::string_view line) {
  return p.value == 20 && (line.find("softplus") != std::string_view::npos || line.find("log1p") != std::string_view::npos ||
                           line.find("log(1") != std::string_view::npos);
}

// A small tolerance compared with an absolute difference: float equality, not a threshold.
bool equality_tolerance(const Parsed& p, lang::Node other) {
  if (!other || p.integer || std::fabs(p.value) > 1e-3) return false;
  std::string_view t = other.text();
  return t.find("abs(") != std::string_view::npos || t.find(".abs()") != std::string_view::npos;
}

// An unrolled ladder of tile widths: the same operand compared, within a few lines, against
// 1, 2, 3... times one step (`K > 64`, `K > 128`, `K > 192`). Each rung is the step times its
// index, so the step is the derivation.
bool tile_ladder(const lang::SyntaxTree& tree, const lang::Literal& lit, lang::Node other, const Parsed& p) {
  if (!other || !p.integer || p.value <= 0) return false;
  std::string_view operand = other.text();
  std::set<long long> values;
  for (const lang::Literal& n : tree.number_literals()) {
    if (std::abs(n.line - lit.line) > 20) continue;
    Parsed q = parse_number(n.text);
    if (!q.ok || !q.integer || q.value <= 0) continue;
    Use u = use_of(n.node);
    if (!u.expr || !is_comparison(u.op) || !u.other || u.other.text() != operand) continue;
    values.insert(static_cast<long long>(q.value));
  }
  if (values.size() < 3 || !values.count(static_cast<long long>(p.value))) return false;
  long long step = *values.begin(), k = 1;
  for (long long v : values)
    if (v != step * k++) return false;
  return true;
}

// A period that only paces a log line: the literal is compared with an elapsed time (`now -
// last_log >= 30.0`) and the branch it guards logs.
bool log_throttle(const lang::SyntaxTree& tree, lang::Node lit, lang::Node other) {
  if (!other || !is(other, NodeKind::BinaryOp)) return false;
  bool difference = false;
  for (lang::Node c : other.children())
    if (!c.is_named() && c.text() == "-") difference = true;
  if (!difference) return false;
  lang::Node n = lit;
  while (n && !is(n, NodeKind::If) && !is(n, NodeKind::Elif)) n = n.parent();
  if (!n) return false;
  lang::Node cond = n.child_by_field("condition"), body = n.child_by_field("consequence");
  if (!cond || !body || lit.start_byte() < cond.start_byte() || lit.end_byte() > cond.end_byte()) return false;
  for (const lang::Call& c : tree.calls(body))
    if (!logger_call_level(c).empty() || c.callee == "print") return true;
  return false;
}

struct Hit {
  int line;
  std::string text;
  std::string context;
};

class MagicConstant : public FileRuleWithState<kInfo, std::set<std::string>> {
 public:
  std::set<std::string> prepare(const ReviewContext& ctx) const override { return removed_numbers(ctx.pr.changes); }
  void check_file(const ReviewContext& ctx, std::set<std::string>& moved, const FileChange& file,
                  std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_code_sources(one_file(file), ctx.workspace, true)) {
      const FileChange& f = *cs.file;
      if (experiment_path(f.new_path)) continue;
      const lang::SyntaxTree* old = f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
      std::set<std::string> before = number_texts(old);
      std::vector<Hit> hits = file_hits(*cs.tree, cs.added, before, moved);
      if (!hits.empty()) out.push_back(report(f, *cs.tree, hits));
    }
  }

 private:
  static std::vector<Hit> file_hits(const lang::SyntaxTree& tree, const std::set<int>& added,
                                    const std::set<std::string>& before, const std::set<std::string>& moved) {
    std::vector<Hit> hits;
    std::set<std::string> seen;
    bool python = tree.is_python();
    for (const lang::Literal& lit : tree.number_literals()) {
      if (!added.count(lit.line) || before.count(lit.text) || moved.count(lit.text) || seen.count(lit.text)) continue;
      Parsed p = parse_number(lit.text);
      if (!p.ok) continue;
      Use u = use_of(lit.node);
      if (!u.expr) continue;
      bool compare = is_comparison(u.op);
      bool scale = (u.op == "*" || u.op == "/") && !p.integer;
      if (!compare && !scale) continue;
      if (trivial(p, scale) || (compare && (version_like(u.other) || equality_tolerance(p, u.other)))) continue;
      lang::Node st = tree.statement_at(lit.line);
      bool whole = st && st.kind().find("if") == std::string_view::npos && st.end_line() - st.start_line() < 4;
      std::string_view around = whole ? st.text() : tree.line_text(lit.line);
      if (bit_arithmetic(around) || softplus_threshold(p, tree.line_text(lit.line))) continue;
      if (compare && (tile_ladder(tree, lit, u.other, p) || log_throttle(tree, lit.node, u.other))) continue;
      if (stated_nearby(tree, lit, python)) continue;
      seen.insert(lit.text);
      hits.push_back({lit.line, lit.text, collapse_whitespace(u.expr.text()).substr(0, 80)});
    }
    return hits;
  }

  Finding report(const FileChange& f, const lang::SyntaxTree& tree, const std::vector<Hit>& hits) const {
    const Hit& h = hits.front();
    Finding x = finding();
    x.location = Location{f.new_path, h.line};
    x.problem = fmt::format("Constant {} in `{}` has no stated derivation", h.text, h.context);
    if (hits.size() > 1) {
      std::vector<std::string> others;
      for (std::size_t i = 1; i < hits.size() && i < 6; ++i) others.push_back(fmt::format("{} (line {})", hits[i].text, hits[i].line));
      x.problem += fmt::format("; also {}", fmt::join(others, ", "));
      if (hits.size() > 6) x.problem += fmt::format(" and {} more", hits.size() - 6);
    }
    x.impact = "Without its tuning run, hardware limit or config source, nobody can tell when the value stops being right";
    x.action = "Reviewer should ask for the tuning or source basis of the value, as a comment or a named constant";
    for (std::size_t i = 0; i < hits.size() && i < 3; ++i)
      x.evidence.push_back(evidence(f.new_path, hits[i].line, tree.line_text(hits[i].line)));
    x.verified = true;
    return x;
  }
};

REGISTER_RULE(MagicConstant);

}  // namespace
}  // namespace rp
