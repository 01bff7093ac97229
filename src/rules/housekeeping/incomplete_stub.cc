// incomplete-stub: a branch the PR adds whose body is a TODO, a bare NotImplementedError
// or a lone `pass` — a code path that exists but was never finished.
#include <re2/re2.h>

#include <map>
#include <set>

#include "analysis/facts.h"
#include "core/paths.h"
#include "analysis/intent_facts.h"
#include "analysis/new_code.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "incomplete-stub",
    .category = Category::Housekeeping,
    .severity = Severity::Note,  // measured: under 70% true on the newest PR heads (README Accuracy); a note until re-measured
    .needs = Needs::Diff,
    .summary = "A branch the PR adds holds only a TODO/FIXME, a bare NotImplementedError, or a lone `pass`.",
    .docs = R"(What it catches: on an added line inside a NEW branch — an if/elif/else/except or a
function (C++: if/else/catch/function) whose header line the PR also adds and that did not exist
before (same header text not removed elsewhere in the file; same function name not in the old
file) — one of: a `# TODO` / `# FIXME` comment (`// TODO`, `/* FIXME` in C++; lower-case only at
the start of the comment); a `raise NotImplementedError` with no message or with a message that
says the work is unfinished ("TODO", "not yet implemented", "WIP", "coming soon"); a lone
`pass`: a function whose body is `pass` alone, or an `if` whose every arm is `pass` alone (the
statement does nothing at all). One finding per branch, however many markers it holds.
With a parse tree (added files, or any file when the repository is given) the branch is found
structurally. In a diff-only review of a modified Python file the branch is found from the hunk's
indentation: the nearest shallower line must be an added `if`/`elif`/`else`/`except`/`def`
header inside the hunk, otherwise the rule stays silent; an indented `def` (a method that may be
an override contract) is left alone there. Modified C++ files need the tree.
Why it matters: the new path exists, dispatch can reach it, and it does nothing (or fails) when
taken; a TODO in a new path is work that ships unfinished and is forgotten once merged.
Does not fire on: TODOs and stubs in code the PR did not add, or added inside a branch that
already existed (an added TODO line in an old function or old if-block: the branch is not new);
TODOs at module or class level (no branch); lines that were only moved or re-indented (the same
text is on a removed line of any file of the PR: code moved out of a file the PR deletes); prose that mentions a TODO ("resolves the TODO in ..."); a
`raise NotImplementedError("...")` whose message names the unsupported case (a deliberate loud
guard, not a stub — most new NotImplementedErrors in ATOM/aiter are of this kind); a `pass` with
a comment from its header to its end or with a docstring (a documented no-op); a `pass` arm beside
elif/else arms that do work (`if not sparse: pass / elif ...: ...` — the "nothing to do for
this case" arm of a dispatch); `pass` in an `except` body (an intentional swallow — an
optional-import guard such as `except ImportError: pass`, or a suppressed error; whether
swallowing is safe is a silent-bypass question, not an unfinished path); `pass` as a class body
(`class FooError(Exception): pass`); methods that are override contracts or overrides —
decorated `@abstractmethod`/`@overload`, in a class with any base class (ABC, Protocol, or an
interface such as vLLM's AttentionBackend, whose callers catch NotImplementedError), in a class
named `Base*`/`*Base`/`Abstract*`/`*Interface`, in a class that another class in the same file
(or, with the repository, anywhere in the head tree) subclasses, or a method that another class
of the same file also defines (sibling implementations of one duck-typed interface) — when the
raise or `pass` is the whole method body; test files.)"};

enum class Marker { Todo, NotImplemented, LonePass };

struct Stub {
  Marker marker;
  int line = 0;         // of the marker
  int header_line = 0;  // of the branch it sits in
  std::string header;   // header text, trimmed
  bool has_message = false;  // NotImplementedError: raised with an "unfinished" message
};

