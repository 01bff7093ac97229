#include "source/unified_diff.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>

#include "core/paths.h"

namespace rp {

namespace {

// Larger numbers in a hunk header are a corrupt or hostile diff, not a real file; the cap
// also keeps start + count far from int overflow.
constexpr int kMaxLineNumber = 100'000'000;
constexpr std::string_view kDevNull = "/dev/null";

bool is_blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v'; });
}

// Text quoted into an error message stays on one line and short, whatever the diff holds.
std::string printable(std::string_view s, size_t max = 80) {
  std::string out;
  for (char c : s.substr(0, max)) out.push_back((unsigned char)c < 0x20 || c == 0x7f ? '?' : c);
  if (s.size() > max) out += "...";
  return out;
}

Status error_at(size_t line, const std::string& what) {
  return Status::Error("diff line " + std::to_string(line) + ": " + what);
}

bool consume(std::string_view* s, std::string_view prefix) {
  if (!s->starts_with(prefix)) return false;
  s->remove_prefix(prefix.size());
  return true;
}

// "1234abc" followed by a space or the end: a commit id as `git log` and mbox headers print it.
bool starts_with_hex_id(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && std::isxdigit((unsigned char)s[n])) ++n;
  return n >= 7 && (n == s.size() || s[n] == ' ');
}

// The text split into lines, one at a time. Line terminators and one trailing '\r' are not
// part of a line. memchr keeps the per-byte cost low enough for diffs of hundreds of MB.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) { load(); }

  bool done() const { return pos_ >= text_.size(); }
  std::string_view line() const { return line_; }
  size_t number() const { return number_; }  // 1-based
  size_t remaining_bytes() const { return text_.size() - pos_; }
  void advance() {
    pos_ = next_;
    ++number_;
    load();
  }
  // The line after the current one ("" at the end).
  std::string_view peek_next() const {
    size_t ignored;
    return slice(next_, &ignored);
  }

 private:
  std::string_view slice(size_t from, size_t* next) const {
    if (from >= text_.size()) {
      *next = text_.size();
      return {};
    }
    const char* start = text_.data() + from;
    const void* nl = std::memchr(start, '\n', text_.size() - from);
    size_t len = nl ? static_cast<const char*>(nl) - start : text_.size() - from;
    *next = from + len + (nl ? 1 : 0);
    std::string_view line(start, len);
    if (line.ends_with('\r')) line.remove_suffix(1);
    return line;
  }
  void load() { line_ = slice(pos_, &next_); }

  std::string_view text_;
  size_t pos_ = 0, next_ = 0;
  size_t number_ = 1;
  std::string_view line_;
};

// Undoes git's C-style quoting: "a/foo\tbar", "caf\303\251". `s` starts at the opening
// quote; on success *used is the number of bytes up to and including the closing quote.
bool unquote(std::string_view s, std::string* out, size_t* used) {
  if (!s.starts_with('"')) return false;
  out->clear();
  for (size_t i = 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      *used = i + 1;
      return true;
    }
    if (c != '\\') {
      out->push_back(c);
      continue;
    }
    if (++i == s.size()) return false;
    switch (c = s[i]) {
      case 'a': out->push_back('\a'); break;
      case 'b': out->push_back('\b'); break;
      case 'f': out->push_back('\f'); break;
      case 'n': out->push_back('\n'); break;
      case 'r': out->push_back('\r'); break;
      case 't': out->push_back('\t'); break;
      case 'v': out->push_back('\v'); break;
      case '\\': case '"': out->push_back(c); break;
      default: {
        auto octal = [](char d) { return d >= '0' && d <= '7'; };
        if (c < '0' || c > '3' || i + 2 >= s.size() || !octal(s[i + 1]) || !octal(s[i + 2])) return false;
        out->push_back(static_cast<char>((c - '0') * 64 + (s[i + 1] - '0') * 8 + (s[i + 2] - '0')));
        i += 2;
      }
    }
  }
  return false;
}

// A name as written after "--- ", "+++ ", "rename from " and the like: quoted, or raw up to
// a tab (GNU diff puts timestamps after one, and git adds one after names with spaces).
bool header_name(std::string_view s, std::string* out) {
  size_t used;
  if (s.starts_with('"')) return unquote(s, out, &used);
  out->assign(s.substr(0, s.find('\t')));
  return !out->empty();
}

