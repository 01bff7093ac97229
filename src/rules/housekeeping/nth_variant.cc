// nth-variant: a new file that is the third (or later) variant of the same op family
// (foo.py, foo_v2.py, foo_opt.py, foo_fast.py ...).
#include <map>

#include <re2/re2.h>

#include "analysis/facts.h"
#include "core/paths.h"
#include "rules/rule_base.h"

namespace rp {
namespace {

constexpr RuleInfo kInfo{
    .name = "nth-variant",
    .category = Category::Housekeeping,
    .severity = Severity::Note,
    .needs = Needs::FullText,
    .summary = "A new file with a _vN/_opt/_variant/_fast/_new suffix is the third or later variant of the same op.",
    .docs = R"(What it catches: a file the PR adds whose name ends in `_v2`/`_v3`.../`_opt`/`_variant`/
`_fast`/`_new` (before the extension), when its directory in the head tree already holds two or
more files of the same family: the bare name and any other suffixed variant with the same
extension (`gemm.py`, `gemm_v2.py` and now `gemm_opt.py`).
Why it matters: each variant is one more public entry point to keep correct, tune and test;
fixes land in one and not the others (see the sibling-variant rule). From the third, a unified
API with a dispatch parameter is usually cheaper.
Does not fire on: the first or second member of a family; modified files; files without a
variant suffix; a review without the head tree (the family cannot be counted).)"};

class NthVariant : public RuleWithInfo<kInfo> {
 public:
  void check(const ReviewContext& ctx, std::vector<Finding>& out) const override {
    const TreeReader* head = ctx.workspace.head_tree();
    if (!head) return;
    static const RE2 variant(R"(^(.+?)_(v\d+|opt|variant|fast|new)$)");
    std::vector<std::string> files;
    bool listed = false;
    for (const FileChange& f : ctx.pr.changes.files) {
      if (f.status != FileStatus::Added || f.binary) continue;
      std::string base(base_name(f.new_path)), ext(extension(f.new_path));
      std::string stem = base.substr(0, base.size() - ext.size()), family;
      if (ext.empty() || !RE2::FullMatch(stem, variant, &family)) continue;
      if (!listed) {
        files = head->list_files();
        listed = true;
      }
      std::string dir(dir_name(f.new_path));
      std::string prefix = dir.empty() ? "" : dir + "/";
      std::vector<std::string> members;
      for (auto it = std::lower_bound(files.begin(), files.end(), prefix + family); it != files.end(); ++it) {
        if (!it->starts_with(prefix + family)) break;
        std::string_view b = base_name(*it);
        if (dir_name(*it) != dir || extension(*it) != ext) continue;
        std::string s(b.substr(0, b.size() - ext.size()));
        std::string fam2;
        if (s == family || (RE2::FullMatch(s, variant, &fam2) && fam2 == family)) members.push_back(*it);
      }
      if (members.size() < 3) continue;
      Finding x = finding();
      x.location = Location{f.new_path, 0};
      x.problem = f.new_path + " is variant " + std::to_string(members.size()) + " of `" + family + "` in " +
                  (dir.empty() ? "the top directory" : dir + "/");
      for (const std::string& m : members)
        if (m != f.new_path) x.evidence.push_back(m + ": existing member of the family");
      x.impact = "Each variant is another entry point to keep correct, tune and test; fixes applied to one drift "
                 "away from the others";
      x.action = "Reviewer should ask whether this can extend an existing variant (a dispatch parameter behind one "
                 "API) instead of adding one more file";
      out.push_back(std::move(x));
    }
  }
};

REGISTER_RULE(NthVariant);

}  // namespace
}  // namespace rp
