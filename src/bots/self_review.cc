#include "bots/self_review.h"

#include <algorithm>
#include <cctype>
#include <set>

#include <nlohmann/json.hpp>
#include <re2/re2.h>

#include "core/paths.h"
#include "text/markdown.h"

namespace rp::bots {

namespace {

enum class Part { None, Revision, Behavior, Validation, Boundaries, OpTests };

const std::string kRevisionRequirement =
    "Reviewed revision must contain at least the first 7 characters of the current head SHA";

// Which self-review question a heading introduces. Order matters: "Changed op tests" is the
// op-test answer, not validation; "Validation and unverified scope" is not a boundary answer.
Part part_of_heading(const std::string& heading) {
  static const RE2 revision(R"((?i)reviewed\s+revision|^revision\b)");
  static const RE2 op_tests(R"((?i)\bop[\s_-]?tests?\b|changed\s+tests?|test\s+files?)");
  static const RE2 validation(R"((?i)validat|verif|\btesting\b|\btested\b)");
  static const RE2 boundaries(R"((?i)boundar|pr[\s-]specific|dispatch|invariant|path\s+selection|gating)");
  static const RE2 behavior(R"((?i)behaviou?r|intent|motivation|\bwhy\b)");
  if (RE2::PartialMatch(heading, revision)) return Part::Revision;
  if (RE2::PartialMatch(heading, op_tests)) return Part::OpTests;
  if (RE2::PartialMatch(heading, validation)) return Part::Validation;
  if (RE2::PartialMatch(heading, boundaries)) return Part::Boundaries;
  if (RE2::PartialMatch(heading, behavior)) return Part::Behavior;
  return Part::None;
}

// The answers found in the description: heading text plus the text of the section and its
// subsections, per question.
struct Answers {
  bool has_self_review = false;
  std::string scope_text;  // all text of the self-review block (or of the whole description)
  std::string revision, behavior, validation, boundaries, op_tests;
  bool seen[6] = {};
};

template <typename A>
auto& slot(A& a, Part p) {
  switch (p) {
    case Part::Revision: return a.revision;
    case Part::Behavior: return a.behavior;
    case Part::Validation: return a.validation;
    case Part::Boundaries: return a.boundaries;
    default: return a.op_tests;
  }
}

// Reads the answers of sections [begin, end) into `a`; true when any heading named a question.
bool read_answers(const std::vector<text::Section>& sec, size_t begin, size_t end, Answers& a) {
  bool any = false;
  for (size_t i = begin; i < end; ++i) {
    a.scope_text += sec[i].heading + "\n" + sec[i].text + "\n";
    Part p = sec[i].level == 0 ? Part::None : part_of_heading(sec[i].heading);
    if (p == Part::None) continue;
    any = a.seen[static_cast<int>(p)] = true;
    std::string& out = slot(a, p);
    if (p == Part::Revision) out += sec[i].heading + "\n";
    out += sec[i].text + "\n";
    for (size_t j = i + 1; j < end && sec[j].level > sec[i].level; ++j) out += sec[j].heading + "\n" + sec[j].text + "\n";
  }
  return any;
}

// The answers under the "PR Self-Review" heading (its deeper subsections); when there is no
// such heading, or it holds no question heading (all written at one level), the whole
// description.
Answers collect_answers(const text::MarkdownDoc& doc) {
  static const RE2 self_review(R"((?i)self[\s-]?review)");
  const auto& sec = doc.sections;
  for (size_t i = 0; i < sec.size(); ++i) {
    if (sec[i].level == 0 || !RE2::PartialMatch(sec[i].heading, self_review)) continue;
    size_t end = i + 1;
    while (end < sec.size() && sec[end].level > sec[i].level) ++end;
    Answers a;
    a.has_self_review = true;
    a.scope_text = sec[i].text + "\n";
    if (read_answers(sec, i + 1, end, a)) return a;
    break;
  }
  Answers whole;
  read_answers(sec, 0, sec.size(), whole);
  return whole;
}

// "PR Self-Review" and its subsection titles on lines of their own become Markdown headings.
std::string restore_template_headings(std::string_view body) {
  static const RE2 title(
      R"(^[ \t]*(PR Self-Review|Reviewed revision|Behaviou?r and intent|Validation and unverified scope|PR-specific question|Changed op tests)[ \t]*\r?$)");
  std::string out;
  size_t pos = 0;
  bool seen_top = false;
  while (pos < body.size()) {
    size_t nl = body.find('\n', pos);
    std::string_view line = body.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? body.size() : nl + 1;
    std::string name;
    if (RE2::FullMatch(re2::StringPiece(line.data(), line.size()), title, &name)) {
      bool top = name == "PR Self-Review";
      seen_top |= top;
      out += std::string(top ? "## " : "### ") + name + "\n";
    } else {
      out.append(line);
      out += '\n';
    }
  }
  return seen_top ? out : std::string(body);
}

std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80)) {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

// A line that repeats the template's question (code-generating tools and hurried authors
// leave it in place): most of its longer words are the question's own.
bool echoes_question(std::string_view line, const std::string& question) {
  std::vector<std::string> lw = words_of(line);
  std::vector<std::string> qw = words_of(question);
  std::set<std::string> qset(qw.begin(), qw.end());
  int longer = 0, shared = 0;
  for (const std::string& w : lw) {
    if (w.size() < 3) continue;
    ++longer;
    shared += qset.count(w) > 0;
  }
  return longer >= 3 && shared * 10 >= longer * 8;
}

// The author's own words: the answer without template filler lines, answer prompts and
// echoed question text.
std::string clean_answer(std::string_view text, const std::string& question) {
  static const RE2 prompt(
      R"((?i)^\W*(?:answer(?:\s+here)?|your\s+answer(?:\s+here)?|add\s+(?:your\s+)?answer.*|fill\s+me(?:\s+in)?|lorem\s+ipsum.*|\[\s?[xX ]?\s?\])\W*$)");
  std::string out;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
    if (text::is_placeholder_text(line) || RE2::FullMatch(line, prompt) || echoes_question(line, question)) continue;
    out.append(line);
    out += '\n';
  }
  return out;
}