bool mentions_todo(std::string_view comment) {
  static const RE2 marker(R"(\b(?:TODO|FIXME)\b|^(?:#|//+|/\*+)\s*(?i:todo|fixme)\b)");
  // Prose that talks about a TODO ("future-proofs the TODO") is not one.
  static const RE2 mention(R"((?i)\b(?:the|a|this|that|any|no)\s+(?:todo|fixme)\b)");
  return RE2::PartialMatch(comment, marker) && !RE2::PartialMatch(comment, mention);
}

// A NotImplementedError message that admits the work is unfinished, as opposed to one that
// names the unsupported configuration (a deliberate guard).
bool unfinished_message(std::string_view msg) {
  static const RE2 re(
      R"((?i)\bTODO\b|\bFIXME\b|\bWIP\b|not\s+yet\s+implemented|not\s+implemented\s+yet|to\s+be\s+implemented|implement\s+me|coming\s+soon|placeholder)");
  return RE2::PartialMatch(msg, re);
}

std::string first_line(std::string_view text) {
  std::string_view t = trim(text);
  size_t nl = t.find('\n');
  if (nl != std::string_view::npos) t = trim(t.substr(0, nl));
  if (t.size() > 100) t = t.substr(0, 100);
  return std::string(t);
}

// ---------------------------------------------------------------- with a parse tree

// The innermost if/elif/else/except/def (C++: if/else/catch/function) around `n`. Loop, with
// and try bodies are transparent; a class body or the file ends the search.
lang::Node owning_branch(lang::Node n) {
  for (lang::Node p = n.parent(); p; p = p.parent()) {
    NodeKind k = node_kind(p);
    if (k == NodeKind::FunctionDef || k == NodeKind::If || k == NodeKind::Elif || k == NodeKind::Else ||
        k == NodeKind::Except)
      return p;
    if (k == NodeKind::ClassDef || k == NodeKind::StructOrClass || k == NodeKind::Module || k == NodeKind::Lambda)
      return {};
  }
  return {};
}

// Statements of a Python block that do something: comments and a leading docstring dropped.
std::vector<lang::Node> working_statements(lang::Node block) {
  std::vector<lang::Node> out = lang::statements(block);
  if (!out.empty() && lang::docstring(block)) out.erase(out.begin());
  return out;
}

class TreeScan {
 public:
  // `head_subclassed` caches, across the files of one review, which class names the head tree
  // subclasses.
  TreeScan(const ReviewContext& ctx, const FileChange& f, const lang::SyntaxTree& tree, const lang::SyntaxTree* old,
           std::map<std::string, bool>& head_subclassed, const NewCode& new_code)
      : ctx_(ctx),
        tree_(tree),
        old_(old),
        added_(added_line_numbers(f)),
        file_(f),
        // A TODO the PR moves from a file it deletes or rewrites (code moved into a new
        // module), or only re-indents, was written before, not by this change.
        new_code_(new_code),
        head_subclassed_(head_subclassed) {}

  std::vector<Stub> run() {
    std::vector<Stub> out;
    lang::walk(tree_.root(), [&](lang::Node n) {
      if (n.end_line() < first_added() || n.start_line() > last_added()) return false;
      NodeKind k = node_kind(n);
      if (!added_.count(n.start_line())) return true;
      std::optional<Stub> s;
      if (k == NodeKind::Comment && mentions_todo(n.text())) s = stub_at(n, Marker::Todo);
      else if (k == NodeKind::Raise && unfinished_raise(n)) s = stub_at(n, Marker::NotImplemented);
      else if (k == NodeKind::Pass) s = lone_pass(n);
      if (s) out.push_back(*s);
      return true;
    });
    return out;
  }

 private:
  int first_added() const { return added_.empty() ? 0 : *added_.begin(); }
  int last_added() const { return added_.empty() ? 0 : *added_.rbegin(); }
  bool moved(int line) const { return new_code_.moved(file_, line); }

  // A branch the PR creates: header added, and not an old branch that was moved or re-indented.
  bool new_branch(lang::Node branch) const {
    int h = branch.start_line();
    if (!added_.count(h) || moved(h)) return false;
    if (!is(branch, NodeKind::FunctionDef) || !old_) return true;
    std::string qualified = lang::describe_function(branch).qualified;
    for (const lang::Function& fn : old_->functions())
      if (fn.qualified == qualified) return false;
    return true;
  }

