// invariant-reversal: the PR undoes a safety measure (zero-init, assert, .contiguous()) that an
// old comment documented as required, without citing what makes it safe now.
#include <re2/re2.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/pattern.h"
#include "core/strings.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "invariant-reversal",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "A zero-init, assert or .contiguous() that an old comment calls required is removed without citation.",
    .docs = R"(What it catches: a changed line that reverses a safety measure which the code's own
comment documents as required:
- zero-init removed: `torch.zeros`/`zeros_like`/`new_zeros` (also `torch::zeros`, `at::zeros`)
  replaced by `empty`, or a `.zero_()` / `.fill_(0)` / `memset` deleted, where the comment on the
  statement or the comment block directly above it (old side) talks about zeros/garbage/
  uninitialised memory AND says it is required ("must", "required", "needs", "read back as
  zero", "otherwise", "to avoid"...), or where the new comment contradicts it ("never read",
  "no zero-init is needed", "left uninitialised");
- an `assert` / `TORCH_CHECK` / `TORCH_INTERNAL_ASSERT` deleted under a comment that states a
  requirement ("must", "requires", "expects", "assumes", "invariant", or what the consumer does
  not support: "does not support", "cannot handle", "unsupported");
- a `.contiguous()` deleted where the comment says the consumer requires a contiguous layout
  (or that it does not support / cannot take a non-contiguous one).
The finding points at the head-side line that replaced the removed one (else the nearest head
line). Red, with a trigger built from the old comment. When the PR cites evidence (a URL, spec/
ISA/asm reference or `test_...` in the new comment, a PR description that names the buffer and
cites a spec or test, or a changed test file that mentions the buffer) it is a warn: the
reviewer checks the citation instead. It is also a warn when the PR edits, in another file, the
code the old comment names as the reason (`the kernel reuses qn_smem ...` and the kernel's
`qn_smem` lines change): the reason may be gone, which the reviewer confirms.
An assert is not reported when the same PR adds code that branches on the relation it required
(the assert compared one attribute of several tensors, `q_out.dtype == q_nope.dtype`, and an
added line outside a check compares that attribute of two of them, by name or as the kernel's
`*_ptr` argument: `Q_OUT_MATCHES = q_out_ptr.dtype.element_ty == q_nope_ptr.dtype.element_ty`):
the PR taught the code the case the assert ruled out.
Pull requests titled "Revert ..." are skipped: they reinstate code that was reviewed before.
Why it matters: the old comment records why the safety measure exists (the asm reader reads the
pad, the kernel accumulates with atomics, the kernel indexes with raw strides). Removing it with
a contradicting claim and no proof turns a documented invariant into silently wrong output:
`torch.empty` hands back whatever the caching allocator held last, so the failure is data- and
run-dependent and no test notices.
Does not fire on: zeros→empty with no invariant comment near it (a plain perf change), a zero-init
kept in another form (the same buffer zeroed by `.zero_()`/`.fill_(0)`/`zeros` on another added
line or right after the allocation), an assert moved (the same condition re-added in the file),
a `.contiguous()` moved or replaced by an `is_contiguous()` check on the same tensor, a buffer or
tensor that no longer exists in the file, an assert whose relation the same PR's added code now
branches on (see above), comment-only and docstring edits, test files.)"};

// --- what a removed line undoes ---

enum class Kind { ZeroAlloc, ZeroFill, Assert, Contiguous };

const RE2& zero_alloc_re() {
  static const RE2 re(R"(\b(?:new_)?zeros(?:_like)?\s*\()");
  return re;
}
const RE2& zero_fill_re() {
  static const RE2 re(R"(\.zero_\s*\(\s*\)|\.fill_\s*\(\s*0(?:\.0*)?\s*\)|[Mm]emset(?:Async|D32|D8)?\s*\()");
  return re;
}
bool zeroes(std::string_view code) {
  return RE2::PartialMatch(code, zero_alloc_re()) || RE2::PartialMatch(code, zero_fill_re());
}

// --- comment vocabulary ---