// git writes "a/" and "b/" before the two names unless told otherwise. Strip them only when
// both sides carry theirs, so a --no-prefix diff of a top-level directory "a" keeps its path.
void strip_prefixes(std::string* old_name, std::string* new_name) {
  bool old_null = *old_name == kDevNull, new_null = *new_name == kDevNull;
  if (old_null && new_null) return;
  if (!old_null && !old_name->starts_with("a/")) return;
  if (!new_null && !new_name->starts_with("b/")) return;
  if (!old_null) old_name->erase(0, 2);
  if (!new_null) new_name->erase(0, 2);
}

// The two names after "diff --git ". Unquoted names containing spaces are ambiguous; like
// git, trust the split only when both names are the same file. Renames and content changes
// name their files again on the rename/copy and ---/+++ lines, which win.
bool git_line_names(std::string_view rest, std::string* a, std::string* b) {
  size_t used;
  if (rest.starts_with('"')) {
    if (!unquote(rest, a, &used) || used >= rest.size() || rest[used] != ' ') return false;
    std::string_view second = rest.substr(used + 1);
    if (second.starts_with('"')) return unquote(second, b, &used) && used == second.size();
    b->assign(second);
    return !b->empty();
  }
  if (rest.ends_with('"')) {
    // Each attempt stops at the next unescaped quote, so trying every ` "` stays linear.
    for (size_t p = rest.find(" \""); p != std::string_view::npos; p = rest.find(" \"", p + 1)) {
      if (unquote(rest.substr(p + 1), b, &used) && p + 1 + used == rest.size()) {
        a->assign(rest.substr(0, p));
        return true;
      }
    }
    return false;
  }
  if (rest.size() % 2 == 1 && rest[rest.size() / 2] == ' ') {
    std::string_view x = rest.substr(0, rest.size() / 2), y = rest.substr(rest.size() / 2 + 1);
    bool prefixed = x.starts_with("a/") && y.starts_with("b/");
    if (x == y || (prefixed && x.substr(2) == y.substr(2))) {
      a->assign(x);
      b->assign(y);
      return true;
    }
  }
  std::string_view sep = rest.starts_with("a/") ? " b/" : " ";
  size_t at = rest.find(sep);
  if (at == std::string_view::npos || rest.find(sep, at + 1) != std::string_view::npos) return false;
  a->assign(rest.substr(0, at));
  b->assign(rest.substr(at + 1));
  return !a->empty() && !b->empty();
}

// Returns an error text, or nullptr when a number was read.
const char* parse_number(std::string_view* s, int* out) {
  if (s->starts_with('-')) return "negative number in hunk header";
  if (s->empty() || !std::isdigit((unsigned char)s->front())) return "malformed hunk header";
  long long v = 0;
  while (!s->empty() && std::isdigit((unsigned char)s->front())) {
    v = v * 10 + (s->front() - '0');
    if (v > kMaxLineNumber) return "hunk header number is out of range";
    s->remove_prefix(1);
  }
  *out = static_cast<int>(v);
  return nullptr;
}

// "12,3" or "12" (count 1).
const char* parse_range(std::string_view* s, int* start, int* count) {
  if (const char* err = parse_number(s, start)) return err;
  *count = 1;
  return consume(s, ",") ? parse_number(s, count) : nullptr;
}

Status parse_hunk_header(std::string_view s, size_t at, Hunk* h) {
  if (s.starts_with("@@@")) return error_at(at, "combined diffs (merge commits) are not supported");
  if (!consume(&s, "@@ -")) return error_at(at, "malformed hunk header '" + printable(s) + "'");
  const char* err = parse_range(&s, &h->old_start, &h->old_count);
  if (!err && !consume(&s, " +")) err = "malformed hunk header";
  if (!err) err = parse_range(&s, &h->new_start, &h->new_count);
  if (!err && !consume(&s, " @@")) err = "malformed hunk header";
  if (err) return error_at(at, err);
  consume(&s, " ");
  h->section.assign(s);
  return Status::Ok();
}

// The file a header describes, and everything said about its names along the way; which
// name wins is decided once the header is complete.
struct PendingFile {
  FileChange change;
  size_t header_line = 0;
  bool has_git_names = false;  // from "diff --git a/X b/Y"
  std::string git_a, git_b;
  bool has_minus_plus = false;  // from "--- X" / "+++ Y"
  size_t minus_line = 0;
  std::string minus, plus;
  bool has_from = false, has_to = false;  // from rename/copy from/to
  size_t from_line = 0, to_line = 0;
  std::string from, to;
  bool new_file = false, deleted_file = false, renamed = false, copied = false;
};