// First non-empty line, cut to a readable quote.
std::string quote(std::string_view text) {
  size_t b = text.find_first_not_of(" \t\n");
  if (b == std::string_view::npos) return {};
  text.remove_prefix(b);
  std::string_view line = text.substr(0, text.find('\n'));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  std::string out(line.substr(0, 160));
  if (line.size() > 160) {
    while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
    if (!out.empty() && (static_cast<unsigned char>(out.back()) & 0x80)) out.pop_back();
    out += "…";
  }
  for (char& c : out)
    if (c == '\t') c = ' ';
  return "\"" + out + "\"";
}

bool matches(std::string_view text, const RE2& re) { return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re); }

std::string first_match(std::string_view text, const RE2& re) {
  re2::StringPiece input(text.data(), text.size()), m;
  if (!re.Match(input, 0, input.size(), RE2::UNANCHORED, &m, 1)) return {};
  return std::string(m.data(), m.size());
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
  return out;
}

// Missing or placeholder-only answer: the shared failure text.
bool empty_answer(GateCheck& c, bool seen, const std::string& answer, const std::string& heading_hint) {
  if (!seen) {
    c.text = "no " + heading_hint + " answer in the PR Self-Review section";
    return true;
  }
  if (words_of(answer).empty()) {
    c.text = "the " + heading_hint + " answer is empty or template text only";
    return true;
  }
  return false;
}

// One question's gate: the answer without the template's question, judged by `judge` unless it
// is missing or template text only (then the shared failure text).
template <typename Judge>
GateCheck answered_gate(const Answers& a, Part part, int question, GateCheck c, const std::string& heading_hint,
                        Judge judge) {
  std::string answer = clean_answer(slot(a, part), self_review_questions()[question]);
  if (!empty_answer(c, a.seen[static_cast<int>(part)], answer, heading_hint)) judge(answer, c);
  return c;
}

// Passes with what was found, or fails naming what is missing.
void settle(GateCheck& c, const std::string& answer, const std::vector<std::string>& missing, const std::string& found) {
  c.pass = missing.empty();
  c.text = quote(answer) + (c.pass ? " (" + found + ")" : ": " + join(missing, "; "));
}

