// unrelated-file: a changed source file that shares nothing with the PR's purpose — not its
// title or description, not the other changed files' paths, identifiers or imports.
#include <re2/re2.h>

#include <algorithm>
#include <cctype>

#include "analysis/commit_intent.h"
#include "analysis/facts.h"
#include "core/paths.h"
#include "core/plural.h"
#include "core/strings.h"
#include "index/knowledge.h"
#include "index/repo_index.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "unrelated-file",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A changed source file has no connection to the PR's title, description or the rest of the change.",
    .docs = R"(What it catches: in a PR of 3 to 20 files, a changed Python or C-family source file (not a
test, doc, CI or config file; not deleted) that has no connection to the rest of the change:
no word of its path (directory or name parts) or of its changed lines (code and comments,
4+ letters) appears in the title, the description (without one, the PR's own commit messages) or the other changed files' paths; none of the identifiers on its changed lines appears in the
title, the description or the other files' changed lines; no code symbol the title or description
names (a qualified name such as `std::min` or `torch.cuda.synchronize`, or a backticked span)
appears on its changed lines; it shares no directory with another
changed file; and it neither imports (or #includes) another changed file nor is imported by
one (repository index; `from stem import ...` of a changed file's stem that names no module of
the repository counts: a sibling put on sys.path). Exactly one file of the PR may look unrelated, else nothing is
reported (two or more mean a multi-part PR or a sweep, not a change with a stray file).
Why it matters: a file that rides along with an unrelated PR is reviewed under the wrong title,
is easy to miss, and is often an AI or local-edit artifact committed by accident.
Does not fire on: PRs of one or two files or more than 20; PRs where two or more files look
unrelated; titles that announce a sweep
(format, lint, cleanup, refactor, rename, typo, misc, sync, merge, revert, bump, upgrade);
PRs whose title, description and (without one) commit messages name no topic: fewer than two
words of 4+ letters besides generic change words ("update", "update log", "Merge branch 'main'");
tests, docs, configs, CI files, tuned-config CSVs; deleted files; files connected by any one
of the links above; reviews without a repository index.)"};

const std::set<std::string>& stop_words() {
  static const std::set<std::string> s = {
      "aiter", "atom", "ops", "csrc", "include", "src", "lib", "utils", "util", "utility", "py", "cpp", "hpp", "cuh",
      "cu", "hip", "init", "main", "common", "core", "the", "and", "for", "with", "from", "into", "this", "that",
      "add", "fix", "use", "update", "support", "new", "test", "tests", "kernel", "kernels", "impl", "api", "base",
      "model", "models", "python", "file", "files", "code", "module", "modules", "pybind", "bind", "jit", "build",
      "self", "torch", "return", "import", "none", "true", "false", "const", "void", "auto", "define", "std",
      "int", "float", "else", "elif", "print", "assert", "logger", "range", "with", "pass", "class", "static",
      "inline", "template", "typename", "struct", "nullptr", "while", "size_t", "int64_t", "int32_t", "uint32_t",
      "bool", "char", "double", "unsigned", "namespace", "public", "private", "case", "break", "continue",
      "lambda", "yield", "global", "not", "def", "isinstance", "getattr", "dict", "list", "tuple", "str", "len"};
  return s;
}

// Lower-case words of a path or text: split on non-alphanumerics, underscores and camelCase;
// words of 3+ letters not in the stop list.
void add_words(std::string_view text, std::set<std::string>& out) {
  std::string cur;
  auto flush = [&] {
    if (cur.size() >= 3 && !stop_words().count(cur)) out.insert(cur);
    cur.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (!std::isalnum(c)) {
      flush();
      continue;
    }
    if (std::isupper(c) && i > 0 && std::islower(static_cast<unsigned char>(text[i - 1]))) flush();
    cur.push_back(static_cast<char>(std::tolower(c)));
  }
  flush();
}

// Whole identifiers (4+ characters, not stop words) of a file's changed code lines.
std::set<std::string> changed_identifiers(const FileChange& f) {
  static const RE2 ident(R"(([A-Za-z_][A-Za-z0-9_]{3,}))");
  bool py = is_python(f.path());
  std::set<std::string> out;
  for (const Hunk& h : f.hunks)
    for (const DiffLine& l : h.lines) {
      if (l.kind == DiffLine::Kind::Context) continue;
      std::string_view code = code_part(l.text, py);
      re2::StringPiece in(code.data(), code.size());
      std::string id;
      while (RE2::FindAndConsume(&in, ident, &id)) {
        std::string lower = id;
        std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
        if (!stop_words().count(lower)) out.insert(id);
      }
    }
  return out;
}

// Code the PR's prose names: qualified names (`std::min`, `torch.cuda.synchronize`) and
// backticked spans. Short words of a symbol (`min`) are below the word threshold, so the symbol
// is matched whole against a file's changed lines.
std::set<std::string> prose_symbols(std::string_view prose) {
  static const RE2 qualified(R"(([A-Za-z_]\w*(?:(?:::|\.)[A-Za-z_]\w*)+))");
  static const RE2 ticked(R"(`([^`\n]{3,80})`)");
  std::set<std::string> out;
  for (const RE2* re : {&qualified, &ticked}) {
    re2::StringPiece in(prose.data(), prose.size());
    std::string s;
    while (RE2::FindAndConsume(&in, *re, &s))
      if (s.size() >= 5) out.insert(s);
  }
  return out;
}

std::string parent_dir(const std::string& p) {
  size_t s = p.rfind('/');
  return s == std::string::npos ? "" : p.substr(0, s);
}

bool candidate(const FileChange& f) {
  if (f.binary || f.new_path.empty()) return false;
  const std::string& p = f.new_path;
  if (!is_python(p) && !is_cpp_family(p)) return false;
  if (is_test_path(p) || is_doc_path(p) || p.starts_with(".github/") || p.find("/configs/") != std::string::npos)
    return false;
  std::string_view base = base_name(p);
  return base != "setup.py" && base != "conftest.py" && base != "__init__.py";
}

bool sweep_title(const std::string& title) {
  static const RE2 sweep(
      R"((?i)\b(?:format\w*|lint\w*|clean\s*-?\s*up|cleanup|refactor\w*|renam\w*|typos?|misc\w*|sync\w*|merge[ds]?|revert\w*|bump\w*|upgrad\w*|pre-?commit|ruff|black|clang-format|style|various|several|multiple|cherry[- ]?pick\w*|rebase\w*)\b)");
  return RE2::PartialMatch(title, sweep);
}

// The module name a Python file is imported by when its own directory is on sys.path
// (`sys.path.insert(0, utils_dir)` then `from cpp_extension import ...`): its file stem.
std::string_view file_stem(std::string_view path) {
  std::string_view name = base_name(path);
  return name.substr(0, name.size() - extension(path).size());
}

// Whether `from` imports `to` by its bare stem: an absolute, undotted import that names no
// module of the repository, while a changed file of that stem exists (a sibling made
// importable through sys.path).
bool imports_by_stem(const index::RepoIndex& idx, const std::string& from, const std::string& to) {
  const index::FileIndex* fi = idx.file(from);
  if (!fi) return false;
  for (const index::PyImport& imp : fi->imports)
    if (imp.level == 0 && imp.module == file_stem(to) && imp.module.find('.') == std::string::npos &&
        idx.module_path(imp.module).empty())
      return true;
  return false;
}

// Whether `path` imports or includes another changed file, or is imported/included by one.
bool linked_in_index(const index::RepoIndex& idx, const std::string& path, const std::set<std::string>& changed) {
  if (is_python(path)) {
    for (const std::string& other : changed)
      if (other != path && is_python(other) && (imports_by_stem(idx, path, other) || imports_by_stem(idx, other, path)))
        return true;
    if (const index::FileIndex* fi = idx.file(path)) {
      for (const index::PyImport& imp : fi->imports) {
        std::string mod = index::RepoIndex::absolute_module(path, imp);
        std::string mp = idx.module_path(mod);
        if (!mp.empty() && mp != path && changed.count(mp)) return true;
        for (const index::PyImport::Name& n : imp.names) {
          std::string sub = idx.module_path(mod.empty() ? n.name : mod + "." + n.name);
          if (!sub.empty() && sub != path && changed.count(sub)) return true;
        }
      }
    }
    for (const index::ImportSite& s : idx.importers_of_module(path))
      if (s.path != path && changed.count(s.path)) return true;
    return false;
  }
  for (const std::string& inc : idx.resolved_includes(path))
    if (inc != path && changed.count(inc)) return true;
  for (const std::string& other : changed)
    if (other != path && is_cpp_family(other))
      for (const std::string& inc : idx.resolved_includes(other))
        if (inc == path) return true;
  return false;
}

// Whether the PR's words say what it is about: at least two words of 4+ letters that are not
// stop words nor generic change verbs. "update" / "update log" / "Merge branch 'main' into
// x" name no topic a file could be unrelated to.
bool states_a_topic(std::string_view prose) {
  static const std::set<std::string> generic = {
      "update", "updates", "updated", "fixes", "fixed", "change", "changes", "changed", "modify", "modified",
      "minor", "tweak", "tweaks", "improve", "improved", "refine", "patch", "merge", "merged", "branch",
      "main", "master", "into", "from", "code", "file", "files", "some", "more", "stuff", "commit", "temp"};
  std::set<std::string> words;
  add_words(prose, words);
  int topical = 0;
  for (const std::string& w : words) topical += w.size() >= 4 && !generic.count(w);
  return topical >= 2;
}

class UnrelatedFile : public RuleWithInfo<kInfo> {
 public:
  // The PR's words: title and description; without a description the PR's own commit
  // messages stand in for it (a branch read from git: the title is only the head commit's
  // subject, "clean up").
  static std::string pr_prose(const ReviewContext& ctx) {
    std::string prose = ctx.pr.meta.title + "\n" + ctx.pr.meta.body;
    if (!ctx.pr.meta.has_description || trim(ctx.pr.meta.body).empty())
      prose += "\n" + commit_messages(ctx.pr.meta.commits);
    return prose;
  }

  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const std::vector<FileChange>& files = ctx.pr.changes.files;
    if (!ctx.repo || files.size() < 3 || files.size() > 20) return;
    const std::string& title = ctx.pr.meta.title;
    if (trim(title).empty() || sweep_title(title)) return;
    const std::string prose = pr_prose(ctx);
    if (!states_a_topic(prose)) return;
    std::set<std::string> changed;
    for (const FileChange& f : files) changed.insert(f.path());
    std::vector<const FileChange*> unrelated;
    for (const FileChange& f : files)
      if (candidate(f) && !connected(ctx, f, changed, prose)) unrelated.push_back(&f);
    // One stray file only: two or more "unrelated" files mean a multi-part PR ("fix two build
    // failures"), which measured false on aiter history.
    if (unrelated.size() != 1) return;
    for (const FileChange* f : unrelated) report(ctx, *f, out);
  }

 private:
  bool connected(const ReviewContext& ctx, const FileChange& f, const std::set<std::string>& changed,
                 const std::string& prose) const {
    const std::string& path = f.new_path;
    std::string dir = parent_dir(path);
    // Context: the PR's words and every other file's path words and changed identifiers.
    std::set<std::string> words, other_ids;
    add_words(prose, words);
    for (const FileChange& o : ctx.pr.changes.files) {
      if (&o == &f) continue;
      if (parent_dir(o.path()) == dir) return true;
      add_words(o.path(), words);
      for (const std::string& id : changed_identifiers(o)) other_ids.insert(id);
    }
    std::set<std::string> mine;
    add_words(path, mine);
    for (const std::string& w : mine)
      if (words.count(w)) return true;
    // The words of its changed lines, comments included (a comment naming the feature links
    // a comment-only or one-line change to the PR).
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind == DiffLine::Kind::Context) continue;
        std::set<std::string> line_words;
        add_words(l.text, line_words);
        for (const std::string& w : line_words)
          if (w.size() >= 4 && words.count(w)) return true;
      }
    // A code symbol the title or description names, changed on one of its lines.
    std::set<std::string> symbols = prose_symbols(prose);
    if (!symbols.empty())
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines)
          if (l.kind != DiffLine::Kind::Context)
            for (const std::string& s : symbols)
              if (l.text.find(s) != std::string::npos) return true;
    for (const std::string& id : changed_identifiers(f)) {
      if (other_ids.count(id) || prose.find(id) != std::string::npos) return true;
      std::set<std::string> parts;
      add_words(id, parts);
      for (const std::string& w : parts)
        if (w.size() >= 4 && words.count(w)) return true;
    }
    return linked_in_index(ctx.repo->index(), path, changed);
  }

  void report(const ReviewContext& ctx, const FileChange& f, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{f.new_path, 0};
    x.problem = f.new_path + " appears unrelated to the PR: no word of its path or changed identifiers appears in "
                "the title, description or other changed files, and it imports/is imported by none of them";
    x.impact = "The change is reviewed under a title that does not describe it, and may be a file committed by "
               "accident";
    x.action = "Reviewer should ask whether " + f.new_path +
               " belongs to this PR; if not, the author should move it to its own PR";
    x.evidence.push_back("title: " + ctx.pr.meta.title.substr(0, 120));
    x.evidence.push_back(f.new_path + ": " + count_of(static_cast<long>(added_line_numbers(f).size()), "line") + " added, " +
                         std::to_string(removed_line_numbers(f).size()) + " removed");
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(UnrelatedFile);

}  // namespace
}  // namespace rp