  std::optional<Stub> stub_at(lang::Node n, Marker m) const {
    if (moved(n.start_line())) return std::nullopt;
    lang::Node branch = owning_branch(n);
    if (!branch || !new_branch(branch)) return std::nullopt;
    if (m == Marker::NotImplemented && is(branch, NodeKind::FunctionDef)) {
      lang::Node body = branch.child_by_field("body");
      std::vector<lang::Node> stmts = working_statements(body);
      if (stmts.size() == 1 && stmts.front() == n && meant_to_be_overridden(branch)) return std::nullopt;
    }
    bool message = m == Marker::NotImplemented && is(n.named_children().front(), NodeKind::Call) &&
                   !lang::describe_call(n.named_children().front()).args.empty();
    return Stub{m, n.start_line(), branch.start_line(), first_line(tree_.line_text(branch.start_line())), message};
  }

  bool unfinished_raise(lang::Node raise) const {
    auto kids = raise.named_children();
    if (kids.empty()) return false;
    lang::Node e = kids.front();
    if (is(e, NodeKind::Identifier)) return e.text() == "NotImplementedError";
    if (!is(e, NodeKind::Call) || e.child_by_field("function").text() != "NotImplementedError") return false;
    lang::Call c = lang::describe_call(e);
    if (c.args.empty()) return true;
    return unfinished_message(c.args.front().value.text());
  }

  // A lone pass stubs out its branch only when nothing explains it and nothing else happens:
  // a commented `pass` is a documented no-op, and an `if cond: pass` whose elif/else siblings
  // do work is the "nothing to do for this case" arm of a dispatch.
  std::optional<Stub> lone_pass(lang::Node pass) const {
    if (!is_lone_pass_block(pass.parent())) return std::nullopt;
    lang::Node block = pass.parent();
    lang::Node owner = block.parent();
    NodeKind k = node_kind(owner);
    if (k == NodeKind::If) {
      if (!(owner.child_by_field("consequence") == block)) return std::nullopt;
      for (lang::Node c : owner.named_children()) {
        if (is(c, NodeKind::Elif) && !is_lone_pass_block(c.child_by_field("consequence"))) return std::nullopt;
        if (is(c, NodeKind::Else) && !is_lone_pass_block(c.child_by_field("body"))) return std::nullopt;
      }
    } else if (k != NodeKind::FunctionDef) {
      return std::nullopt;
    }
    if (moved(pass.start_line()) || !new_branch(owner)) return std::nullopt;
    if (k == NodeKind::FunctionDef && meant_to_be_overridden(owner)) return std::nullopt;
    return Stub{Marker::LonePass, pass.start_line(), owner.start_line(),
                first_line(tree_.line_text(owner.start_line()))};
  }

  // A block holding `pass` and nothing else: no docstring, and no comment from its header
  // line to its end (the tree may attach a leading comment outside the block, so read lines).
  bool is_lone_pass_block(lang::Node block) const {
    if (!block || !is(block, NodeKind::Block)) return false;
    int passes = 0;
    for (lang::Node c : block.named_children()) {
      if (is(c, NodeKind::Comment)) return false;
      if (!is(c, NodeKind::Pass)) return false;
      ++passes;
    }
    if (passes != 1) return false;
    // From the header's closing ':' (comments inside a long condition or signature do not
    // explain the body) to the end of the block.
    int from = block.start_line();
    for (lang::Node c : block.parent().children()) {
      if (c == block) break;
      if (!c.is_named() && c.text() == ":") from = c.start_line();
    }
    for (int l = from; l <= block.end_line(); ++l) {
      std::string_view text = tree_.line_text(l);
      if (code_part(text, true).size() != text.size()) return false;
    }
    return true;
  }