const Pattern says_zero{R"((?i)(\bzero|memset|uninitiali[sz]|garbage|\bnan\b|stale))"};
const Pattern says_required{
    R"((?i)(\bmust\b|\brequired?\b|\brequires\b|\bneeds?\b|\bneeded\b|\bnecessary\b|\botherwise\b|\bensures?\b|\bguarantee|\bexpects?\b|\bassumes?\b|\brel(?:y|ies) on\b|\binvariant\b|\bcritical\b|\bimportant\b|to avoid|to prevent|so that|read back as))"};
// Stronger wording for checks: "ensure X is imported" or "needed for logging" above an assert is
// a remark, "must"/"requires"/"expects" states a contract the check enforces, and so does the
// negated capability of the consumer ("the kernel does not support strided input", "cannot
// take", "unsupported"): it names the case the measure keeps away from it.
const Pattern states_contract{
    R"((?i)(\bmust\b|\brequired?\b|\brequires\b|\bexpects?\b|\bassumes?\b|\brel(?:y|ies) on\b|\binvariant\b|\bonly (?:supports?|valid|works)\b|\b(?:does|do|is|are|can)(?:\s+not|n't)\s+(?:support|handle|accept|work)|\bnot supported\b|\bunsupported\b|\bcannot (?:handle|take|accept|support|process)\b))"};

const Pattern says_contiguous{R"((?i)(contiguous|stride|layout|row-major|dense))"};
const Pattern denies_need{
    R"((?i)(not needed|no need|never read|unnecessary|not necessary|not required|isn't needed|is not needed|don't need|do not need|doesn't need|does not need|ignores? it|\bignored\b|uninitiali[sz]ed|not read|no zero-init|safe to skip|redundant))"};
const Pattern cites_evidence{
    R"((?i)(https?://|\bspec\b|specification|\bISA\b|\btest_\w+|op_tests/|tests/|\.s\b|\.asm\b))"};

std::string collapse(std::string_view s, size_t max_len = 160) { return shortened(collapse_spaces(s), max_len); }

std::vector<std::string> sentences(const std::string& comment) {
  std::vector<std::string> out;
  std::string cur;
  for (size_t i = 0; i < comment.size(); ++i) {
    char c = comment[i];
    bool end = c == ';' || ((c == '.' || c == '!') && (i + 1 == comment.size() || comment[i + 1] == ' '));
    if (!end) cur += c;
    if (end || i + 1 == comment.size()) {
      std::string t(trim(cur));
      if (!t.empty()) out.push_back(t);
      cur.clear();
    }
  }
  return out;
}

// The sentence of the old comment that carries the invariant, for quoting.
std::string invariant_sentence(const std::string& comment, bool zero) {
  std::vector<std::string> all = sentences(comment);
  for (const std::string& s : all)
    if ((!zero || says_zero(s)) && (zero ? says_required(s) : states_contract(s))) return s;
  for (const std::string& s : all)
    if (!zero || says_zero(s)) return s;
  return comment;
}

// The sentence of the new comment that denies the need.
std::string denial_sentence(const std::string& comment) {
  for (const std::string& s : sentences(comment))
    if (denies_need(s)) return s;
  return comment;
}

std::string strip_all_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\t') out += c;
  return out;
}

bool has_word(std::string_view text, std::string_view word) {
  if (word.empty()) return false;
  size_t pos = 0;
  auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  while ((pos = text.find(word, pos)) != std::string_view::npos) {
    bool left = pos == 0 || !is_ident(text[pos - 1]);
    size_t end = pos + word.size();
    bool right = end >= text.size() || !is_ident(text[end]);
    if (left && right) return true;
    pos = end;
  }
  return false;
}

std::string last_name(std::string_view expr) {
  std::string e(trim(expr));
  size_t bracket = e.find('[');
  if (bracket != std::string::npos) e.resize(bracket);
  size_t dot = e.rfind('.');
  size_t arrow = e.rfind("->");
  size_t cut = std::string::npos;
  if (dot != std::string::npos) cut = dot + 1;
  if (arrow != std::string::npos && (cut == std::string::npos || arrow + 2 > cut)) cut = arrow + 2;
  return cut == std::string::npos ? e : e.substr(cut);
}