GateCheck check_behavior(const Answers& a) {
  static const RE2 why(
      R"((?i)\b(?:because|since|so\s+that|in\s+order\s+to|to\s+(?:avoid|fix|allow|enable|support|reduce|remove|let|prevent|handle|match|keep|drop|save|speed)|insufficient|instead\s+of|previously|before\s+this|currently|otherwise|on\s+main|fails?|failed|failing|broke|broken|crash\w*|regress\w*|wrong|incorrect|slow\w*|lets|allows?|enables?|needs?|required|requires|without|missing|overhead|cost|faster|unsupported|bug|error)\b)");
  GateCheck c{"behavior-and-intent", false,
              "Behavior and intent must say what behavior changes and why the existing behavior is insufficient", ""};
  return answered_gate(a, Part::Behavior, 0, c, "Behavior and intent", [](const std::string& answer, GateCheck& g) {
    size_t n = words_of(answer).size();
    if (n < 6) {
      g.text = quote(answer) + " is too short to say what changes and why (" + std::to_string(n) + " words)";
      return;
    }
    std::string reason = first_match(answer, why);
    if (reason.empty()) {
      g.text = quote(answer) + " says what changes but not why the existing behavior is insufficient";
      return;
    }
    g.pass = true;
    g.text = quote(answer) + " (why: \"" + reason + "\")";
  });
}

GateCheck check_validation(const Answers& a, const std::string& code_hint) {
  static const RE2 result(
      R"((?i)(\b\d[\d,]*\s*(?:/\s*[\d,]+\s*)?(?:passed|failed|skipped|xfailed|pass|fail|errors?|checks?|tests?)\b|\b(?:passed|failed|pass(?:es)?|fails|succeed\w*|green|bitwise|identical|matches|matched|max\s+abs|accuracy|mismatch\w*)\b|\b\d+(?:\.\d+)?\s?(?:%|µs|us\b|ms\b|×|x\b|tflops|gb/s|tokens/s)))");
  static const RE2 command(
      R"((?i)(\b(?:pytest|python3?|bash|torchrun|make|ctest|cmake|pip|sh)\b|[\w./-]+\.(?:py|sh)\b|(?:^|\s)--?[a-z][\w-]*))");
  static const RE2 hardware(
      R"((?i)\b(MI\s?\d{3}[A-Z]*|gfx\d{3,4}[a-z]?|H100|H200|A100|B200|Navi\s?\d*|RDNA\d?|CDNA\d?|Radeon\w*|Instinct|GPUs?|ROCm\s*[\d.]*|TP\d+|DP\d+)\b)");
  static const RE2 unverified(
      R"((?i)(unverified|not\s+(?:yet\s+)?(?:been\s+)?(?:verified|validated|tested|run|covered|checked|measured|benchmarked)|untested|unvalidated|\bremains?\b|out\s+of\s+scope|outside\s+(?:this|the)|nothing\s+(?:else\s+)?(?:is\s+)?(?:left\s+)?unverified|no\s+unverified|not\s+done|pending))");
  GateCheck c{"validation-and-unverified-scope", false,
              "Validation must name the commands, hardware/configuration and results, and what remains unverified", ""};
  auto judge = [&](const std::string& answer, GateCheck& g) {
    std::string got_result = first_match(answer, result);
    std::string got_command = code_hint.empty() ? first_match(answer, command) : code_hint;
    std::string got_hardware = first_match(answer, hardware);
    std::string got_unverified = first_match(answer, unverified);
    std::vector<std::string> missing;
    if (got_result.empty()) missing.push_back("no result");
    if (got_command.empty() && got_hardware.empty()) missing.push_back("no command or hardware/configuration");
    if (got_unverified.empty()) missing.push_back("does not say what remains unverified");
    std::vector<std::string> found = {"result \"" + got_result + "\""};
    if (!got_command.empty()) found.push_back("command \"" + got_command + "\"");
    if (!got_hardware.empty()) found.push_back("hardware \"" + got_hardware + "\"");
    found.push_back("unverified \"" + got_unverified + "\"");
    settle(g, answer, missing, join(found, ", "));
  };
  return answered_gate(a, Part::Validation, 1, c, "Validation and unverified scope", judge);
}

