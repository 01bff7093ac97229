#include "analysis/new_code.h"

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

}  // namespace

NewCode::NewCode(const ChangeSet& changes) {
  std::map<std::string, int> removed_text, removed_code;
  for (const FileChange& f : changes.files) {
    if (f.binary) continue;
    bool python = is_python(f.path());
    std::string code;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind != DiffLine::Kind::Removed) continue;
        Keys k = keys_of(l.text, python);
        if (!k.text.empty()) ++removed_text[k.text];
        if (!k.code.empty()) ++removed_code[k.code];
        code += squeeze(code_part(l.text, python));
      }
    if (!code.empty()) removed_code_ += code + "\n";
  }
  for (const FileChange& f : changes.files) {
    if (f.binary || f.new_path.empty()) continue;
    bool python = is_python(f.path());
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines) {
        if (l.kind != DiffLine::Kind::Added) continue;
        Keys k = keys_of(l.text, python);
        auto text = removed_text.find(k.text);
        auto code = k.code.empty() ? removed_code.end() : removed_code.find(k.code);
        bool by_text = !k.text.empty() && text != removed_text.end() && text->second > 0;
        bool by_code = code != removed_code.end() && code->second > 0;
        if (!by_text && !by_code) continue;
        if (by_text) --text->second;
        if (by_code) --code->second;
        moved_[&f].insert(l.new_line);
      }
  }
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

}  // namespace rp