  // A method whose stub body is the contract a subclass fills in.
  bool meant_to_be_overridden(lang::Node def) const {
    lang::Function fn = lang::describe_function(def);
    for (const std::string& d : fn.decorators)
      if (d.ends_with("abstractmethod") || d.ends_with("abstractproperty") || d.ends_with("overload")) return true;
    if (fn.class_name.empty()) return false;
    lang::Node cls = ancestor(def, {NodeKind::ClassDef});
    if (!cls) return false;
    std::string_view name = fn.class_name;
    if (name.starts_with("Base") || name.ends_with("Base") || name.starts_with("Abstract") ||
        name.ends_with("Interface"))
      return true;
    // A class with a base overrides that base's methods: a whole-body raise keeps the base's
    // "unsupported here" protocol (vLLM catches NotImplementedError from backend hooks), and a
    // whole-body pass is a deliberate no-op override.
    std::string_view supers = cls.child_by_field("superclasses").text();
    static const RE2 real_base(R"(^\(\s*(?:object\s*)?\)$)");
    if (!supers.empty() && !RE2::FullMatch(supers, real_base)) return true;
    for (const lang::ClassDef& other : tree_.classes())
      for (const std::string& b : other.bases)
        if (base_name_of(b) == name) return true;
    // Sibling classes that define the same method implement one duck-typed interface; a stub
    // body in one of them is that implementation's "not supported" answer.
    for (const lang::Function& other : tree_.functions())
      if (other.name == fn.name && !other.class_name.empty() && other.class_name != fn.class_name) return true;
    return subclassed_in_head(std::string(name));
  }

  static std::string_view base_name_of(std::string_view base) {
    size_t br = base.find('[');
    if (br != std::string_view::npos) base = base.substr(0, br);
    size_t dot = base.rfind('.');
    return dot == std::string_view::npos ? base : base.substr(dot + 1);
  }

  // Whether any Python file of the head tree declares a class deriving from `name`.
  bool subclassed_in_head(const std::string& name) const {
    auto hit = head_subclassed_.find(name);
    if (hit != head_subclassed_.end()) return hit->second;
    const TreeReader* head = ctx_.workspace.head_tree();
    bool found = false;
    if (head) {
      RE2 re("(?m)^\\s*class\\s+\\w+\\s*\\([^)]*\\b" + RE2::QuoteMeta(name) + "\\b");
      for (const std::string& p : head->list_files()) {
        if (!is_python(p)) continue;
        std::optional<std::string> text = head->read(p);
        if (text && text->find(name) != std::string::npos && RE2::PartialMatch(*text, re)) {
          found = true;
          break;
        }
      }
    }
    head_subclassed_[name] = found;
    return found;
  }

  const ReviewContext& ctx_;
  const lang::SyntaxTree& tree_;
  const lang::SyntaxTree* old_;
  std::set<int> added_;
  const FileChange& file_;
  const NewCode& new_code_;
  std::map<std::string, bool>& head_subclassed_;
};

// ---------------------------------------------------------------- diff only (Python)

struct HunkLine {
  const DiffLine* line;
  bool added;
  int indent;  // -1 for blank and comment-only lines
};

int indent_of(std::string_view text) {
  int n = 0;
  for (char c : text) {
    if (c == ' ') ++n;
    else if (c == '\t') n += 8;
    else return n;
  }
  return -1;
}

// The nearest shallower code line before `i` (the branch header), or -1 when the hunk does
// not show it.
int header_before(const std::vector<HunkLine>& lines, int i, int indent) {
  for (int j = i - 1; j >= 0; --j) {
    int ind = lines[j].indent;
    if (ind < 0 || ind >= indent) continue;
    std::string_view t = trim(lines[j].line->text);
    // `) -> Tensor:` closes a multi-line signature: the header is the `def` at that indent.
    if (t.starts_with(")")) {
      for (int k = j - 1; k >= 0; --k) {
        if (lines[k].indent != ind) continue;
        std::string_view d = trim(lines[k].line->text);
        return d.starts_with("def ") || d.starts_with("async def ") ? k : -1;
      }
      return -1;
    }
    return j;
  }
  return -1;
}