GateCheck check_boundaries(const Answers& a) {
  static const RE2 arch(R"((?i)\b(gfx\d{3,4}[a-z]?|MI\s?\d{3}[A-Z]*|CDNA\d?|RDNA\d?|arch(?:itecture)?s?|wave(?:front)?\s?(?:32|64)|warp\s?size)\b)");
  static const RE2 dtype(
      R"((?i)\b(fp8|fp16|bf16|fp32|fp4|mxfp4|mxfp8|int8|int4|i8|e4m3\w*|e5m2\w*|dtypes?|a8w8|a16w16|a8w4|a4w4|w8a8|float\d*|bfloat16|half|quant\w*)\b)");
  static const RE2 shape(
      R"((?i)\b(heads?|qlen|q_len|seq(?:uence)?[\s_]?len\w*|batch\w*|shapes?|dims?|dimensions?|head[\s_]?dim|tokens?|block[\s_]?size|page[\s_]?size|tiles?|hidden|context|kv[\s_]?len\w*|experts?|topk|[MNK]\s*(?:[<>=≤≥%]|is\b|divisible))\b)");
  static const RE2 invariant(
      R"((?i)\b(raise[sd]?|assert\w*|checks?|checked|guard\w*|gate[sd]?|gating|reject\w*|only|fall(?:s)?[\s-]?back|errors?|skip\w*|require[sd]?|must|prevent\w*|cannot|can't|never|unsupported|refuse\w*|validate[sd]?|TORCH_CHECK|static_assert)\b)");
  static const RE2 no_path(
      R"((?i)\b(no\s+(?:kernel|dispatch|code)\s+path|does\s+not\s+(?:change|touch|add)\s+(?:any\s+)?(?:kernel|dispatch)|no\s+kernel\s+(?:code\s+)?change)\b)");
  GateCheck c{"path-boundaries-and-invariant", false,
              "Path boundaries must name the architecture, dtype or shape boundaries that select the changed path and the "
              "invariant that keeps unsupported inputs out",
              ""};
  auto judge = [](const std::string& answer, GateCheck& g) {
    size_t n = words_of(answer).size();
    if (matches(answer, no_path) && n >= 6) {
      g.pass = true;
      g.text = quote(answer) + " (no kernel path changes, with a reason)";
      return;
    }
    std::vector<std::string> kinds;
    for (auto [re, name] : {std::pair{&arch, "arch"}, {&dtype, "dtype"}, {&shape, "shape"}}) {
      std::string m = first_match(answer, *re);
      if (!m.empty()) kinds.push_back(std::string(name) + " \"" + m + "\"");
    }
    std::string guard = first_match(answer, invariant);
    std::vector<std::string> missing;
    if (kinds.empty()) missing.push_back("names no architecture, dtype or shape boundary");
    if (guard.empty()) missing.push_back("names no invariant (check, raise, fallback, gate) that keeps other inputs out");
    if (n < 5) missing.push_back("too short (" + std::to_string(n) + " words)");
    settle(g, answer, missing, join(kinds, ", ") + "; invariant \"" + guard + "\"");
  };
  return answered_gate(a, Part::Boundaries, 2, c, "boundary (PR-specific question)", judge);
}

// "None" (the template's own word for no changed op test), or a sentence that says so, as
// the only line besides blank ones and the echoed question.
bool says_no_op_test(std::string_view raw, const std::string& question) {
  static const RE2 none(
      R"((?i)^\W*(?:none|no\s+(?:changed\s+)?op[\s_]?tests?(?:/|\s+files?)?(?:\s+(?:were|was|are|is))?(?:\s+changed)?|no\s+op_tests/\s*(?:files?\s+)?changed?)\b[^\n]*$)");
  int lines = 0;
  bool is_none = false;
  size_t pos = 0;
  while (pos < raw.size()) {
    size_t nl = raw.find('\n', pos);
    std::string_view line = raw.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? raw.size() : nl + 1;
    if (words_of(line).empty() || echoes_question(line, question)) continue;
    ++lines;
    is_none = RE2::FullMatch(re2::StringPiece(line.data(), line.size()), none);
  }
  return lines == 1 && is_none;
}