class Parser {
 public:
  Parser(std::string_view text, const DiffLimits& limits) : lines_(text), limits_(limits) {}
  Result<ChangeSet> run();

 private:
  Status start_file(PendingFile* f);
  Status parse_git_file();
  Status parse_plain_file();
  Status parse_git_headers(PendingFile* f);
  Status parse_minus_plus(PendingFile* f);
  Status parse_hunks(FileChange* c);
  Status parse_hunk(FileChange* c);
  Status finish(PendingFile* f);
  void skip_binary_patch();
  void mark_rename_or_copy(PendingFile* f) const {
    (lines_.line().starts_with("rename ") ? f->renamed : f->copied) = true;
  }
  bool at_plain_header() const {
    return lines_.line().starts_with("--- ") && lines_.peek_next().starts_with("+++ ");
  }

  Lines lines_;
  DiffLimits limits_;
  ChangeSet set_;
};

// Between files, other diff tools print lines that carry no change of their own.
bool is_noise(std::string_view line) {
  for (std::string_view p : {"\\", "diff ", "Only in ", "Index: ", "===", "Binary files ", "Files ",
                             "Common subdirectories: "})
    if (line.starts_with(p)) return true;
  return is_blank(line);
}

// A mail signature ("-- ") or the start of the next commit in `git format-patch --stdout`
// or `git log -p` output: what follows is prose again until the next file header.
bool starts_new_patch(std::string_view line) {
  if (line == "-- " || line == "--") return true;
  std::string_view rest = line;
  return (consume(&rest, "From ") || consume(&rest, "commit ")) && starts_with_hex_id(rest);
}

Result<ChangeSet> Parser::run() {
  bool in_preamble = true;  // before the first file, or in a commit message between patches
  size_t first_text = 0;    // first non-blank line, to point at when nothing is a diff
  bool coloured = false;
  while (!lines_.done()) {
    std::string_view line = lines_.line();
    Status st;
    if (line.starts_with("diff --git ")) {
      st = parse_git_file();
      in_preamble = false;
    } else if (line.starts_with("diff --cc ") || line.starts_with("diff --combined ")) {
      st = error_at(lines_.number(), "combined diffs (merge commits) are not supported");
    } else if (at_plain_header()) {
      st = parse_plain_file();
      in_preamble = false;
    } else if (in_preamble) {
      if (line.starts_with("@@ -")) return error_at(lines_.number(), "hunk header before any file header");
      if (first_text == 0 && !is_blank(line)) {
        first_text = lines_.number();
        coloured = line.starts_with("\x1b[");
      }
      lines_.advance();
    } else if (line.starts_with("@@") && !set_.files.empty()) {
      // A hunk separated from the previous one by blank lines still belongs to that file.
      st = parse_hunks(&set_.files.back());
    } else if (starts_new_patch(line)) {
      in_preamble = true;
      lines_.advance();
    } else if (is_noise(line)) {
      lines_.advance();
    } else if (!set_.files.empty() && (line[0] == '+' || line[0] == '-' || line[0] == ' ')) {
      st = error_at(lines_.number(), "line '" + printable(line, 60) +
                                         "' is outside any hunk (a hunk header claims too few lines?)");
    } else {
      st = error_at(lines_.number(), "expected a hunk or file header, found '" + printable(line, 60) + "'");
    }
    if (!st.ok()) return st;
  }
  if (set_.files.empty() && first_text != 0) {
    if (coloured) return error_at(first_text, "diff contains terminal colour codes (use --no-color)");
    return error_at(first_text, "not a unified diff (no 'diff --git' or '---'/'+++' file header)");
  }
  return std::move(set_);
}

Status Parser::start_file(PendingFile* f) {
  f->header_line = lines_.number();
  if (set_.files.size() >= limits_.max_files)
    return error_at(f->header_line, "more than " + std::to_string(limits_.max_files) + " files in the diff");
  return Status::Ok();
}

Status Parser::parse_git_file() {
  PendingFile f;
  if (Status st = start_file(&f); !st.ok()) return st;
  f.has_git_names = git_line_names(lines_.line().substr(strlen("diff --git ")), &f.git_a, &f.git_b);
  if (f.has_git_names) strip_prefixes(&f.git_a, &f.git_b);
  lines_.advance();
  if (Status st = parse_git_headers(&f); !st.ok()) return st;
  if (lines_.line().starts_with("--- ")) {
    if (Status st = parse_minus_plus(&f); !st.ok()) return st;
  }
  if (Status st = parse_hunks(&f.change); !st.ok()) return st;
  return finish(&f);
}

