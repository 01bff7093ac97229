// Which definitions `obj.m(...)` can run on a repository class, and whether a call fits one.
#include "analysis/method_binding.h"

#include <map>
#include <memory>

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

struct Repo : testing_support::PythonRepo {
  using PythonRepo::PythonRepo;
  std::optional<std::vector<MethodTarget>> targets(const std::string& path, const std::string& cls,
                                                   std::string_view method) {
    return method_targets(*idx, tree_of, ClassRef{path, cls}, method);
  }
};

index::PyCall call(int positional, std::vector<std::string> keywords = {}) {
  index::PyCall c;
  c.callee = "self.m";
  c.positional = positional;
  c.keywords = std::move(keywords);
  return c;
}

const char* kBase = R"(class Pool:
    def grow(self, blocks, *, pinned=False):
        return blocks

    def drop(self, block):
        pass

    @staticmethod
    def fresh(n):
        return n

    shrink = drop
)";

const char* kChild = R"(from mem.base import Pool


class PagedPool(Pool):
    def grow(self, blocks, pages, pinned=False):
        return blocks + pages


class Leaf(PagedPool):
    def drop(self, block, force):
        pass
)";

TEST(MethodBinding, OwnAndInheritedDefinitionsWithoutSelf) {
  Repo r({{"mem/__init__.py", ""}, {"mem/base.py", kBase}, {"mem/paged.py", kChild}});
  auto t = r.targets("mem/paged.py", "Leaf", "grow");  // inherited from PagedPool, not from Pool
  ASSERT_TRUE(t);
  ASSERT_EQ(t->size(), 1u);
  EXPECT_EQ(t->front().owner.name, "PagedPool");
  ASSERT_EQ(t->front().fn.params.size(), 3u);
  EXPECT_EQ(t->front().fn.params.front().name, "blocks");
}

TEST(MethodBinding, OverridesInSubclassesAreCandidatesToo) {
  Repo r({{"mem/__init__.py", ""}, {"mem/base.py", kBase}, {"mem/paged.py", kChild}});
  auto t = r.targets("mem/base.py", "Pool", "drop");
  ASSERT_TRUE(t);
  ASSERT_EQ(t->size(), 2u);  // Pool.drop, and Leaf.drop two levels down
  EXPECT_FALSE((*t)[0].override_in_subclass);
  EXPECT_TRUE((*t)[1].override_in_subclass);
  // One argument fits Pool.drop; none fits neither of them.
  EXPECT_TRUE(fit_method_call(*t, call(1)).fits);
  EXPECT_TRUE(fit_method_call(*t, call(2)).fits);  // Leaf.drop(block, force)
  MethodCallFit none = fit_method_call(*t, call(0));
  EXPECT_TRUE(none.checkable);
  EXPECT_FALSE(none.fits);
  EXPECT_EQ(none.first.missing, (std::vector<std::string>{"block"}));
}

TEST(MethodBinding, KeywordsAndExcessPositionals) {
  Repo r({{"mem/__init__.py", ""}, {"mem/base.py", kBase}, {"mem/paged.py", kChild}});
  auto t = r.targets("mem/base.py", "Pool", "grow");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->size(), 2u);
  EXPECT_TRUE(fit_method_call(*t, call(2)).fits);                 // PagedPool.grow(blocks, pages)
  EXPECT_FALSE(fit_method_call(*t, call(1, {"pinnned"})).fits);  // misspelt keyword fits neither
  EXPECT_FALSE(fit_method_call(*t, call(4)).fits);
  index::PyCall unpacking = call(0);
  unpacking.star_args = true;
  EXPECT_FALSE(fit_method_call(*t, unpacking).checkable);
}

TEST(MethodBinding, UnknownWhenTheLookupCannotBeFollowed) {
  Repo r({{"mem/__init__.py", ""},
          {"mem/base.py", kBase},
          {"mem/paged.py", kChild},
          {"mem/ext.py", R"(import torch


class Cache(torch.nn.Module):
    def forward(self, x):
        return x


class Mixed(Cache, dict):
    pass


class Dyn:
    def __getattr__(self, name):
        return 1

    def run(self, x):
        return x


class Twice:
    def run(self, x):
        return x

    if True:
        def run(self, x, y):
            return y
)"}});
  EXPECT_FALSE(r.targets("mem/base.py", "Pool", "fresh"));     // staticmethod: no self
  EXPECT_FALSE(r.targets("mem/base.py", "Pool", "shrink"));    // bound by an assignment
  EXPECT_FALSE(r.targets("mem/base.py", "Pool", "missing"));   // no definition: another question
  EXPECT_FALSE(r.targets("mem/ext.py", "Cache", "to"));        // leaves the repository (nn.Module)
  EXPECT_TRUE(r.targets("mem/ext.py", "Cache", "forward"));    // its own def is what runs
  EXPECT_FALSE(r.targets("mem/ext.py", "Mixed", "forward"));   // two bases: not followed
  EXPECT_FALSE(r.targets("mem/ext.py", "Dyn", "run"));         // __getattr__: not knowable
  EXPECT_FALSE(r.targets("mem/ext.py", "Twice", "run"));       // bound twice in its body
}

}  // namespace
}  // namespace rp
