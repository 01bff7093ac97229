#include "analysis/new_code.h"

#include <cctype>
#include <map>
#include <utility>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "core/strings.h"

namespace rp {

namespace {

std::string squeeze(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') out += c;
  return out;
}

// The two keys a line is compared by: its whole text and its code without the comment, each
// with whitespace collapsed. The code key is empty for blank and comment-only lines.
struct Keys {
  std::string text, code;
};

Keys keys_of(std::string_view line, bool python) {
  return {collapse_whitespace(line), collapse_whitespace(code_part(line, python))};
}

// One removed line that can vouch for one added line.
struct Removed {
  Keys keys;
  bool used = false;
};

// Removed lines by key, each list in diff order; `take` hands out the first unused one.
class RemovedIndex {
 public:
  void add(Removed* r) {
    if (!r->keys.text.empty()) by_text_[r->keys.text].lines.push_back(r);
    if (!r->keys.code.empty()) by_code_[r->keys.code].lines.push_back(r);
  }
  // The first unused removed line with the same text, else with the same code; marks it used.
  bool take(const Keys& k) { return take_from(by_text_, k.text) || take_from(by_code_, k.code); }

 private:
  struct Queue {
    std::vector<Removed*> lines;
    size_t next = 0;  // lines before it are used (a line only ever becomes used)
  };
  static bool take_from(std::map<std::string, Queue>& index, const std::string& key) {
    if (key.empty()) return false;
    auto it = index.find(key);
    if (it == index.end()) return false;
    Queue& q = it->second;
    while (q.next < q.lines.size() && q.lines[q.next]->used) ++q.next;
    if (q.next == q.lines.size()) return false;
    q.lines[q.next]->used = true;
    return true;
  }
  std::map<std::string, Queue> by_text_, by_code_;
};

}  // namespace

// An added line is paired with the nearest removed line that has its text or code: first in
// its own change block (a line edited in place), then in its file, then anywhere in the PR
// (diff order). Pairing PR-wide first would let an identical line the PR adds elsewhere take
// the removed half of an in-place edit (a comment changed on `except Exception:` while the PR
// adds other `except Exception:` lines), leaving the edited line looking new.
NewCode::NewCode(const ChangeSet& changes) {
  std::map<const DiffLine*, Removed> removed;
  std::map<const DiffLine*, Keys> added;  // added lines still unpaired
  std::vector<std::pair<const FileChange*, const DiffLine*>> added_order;
  RemovedIndex everywhere;
  std::map<const FileChange*, RemovedIndex> per_file;
  for (const FileChange& f : changes.files) {
    if (f.binary) continue;
    bool python = is_python(f.path());
    std::string code;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind == DiffLine::Kind::Added && !f.new_path.empty()) {
          added.emplace(&l, keys_of(l.text, python));
          added_order.emplace_back(&f, &l);
        }
        if (l.kind != DiffLine::Kind::Removed) continue;
        Removed& r = removed[&l];
        r.keys = keys_of(l.text, python);
        everywhere.add(&r);
        per_file[&f].add(&r);
        code += squeeze(code_part(l.text, python));
      }
    if (!code.empty()) removed_code_ += code + "\n";
  }
  auto pair = [&](const FileChange& f, const DiffLine* a, RemovedIndex& index) {
    auto it = added.find(a);
    if (it == added.end() || !index.take(it->second)) return;
    moved_[&f].insert(a->new_line);
    added.erase(it);
  };
  for (const FileChange& f : changes.files) {
    if (f.binary || f.new_path.empty()) continue;
    for (const ChangeBlock& b : change_blocks(f)) {
      RemovedIndex block;
      for (const DiffLine* r : b.removed) block.add(&removed[r]);
      for (const DiffLine* a : b.added) pair(f, a, block);
    }
  }
  for (auto& [f, a] : added_order) pair(*f, a, per_file[f]);
  for (auto& [f, a] : added_order) pair(*f, a, everywhere);
}

bool NewCode::moved(const FileChange& file, int line) const {
  auto it = moved_.find(&file);
  return it != moved_.end() && it->second.count(line);
}

std::set<int> NewCode::new_lines(const FileChange& file, const lang::SyntaxTree* tree) const {
  std::set<int> out;
  bool python = is_python(file.path());
  for (const Hunk& h : file.hunks)
    for (const DiffLine& l : h.lines) {
      if (l.kind != DiffLine::Kind::Added) continue;
      if (trim(code_part(l.text, python)).empty()) continue;
      if (tree && tree->line_is_comment(l.new_line)) continue;
      if (moved(file, l.new_line)) continue;
      out.insert(l.new_line);
    }
  return out;
}

bool NewCode::removed_contains(std::string_view code) const {
  std::string s = squeeze(code);
  return !s.empty() && removed_code_.find(s) != std::string::npos;
}

namespace {
// Grouping parentheses out (a `(` not written right after a name or a closing bracket, and its
// `)`; call and definition parentheses stay), then whitespace out, then trailing commas before a
// closer out.
std::string layout_free(std::string_view code) {
  std::string kept;
  std::vector<bool> stack;  // per open `(`: kept?
  for (size_t i = 0; i < code.size(); ++i) {
    char c = code[i];
    if (c == '(') {
      char prev = i ? code[i - 1] : ' ';
      bool call = std::isalnum(static_cast<unsigned char>(prev)) || prev == '_' || prev == ')' || prev == ']';
      stack.push_back(call);
      if (call) kept.push_back(c);
      continue;
    }
    if (c == ')') {
      bool call = stack.empty() || stack.back();
      if (!stack.empty()) stack.pop_back();
      if (call) {
        kept.push_back(c);
      } else {  // `(a, b,)` as a group: its trailing comma goes with it
        while (!kept.empty() && std::isspace(static_cast<unsigned char>(kept.back()))) kept.pop_back();
        if (!kept.empty() && kept.back() == ',') kept.pop_back();
      }
      continue;
    }
    kept.push_back(c);
  }
  std::string s;
  for (char c : kept)
    if (!std::isspace(static_cast<unsigned char>(c))) s.push_back(c);
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ',' && i + 1 < s.size() && (s[i + 1] == ')' || s[i + 1] == ']' || s[i + 1] == '}')) continue;
    out.push_back(s[i]);
  }
  return out;
}
}  // namespace

bool same_code_modulo_layout(std::string_view a, std::string_view b) { return layout_free(a) == layout_free(b); }

}  // namespace rp
