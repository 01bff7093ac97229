// claim-without-code: the description says the PR adds a knob the code never mentions, or a
// docstring/comment the PR adds asserts an invariant its function never enforces.
#include <algorithm>
#include <functional>
#include <optional>
#include <queue>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <re2/re2.h>

#include "analysis/facts.h"
#include "analysis/perf_facts.h"
#include "analysis/source_facts.h"
#include "core/budget.h"
#include "core/paths.h"
#include "index/knowledge.h"
#include "rules/rule_base.h"
#include "text/description.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "claim-without-code",
    .category = Category::AiDiagnostic,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "The description says the PR adds an env var that no line of the diff mentions, or an added "
               "docstring/comment asserts an invariant (contiguous, multiple of N, raises X, falls back to Y, "
               "thread-safe, zero-initialised) that its function does not enforce.",
    .docs = R"doc(What it catches: an environment variable with the profile's prefix (AITER_, ATOM_) that
the description presents as part of this change ("made configurable via AITER_X", "adds
ATOM_Y", "new flag AITER_Z", "controlled by ...") while no line of the diff (added, removed or
context) mentions it, and, when the head tree is available, no Python file of the head tree
does either. When the diff does use a variable with the same words in another order, the
finding names it. This part needs the PR description and is skipped without it.
Also, in shipped Python (not tests), a docstring the PR adds or changes whose contract the
function body (and the same-file functions it calls) visibly does not enforce: "x must be
contiguous" / "is made contiguous" with no `contiguous` call or stride check; "must be a multiple
of 16" / "must be divisible by 16" with neither `% 16` nor the number in the body (a test `% NAME` by a
named constant, such as an imported `GROUP_SIZE`, counts as the check); a "Raises:"
section naming ValueError with no `raise ValueError` in the body or a same-file function it
calls; "falls back to `name`" (backticked) with `name` absent from the code of the whole file;
"returns a zero-initialised ..." with no zeros/zero_/fill_/memset; "thread-safe" while the body
writes `self.` attributes or subscripts with no lock in sight.
Why it matters: the description is what reviewers and users read. A knob that is described
but does not exist (a renamed variable, a plan that never landed, a generated description)
sends operators to set a variable nothing reads, and hides what the code actually does
(checklist Step 6, claim versus code).
Does not fire on: comments (on ATOM history every in-body comment that matched explained a
mechanism elsewhere: "iterating it directly raises TypeError", "aiter falls back to all_reduce");
prose statements of fact ("the alignment is always a multiple of 4", "staging buffers are
zero-initialised", "raises IndexError once the array is short"), which describe reasoning, not a
contract; negated claims ("need not be contiguous", "not thread-safe"); preconditions the caller
must meet that code cannot cheaply check ("out must be zero-initialised": the kernel accumulates
into it); fallbacks not written as backticked code ("falls back to the default path"); stub
bodies (only pass, `...`, raise NotImplementedError: the implementations enforce it);
functions that call a check/validate/verify/ensure/assert helper when the claim is a raise;
a contract that a C/C++ function the body calls by name checks (the entry point of a compiled
op: aiter's `AITER_CHECK(bytes % 16 == 0, ...)` beside the kernel launch);
docstrings the PR did not touch; variables named in code blocks (commands that set existing variables);
mentions without an introducing word ("set AITER_LOG_LEVEL=1 to see the logs"); variables the
diff or the head tree mentions; PRs without a diff.)doc"};

std::string token_key(const std::string& name) {
  std::vector<std::string> parts;
  std::size_t pos = 0;
  while (pos <= name.size()) {
    std::size_t u = name.find('_', pos);
    parts.push_back(name.substr(pos, u == std::string::npos ? std::string::npos : u - pos));
    if (u == std::string::npos) break;
    pos = u + 1;
  }
  std::sort(parts.begin(), parts.end());
  std::string key;
  for (const auto& p : parts) key += p + "_";
  return key;
}


// --- docstring and comment claims ----------------------------------------------------------

// One invariant a docstring or comment asserts, and what the body lacks.
struct Claim {
  std::string quote;    // the claim as written
  std::string missing;  // what the function body does not contain
  std::size_t offset = 0;  // where the claim starts in the text
};

// The body of a function as code: docstring and comment text removed.
std::string body_code(const lang::SyntaxTree& tree, const lang::Function& fn, lang::Node docstring) {
  std::string code;
  for (int l = fn.body.start_line(); l <= fn.end_line; ++l) {
    if (docstring && docstring.contains_line(l)) continue;
    code += std::string(code_part(tree.line_text(l), true));
    code += '\n';
  }
  return code;
}

// Whether the body does nothing (pass, `...`, raise NotImplementedError) besides a docstring.
bool stub_body(const lang::Function& fn, lang::Node docstring) {
  for (lang::Node st : fn.body.named_children()) {
    if (is(st, NodeKind::Comment) || (docstring && st.contains_line(docstring.start_line()))) continue;
    std::string_view t = trim(st.text());
    if (is(st, NodeKind::Pass) || t == "..." || t.find("NotImplementedError") != std::string_view::npos) continue;
    return false;
  }
  return true;
}

bool negated_before(std::string_view text, std::size_t pos) {
  std::size_t from = pos > 24 ? pos - 24 : 0;
  static const RE2 neg(R"re((?i)\b(?:not|never|no longer|need\s+not|needn't|doesn't|don't|isn't|aren't)\b[^.;]*$)re");
  std::string_view before = text.substr(from, pos - from);
  return RE2::PartialMatch(re2::StringPiece(before.data(), before.size()), neg);
}

bool contains_word(const std::string& code, const std::string& word) {
  return RE2::PartialMatch(code, RE2("\\b" + RE2::QuoteMeta(word) + "\\b"));
}

// The invariants `text` asserts that `code` (a function body and the same-file functions it
// calls) visibly does not enforce; a fallback is looked for in `file_code` (the whole file: a
// comment may describe a sibling function). `raised_by_callee` says whether a same-file
// function the body calls raises the named exception.
std::vector<Claim> unenforced_claims(std::string_view text, const std::string& code,
                                     const std::function<const std::string&()>& file_code,
                                     const std::function<bool(const std::string&)>& raised_by_callee) {
  std::vector<Claim> out;
  re2::StringPiece in(text.data(), text.size());
  auto at = [&](const re2::StringPiece& m) { return static_cast<std::size_t>(m.data() - text.data()); };
  auto quote = [&](const re2::StringPiece& m) { return collapse_whitespace(std::string_view(m.data(), m.size())); };

  static const RE2 contiguous(
      R"re((?i)(\b(?:must|should|has\s+to|needs?\s+to|is\s+required\s+to|are\s+required\s+to)\s+be\s+(?:\w+\s+)?contiguous|requires?\s+(?:a\s+)?contiguous|(?:is|are)\s+made\s+contiguous|ensures?\s+\w+\s+(?:is|are)\s+contiguous))re");
  re2::StringPiece m;
  if (RE2::PartialMatch(in, contiguous, &m) && !negated_before(text, at(m)) &&
      code.find("contiguous") == std::string::npos && code.find("stride") == std::string::npos)
    out.push_back({quote(m), "no `.contiguous()` call or contiguity/stride check", at(m)});

  static const RE2 multiple(
      R"re((?i)(\b(?:must|should|has\s+to|needs?\s+to)\s+be\s+(?:an?\s+)?(?:multiples?\s+of|divisible\s+by)\s+(\d+)))re");
  std::string n;
  // A divisibility test by a named constant (`cols % _GROUP_SIZE != 0`, the constant often
  // imported from the module that defines the format) checks the multiple under its name.
  static const RE2 named_divisor(R"(%\s*_?[A-Z][A-Z0-9_]*\b)");
  if (RE2::PartialMatch(in, multiple, &m, &n) && !negated_before(text, at(m)) && !contains_word(code, n) &&
      !RE2::PartialMatch(code, named_divisor))
    out.push_back({quote(m), fmt::format("no `% {}` check and no mention of {}", n, n), at(m)});

  static const RE2 raises(R"re((?m)(^\s*Raises:\s*\n\s*`?)([A-Z]\w*(?:Error|Exception))`?)re");
  re2::StringPiece type_at;
  std::string type;
  if (RE2::PartialMatch(in, raises, &m, &type_at) && !negated_before(text, at(m)) &&
      !(type = std::string(type_at.data(), type_at.size())).empty() &&
      !RE2::PartialMatch(code, RE2("\\braise\\s+" + RE2::QuoteMeta(type) + "\\b")) &&
      !RE2::PartialMatch(code, R"re((?i)\b\w*(?:check|valid|verify|ensure|assert)\w*\s*\()re") &&
      !raised_by_callee(type))
    out.push_back({"raises " + type, fmt::format("no `raise {}` in the function or a same-file function it calls", type), at(type_at)});

  static const RE2 fallback(R"re((?i)(\bfall(?:s|ing)?[\s-]*back\s+(?:to|on)\s+`([A-Za-z_][\w.]*(?:\(\))?)`))re");
  std::string target;
  if (RE2::PartialMatch(in, fallback, &m, &target) && !negated_before(text, at(m))) {
    bool code_like = target.find_first_of("_.(") != std::string::npos;
    std::string last = target.substr(target.rfind('.') == std::string::npos ? 0 : target.rfind('.') + 1);
    if (!last.empty() && last.back() == ')') last = last.substr(0, last.size() - 2);
    if (code_like && !last.empty() && !contains_word(file_code(), last))
      out.push_back({quote(m), fmt::format("no call of `{}`, which the file never names", last), at(m)});
  }

  static const RE2 zeroed(
      R"re((?i)(\breturns?\s+(?:an?\s+)?(?:new\s+)?zero[- ]?(?:initiali[sz]ed|filled)))re");
  if (RE2::PartialMatch(in, zeroed, &m) && !negated_before(text, at(m)) &&
      !RE2::PartialMatch(code, R"re(zeros|zero_\(|fill_\(\s*0|memset|new_zeros)re"))
    out.push_back({quote(m), "no zeros/zero_/fill_(0)/memset", at(m)});

  static const RE2 thread_safe(R"re((?i)(thread[- ]safe))re");
  if (RE2::PartialMatch(in, thread_safe, &m) && !negated_before(text, at(m)) &&
      RE2::PartialMatch(code, R"re(\bself\.\w+\s*(?:\[[^\]]*\])?\s*[-+*/]?=[^=]|^\s*global\s)re") &&
      !RE2::PartialMatch(code, R"re((?i)lock|mutex|semaphore)re"))
    out.push_back({quote(m), "it writes shared state (`self.` attributes) with no lock", at(m)});
  return out;
}

// The same-file functions a body may call, found by name in one pass over the body's words
// instead of a word search of the body per function of the file (quadratic in a generated
// file of thousands of functions). A name "occurs" as contains_word() would find it: a maximal
// run of ASCII word characters; a name with other characters is searched for as before.
class SameFileFunctions {
 public:
  SameFileFunctions(const lang::SyntaxTree& tree, const std::vector<lang::Function>& fns) : tree_(tree), fns_(fns) {
    for (std::size_t i = 0; i < fns.size(); ++i) {
      if (ascii_word(fns[i].name)) by_name_[fns[i].name].push_back(i);
      else odd_.push_back(i);
    }
  }

  // `code` with the bodies of the functions it names appended, each once, in file order; a
  // function is named when `code` mentions it, counting the bodies appended before it (as a
  // scan over the file's functions that appends to `code` as it goes). `self` is left out.
  std::string with_callees(std::string code, const lang::Function& self) const {
    std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> next;
    std::unordered_set<std::size_t> queued;
    auto enqueue_words = [&](std::string_view text, std::size_t after) {
      for_each_word(text, [&](std::string_view w) {
        auto it = by_name_.find(w);
        if (it == by_name_.end()) return;
        for (std::size_t i : it->second)
          if (i >= after && queued.insert(i).second) next.push(i);
      });
    };
    enqueue_words(code, 0);
    std::size_t odd = 0;
    for (;;) {
      std::size_t i = next.empty() ? fns_.size() : next.top();
      bool take_odd = odd < odd_.size() && odd_[odd] < i;
      if (take_odd) i = odd_[odd++];
      else if (next.empty()) break;
      else next.pop();
      const lang::Function& g = fns_[i];
      if (!g.body || g.node == self.node) continue;
      if (take_odd && !contains_word(code, g.name)) continue;
      std::string more = body_code(tree_, g, lang::docstring(g.body));
      code += more;
      enqueue_words(more, i + 1);
    }
    return code;
  }

  // Whether a same-file function named in `code` raises `type`.
  bool callee_raises(const std::string& code, const std::string& type) const {
    const RE2 raise("\\braise\\s+" + RE2::QuoteMeta(type) + "\\b");
    auto raises = [&](const lang::Function& fn) {
      std::string_view t = fn.node.text();
      return RE2::PartialMatch(re2::StringPiece(t.data(), t.size()), raise);
    };
    bool found = false;
    std::unordered_set<std::size_t> tried;
    for_each_word(code, [&](std::string_view w) {
      if (found) return;
      if (auto it = by_name_.find(w); it != by_name_.end())
        for (std::size_t i : it->second) found = found || (tried.insert(i).second && raises(fns_[i]));
    });
    for (std::size_t i : odd_) found = found || (contains_word(code, fns_[i].name) && raises(fns_[i]));
    return found;
  }

 private:
  // RE2's \b: ASCII word characters only.
  static bool word_char(char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  }
  static bool ascii_word(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), word_char); }
  template <class F>
  static void for_each_word(std::string_view text, F&& f) {
    std::size_t i = 0;
    while (i < text.size()) {
      if (!word_char(text[i])) { ++i; continue; }
      std::size_t b = i;
      while (i < text.size() && word_char(text[i])) ++i;
      f(text.substr(b, i - b));
    }
  }
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  const lang::SyntaxTree& tree_;
  const std::vector<lang::Function>& fns_;
  std::unordered_map<std::string, std::vector<std::size_t>, Hash, std::equal_to<>> by_name_;
  std::vector<std::size_t> odd_;  // names contains_word() must search for
};

