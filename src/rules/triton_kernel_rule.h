// A rule that judges each Triton kernel a PR touches on its own (a @triton.jit function with an
// added line): the base walks the kernels, the rule says what is wrong in one.
#pragma once

#include <set>
#include <vector>

#include "analysis/triton_facts.h"
#include "rules/rule_base.h"

namespace rp {

template <const RuleInfo& I>
class TritonKernelRule : public FileRuleWithInfo<I> {
 public:
  void check_file(const ReviewContext& ctx, const FileChange& file, std::vector<Finding>& out) const final {
    for_each_touched_kernel(ctx, one_file(file), [&](const FileChange& f, const SyntaxTree& tree, const Function& kernel,
                                     const std::set<int>& added) { check_kernel(f, tree, kernel, added, out); });
  }

 protected:
  // `added`: the head-side lines the PR adds in `f`.
  virtual void check_kernel(const FileChange& f, const SyntaxTree& tree, const Function& kernel,
                            const std::set<int>& added, std::vector<Finding>& out) const = 0;
};

}  // namespace rp
