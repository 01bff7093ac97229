#include "verdict/summary.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "core/paths.h"

namespace rp {

namespace {
std::string plural(int n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string area_of(const std::string& path) {
  std::string_view dir = dir_name(path);
  if (dir.empty()) return "the repository root";
  // Two levels say where without drowning the sentence: "aiter/ops", "csrc/kernels".
  size_t first = dir.find('/');
  // fmt, not `"`" + std::string(dir)`: GCC 12 at -O3 reports that insert as an overlapping
  // memcpy (-Wrestrict, a false positive that breaks Release -Werror builds).
  if (first == std::string_view::npos) return fmt::format("`{}/`", dir);
  size_t second = dir.find('/', first + 1);
  return fmt::format("`{}/`", dir.substr(0, second));
}

std::string_view language_label(const std::string& path) {
  switch (language_of(path)) {
    case Language::Python: return "Python";
    case Language::Cuda: return "CUDA/HIP";
    case Language::Cpp: return "C++";
    case Language::None: break;
  }
  std::string_view ext = extension(path);
  if (ext == ".md" || ext == ".rst") return "docs";
  if (ext == ".csv" || ext == ".yaml" || ext == ".yml" || ext == ".json" || ext == ".toml") return "config";
  if (ext == ".sh") return "shell";
  return "";
}
}  // namespace

std::string summarize(const ChangeSet& changes) {
  if (changes.files.empty()) return "Changes no files.";
  int added = 0, modified = 0, deleted = 0, renamed = 0;
  std::map<std::string, int> areas;
  std::set<std::string_view> languages;
  for (const FileChange& f : changes.files) {
    switch (f.status) {
      case FileStatus::Added:
      case FileStatus::Copied: ++added; break;
      case FileStatus::Deleted: ++deleted; break;
      case FileStatus::Renamed: ++renamed; break;
      case FileStatus::Modified: ++modified; break;
    }
    ++areas[area_of(f.path())];
    std::string_view lang = language_label(f.path());
    if (!lang.empty()) languages.insert(lang);
  }
  std::vector<std::string> verbs;
  if (added) verbs.push_back("adds " + plural(added, "file"));
  if (modified) verbs.push_back("modifies " + plural(modified, "file"));
  if (renamed) verbs.push_back("renames " + plural(renamed, "file"));
  if (deleted) verbs.push_back("deletes " + plural(deleted, "file"));
  std::string what;
  for (size_t i = 0; i < verbs.size(); ++i) {
    if (i) what += i + 1 == verbs.size() ? " and " : ", ";
    what += verbs[i];
  }
  what[0] = static_cast<char>(what[0] - 'a' + 'A');

  // The areas with the most files first; name at most three.
  std::vector<std::pair<int, std::string>> ranked;
  for (auto& [area, n] : areas) ranked.push_back({-n, area});
  std::sort(ranked.begin(), ranked.end());
  std::string where;
  size_t shown = std::min<size_t>(3, ranked.size());
  for (size_t i = 0; i < shown; ++i) {
    if (i) where += i + 1 == shown && ranked.size() <= 3 ? " and " : ", ";
    where += ranked[i].second;
  }
  if (ranked.size() > 3) {
    int more = static_cast<int>(ranked.size() - 3);
    where += fmt::format(" and {} more area{}", more, more == 1 ? "" : "s");
  }

  std::string langs;
  for (std::string_view l : languages) {
    if (!langs.empty()) langs += ", ";
    langs += l;
  }
  std::string detail = fmt::format("+{}/−{} lines", changes.added_count(), changes.removed_count());
  if (!langs.empty()) detail = langs + "; " + detail;
  return fmt::format("{} in {} ({}).", what, where, detail);
}

std::string summarize_pr(const ChangeSet& changes, const PrClassification& c) {
  std::string base = changes.files.empty() ? std::string("No code change was given (reviewed from the description).")
                                           : summarize(changes);
  std::vector<std::string> kinds;
  for (const PrType& t : c.types) {
    // Structure facts, not kinds: they stay in the JSON.
    if (t.id == "core-file" || t.id == "scattered-diff" || t.id == "comment-dominated" || t.id == "head-count-tp") continue;
    if (kinds.size() < 3) kinds.push_back(pr_type_label(t.id));
  }
  auto first = [](const std::vector<std::string>& v, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < v.size() && i < n; ++i) out += (i ? ", " : "") + v[i];
    return out;
  };
  std::vector<std::string> scope;
  for (const auto* v : {&c.archs, &c.dtypes, &c.phases})
    if (!v->empty()) scope.push_back(first(*v, 3));
  std::string lead;
  if (!kinds.empty()) {
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      if (i) lead += i + 1 == kinds.size() ? " and " : ", ";
      lead += kinds[i];
    }
    lead[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(lead[0])));
  }
  std::string ops = first(c.ops, 3);
  if (!ops.empty()) lead += (lead.empty() ? "Touches " : " touching ") + ops;
  if (!scope.empty()) {
    std::string s;
    for (const std::string& part : scope) s += (s.empty() ? "" : "; ") + part;
    lead += (lead.empty() ? "Scope " : " ") + ("(" + s + ")");
  }
  if (lead.empty()) return base;
  base[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(base[0])));
  return lead + ": " + base;
}

}  // namespace rp