// The same reading of a lone pass as with a tree, from the hunk's lines: an `if` or `def`
// whose body is `pass` alone, no comment from the header to the dedent, and (for `if`) no
// elif/else arm after it.
bool lone_pass_in_hunk(const std::vector<HunkLine>& lines, int hdr, int pass, int indent) {
  std::string_view header = trim(lines[hdr].line->text);
  bool is_if = header.starts_with("if ");
  if (!is_if && !header.starts_with("def ") && !header.starts_with("async def ")) return false;
  int next = -1;
  for (int j = hdr; j < static_cast<int>(lines.size()); ++j) {
    std::string_view t = lines[j].line->text;
    if (j > pass && lines[j].indent >= 0) {
      next = j;
      break;
    }
    if (j > hdr && j != pass && lines[j].indent >= 0) return false;  // more than `pass` in the body
    if (code_part(t, true).size() != t.size()) return false;         // a comment explains it
  }
  if (next < 0 || lines[next].indent >= indent) return false;
  std::string_view after = trim(lines[next].line->text);
  return !(is_if && lines[next].indent == lines[hdr].indent && (after.starts_with("elif") || after.starts_with("else")));
}

std::vector<Stub> scan_hunks_textually(const FileChange& f, const NewCode& new_code) {
  static const RE2 header_re(R"(^\s*(if\s|elif\s|else\s*:|except\b|def\s|async\s+def\s))");
  static const RE2 bare_raise(R"(^\s*raise\s+NotImplementedError\s*(?:\(\s*\))?\s*(?:#.*)?$)");
  static const RE2 msg_raise(R"(^\s*raise\s+NotImplementedError\s*\((.*)\)\s*(?:#.*)?$)");
  static const RE2 pass_re(R"(^\s*pass\s*(?:#.*)?$)");
  std::vector<Stub> out;
  for (const Hunk& h : f.hunks) {
    std::vector<HunkLine> lines;
    for (const DiffLine& l : h.lines) {
      if (l.kind == DiffLine::Kind::Removed) continue;
      bool code = !trim(l.text).empty() && !is_comment_only(l.text, true);
      lines.push_back({&l, l.kind == DiffLine::Kind::Added, code ? indent_of(l.text) : -1});
    }
    for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
      const HunkLine& hl = lines[i];
      std::string_view text = hl.line->text;
      if (!hl.added || new_code.moved(f, hl.line->new_line)) continue;
      std::optional<Marker> m;
      std::string msg;
      std::string_view code = code_part(text, true);
      if (mentions_todo(trim(text.substr(code.size())))) m = Marker::Todo;
      else if (RE2::FullMatch(text, bare_raise) || (RE2::FullMatch(text, msg_raise, &msg) && unfinished_message(msg)))
        m = Marker::NotImplemented;
      else if (RE2::FullMatch(text, pass_re)) m = Marker::LonePass;
      if (!m) continue;
      int indent = indent_of(text);
      if (indent < 0) continue;
      // A trailing comment on a header line belongs to that header's branch.
      bool on_header = *m == Marker::Todo && RE2::PartialMatch(code, header_re);
      int hdr = on_header ? i : header_before(lines, i, indent);
      if (hdr < 0 || !lines[hdr].added || new_code.moved(f, lines[hdr].line->new_line)) continue;
      std::string_view header = trim(lines[hdr].line->text);
      if (!RE2::PartialMatch(header, header_re) && !header.starts_with("def ") && !header.starts_with("async def "))
        continue;
      bool is_def = header.starts_with("def ") || header.starts_with("async def ");
      // A method stub may be an override contract; without the class we cannot tell.
      if (is_def && *m != Marker::Todo && lines[hdr].indent > 0) continue;
      if (*m == Marker::LonePass && !lone_pass_in_hunk(lines, hdr, i, indent)) continue;
      out.push_back(Stub{*m, hl.line->new_line, lines[hdr].line->new_line, first_line(header), !msg.empty()});
    }
  }
  return out;
}

// ---------------------------------------------------------------- the rule

