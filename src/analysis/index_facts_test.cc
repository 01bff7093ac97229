// What a name in one file resolves to through its imports: a function's own import of a name
// hides the module's binding of it for the whole function.
#include "analysis/index_facts.h"

#include <map>
#include <memory>

#include <gtest/gtest.h>

#include "source/map_tree.h"

namespace rp {
namespace {

const char* kPick = R"(def pick_top(scores, k):
    return scores[:k]


def pick_all(scores):
    return scores
)";

// Line 1-2: module imports; route (6-7) uses them; local (10-13) imports the vendor's names;
// mine (16-18) imports the repository's module under a name the module gave a vendor module.
const char* kLayer = R"(import pack.pick as sel
from pack.pick import pick_top as choose
from vendor import ranker


def route(s):
    return choose(s, 2) + sel.pick_all(s)


def local(s):
    import vendor.grouping as sel
    from vendor.routing import choose
    return choose(s) + sel.bucket(s)


def mine(s):
    from pack.pick import pick_all as ranker
    return ranker(s)


def merge(a, b):
    return a + b


def shadowed_def(a):
    from vendor.ops import merge
    return merge(a, a)
)";

struct Repo {
  Repo()
      : tree(std::map<std::string, std::string>{
            {"pack/__init__.py", ""}, {"pack/pick.py", kPick}, {"pack/layer.py", kLayer}}),
        idx(index::RepoIndex::build(tree, index::BuildOptions{})) {}
  MapTree tree;
  std::unique_ptr<index::RepoIndex> idx;
};

TEST(IndexFacts, ModuleImportsResolveInsideAFunctionThatDoesNotRebindThem) {
  Repo r;
  auto bare = resolve_symbol(*r.idx, "pack/layer.py", "choose", 7);
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->module_path, "pack/pick.py");
  EXPECT_EQ(bare->name, "pick_top");
  auto dotted = resolve_symbol(*r.idx, "pack/layer.py", "sel.pick_all", 7);
  ASSERT_TRUE(dotted);
  EXPECT_EQ(dotted->module_path, "pack/pick.py");
}

TEST(IndexFacts, AFunctionsOwnImportOfAnotherPackageHidesTheModuleBinding) {
  Repo r;
  EXPECT_FALSE(resolve_symbol(*r.idx, "pack/layer.py", "choose", 13));
  EXPECT_FALSE(resolve_symbol(*r.idx, "pack/layer.py", "sel.bucket", 13));
  EXPECT_EQ(module_aliases(*r.idx, "pack/layer.py", 13).count("sel"), 0u);
  EXPECT_EQ(module_aliases(*r.idx, "pack/layer.py", 7).count("sel"), 1u);
}

TEST(IndexFacts, AFunctionsOwnImportOfThisRepositoryWinsOverAVendorName) {
  Repo r;
  auto t = resolve_symbol(*r.idx, "pack/layer.py", "ranker", 18);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->module_path, "pack/pick.py");
  EXPECT_EQ(t->name, "pick_all");
}

TEST(IndexFacts, AFunctionsOwnImportHidesASameFileDefinition) {
  Repo r;
  ASSERT_TRUE(resolve_symbol(*r.idx, "pack/layer.py", "merge", 7));
  EXPECT_FALSE(resolve_symbol(*r.idx, "pack/layer.py", "merge", 27));
}

}  // namespace
}  // namespace rp
