#include "verdict/fingerprint.h"

#include <cstdint>
#include <map>
#include <tuple>

#include "core/strings.h"

namespace rp {

namespace {

std::string collapse(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

std::string nth_line(const std::string& text, int line) {
  size_t start = 0;
  for (int i = 1; i < line; ++i) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return "";
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string line_from_diff(const PullRequest& pr, const Location& loc) {
  const FileChange* file = pr.changes.find(loc.file);
  if (!file) return "";
  for (const Hunk& hunk : file->hunks)
    for (const DiffLine& dl : hunk.lines)
      if (dl.new_line == loc.line) return dl.text;
  return "";
}

}  // namespace

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
  mix(collapse(line_text));
  mix(std::to_string(ordinal));
  static const char* kHex = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[i] = kHex[h & 0xf];
  return out;
}

void assign_fingerprints(std::vector<Finding>& findings, const PullRequest& pr, Workspace& workspace) {
  std::map<std::tuple<std::string, std::string, std::string>, int> seen;
  for (Finding& f : findings) {
    std::string file, text;
    if (!f.location) {
      text = f.problem;
    } else {
      file = f.location->file;
      if (f.location->line > 0) {
        if (const std::string* whole = workspace.new_text(file)) text = nth_line(*whole, f.location->line);
        else text = line_from_diff(pr, *f.location);
      }
    }
    int ordinal = seen[{f.rule, file, collapse(text)}]++;
    f.fingerprint = fingerprint_of(f.rule, file, text, ordinal);
  }
}

}  // namespace rp
