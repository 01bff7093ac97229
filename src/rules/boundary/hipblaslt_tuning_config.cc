// hipblaslt-tuning-config: a tuned-GEMM CSV/YAML row that selects hipblaslt (aiter D3).
#include <re2/re2.h>

#include <cctype>
#include <string>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "hipblaslt-tuning-config",
    .category = Category::Boundary,
    .severity = Severity::Red,
    .needs = Needs::Diff,
    .summary = "An added row of a CSV/YAML tuning config selects hipblaslt.",
    .docs = R"(What it catches: an added line of a `.csv`, `.yaml` or `.yml` file (outside tests) in which
`hipblaslt` is a value: a CSV cell that is exactly `hipblaslt` (the libtype column of a tuned
GEMM table) or a YAML value/list item naming it. One finding per file, at its first such row,
with the number of rows.
Why it matters: a hipblaslt solution index is only meaningful for the hipBLASLt build it was
tuned with; it does not survive a Docker image or ROCm change and the lookup then hangs or
picks a wrong kernel for exactly the shapes the row names.
Does not fire on: removed rows, comment lines (`# hipblaslt rows are not allowed`), header
cells or keys that merely contain the word (`hipblaslt_time`, `skip_hipblaslt: true`), JSON or
Python files, test fixtures, and any row whose library is another backend.)"};

bool equals_ignore_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

bool is_tuning_table(std::string_view path) {
  std::string_view ext = extension(path);
  return ext == ".csv" || ext == ".yaml" || ext == ".yml";
}

// Whether `line` names hipblaslt as a value (not as part of a longer key or column name).
bool selects_hipblaslt(std::string_view line, bool csv) {
  if (csv) {
    size_t start = 0;
    while (start <= line.size()) {
      size_t comma = line.find(',', start);
      std::string_view cell = trim(line.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
      if (cell.size() >= 2 && (cell.front() == '"' || cell.front() == '\'')) cell = cell.substr(1, cell.size() - 2);
      if (equals_ignore_case(cell, "hipblaslt")) return true;
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    return false;
  }
  // YAML: `key: hipblaslt`, `- hipblaslt`, `[cublas, hipblaslt]`; not in a comment.
  std::string code(code_part(line, true));
  static const RE2 value(R"((?i)(:|-|\[|,)\s*["']?hipblaslt["']?\s*(,|\]|$))");
  return RE2::PartialMatch(code, value);
}

class HipblasltTuningConfig : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.status == FileStatus::Deleted || f.binary || !is_tuning_table(f.new_path) || is_test_path(f.new_path)) continue;
      bool csv = extension(f.new_path) == ".csv";
      const DiffLine* first = nullptr;
      int rows = 0;
      for (const Hunk& h : f.hunks)
        for (const DiffLine& l : h.lines) {
          if (l.kind != DiffLine::Kind::Added || !selects_hipblaslt(l.text, csv)) continue;
          if (!first) first = &l;
          ++rows;
        }
      if (!first) continue;
      Finding x = finding();
      x.location = Location{f.new_path, first->new_line};
      x.problem = std::to_string(rows) + " added row" + (rows == 1 ? "" : "s") + " of tuning config " + f.new_path +
                  " select" + (rows == 1 ? "s" : "") + " hipblaslt";
      x.impact = "hipblaslt solution indices are tied to the hipBLASLt build they were tuned with; in another image "
                 "the lookup for these shapes hangs or launches a wrong solution";
      x.action = "Author must drop the hipblaslt rows from the committed config (keep them local), or re-tune those "
                 "shapes with a persistent backend";
      x.trigger = "the shape of row " + std::to_string(first->new_line) + " (`" +
                  std::string(trim(first->text)).substr(0, 60) + "`) looked up in an image with a different hipBLASLt";
      x.evidence.push_back(evidence(f.new_path, first->new_line, first->text));
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(HipblasltTuningConfig);

}  // namespace
}  // namespace rp
