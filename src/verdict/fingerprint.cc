#include "verdict/fingerprint.h"

#include <cstdint>
#include <map>
#include <tuple>

#include "core/strings.h"

namespace rp {

namespace {

std::optional<std::string> line_from_diff(const PullRequest& pr, const std::string& path, int line) {
  const FileChange* file = pr.changes.find(path);
  if (!file) return std::nullopt;
  for (const Hunk& hunk : file->hunks)
    for (const DiffLine& dl : hunk.lines)
      if (dl.new_line == line) return dl.text;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> head_line_text(const PullRequest& pr, Workspace& workspace, const std::string& file, int line) {
  if (line <= 0) return std::nullopt;
  if (const std::string* whole = workspace.new_text(file)) {
    if (auto text = nth_line(*whole, line)) return std::string(*text);
    return std::nullopt;
  }
  return line_from_diff(pr, file, line);
}

std::optional<std::string> HeadLines::at(const std::string& file, int line) {
  if (line <= 0) return std::nullopt;
  const std::string* whole = workspace_.new_text(file);
  if (!whole) return head_line_text(pr_, workspace_, file, line);
  auto [it, fresh] = starts_.try_emplace(file);
  std::vector<size_t>& starts = it->second;
  if (fresh) {
    starts.push_back(0);
    for (size_t nl = whole->find('\n'); nl != std::string::npos; nl = whole->find('\n', nl + 1)) starts.push_back(nl + 1);
  }
  size_t i = static_cast<size_t>(line) - 1;
  // nth_line's contract: nullopt past the last line; a final newline starts no other line.
  if (i >= starts.size() || (starts[i] == whole->size() && line > 1)) return std::nullopt;
  size_t end = i + 1 < starts.size() ? starts[i + 1] - 1 : whole->size();
  return whole->substr(starts[i], end - starts[i]);
}

std::string fingerprint_of(const std::string& rule, const std::string& file, const std::string& line_text, int ordinal) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::string_view s) {
    for (unsigned char c : s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // field separator
    h *= 1099511628211ull;
  };
  mix(rule);
  mix(file);
  mix(collapse_spaces(line_text));
  mix(std::to_string(ordinal));
  static const char* kHex = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = kHex[h & 0xf];
  return out;
}

void assign_fingerprints(std::vector<Finding>& findings, const PullRequest& pr, Workspace& workspace) {
  std::map<std::tuple<std::string, std::string, std::string>, int> seen;
  HeadLines lines(pr, workspace);
  for (Finding& f : findings) {
    std::string file, text;
    if (!f.location) {
      text = f.problem;
    } else {
      file = f.location->file;
      text = lines.at(file, f.location->line).value_or("");
    }
    int ordinal = seen[{f.rule, file, collapse_spaces(text)}]++;
    f.fingerprint = fingerprint_of(f.rule, file, text, ordinal);
  }
}

}  // namespace rp