// What the rule keeps across the files of one review.
struct IncompleteStubPr {
  std::map<std::string, bool> head_subclassed;
  NewCode removed;  // moved lines, from any file
};

class IncompleteStub : public FileRuleWithState<kInfo, IncompleteStubPr> {
 public:
  IncompleteStubPr prepare(const ReviewContext& ctx) const override { return {{}, NewCode(ctx.pr.changes)}; }
  void check_file(const ReviewContext& ctx, IncompleteStubPr& pr, const FileChange& file,
                  std::vector<Finding>& out) const override {
    std::map<std::string, bool>& head_subclassed = pr.head_subclassed;
    const NewCode& removed = pr.removed;
    for (const FileChange& f : one_file(file)) {
      if (f.binary || f.new_path.empty() || is_test_path(f.new_path)) continue;
      Language language = language_of(f.new_path);
      if (language == Language::None) continue;
      const lang::SyntaxTree* tree = ctx.workspace.new_tree(f.new_path);
      std::vector<Stub> stubs;
      if (tree) {
        const lang::SyntaxTree* old = f.old_path.empty() ? nullptr : ctx.workspace.old_tree(f.old_path);
        stubs = TreeScan(ctx, f, *tree, old, head_subclassed, removed).run();
      } else if (language == Language::Python) {
        stubs = scan_hunks_textually(f, removed);
      }
      // One finding per branch: a function with five TODOs is one unfinished path.
      std::map<int, int> per_branch;
      for (const Stub& s : stubs) ++per_branch[s.header_line];
      std::set<int> reported;
      for (const Stub& s : stubs)
        if (reported.insert(s.header_line).second) out.push_back(report(f, s, per_branch[s.header_line], tree));
    }
  }

 private:
  Finding report(const FileChange& f, const Stub& s, int markers, const lang::SyntaxTree* tree) const {
    Finding x = finding();
    x.location = Location{f.new_path, s.line};
    std::string where = "New code path `" + s.header + "` (line " + std::to_string(s.header_line) + ")";
    switch (s.marker) {
      case Marker::Todo:
        x.problem = where + " is marked unfinished with a TODO/FIXME";
        if (markers > 1) x.problem += " (" + std::to_string(markers) + " markers in this branch)";
        x.impact = "The path ships with the marked work not done: inputs that reach it get the incomplete "
                   "behaviour, and nothing tracks the TODO once it is merged";
        x.action = "Author must finish the work before merge, or state in the PR what is left and link a "
                   "tracking issue from the comment";
        break;
      case Marker::NotImplemented:
        x.problem = where + (s.has_message ? " raises NotImplementedError saying the work is not done yet"
                                           : " raises a bare NotImplementedError, with no message naming the unsupported case");
        x.impact = s.has_message ? "Every input routed to this path fails at runtime: the dispatch offers the case "
                                   "but the implementation behind it is missing"
                                 : "Every input routed to this path fails at runtime, and the error does not say which "
                                   "configuration is missing — the feature looks present but is not implemented";
        x.action = "Author must implement the path, or make it a deliberate guard whose message names the "
                   "unsupported configuration and reject it where the configuration is chosen";
        break;
      case Marker::LonePass:
        x.problem = where + " has only `pass` as its body";
        x.impact = "Inputs that reach this path silently do nothing: no result, no error, and the caller "
                   "carries on as if the work was done";
        x.action = "Author must implement the branch, remove it, or raise an error naming the unsupported "
                   "case; if doing nothing is intended, say why in a comment or docstring";
        break;
    }
    auto text_at = [&](int line) -> std::string {
      if (tree) return std::string(tree->line_text(line));
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind != DiffLine::Kind::Removed && l.new_line == line) return l.text;
      return {};
    };
    if (s.header_line != s.line) x.evidence.push_back(evidence(f.new_path, s.header_line, text_at(s.header_line)));
    x.evidence.push_back(evidence(f.new_path, s.line, text_at(s.line)));
    return x;
  }
};

REGISTER_RULE(IncompleteStub);

}  // namespace
}  // namespace rp