class ClaimWithoutCode : public FileRuleWithInfo<kInfo> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const override {
    for (const ChangedSource& cs : changed_sources(one_file(file), ctx.workspace, is_python)) {
      budget::begin_file(cs.file->path());
      docstring_claims(ctx, *cs.file, *cs.tree, cs.added, out);
      if (budget::exhausted()) return;
    }
  }
  void totals(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    budget::begin_file("");
    if (ctx.pr.meta.has_description) description_claims(ctx, out);
  }

 private:
  // Docstrings on added lines whose invariant the body does not enforce. Comments are not read:
  // on real history they explain mechanisms elsewhere ("an unpatched aiter raises TypeError"),
  // not contracts of the function they sit in.
  void docstring_claims(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& tree,
                        const std::set<int>& added,
                        std::vector<Finding>& out) const {
    // The whole file as code, for a fallback's target: built on the first claim that needs it.
    std::optional<std::string> file_code;
    auto whole_file = [&]() -> const std::string& {
      if (!file_code) {
        file_code.emplace();
        for (int l = 1; l <= tree.line_count(); ++l)
          if (!tree.line_is_comment(l)) *file_code += std::string(code_part(tree.line_text(l), true)) + "\n";
      }
      return *file_code;
    };
    const std::vector<lang::Function> fns = tree.functions();
    SameFileFunctions same_file(tree, fns);
    for (const lang::Function& fn : fns) {
      if (budget::exhausted()) return;
      if (!fn.body) continue;
      lang::Node doc = lang::docstring(fn.body);
      // Only a docstring the PR adds or changes is read.
      if (!doc || !touches_added(added, doc.start_line(), doc.end_line())) continue;
      if (stub_body(fn, doc)) continue;
      std::string code = same_file.with_callees(body_code(tree, fn, doc), fn);
      auto raised = [&](const std::string& type) { return same_file.callee_raises(code, type); };
      const int line = doc.start_line();
      const std::string text(doc.text());
      std::vector<Claim> claims = unenforced_claims(text, code, whole_file, raised);
      // A wrapper of a compiled op passes the contract on to the op's C/C++ entry point, which
      // is where aiter checks it (`AITER_CHECK(bytes % 16 == 0, ...)`): read that too.
      if (!claims.empty())
        if (std::string native = native_callees(ctx, code); !native.empty())
          claims = unenforced_claims(text, code + "\n" + native, whole_file, raised);
      for (const Claim& claim : claims) {
          int at = line + static_cast<int>(std::count(text.begin(), text.begin() + claim.offset, '\n'));
          Finding x = finding();
          x.location = Location{f.new_path, at};
          x.problem = fmt::format("`{}` says \"{}\", but the function has {}", fn.qualified, claim.quote, claim.missing);
          x.impact = "Callers and reviewers trust the stated invariant; the code does not hold it, so a violating input "
                     "takes the path silently";
          x.action = "Author must enforce the stated invariant in the code (check, raise or convert), or correct the "
                     "docstring";
          x.evidence.push_back(evidence(f.new_path, at, tree.line_text(at)));
          out.push_back(std::move(x));
        }
    }
  }

  // The text of the C/C++ functions of the repository that `code` calls by name: the entry
  // points of the compiled ops a Python wrapper launches. At most a few files are read.
  static std::string native_callees(const ReviewContext& ctx, const std::string& code) {
    if (!ctx.repo) return "";
    const index::RepoIndex& idx = ctx.repo->index();
    constexpr int kMaxFiles = 4;
    static const RE2 call(R"((\w+)\s*\()");
    std::string out;
    std::set<std::string> seen;
    int files = 0;
    re2::StringPiece in(code);
    std::string name;
    while (RE2::FindAndConsume(&in, call, &name)) {
      if (!seen.insert(name).second) continue;
      for (const auto& [path, fi] : idx.files_naming(index::RepoIndex::Role::CFunction, name)) {
        if (++files > kMaxFiles) return out;
        const lang::SyntaxTree* t = ctx.workspace.new_tree(path);
        if (!t) continue;
        for (const lang::Function& fn : t->functions())
          if (fn.name == name) out += std::string(fn.node.text()) + "\n";
      }
    }
    return out;
  }

  void description_claims(const ReviewContext& ctx, std::vector<Finding>& out) const {
    if (ctx.pr.changes.files.empty() || ctx.profile.env_prefixes.empty()) return;
    std::string prefixes;
    for (const std::string& p : ctx.profile.env_prefixes) prefixes += (prefixes.empty() ? "" : "|") + p;
    const RE2 var("\\b((?:" + prefixes + ")[A-Z0-9_]{3,})\\b");
    static const RE2 kIntro(
        R"re((?i)\b(?:new|adds?|added|adding|introduc\w*|configurable|via|controlled\s+by|gated?\s+by|flag|knob|env(?:ironment)?\s*var\w*|exposes?)\b)re");

    const text::DescriptionFacts d = text::analyse_description(ctx.pr.meta.title, ctx.pr.meta.body);
    std::vector<std::pair<std::string, std::string>> claimed;  // name, line
    for (const text::TextLine& tl : d.doc.lines) {
      if (tl.kind == text::LineKind::Code || !RE2::PartialMatch(tl.text, kIntro)) continue;
      re2::StringPiece in(tl.text);
      std::string name;
      while (RE2::FindAndConsume(&in, var, &name))
        if (std::none_of(claimed.begin(), claimed.end(), [&](auto& c) { return c.first == name; }))
          claimed.push_back({name, tl.text});
    }
    if (claimed.empty()) return;

    std::set<std::string> in_diff;
    for (const FileChange& f : ctx.pr.changes.files)
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines) {
          re2::StringPiece in(l.text);
          std::string name;
          while (RE2::FindAndConsume(&in, var, &name)) in_diff.insert(name);
        }
    std::set<std::string> in_tree;
    if (const TreeReader* head = ctx.workspace.head_tree()) {
      std::string alt;
      for (const auto& c : claimed)
        if (!in_diff.count(c.first)) alt += (alt.empty() ? "" : "|") + c.first;
      if (!alt.empty()) in_tree = python_tree_captures(*head, RE2("\\b(" + alt + ")\\b"));
    }
    for (const auto& [name, line] : claimed) {
      if (in_diff.count(name) || in_tree.count(name)) continue;
      std::string similar;
      for (const std::string& other : in_diff)
        if (token_key(other) == token_key(name)) similar = other;
      Finding x = finding();
      x.problem = fmt::format("The description presents `{}` as part of this change, but no line of the diff{} mentions it",
                              name, ctx.workspace.head_tree() ? " or the head tree" : "");
      if (!similar.empty()) x.problem += fmt::format(" (the diff uses `{}`)", similar);
      x.impact = "Operators would set a variable nothing reads, and the description hides what the code actually does";
      x.action = fmt::format("Author must make the description name the variable the code reads, or add `{}`", name);
      x.evidence.push_back(std::string(trim(line)).substr(0, 300));
      x.verified = true;
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(ClaimWithoutCode);

}  // namespace
}  // namespace rp