Status Parser::parse_plain_file() {
  PendingFile f;
  if (Status st = start_file(&f); !st.ok()) return st;
  if (Status st = parse_minus_plus(&f); !st.ok()) return st;
  if (Status st = parse_hunks(&f.change); !st.ok()) return st;
  return finish(&f);
}

// git's extended header lines, up to the first line that is not one.
Status Parser::parse_git_headers(PendingFile* f) {
  FileChange& c = f->change;
  for (; !lines_.done(); lines_.advance()) {
    std::string_view s = lines_.line();
    size_t at = lines_.number();
    if (consume(&s, "old mode ")) {
      c.old_mode = s;
    } else if (consume(&s, "new mode ")) {
      c.new_mode = s;
    } else if (consume(&s, "deleted file mode ")) {
      f->deleted_file = true;
      c.old_mode = s;
    } else if (consume(&s, "new file mode ")) {
      f->new_file = true;
      c.new_mode = s;
    } else if (consume(&s, "rename from ") || consume(&s, "copy from ")) {
      if (!header_name(s, &f->from)) return error_at(at, "malformed file name '" + printable(s) + "'");
      f->has_from = true;
      f->from_line = at;
      mark_rename_or_copy(f);
    } else if (consume(&s, "rename to ") || consume(&s, "copy to ")) {
      if (!header_name(s, &f->to)) return error_at(at, "malformed file name '" + printable(s) + "'");
      f->has_to = true;
      f->to_line = at;
      mark_rename_or_copy(f);
    } else if (consume(&s, "similarity index ")) {
      int pct = 0;
      if (parse_number(&s, &pct) == nullptr) c.similarity = std::min(pct, 100);
    } else if (s.starts_with("dissimilarity index ")) {
      // Only said of rewrites (-B); the file is still a modification.
    } else if (consume(&s, "index ")) {
      size_t space = s.find(' ');
      if (space != std::string_view::npos) {
        std::string_view mode = s.substr(space + 1);
        if (c.old_mode.empty() && !f->new_file) c.old_mode = mode;
        if (c.new_mode.empty() && !f->deleted_file) c.new_mode = mode;
      }
    } else if (s.starts_with("Binary files ")) {
      c.binary = true;
    } else if (s == "GIT binary patch") {
      c.binary = true;
      lines_.advance();
      skip_binary_patch();
      return Status::Ok();
    } else {
      return Status::Ok();
    }
  }
  return Status::Ok();
}

// The base85 payload of a binary patch never contains a space, so it cannot be mistaken
// for the header of the next file or a mail signature.
void Parser::skip_binary_patch() {
  while (!lines_.done() && !lines_.line().starts_with("diff --git ") && !starts_new_patch(lines_.line()))
    lines_.advance();
}

Status Parser::parse_minus_plus(PendingFile* f) {
  size_t at = lines_.number();
  std::string_view minus = lines_.line().substr(4);
  lines_.advance();
  if (!lines_.line().starts_with("+++ ")) return error_at(at, "'---' line is not followed by a '+++' line");
  std::string_view plus = lines_.line().substr(4);
  if (!header_name(minus, &f->minus)) return error_at(at, "malformed file name '" + printable(minus) + "'");
  if (!header_name(plus, &f->plus)) return error_at(at + 1, "malformed file name '" + printable(plus) + "'");
  strip_prefixes(&f->minus, &f->plus);
  f->has_minus_plus = true;
  f->minus_line = at;
  lines_.advance();
  return Status::Ok();
}

Status Parser::parse_hunks(FileChange* c) {
  while (!lines_.done()) {
    std::string_view line = lines_.line();
    if (line.starts_with("@@")) {
      if (Status st = parse_hunk(c); !st.ok()) return st;
    } else if (line.starts_with('\\')) {
      lines_.advance();  // "\ No newline at end of file" after the hunk's last line
    } else {
      break;
    }
  }
  return Status::Ok();
}

Status short_hunk(const Hunk& h, size_t at, int old_left, int new_left) {
  int old_seen = h.old_count - old_left, new_seen = h.new_count - new_left;
  std::string claim;
  if (old_left > 0 && new_left > 0)
    claim = std::to_string(h.old_count) + " old and " + std::to_string(h.new_count) + " new lines but has " +
            std::to_string(old_seen) + " and " + std::to_string(new_seen);
  else if (new_left > 0)
    claim = std::to_string(h.new_count) + " new lines but has " + std::to_string(new_seen);
  else
    claim = std::to_string(h.old_count) + " old lines but has " + std::to_string(old_seen);
  return error_at(at, "hunk claims " + claim);
}