// The answer line that names `path` (by path or file name) and its own words beside the name.
std::optional<std::string> description_of(const std::string& answer, const std::string& path) {
  std::string base(base_name(path));
  size_t pos = 0;
  while (pos < answer.size()) {
    size_t nl = answer.find('\n', pos);
    std::string line = answer.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? answer.size() : nl + 1;
    size_t at = line.find(path);
    size_t len = path.size();
    if (at == std::string::npos) {
      at = line.find(base);
      len = base.size();
      // A file name counts only as a whole token ("test_a.py" is not in "my_test_a.py").
      if (at != std::string::npos && at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_'))
        at = std::string::npos;
    }
    if (at == std::string::npos) continue;
    return line.substr(0, at) + line.substr(at + len);
  }
  return std::nullopt;
}

GateCheck check_op_tests(const Answers& a, const std::optional<std::vector<std::string>>& changed) {
  GateCheck c{"changed-op-tests", false,
              "Changed op tests must say, for every changed op_tests/ file, what it covers and why it is not redundant "
              "(or None)",
              ""};
  bool seen = a.seen[static_cast<int>(Part::OpTests)];
  std::string raw = a.op_tests;
  std::string answer = clean_answer(raw, self_review_questions()[3]);
  if (says_no_op_test(raw, self_review_questions()[3])) {
    if (changed && !changed->empty()) {
      c.text = "the answer is None, but " + join(*changed, ", ") + " changed";
      return c;
    }
    c.pass = true;
    c.text = changed ? "None (no op test changed)" : "None";
    return c;
  }
  if (empty_answer(c, seen, answer, "Changed op tests")) return c;
  if (!changed) {
    size_t n = words_of(answer).size();
    c.pass = n >= 4;
    c.text = quote(answer) + (c.pass ? " (the changed files are not known here: give --diff or --repo to check each)"
                                     : " is too short to say what a test covers");
    return c;
  }
  std::vector<std::string> unnamed, bare, covered;
  for (const std::string& path : *changed) {
    auto desc = description_of(answer, path);
    if (!desc) unnamed.push_back(path);
    else if (words_of(*desc).size() < 4) bare.push_back(path);
    else covered.push_back(path);
  }
  std::vector<std::string> problems;
  if (!unnamed.empty()) problems.push_back("not described: " + join(unnamed, ", "));
  if (!bare.empty()) problems.push_back("named without saying what it covers: " + join(bare, ", "));
  if (!problems.empty()) {
    c.text = join(problems, "; ");
    return c;
  }
  c.pass = true;
  c.text = changed->empty() ? quote(answer) + " (no op test changed)" : "described: " + join(covered, ", ");
  return c;
}

std::vector<std::string> hex_tokens(std::string_view text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    if (!std::isalnum(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && std::isalnum(static_cast<unsigned char>(text[j]))) ++j;
    std::string token(text.substr(i, j - i));
    if (is_commit_sha(token)) {
      std::transform(token.begin(), token.end(), token.begin(), [](unsigned char ch) { return std::tolower(ch); });
      out.push_back(token);
    }
    i = j;
  }
  return out;
}

GateCheck check_revision(const Answers& a, const std::string& head_sha) {
  static const RE2 inline_revision(R"((?i)reviewed\s+revision\W{0,8}([0-9a-f]{7,40})\b)");
  GateCheck c{"reviewed-revision", false, kRevisionRequirement, ""};
  std::string head = head_sha;
  std::transform(head.begin(), head.end(), head.begin(), [](unsigned char ch) { return std::tolower(ch); });
  std::vector<std::string> shas = hex_tokens(a.revision);
  if (shas.empty()) {
    std::string sha;
    if (RE2::PartialMatch(a.scope_text, inline_revision, &sha)) shas = hex_tokens(sha);
  }
  std::string shown_head = head.substr(0, 12);
  if (shas.empty()) {
    c.text = a.seen[static_cast<int>(Part::Revision)] ? "Reviewed revision holds no commit SHA; current head is " + shown_head
                                                       : "no Reviewed revision in the PR description; current head is " + shown_head;
    return c;
  }
  for (const std::string& sha : shas) {
    if (head.starts_with(sha) || sha.starts_with(head)) {
      c.pass = true;
      c.text = "Reviewed revision " + sha + " matches head " + shown_head;
      return c;
    }
  }
  c.text = "Reviewed revision " + shas.front() + " does not match current head " + shown_head;
  return c;
}

// A command in a code block or code span of the validation answer is a command even when it
// names no known tool.
std::string code_in_validation(const text::MarkdownDoc& doc, const Answers& a) {
  for (const std::string& span : doc.inline_code)
    if (span.size() > 3 && a.validation.find(span) != std::string::npos && span.find(' ') != std::string::npos) return span;
  for (const text::CodeBlock& block : doc.code_blocks) {
    std::string line = block.text.substr(0, block.text.find('\n'));
    if (!line.empty() && a.validation.find(line) != std::string::npos) return line.substr(0, 80);
  }
  return {};
}

}  // namespace

bool SelfReviewReport::pass() const {
  return std::all_of(checks.begin(), checks.end(), [](const GateCheck& c) { return c.pass; });
}

const std::vector<std::string>& self_review_questions() {
  static const std::vector<std::string> q = {
      "What behavior does this PR change, and why is the existing behavior insufficient?",
      "What did you validate, and what remains unverified? Include commands, hardware/configuration and results.",
      "Which architecture, dtype and shape boundaries select the changed kernel path, and what invariant prevents "
      "unsupported inputs from reaching it?",
      "For every changed op_tests/ file, what behavior does it cover and why is it not redundant? Write None if no op "
      "test changed.",
  };
  return q;
}

