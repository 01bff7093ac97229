#include "analysis/aiter_calls.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

PullRequestMeta described(std::string body) {
  PullRequestMeta m;
  m.title = "some change";
  m.body = std::move(body);
  m.has_description = true;
  return m;
}

TEST(AiterCalls, BindingsOfNamesAndModules) {
  auto t = lang::SyntaxTree::parse(lang::Grammar::Python,
                                   "import aiter as ra\nimport aiter.ops.quant\nfrom aiter.dist import ar_norm as arn\n"
                                   "from aiter import Q\nfrom atom.x import y\n");
  AiterBindings b = aiter_bindings(*t);
  EXPECT_EQ(b.names.at("arn"), "ar_norm");
  EXPECT_EQ(b.names.at("Q"), "Q");
  EXPECT_FALSE(b.names.count("y"));
  EXPECT_TRUE(b.modules.count("ra"));
  EXPECT_TRUE(b.modules.count("aiter.ops.quant"));
  EXPECT_EQ(b.lines.at("ar_norm"), 3);
  EXPECT_EQ(resolve_aiter_callee("arn", b), "ar_norm");
  EXPECT_EQ(resolve_aiter_callee("ra.topk", b), "ra.topk");
  EXPECT_EQ(resolve_aiter_callee("torch.topk", b), "");
}

TEST(AiterCalls, NewKeywordOnlyOnAddedLinesOfCalledFunctions) {
  auto old = lang::SyntaxTree::parse(lang::Grammar::Python,
                                     "from aiter import f, g\n"
                                     "def a(x):\n"
                                     "    return f(x, eps=1)\n");
  auto neu = lang::SyntaxTree::parse(lang::Grammar::Python,
                                     "from aiter import f, g, h\n"
                                     "def a(x, p):\n"
                                     "    y = g(x, k=2)\n"
                                     "    z = h(x, k=3)\n"
                                     "    return f(x, eps=1,\n"
                                     "             pad=p)\n");
  std::vector<NewAiterKeyword> ks = new_aiter_keywords(*neu, *old, {3, 4, 5, 6});
  ASSERT_EQ(ks.size(), 1u);  // g and h were not called before; eps was passed before
  EXPECT_EQ(ks[0].function, "f");
  EXPECT_EQ(ks[0].keyword, "pad");
  EXPECT_EQ(ks[0].line, 6);
  EXPECT_EQ(ks[0].value.text(), "p");
  EXPECT_TRUE(new_aiter_keywords(*neu, *old, {3, 4, 5}).empty());  // the keyword's line is not added
}

TEST(AiterCalls, PrerequisiteNeedsALinkInAWaitingSentence) {
  EXPECT_EQ(aiter_prerequisite(described("Please merge this PR after https://github.com/ROCm/aiter/pull/3265/changes.")),
            "aiter#3265");
  EXPECT_EQ(aiter_prerequisite(described("Intro.\n\nDepends on ROCm/aiter#812 (new kwarg).")), "aiter#812");
  EXPECT_EQ(aiter_prerequisite(described("Should go in once aiter #77 is merged")), "aiter#77");
  EXPECT_EQ(aiter_prerequisite(described("Waiting for https://github.com/ROCm/aiter/pull/9 to land")), "aiter#9");
  // A link that is history, not a wait.
  EXPECT_EQ(aiter_prerequisite(described("Uses the mode that ROCm/aiter#5123 added last week (merged).")), "");
  // The wait is in another sentence than the link.
  EXPECT_EQ(aiter_prerequisite(described("This depends on the new config. See ROCm/aiter#40 for the kernel.")), "");
  // Another repository's PR.
  EXPECT_EQ(aiter_prerequisite(described("Merge after https://github.com/vllm-project/vllm/pull/123.")), "");
  // No description (a git-only review).
  PullRequestMeta none = described("Merge after ROCm/aiter#5.");
  none.has_description = false;
  EXPECT_EQ(aiter_prerequisite(none), "");
}

TEST(AiterCalls, LinksAiter) {
  EXPECT_TRUE(links_aiter(described("needs aiter#12")));
  EXPECT_TRUE(links_aiter(described("bump aiter to the new wheel")));
  EXPECT_FALSE(links_aiter(described("faster sampler")));
}

}  // namespace
}  // namespace rp