Status long_hunk(const Hunk& h, size_t at, bool old_side) {
  int count = old_side ? h.old_count : h.new_count;
  return error_at(at, "hunk claims " + std::to_string(count) + (old_side ? " old" : " new") + " lines but has more");
}

Status Parser::parse_hunk(FileChange* c) {
  size_t at = lines_.number();
  Hunk h;
  if (Status st = parse_hunk_header(lines_.line(), at, &h); !st.ok()) return st;
  lines_.advance();
  int old_left = h.old_count, new_left = h.new_count;
  int old_no = h.old_start, new_no = h.new_start;
  // Each line takes at least two bytes, which bounds what a lying header can make us reserve.
  h.lines.reserve(std::min<size_t>(size_t(old_left) + new_left, lines_.remaining_bytes() / 2));
  while (old_left > 0 || new_left > 0) {
    if (lines_.done()) return short_hunk(h, at, old_left, new_left);
    std::string_view line = lines_.line();
    if (line.starts_with('\\')) {
      lines_.advance();
      continue;
    }
    DiffLine d;
    // Some tools strip the trailing space of an empty context line.
    char mark = line.empty() ? ' ' : line[0];
    if (mark == ' ' && old_left > 0 && new_left > 0) {
      d.kind = DiffLine::Kind::Context;
      d.old_line = old_no++;
      d.new_line = new_no++;
      --old_left;
      --new_left;
    } else if (mark == '+' && new_left > 0) {
      d.kind = DiffLine::Kind::Added;
      d.new_line = new_no++;
      --new_left;
    } else if (mark == '-' && old_left > 0) {
      d.kind = DiffLine::Kind::Removed;
      d.old_line = old_no++;
      --old_left;
    } else if (mark == '+' || mark == '-' || (mark == ' ' && !line.empty())) {
      return long_hunk(h, at, mark == '-' || (mark == ' ' && old_left == 0));
    } else {
      return short_hunk(h, at, old_left, new_left);
    }
    if (!line.empty()) d.text.assign(line.substr(1));
    h.lines.push_back(std::move(d));
    lines_.advance();
  }
  c->hunks.push_back(std::move(h));
  return Status::Ok();
}

Status Parser::finish(PendingFile* f) {
  FileChange& c = f->change;
  bool minus_null = f->has_minus_plus && f->minus == kDevNull;
  bool plus_null = f->has_minus_plus && f->plus == kDevNull;
  if (f->deleted_file || plus_null) c.status = FileStatus::Deleted;
  else if (f->new_file || minus_null) c.status = FileStatus::Added;
  else if (f->renamed) c.status = FileStatus::Renamed;
  else if (f->copied) c.status = FileStatus::Copied;

  size_t old_at = f->header_line, new_at = f->header_line;
  if (f->has_from) {
    c.old_path = f->from;
    old_at = f->from_line;
  } else if (f->has_minus_plus && !minus_null) {
    c.old_path = f->minus;
    old_at = f->minus_line;
  } else if (f->has_git_names) {
    c.old_path = f->git_a;
  }
  if (f->has_to) {
    c.new_path = f->to;
    new_at = f->to_line;
  } else if (f->has_minus_plus && !plus_null) {
    c.new_path = f->plus;
    new_at = f->minus_line + 1;
  } else if (f->has_git_names) {
    c.new_path = f->git_b;
  }
  if (c.status == FileStatus::Added) c.old_path.clear();
  if (c.status == FileStatus::Deleted) c.new_path.clear();

  if ((c.status != FileStatus::Added && c.old_path.empty()) || (c.status != FileStatus::Deleted && c.new_path.empty()))
    return error_at(f->header_line, "cannot tell the file names of this file header");
  if (!c.old_path.empty() && !is_safe_repo_path(c.old_path))
    return error_at(old_at, "unsafe path '" + printable(c.old_path, 200) + "'");
  if (!c.new_path.empty() && !is_safe_repo_path(c.new_path))
    return error_at(new_at, "unsafe path '" + printable(c.new_path, 200) + "'");
  set_.files.push_back(std::move(c));
  return Status::Ok();
}

}  // namespace

Result<ChangeSet> parse_unified_diff(std::string_view text, const DiffLimits& limits) {
  if (text.size() > limits.max_bytes)
    return Status::Error("diff is " + std::to_string(text.size()) + " bytes, more than the limit of " +
                         std::to_string(limits.max_bytes));
  return Parser(text, limits).run();
}

}  // namespace rp