bool is_commit_sha(std::string_view s) {
  if (s.size() < 7 || s.size() > 40) return false;
  bool has_digit = false;
  for (char c : s) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    has_digit |= std::isdigit(static_cast<unsigned char>(c)) != 0;
  }
  return has_digit;  // "deadbeef"-like words without a digit are English, not a SHA
}

std::vector<std::string> changed_op_test_files(const ChangeSet& changes, const Profile& profile) {
  std::vector<std::string> out;
  for (const FileChange& f : changes.files) {
    const std::string& path = f.path();
    bool op_test = profile.op_test_dirs.empty()
                       ? is_test_path(path)
                       : std::any_of(profile.op_test_dirs.begin(), profile.op_test_dirs.end(),
                                     [&](const std::string& dir) { return path.starts_with(dir); });
    if (op_test && !is_doc_path(path)) out.push_back(path);
  }
  return out;
}

SelfReviewReport run_self_review(const SelfReviewInput& in) {
  text::MarkdownDoc doc = text::parse_markdown(in.body);
  Answers a = collect_answers(doc);
  if (!a.has_self_review) {
    // A description pasted as rendered text (headings lost): the template's own section
    // titles, alone on a line, are the headings.
    std::string restored = restore_template_headings(in.body);
    if (restored != in.body) {
      doc = text::parse_markdown(restored);
      a = collect_answers(doc);
    }
  }
  SelfReviewReport r;
  r.head_sha = in.head_sha;
  r.checks.push_back(check_behavior(a));
  r.checks.push_back(check_validation(a, code_in_validation(doc, a)));
  r.checks.push_back(check_boundaries(a));
  r.checks.push_back(check_op_tests(a, in.changed_op_tests));
  r.checks.push_back(check_revision(a, in.head_sha));
  return r;
}

std::string render_self_review_markdown(const SelfReviewReport& r, GateMode mode) {
  const char* mode_name = mode == GateMode::Enforce ? "enforce" : "shadow";
  std::string out;
  bool pass = r.pass();
  out += pass ? "**READY FOR REVIEW**\n\n" : "**WAITING ON AUTHOR**\n\n";
  out += "## PR Self-Review\n\n";
  out += "Revision `" + r.head_sha.substr(0, 12) + "` · mode " + mode_name + "\n\n";
  out += pass ? "The self-review answers are complete for this revision.\n\n"
              : "Waiting for the PR author. The readiness report will appear after the self-review answers are "
                "complete for this revision.\n\n";
  out += "### Questions to answer in the PR description\n\n";
  for (size_t i = 0; i < self_review_questions().size(); ++i)
    out += std::to_string(i + 1) + ". " + self_review_questions()[i] + "\n";
  out += "\nEdit the PR Self-Review section in the PR description. Include the current revision SHA; this comment "
         "refreshes automatically.\n\n";
  if (!pass) {
    out += "### Missing or invalid answers\n\n";
    for (const GateCheck& c : r.checks) {
      if (c.pass) continue;
      out += "- FAIL — " + c.requirement + "\n";
      out += "  - " + c.text + "\n";
    }
    out += "\n";
  }
  out += "### Checks\n\n| Check | Result | What it found |\n|---|---|---|\n";
  for (const GateCheck& c : r.checks) {
    std::string text = c.text;
    size_t at = 0;
    while ((at = text.find('|', at)) != std::string::npos) text.replace(at, 1, "\\|"), at += 2;
    out += "| " + c.name + " | " + (c.pass ? "PASS" : "FAIL") + " | " + text + " |\n";
  }
  out += "\n";
  if (mode == GateMode::Shadow)
    out += "Shadow mode reports what would block but keeps the status successful. Set AITER_PR_SELF_REVIEW_MODE=enforce "
           "only after reviewing real false positives.\n";
  else
    out += "Enforce mode: the status fails until every answer above is complete for the current revision.\n";
  return out;
}

std::string render_self_review_json(const SelfReviewReport& r, GateMode mode) {
  nlohmann::ordered_json j;
  j["status"] = r.pass() ? "PASS" : "FAIL";
  j["mode"] = mode == GateMode::Enforce ? "enforce" : "shadow";
  j["head"] = r.head_sha;
  j["checks"] = nlohmann::ordered_json::array();
  for (const GateCheck& c : r.checks)
    j["checks"].push_back({{"name", c.name}, {"result", c.pass ? "PASS" : "FAIL"}, {"requirement", c.requirement}, {"text", c.text}});
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace rp::bots
