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

// What a name read on `line` of pack/layer.py resolves to, as "module:name" ("" when unresolved).
std::string resolved(const Repo& r, const std::string& name, int line) {
  auto t = resolve_symbol(*r.idx, "pack/layer.py", name, line);
  return t ? t->module_path + ":" + t->name : "";
}

TEST(IndexFacts, ModuleImportsResolveInsideAFunctionThatDoesNotRebindThem) {
  Repo r;
  EXPECT_EQ(resolved(r, "choose", 7), "pack/pick.py:pick_top");
  EXPECT_EQ(resolved(r, "sel.pick_all", 7), "pack/pick.py:pick_all");
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
  EXPECT_EQ(resolved(r, "ranker", 18), "pack/pick.py:pick_all");
}

TEST(IndexFacts, AFunctionsOwnImportHidesASameFileDefinition) {
  Repo r;
  ASSERT_TRUE(resolve_symbol(*r.idx, "pack/layer.py", "merge", 7));
  EXPECT_FALSE(resolve_symbol(*r.idx, "pack/layer.py", "merge", 27));
}

}  // namespace
}  // namespace rp
