// backbone-duplication: the same new block (same structure, literals and comments; only names
// differ) added to two backbone files in one PR.
#include <re2/re2.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "backbone-duplication",
    .category = Category::Boundary,
    .severity = Severity::Warn,
    .needs = Needs::Diff,
    .summary = "The same new block, with only names changed, is added to two backbone files.",
    .docs = R"(What it catches: a run of at least 6 consecutive added lines in one backbone file (an
exact path of the profile's Tier 1/2 table, e.g. ATOM's `deepseek_v2.py` and `deepseek_v4.py`)
that matches a run of added lines in another backbone file of the same PR once identifiers are
abstracted: same keywords, operators, literals (the magic constants) and comment words, names
free to differ. The run must carry substance: a numeric literal or a comment, and at least 120
characters of code. One finding per file pair, on the first file's run, naming the other.
Why it matters: a fix copied between two model or dispatch files looks symmetric, but each file
has its own invariants (shapes, dtypes, which caller feeds it); a copy that was verified in one
context is usually not re-verified in the other, and the next fix lands in only one of them.
Does not fire on: duplication inside one file, files outside the backbone table (op wrapper
directories listed only as a prefix are not backbone here), short or boilerplate runs (imports,
plain assignments without literals), runs that differ in any literal or operator, unchanged
code, and test files.)"};

constexpr size_t kWindow = 6;

bool is_backbone(const Profile& profile, std::string_view path) {
  for (const BackboneFile& b : profile.backbone)
    if (!b.path.empty() && b.path.back() != '/' && b.tier <= 2 && b.path == path) return true;
  return false;
}

// Identifiers abstracted, whitespace collapsed; keywords kept.
std::string shape_of(std::string_view line, bool python) {
  static const std::set<std::string> keywords = {
      "if", "elif", "else", "for", "while", "in", "not", "and", "or", "return", "def", "class", "with", "as",
      "try", "except", "raise", "assert", "import", "from", "None", "True", "False", "break", "continue", "lambda",
      "is", "yield", "pass", "const", "int", "auto", "float"};
  std::string out;
  std::string s = collapse_whitespace(line);
  for (size_t i = 0; i < s.size();) {
    char c = s[i];
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      std::string word = s.substr(i, j - i);
      bool in_comment = python ? out.find('#') != std::string::npos : out.find("//") != std::string::npos;
      out += (keywords.count(word) || in_comment) ? word : "$";
      i = j;
      continue;
    }
    out += c;
    ++i;
  }
  return out;
}

struct Run {
  std::string key;
  int first_line = 0;
  std::string text;
};

std::vector<Run> runs_of(const FileChange& f) {
  static const RE2 digit(R"(\d)");
  std::vector<Run> out;
  for (const Hunk& h : f.hunks) {
    std::vector<const DiffLine*> block;
    auto flush = [&]() {
      for (size_t i = 0; i + kWindow <= block.size(); ++i) {
        Run r;
        r.first_line = block[i]->new_line;
        size_t chars = 0;
        bool substance = false;
        for (size_t k = i; k < i + kWindow; ++k) {
          std::string_view t = trim(block[k]->text);
          r.key += shape_of(t, is_python(f.new_path)) + "\n";
          r.text += std::string(t) + "\n";
          chars += t.size();
          if (RE2::PartialMatch(std::string(t), digit) || t.starts_with("#") || t.starts_with("//")) substance = true;
        }
        if (substance && chars >= 120) out.push_back(std::move(r));
      }
      block.clear();
    };
    for (const DiffLine& l : h.lines) {
      if (l.kind == DiffLine::Kind::Added) {
        if (!trim(l.text).empty()) block.push_back(&l);
        continue;
      }
      if (l.kind == DiffLine::Kind::Context) flush();
    }
    flush();
  }
  return out;
}

class BackboneDuplication : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    std::vector<const FileChange*> files;
    for (const FileChange& f : ctx.pr.changes.files)
      if (f.status != FileStatus::Deleted && !f.binary && is_backbone(ctx.profile, f.new_path)) files.push_back(&f);
    if (files.size() < 2) return;
    std::vector<std::vector<Run>> runs;
    for (const FileChange* f : files) runs.push_back(runs_of(*f));
    for (size_t a = 0; a < files.size(); ++a) {
      std::map<std::string, const Run*> index;
      for (const Run& r : runs[a]) index.emplace(r.key, &r);
      for (size_t b = a + 1; b < files.size(); ++b) {
        for (const Run& r : runs[b]) {
          auto it = index.find(r.key);
          if (it == index.end()) continue;
          report(*files[a], *it->second, *files[b], r, out);
          break;
        }
      }
    }
  }

 private:
  void report(const FileChange& fa, const Run& ra, const FileChange& fb, const Run& rb, std::vector<Finding>& out) const {
    Finding x = finding();
    x.location = Location{fa.new_path, ra.first_line};
    x.related.push_back(Location{fb.new_path, rb.first_line});
    x.problem = "The block added at " + fa.new_path + ":" + std::to_string(ra.first_line) + " and the one at " +
                fb.new_path + ":" + std::to_string(rb.first_line) +
                " are the same algorithm (same literals, operators and comments) with only names changed";
    x.impact = "Each backbone file has its own invariants; a copy verified in one context is rarely re-verified in the "
               "other, and the next fix to this logic will land in only one of them";
    x.action = "Reviewer should ask whether the block was verified independently in both files, and whether it "
               "belongs in one shared helper both call";
    size_t nl = ra.text.find('\n');
    x.evidence.push_back(evidence(fa.new_path, ra.first_line, ra.text.substr(0, nl)));
    nl = rb.text.find('\n');
    x.evidence.push_back(evidence(fb.new_path, rb.first_line, rb.text.substr(0, nl)));
    out.push_back(std::move(x));
  }
};

REGISTER_RULE(BackboneDuplication);

}  // namespace
}  // namespace rp
