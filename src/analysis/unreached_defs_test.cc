// Reach of module-level definitions through the head tree.
#include "analysis/unreached_defs.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

using testing_support::PythonRepo;

DefinitionReach reach_of(PythonRepo& r) {
  return DefinitionReach(*r.idx, r.tree_of, [&r](const std::string& p) { return r.tree.read(p); });
}

TEST(DefinitionReach, HelpersOnlyUnusedCodeCallsAreUnreached) {
  PythonRepo r({{"pkg/__init__.py", ""},
                {"pkg/vendored.py",
                 "def stamp():\n    return clock.now()\n\n"
                 "def make_batch(n):\n    stamp()\n    return [0] * n\n\n"
                 "def size_of(x):\n    return len(x)\n"},
                {"pkg/user.py", "from .vendored import size_of\n\nVALUE = size_of([1])\n"}});
  DefinitionReach reach = reach_of(r);
  std::string why;
  EXPECT_FALSE(reach.reached("pkg/vendored.py", "stamp", &why));
  EXPECT_NE(why.find("nothing in the head tree reaches"), std::string::npos);
  EXPECT_FALSE(reach.reached("pkg/vendored.py", "make_batch"));
  EXPECT_TRUE(reach.reached("pkg/vendored.py", "size_of"));  // imported and read at module level
}

TEST(DefinitionReach, ChainsAcrossFilesEndWhereTheFirstUseIsCommentedOut) {
  PythonRepo r({{"lib/__init__.py", ""},
                {"lib/devices.py", "def count_devices():\n    return registry.visible()\n"},
                {"lib/peer.py",
                 "from .devices import count_devices\n\n"
                 "def check_peer(a, b):\n    return a < count_devices() and b < count_devices()\n"},
                {"lib/ring.py",
                 "from .peer import check_peer\n\n"
                 "def _all_peers(n):\n    return all(check_peer(0, i) for i in range(n))\n\n"
                 "class Ring:\n    def __init__(self, n):\n        self.n = n\n"
                 "        # if not _all_peers(n): return\n"},
                {"lib/engine.py", "from .ring import Ring\n\nRING = Ring(2)\n"}});
  DefinitionReach reach = reach_of(r);
  EXPECT_FALSE(reach.reached("lib/devices.py", "count_devices"));
  EXPECT_FALSE(reach.reached("lib/peer.py", "check_peer"));
  EXPECT_TRUE(reach.reached("lib/ring.py", "Ring"));
}

TEST(DefinitionReach, CallsThroughModulesQualnamesAndDecoratorsCount) {
  PythonRepo r({{"app/__init__.py", ""},
                {"app/tools.py",
                 "import functools\n\n"
                 "def via_module():\n    return 1\n\n"
                 "class Loaded:\n    pass\n\n"
                 "@functools.lru_cache\ndef cached():\n    return 2\n\n"
                 "@register_op(\"tools\")\ndef registered():\n    return 5\n\n"
                 "def loose():\n    return 3\n"},
                {"app/run.py",
                 "from app import tools\n\nX = tools.via_module()\nLOADER = \"app.tools.Loaded\"\n"},
                {"app/listed.py", "__all__ = ['exported']\n\ndef exported():\n    return 4\n"}});
  DefinitionReach reach = reach_of(r);
  EXPECT_TRUE(reach.reached("app/tools.py", "via_module"));
  EXPECT_TRUE(reach.reached("app/tools.py", "Loaded"));   // named by its dotted path at module level
  EXPECT_FALSE(reach.reached("app/tools.py", "cached"));     // a cache wraps it, nothing registers it
  EXPECT_TRUE(reach.reached("app/tools.py", "registered"));  // a decorator may hand it on at import
  EXPECT_FALSE(reach.reached("app/listed.py", "exported"));  // `__all__` is not a use
  EXPECT_FALSE(reach.reached("app/tools.py", "loose"));
}

TEST(DefinitionReach, AQualnameInsideAnUnusedFunctionDoesNotReach) {
  PythonRepo r({{"eng/__init__.py", ""},
                {"eng/graphs.py", "class Recorder:\n    def __call__(self):\n        return begin()\n"},
                {"eng/pick.py", "def recorder_name():\n    return \"eng.graphs.Recorder\"\n"}});
  DefinitionReach reach = reach_of(r);
  EXPECT_FALSE(reach.reached("eng/graphs.py", "Recorder"));
}

TEST(DefinitionReach, CommentedOutImportsOfAName) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "import os\n# from upstream.platform import device_kind, host\n"
                                      "# from upstream.comm import (\n#     RingComm)\n"
                                      "# kind of devices: device_kinds\n\nx = 1\n");
  EXPECT_EQ(commented_out_import(*tree, "device_kind"), 2);
  EXPECT_EQ(commented_out_import(*tree, "RingComm"), 4);
  EXPECT_EQ(commented_out_import(*tree, "device_kinds"), 0);  // a comment, not an import
  EXPECT_EQ(commented_out_import(*tree, "os"), 0);
}

TEST(DefinitionReach, ArmsNoCallerTakes) {
  PythonRepo r({{"net/__init__.py", ""},
                {"net/group.py",
                 "class Group:\n    def __init__(self, ranks, use_ring, use_tree=False, fast=True):\n"
                 "        if use_ring and len(ranks) > 1:\n            self.ring = Ring(ranks)\n"
                 "        if use_tree:\n            self.tree = Tree(ranks)\n"
                 "        if fast:\n            self.mode = 1\n\n"
                 "def world(ranks):\n    return Group(ranks, use_ring=False)\n\n"
                 "def local(ranks):\n    return Group(ranks, False, fast=False)\n"},
                {"net/other.py", "from .group import Group\n\nG = Group([0], use_ring=None, use_tree=True)\n"}});
  const lang::SyntaxTree* tree = r.tree_of("net/group.py");
  lang::Function init;
  for (const lang::Function& f : tree->functions())
    if (f.name == "__init__") init = f;
  auto at = [&](const char* name) { return tree->identifiers(name).front(); };
  std::optional<std::string> ring = arm_no_caller_takes(*r.idx, r.tree_of, "net/group.py", init, at("Ring"));
  ASSERT_TRUE(ring);
  EXPECT_NE(ring->find("all 3 calls in the tree pass `use_ring` falsy"), std::string::npos);
  // other.py passes use_tree=True; fast is left at its default True by two calls.
  EXPECT_FALSE(arm_no_caller_takes(*r.idx, r.tree_of, "net/group.py", init, at("Tree")));
  EXPECT_FALSE(arm_no_caller_takes(*r.idx, r.tree_of, "net/group.py", init, tree->identifiers("mode").front()));
}

TEST(DefinitionReach, OutermostDefinitionOfANode) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "class A:\n    def m(self):\n        def inner():\n            return q\n"
                                      "        return inner\n\nr = q\n");
  std::vector<lang::Node> ids = tree->identifiers("q");
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(outermost_definition(*tree, ids[0]), "A");
  EXPECT_EQ(outermost_definition(*tree, ids[1]), "");
}

}  // namespace
}  // namespace rp