// One side of a file, line by line: the whole text when known, else the lines the diff shows.
class SideLines {
 public:
  void load_text(const std::string& text) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t nl = text.find('\n', start);
      if (nl == std::string::npos) nl = text.size();
      full_.push_back(std::string_view(text).substr(start, nl - start));
      start = nl + 1;
    }
    whole_ = true;
  }
  void add(int n, std::string_view text) { sparse_[n] = text; }
  std::optional<std::string_view> at(int n) const {
    if (whole_) {
      if (n < 1 || n > static_cast<int>(full_.size())) return std::nullopt;
      return full_[n - 1];
    }
    auto it = sparse_.find(n);
    if (it == sparse_.end()) return std::nullopt;
    return it->second;
  }
  bool whole() const { return whole_; }

 private:
  bool whole_ = false;
  std::vector<std::string_view> full_;
  std::map<int, std::string_view> sparse_;
};

struct Reversal {
  Kind kind;
  const DiffLine* removed;
  std::string subject;        // buffer / tensor / condition the measure protected
  std::string old_comment;    // the documented invariant
  std::string new_comment;    // the head-side justification, when any
  int head_line = 0;
};

class InvariantReversal : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    // A revert reinstates code that was reviewed before; its invariants went with it.
    if (is_revert(ctx.pr.meta.title)) return;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || (f.status != FileStatus::Modified && f.status != FileStatus::Renamed)) continue;
      Language lang = language_of(f.new_path);
      if (lang == Language::None || is_test_path(f.new_path) || is_doc_path(f.new_path)) continue;
      check_file(ctx, f, lang == Language::Python, out);
    }
  }

 private:
  static inline const Pattern is_revert{R"((?i)^\s*(\[[^\]]*\]\s*)?revert\b)"};

  struct FileView {
    const FileChange* file;
    bool python;
    SideLines old_side, new_side;
    const lang::SyntaxTree* old_tree = nullptr;
    const std::string* new_text = nullptr;
    std::vector<std::string_view> added_code;  // every added line's code part
  };

  void check_file(const ReviewContext& ctx, const FileChange& f, bool python, std::vector<Finding>& out) const {
    FileView v;
    v.file = &f;
    v.python = python;
    if (const std::string* t = ctx.workspace.old_text(f.old_path)) v.old_side.load_text(*t);
    v.new_text = ctx.workspace.new_text(f.new_path);
    if (v.new_text) v.new_side.load_text(*v.new_text);
    v.old_tree = ctx.workspace.old_tree(f.old_path);
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind != DiffLine::Kind::Added) v.old_side.add(l.old_line, l.text);
        if (l.kind != DiffLine::Kind::Removed) v.new_side.add(l.new_line, l.text);
        if (l.kind == DiffLine::Kind::Added) v.added_code.push_back(code_part(l.text, python));
      }

    for (const ChangeBlock& b : change_blocks(f)) {
      std::set<std::pair<Kind, std::string>> reported;
      for (const DiffLine* r : b.removed) {
        std::optional<Reversal> rev = classify(v, b, *r);
        if (!rev || !reported.insert({rev->kind, rev->subject}).second) continue;
        if (rev->kind == Kind::Assert && pr_handles_the_case(ctx, rev->subject)) continue;
        report(ctx, v, *rev, out);
      }
    }
  }

  std::optional<Reversal> classify(const FileView& v, const ChangeBlock& b, const DiffLine& r) const {
    std::string_view code = code_part(r.text, v.python);
    if (trim(code).empty() || is_comment_only(r.text, v.python)) return std::nullopt;
    if (v.old_tree && v.old_tree->line_is_comment(r.old_line)) return std::nullopt;  // docstring text

    Reversal rev{Kind::ZeroAlloc, &r, "", "", "", 0};
    static const RE2 assert_py(R"(^\s*assert\b(.*)$)");
    static const RE2 assert_cpp(R"(\b(?:TORCH_CHECK|TORCH_INTERNAL_ASSERT|AT_ASSERT|AITER_CHECK|assert)\s*\((.*))");
    static const RE2 contiguous(R"(([A-Za-z_][\w\.]*(?:\[[^\]]*\])?)\.contiguous\s*\(\s*\))");
    std::string captured;
    if (RE2::PartialMatch(code, zero_alloc_re())) {
      if (!block_adds(b, R"(\b(?:new_)?empty(?:_like|_strided)?\s*\()", v.python) || block_zeroes(b, v.python))
        return std::nullopt;
      rev.kind = Kind::ZeroAlloc;
      rev.subject = assigned_name(v, r.old_line);
    } else if (RE2::PartialMatch(code, zero_fill_re())) {
      if (block_zeroes(b, v.python)) return std::nullopt;
      rev.kind = Kind::ZeroFill;
      rev.subject = fill_target(code);
    } else if ((v.python && RE2::FullMatch(code, assert_py, &captured)) ||
               (!v.python && RE2::PartialMatch(code, assert_cpp, &captured))) {
      rev.kind = Kind::Assert;
      rev.subject = std::string(trim(first_argument(captured)));
    } else if (RE2::PartialMatch(code, contiguous, &captured)) {
      rev.kind = Kind::Contiguous;
      rev.subject = captured;
    } else {
      return std::nullopt;
    }
    rev.head_line = replacement_line(b, rev, v.python);
    if (rev.subject.empty() || kept_elsewhere(v, rev) || !still_exists(v, rev)) return std::nullopt;

    rev.old_comment = old_comment_for(v, r.old_line);
    rev.new_comment = new_comment_for(v, b);
    if (rev.old_comment.empty() || !documents_invariant(rev)) return std::nullopt;
    return rev;
  }

  // The head line that took the removed code's place: the added `empty` allocation, else the
  // added code line that names the same buffer/tensor, else the added code line at the same
  // position in the run, else the nearest head line.
  static int replacement_line(const ChangeBlock& b, const Reversal& rev, bool python) {
    static const RE2 empty_alloc(R"(\b(?:new_)?empty(?:_like|_strided)?\s*\()");
    std::vector<const DiffLine*> removed_code, added_code;
    for (const DiffLine* r : b.removed)
      if (!is_comment_only(r->text, python) && !trim(r->text).empty()) removed_code.push_back(r);
    for (const DiffLine* a : b.added)
      if (!is_comment_only(a->text, python) && !trim(a->text).empty()) added_code.push_back(a);
    if (added_code.empty()) return b.head_line;
    std::string name = rev.kind == Kind::Assert ? first_identifier(rev.subject) : last_name(rev.subject);
    for (const DiffLine* a : added_code) {
      std::string_view c = code_part(a->text, python);
      bool allocates = RE2::PartialMatch(c, empty_alloc);
      if (has_word(c, name) && (rev.kind != Kind::ZeroAlloc || allocates)) return a->new_line;
    }
    if (rev.kind == Kind::ZeroAlloc)
      for (const DiffLine* a : added_code)
        if (RE2::PartialMatch(code_part(a->text, python), empty_alloc)) return a->new_line;
    for (size_t i = 0; i < removed_code.size() && i < added_code.size(); ++i)
      if (removed_code[i] == rev.removed) return added_code[i]->new_line;
    return added_code.front()->new_line;
  }

  static bool documents_invariant(const Reversal& rev) {
    const std::string& c = rev.old_comment;
    switch (rev.kind) {
      case Kind::ZeroAlloc:
      case Kind::ZeroFill:
        return says_zero(c) && (says_required(c) || denies_need(rev.new_comment));
      case Kind::Assert:
        return states_contract(c);
      case Kind::Contiguous:
        return says_contiguous(c) && (states_contract(c) || denies_need(rev.new_comment));
    }
    return false;
  }

  static bool block_adds(const ChangeBlock& b, const char* pattern, bool python) {
    RE2 re(pattern);
    for (const DiffLine* a : b.added)
      if (RE2::PartialMatch(code_part(a->text, python), re)) return true;
    return false;
  }
  static bool block_zeroes(const ChangeBlock& b, bool python) {
    for (const DiffLine* a : b.added)
      if (zeroes(code_part(a->text, python))) return true;
    return false;
  }

  // `buf` in `buf = torch.zeros(` (looking up the statement when the call is on a later line).
  static std::string assigned_name(const FileView& v, int old_line) {
    static const RE2 assign(R"(^\s*(?:auto\s+|const\s+|torch::Tensor\s+|at::Tensor\s+)?([A-Za-z_][\w\.]*)\s*(?::[^=]*)?=[^=])");
    for (int n = old_line; n >= 1 && n > old_line - 6; --n) {
      std::optional<std::string_view> t = v.old_side.at(n);
      if (!t) break;
      std::string name;
      if (RE2::PartialMatch(std::string(code_part(*t, v.python)), assign, &name)) return name;
      if (n < old_line && !continues(*t, v.python)) break;
    }
    return "";
  }

  // Whether a line leaves its statement open (the next line continues it).
  static bool continues(std::string_view line, bool python) {
    std::string_view c = trim(code_part(line, python));
    if (c.empty()) return false;
    char last = c.back();
    return last == '(' || last == '[' || last == ',' || last == '=' || last == '\\' || last == '{';
  }

  static std::string fill_target(std::string_view code) {
    static const RE2 method(R"(([A-Za-z_][\w\.]*(?:\[[^\]]*\])?)\s*\.(?:zero_|fill_)\s*\()");
    static const RE2 memset(R"([Mm]emset\w*\s*\(\s*&?\s*([A-Za-z_][\w\.\->]*))");
    std::string name;
    if (RE2::PartialMatch(code, method, &name) || RE2::PartialMatch(code, memset, &name)) return name;
    return "";
  }

  static std::string first_argument(std::string_view args) {
    int depth = 0;
    for (size_t i = 0; i < args.size(); ++i) {
      char c = args[i];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) return std::string(args.substr(0, i));
        --depth;
      }
      if (c == ',' && depth == 0) return std::string(args.substr(0, i));
    }
    return std::string(args);
  }

  // The measure survives in another form: re-added elsewhere in the file, or (for zero-init)
  // the buffer is zeroed right after its new allocation.
  static bool kept_elsewhere(const FileView& v, const Reversal& rev) {
    std::string name = last_name(rev.subject);
    switch (rev.kind) {
      case Kind::ZeroAlloc:
      case Kind::ZeroFill: {
        for (std::string_view a : v.added_code)
          if (zeroes(a) && has_word(a, name)) return true;
        // An unchanged zeroing of the same buffer shortly after the replacement line.
        for (int n = rev.head_line; n < rev.head_line + 40; ++n) {
          std::optional<std::string_view> t = v.new_side.at(n);
          if (!t) continue;
          std::string_view c = code_part(*t, v.python);
          if (RE2::PartialMatch(c, zero_fill_re()) && has_word(c, name)) return true;
        }
        return false;
      }
      case Kind::Assert: {
        // Moved verbatim, or rewritten as another check on the same operand
        // (TORCH_CHECK(x.scalar_type() == at::kFloat) -> AITER_CHECK(x.dtype() == ...)).
        static const RE2 check(R"((^\s*assert\b|\b[A-Z][A-Z0-9_]*(?:CHECK|ASSERT)\w*\s*\(|\bassert\s*\())");
        std::string cond = strip_all_spaces(rev.subject);
        std::string operand = first_identifier(rev.subject);
        for (std::string_view a : v.added_code) {
          if (strip_all_spaces(a).find(cond) != std::string::npos) return true;
          if (RE2::PartialMatch(a, check) && has_word(a, operand)) return true;
        }
        return false;
      }
      case Kind::Contiguous: {
        for (std::string_view a : v.added_code)
          if (a.find("contiguous") != std::string_view::npos && has_word(a, name)) return true;
        return false;
      }
    }
    return false;
  }

  // A buffer that no longer exists in the file was removed with its code, not reversed.
  static bool still_exists(const FileView& v, const Reversal& rev) {
    std::string name = rev.kind == Kind::Assert ? first_identifier(rev.subject) : last_name(rev.subject);
    if (name.empty()) return false;
    if (v.new_text) return has_word(*v.new_text, name);
    for (std::string_view a : v.added_code)
      if (has_word(a, name)) return true;
    return false;
  }

  static std::string first_identifier(std::string_view expr) {
    static const RE2 ident(R"(([A-Za-z_]\w*))");
    static const std::set<std::string> skip = {"not", "and", "or", "is", "in", "None", "True", "False",
                                               "isinstance", "len", "all", "any", "self", "int", "str",
                                               "getattr", "hasattr", "std", "static_cast"};
    re2::StringPiece in(expr.data(), expr.size());
    std::string id;
    while (RE2::FindAndConsume(&in, ident, &id))
      if (!skip.count(id)) return id;
    return "";
  }

  // The comment that documents the removed line (old side): on the statement's own lines and
  // the comment block directly above the statement.
  static std::string old_comment_for(const FileView& v, int old_line) {
    int start = old_line;
    if (v.old_tree) {
      lang::Node stmt = v.old_tree->statement_at(old_line);
      if (stmt && stmt.start_line() <= old_line && old_line - stmt.start_line() <= 12) start = stmt.start_line();
    } else {
      for (int k = 0; k < 6; ++k) {
        std::optional<std::string_view> prev = v.old_side.at(start - 1);
        if (!prev || !continues(*prev, v.python)) break;
        --start;
      }
    }
    std::vector<std::string_view> parts;
    for (int n = start - 1, taken = 0; n >= 1 && taken < 8; --n, ++taken) {
      std::optional<std::string_view> t = v.old_side.at(n);
      if (!t || !is_comment_only(*t, v.python)) break;
      parts.insert(parts.begin(), comment_part(*t, v.python));
    }
    for (int n = start; n <= old_line; ++n) {
      std::optional<std::string_view> t = v.old_side.at(n);
      if (!t) continue;
      std::string_view c = comment_part(*t, v.python);
      if (!c.empty()) parts.push_back(c);
    }
    std::string joined;
    for (std::string_view p : parts) {
      std::string_view s = p;
      while (!s.empty() && (s.front() == '*' || s.front() == '/')) s.remove_prefix(1);
      while (!s.empty() && (s.back() == '/' || s.back() == '*')) s.remove_suffix(1);
      if (!joined.empty()) joined += ' ';
      joined += std::string(trim(s));
    }
    return collapse(joined, 400);
  }

  // The head-side words around the replacement: comments on added lines of the run and the
  // comment block directly above its head line.
  static std::string new_comment_for(const FileView& v, const ChangeBlock& b) {
    std::string joined;
    auto add = [&](std::string_view c) {
      if (c.empty()) return;
      if (!joined.empty()) joined += ' ';
      joined += std::string(c);
    };
    for (const DiffLine* a : b.added) add(comment_part(a->text, v.python));
    if (b.added.empty() || is_comment_only(b.added.front()->text, v.python)) {
      for (int n = b.head_line - 1, taken = 0; n >= 1 && taken < 8; --n, ++taken) {
        std::optional<std::string_view> t = v.new_side.at(n);
        if (!t || !is_comment_only(*t, v.python)) break;
        add(comment_part(*t, v.python));
      }
    }
    return collapse(joined, 400);
  }

  // A pure deletion points at the next context line; step off blank lines onto code.
  static int nearest_code_line(const FileView& v, int line) {
    if (line <= 0) return 0;
    for (int d = 0; d <= 3; ++d)
      for (int n : {line + d, line - d}) {
        std::optional<std::string_view> t = v.new_side.at(n);
        if (n >= 1 && t && !trim(*t).empty()) return n;
      }
    return line;
  }

  // The old comment names the code its reason lives in (`qn_smem`, `_emit_block_loop`); when the
  // PR also edits that code in another file, the reason may be gone: that is for the reviewer to
  // confirm, not a proven reversal. Returns the file, or "".
  static std::string reason_changed_elsewhere(const ReviewContext& ctx, const FileView& v, const Reversal& rev) {
    static const RE2 token(R"(([A-Za-z_][A-Za-z0-9]*_[A-Za-z0-9_]+))");
    std::set<std::string> names;
    re2::StringPiece in(rev.old_comment);
    std::string t;
    std::string subject = last_name(rev.subject);
    while (RE2::FindAndConsume(&in, token, &t))
      if (t.size() >= 4 && t != subject) names.insert(t);
    if (names.empty()) return "";
    for (const FileChange& other : ctx.pr.changes.files) {
      if (&other == v.file || other.binary) continue;
      for (const Hunk& h : other.hunks)
        for (const DiffLine& l : h.lines) {
          if (l.kind == DiffLine::Kind::Context) continue;
          for (const std::string& n : names)
            if (has_word(l.text, n)) return other.path();
        }
    }
    return "";
  }

  // Whether the PR's added code (any file, outside asserts and checks) branches on the relation
  // the removed assert required: the assert compares one attribute of several tensors
  // (`q_out.dtype == q_nope.dtype`) and an added line compares the same attribute of two of
  // them, by name or as the kernel's pointer argument (`q_out_ptr.dtype.element_ty ==
  // q_nope_ptr.dtype.element_ty` feeding a constexpr flag). The PR taught the code the case
  // the assert ruled out; the check is gone because the requirement is.
  static bool pr_handles_the_case(const ReviewContext& ctx, const std::string& subject) {
    static const RE2 member(R"(\b([A-Za-z_]\w*)\.([A-Za-z_]\w*))");
    std::map<std::string, std::set<std::string>> by_attr;  // attr -> names compared on it
    re2::StringPiece in(subject);
    std::string name, attr;
    while (RE2::FindAndConsume(&in, member, &name, &attr)) by_attr[attr].insert(name);
    if (subject.find("==") == std::string::npos && subject.find("!=") == std::string::npos) return false;
    static const RE2 check(R"(\b(?:assert|TORCH_CHECK|TORCH_INTERNAL_ASSERT|AT_ASSERT|AITER_CHECK)\b)");
    for (const auto& [a, names] : by_attr) {
      if (names.size() < 2) continue;
      std::vector<std::unique_ptr<RE2>> res;
      for (const std::string& n : names)
        res.push_back(std::make_unique<RE2>("\\b" + RE2::QuoteMeta(n) + "(?:_ptr)?\\." + RE2::QuoteMeta(a) + "\\b"));
      for (const FileChange& f : ctx.pr.changes.files) {
        if (f.binary || is_test_path(f.path())) continue;
        bool python = is_python(f.path());
        for (const Hunk& h : f.hunks)
          for (const DiffLine& l : h.lines) {
            if (l.kind != DiffLine::Kind::Added) continue;
            std::string_view code = code_part(l.text, python);
            if (code.find("==") == std::string_view::npos && code.find("!=") == std::string_view::npos) continue;
            if (RE2::PartialMatch(code, check)) continue;
            int hits = 0;
            for (const auto& re : res) hits += RE2::PartialMatch(code, *re) ? 1 : 0;
            if (hits >= 2) return true;
          }
      }
    }
    return false;
  }

  static bool pr_cites(const ReviewContext& ctx, const Reversal& rev) {
    if (cites_evidence(rev.new_comment)) return true;
    std::string name = rev.kind == Kind::Assert ? first_identifier(rev.subject) : last_name(rev.subject);
    if (name.size() < 4) return false;
    // The citation must be about this buffer: in the same paragraph as its name (a link in
    // an unrelated footer, such as a tool attribution, proves nothing).
    std::string_view body = ctx.pr.meta.body;
    while (!body.empty()) {
      size_t end = body.find("\n\n");
      std::string_view para = body.substr(0, end);
      if (has_word(para, name) && cites_evidence(para)) return true;
      if (end == std::string_view::npos) break;
      body.remove_prefix(end + 2);
    }
    for (const FileChange& t : ctx.pr.changes.files) {
      if (!is_test_path(t.path())) continue;
      for (const Hunk& h : t.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind == DiffLine::Kind::Added && has_word(l.text, name)) return true;
    }
    return false;
  }

  void report(const ReviewContext& ctx, const FileView& v, const Reversal& rev, std::vector<Finding>& out) const {
    const std::string& path = v.file->new_path;
    bool zero = rev.kind == Kind::ZeroAlloc || rev.kind == Kind::ZeroFill;
    std::string quote = collapse(invariant_sentence(rev.old_comment, zero), 160);
    bool contradicted = !rev.new_comment.empty() && denies_need(rev.new_comment);
    std::string documented = says_required(rev.old_comment) ? " although the old comment documents it as required: \""
                                                            : " although the old comment documents it: \"";
    std::string name = "`" + rev.subject + "`";
    bool cited = pr_cites(ctx, rev);
    std::string reason_file = cited ? "" : reason_changed_elsewhere(ctx, v, rev);
    int line = nearest_code_line(v, rev.head_line);
    Finding x = finding();
    x.location = Location{path, line};
    switch (rev.kind) {
      case Kind::ZeroAlloc:
      case Kind::ZeroFill:
        x.problem = (rev.kind == Kind::ZeroAlloc ? "Zero-initialised allocation of " + name + " is replaced by `empty`"
                                                 : "Zeroing of " + name + " is removed") +
                    documented + quote + "\"";
        x.impact = "Uninitialised memory holds whatever the caching allocator last put there; if any reader still "
                   "relies on the documented invariant it consumes stale bytes: no error, output wrong in a "
                   "data- and run-dependent way that tests rarely catch";
        x.trigger = "the consumer still reads what the old comment protects (\"" + quote + "\"), " + name +
                    " reaches it holding leftover bytes from a previously freed block instead of zeros, and every "
                    "value derived from them is garbage";
        break;
      case Kind::Assert:
        x.problem = "Check `" + collapse(rev.subject, 100) + "` is deleted although the old comment states the "
                    "requirement: \"" + quote + "\"";
        x.impact = "Inputs that violate the documented requirement now reach the code behind it instead of failing "
                   "loudly: out-of-bounds access or silently wrong results";
        x.trigger = "a caller passes an input for which `" + collapse(rev.subject, 100) +
                    "` is false (the case the old comment \"" + quote + "\" rules out), it is no longer rejected";
        break;
      case Kind::Contiguous:
        x.problem = "`.contiguous()` on " + name + " is removed although the old comment says the consumer needs "
                    "it: \"" + quote + "\"";
        x.impact = "A kernel that indexes with raw pointer arithmetic reads a strided view as if it were dense: "
                   "wrong values, no error";
        x.trigger = name + " arrives as a non-contiguous view (a transpose, or a slice along a "
                    "non-leading dim), the consumer the old comment describes reads it with the wrong strides";
        break;
    }
    if (contradicted)
      x.problem += "; the new comment claims the opposite: \"" + collapse(denial_sentence(rev.new_comment), 160) + "\"";
    if (!reason_file.empty()) {
      x.severity = Severity::Warn;
      x.trigger.clear();
      x.related.push_back(Location{reason_file, 0});
      x.action = "Reviewer should ask the author to confirm that the change to " + reason_file +
                 " removes the reason the old comment gives, and to say so in a comment where " + name + " was";
    } else if (cited) {
      x.severity = Severity::Warn;
      x.trigger.clear();
      x.action = "Reviewer should ask the author to show that the cited evidence (spec, asm source, or test) proves "
                 "the old invariant no longer holds for " + name + ", and to update the old comment";
    } else {
      x.action = rev.kind == Kind::Assert
                     ? "Author must cite the spec, asm source or test showing that inputs where " + name +
                           " is false are now handled (and update the comment), or restore the check"
                     : "Author must cite the spec, asm source or test that proves the old invariant no longer holds "
                       "for " + name + " (and fix the comment), or restore the original safety measure";
    }
    x.evidence.push_back(evidence(path, rev.removed->old_line, "(removed) " + rev.removed->text));
    if (std::optional<std::string_view> head = v.new_side.at(line); head && !trim(*head).empty())
      x.evidence.push_back(evidence(path, line, *head));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(InvariantReversal);

}  // namespace
}  // namespace rp
