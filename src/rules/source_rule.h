// A rule that judges each changed source file on its own (Python, or C/C++/CUDA too): the base
// walks the PR's changed code files that parse, the rule says what is wrong in one.
#pragma once

#include <set>
#include <vector>

#include "analysis/dispatch_facts.h"
#include "rules/rule_base.h"

namespace rp {

enum class Sources { Python, PythonAndCpp };

template <const RuleInfo& I, Sources S = Sources::Python>
class SourceRule : public FileRuleWithInfo<I> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& f, std::vector<Finding>& out) const final {
    for (const auto& [file, added, tree] : changed_code_sources(one_file(f), ctx.workspace, S == Sources::PythonAndCpp))
      check_source(ctx, *file, added, *tree, out);
  }

 protected:
  // `added`: the head-side lines the PR adds in `f`; `tree`: its head-side parse.
  virtual void check_source(const ReviewContext& ctx, const FileChange& f, const std::set<int>& added,
                            const SyntaxTree& tree, std::vector<Finding>& out) const = 0;
};

}  // namespace rp
