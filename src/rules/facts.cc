#include "rules/facts.h"

namespace rp {

std::vector<AddedLine> added_lines(const ChangeSet& changes) {
  std::vector<AddedLine> out;
  for (const FileChange& f : changes.files) {
    if (f.binary || f.new_path.empty()) continue;
    for (const Hunk& h : f.hunks)
      for (const DiffLine& l : h.lines)
        if (l.kind == DiffLine::Kind::Added) out.push_back({&f, &l});
  }
  return out;
}

std::set<int> added_line_numbers(const FileChange& file) {
  std::set<int> out;
  for (const Hunk& h : file.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == DiffLine::Kind::Added) out.insert(l.new_line);
  return out;
}

std::set<int> removed_line_numbers(const FileChange& file) {
  std::set<int> out;
  for (const Hunk& h : file.hunks)
    for (const DiffLine& l : h.lines)
      if (l.kind == DiffLine::Kind::Removed) out.insert(l.old_line);
  return out;
}

bool touches_added(const std::set<int>& added, int first, int last) {
  auto it = added.lower_bound(first);
  return it != added.end() && *it <= last;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

std::string evidence(std::string_view path, int line, std::string_view code) {
  std::string_view t = trim(code);
  std::string out = std::string(path) + ":" + std::to_string(line) + ": ";
  if (t.size() > 160) {
    size_t cut = 160;
    // Do not cut a UTF-8 sequence in half.
    while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;
    out += std::string(t.substr(0, cut)) + "...";
  } else {
    out += std::string(t);
  }
  return out;
}

std::string_view code_part(std::string_view line, bool python) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (python && c == '#') return line.substr(0, i);
    else if (!python && c == '/' && i + 1 < line.size() && line[i + 1] == '/') return line.substr(0, i);
  }
  return line;
}

bool is_comment_only(std::string_view line, bool python) {
  std::string_view t = trim(line);
  if (t.empty()) return false;
  if (python) return t.front() == '#';
  return t.starts_with("//") || t.starts_with("/*") || t.starts_with("*");
}

}  // namespace rp
