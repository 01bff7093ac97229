#include "analysis/perf_facts.h"

#include <re2/re2.h>

#include "core/paths.h"

namespace rp {

namespace {
bool is_ci_path(std::string_view path) {
  for (std::string_view d : {".github", ".ci", "ci", ".gitlab"})
    if (has_dir_named(path, d)) return true;
  return false;
}
}  // namespace

bool changes_no_shipped_code(const ChangeSet& changes) {
  if (changes.files.empty()) return false;
  for (const FileChange& f : changes.files) {
    const std::string& p = f.path();
    if (!is_doc_path(p) && !is_test_path(p) && !is_ci_path(p)) return false;
  }
  return true;
}

std::string benchmark_script_in_diff(const ChangeSet& changes) {
  static const RE2 kBench(
      R"re((?i)(?:^|/)(?:bench\w*|benchmarks?|perf\w*|profil\w*|run_?perf\w*)(?:/|\.py$|\.sh$)|(?:^|/)\w*_(?:bench|benchmark|perf)\w*\.(?:py|sh)$)re");
  for (const FileChange& f : changes.files) {
    if (f.status == FileStatus::Deleted || f.binary) continue;
    if (RE2::PartialMatch(f.path(), kBench)) return f.path();
  }
  return {};
}

std::string headline_number(const text::DescriptionFacts& d) {
  const text::Quantity* best = nullptr;
  for (std::string_view unit : {"x", "%"}) {
    for (const text::Quantity& q : d.perf_numbers)
      if (q.unit == unit && (!best || q.value > best->value)) best = &q;
    if (best) return best->text;
  }
  return d.perf_numbers.empty() ? std::string() : d.perf_numbers.front().text;
}

std::string join_and(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? " and " : ", ";
    out += items[i];
  }
  return out;
}

}  // namespace rp
