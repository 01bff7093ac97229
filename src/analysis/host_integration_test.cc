// Host-framework integration: imports of a host that only run inside that host.
#include "analysis/host_integration.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

using testing_support::PythonRepo;

const lang::Import* import_at(const lang::SyntaxTree& tree, int line) {
  for (const lang::Import& i : tree.imports())
    if (i.line == line) return &i;
  return nullptr;
}

TEST(HostIntegration, TestsFoldersAndScopesThatRequireTheHost) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "def hook():\n"
                                      "    from loomhost.registry import add\n"
                                      "    def make():\n"
                                      "        from .backend import B\n"
                                      "        return B\n"
                                      "def other():\n"
                                      "    try:\n"
                                      "        import loomhost\n"
                                      "    except ImportError:\n"
                                      "        pass\n"
                                      "    from .backend import C\n"
                                      "if on_loomhost():\n"
                                      "    from .backend import D\n"
                                      "else:\n"
                                      "    from .backend import E\n");
  EXPECT_TRUE(scope_imports(*tree, import_at(*tree, 4)->node, "loomhost"));
  EXPECT_FALSE(scope_imports(*tree, import_at(*tree, 11)->node, "loomhost"));  // only under try
  EXPECT_FALSE(scope_imports(*tree, import_at(*tree, 13)->node, "loomhost"));  // module level
  EXPECT_TRUE(under_host_test(import_at(*tree, 13)->node, "loomhost"));
  EXPECT_FALSE(under_host_test(import_at(*tree, 15)->node, "loomhost"));  // the else
  EXPECT_TRUE(in_host_folder("app/plugins/loom_host/glue.py", "loomhost"));
  EXPECT_FALSE(in_host_folder("app/plugins/glue.py", "loomhost"));
}

TEST(HostIntegration, AProbeThatStopsTheBlockGuardsTheImportsAfterIt) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "def a(w):\n"
                                      "    assert has_tilekit(), 'install tilekit'\n"
                                      "    from tilekit import swizzle\n"
                                      "def b(w):\n"
                                      "    if not tilekit_ready():\n"
                                      "        raise RuntimeError('no tilekit')\n"
                                      "    from tilekit import unswizzle\n"
                                      "def c(w):\n"
                                      "    if not tilekit_ready():\n"
                                      "        log('no tilekit')\n"
                                      "    from tilekit import pack\n"
                                      "def d(w):\n"
                                      "    from tilekit import unpack\n"
                                      "    assert has_tilekit()\n");
  EXPECT_TRUE(under_host_test(import_at(*tree, 3)->node, "tilekit"));
  EXPECT_TRUE(under_host_test(import_at(*tree, 7)->node, "tilekit"));
  EXPECT_FALSE(under_host_test(import_at(*tree, 11)->node, "tilekit"));  // the if goes on
  EXPECT_FALSE(under_host_test(import_at(*tree, 13)->node, "tilekit"));  // the probe comes after
}

TEST(HostIntegration, ModuleLoadedOnlyWhereTheHostIsRequired) {
  PythonRepo repo({{"app/__init__.py", ""},
                   {"app/backend.py", "import loomhost\nclass B: pass\n"},
                   {"app/hooks.py", "def hook():\n    from loomhost.registry import add\n"
                                    "    def make():\n        from app.backend import B\n        return B\n"},
                   {"app/lone.py", "import loomhost\n"},
                   {"app/core.py", "import torch\n"},
                   {"app/mixed.py", "import loomhost\n"},
                   {"app/user_a.py", "from app.hooks import hook\nif is_loomhost():\n    from app.mixed import x\n"},
                   {"app/user_b.py", "from app.mixed import x\n"}});
  EXPECT_TRUE(loaded_only_inside_host(*repo.idx, repo.tree_of, "app/backend.py", "loomhost"));
  EXPECT_FALSE(loaded_only_inside_host(*repo.idx, repo.tree_of, "app/lone.py", "loomhost"));   // nothing imports it
  EXPECT_FALSE(loaded_only_inside_host(*repo.idx, repo.tree_of, "app/mixed.py", "loomhost"));  // user_b does not test
}

TEST(HostIntegration, FunctionCalledOnlyWhereTheHostIsRequired) {
  PythonRepo repo({{"app/__init__.py", ""},
                   {"app/conf.py", "def from_host(c):\n    from loomhost.args import Args\n    return Args(c)\n"
                                   "def from_other(c):\n    from loomhost.args import Args\n    return Args(c)\n"
                                   "def build(c):\n    if on_loomhost():\n        return via(c)\n"
                                   "    return from_other(c)\n"
                                   "def via(c):\n    return from_host(c)\n"}});
  const lang::SyntaxTree* tree = repo.tree_of("app/conf.py");
  EXPECT_TRUE(called_only_inside_host(*repo.idx, repo.tree_of, "app/conf.py", *tree, import_at(*tree, 2)->node,
                                      "loomhost"));
  EXPECT_FALSE(called_only_inside_host(*repo.idx, repo.tree_of, "app/conf.py", *tree, import_at(*tree, 5)->node,
                                       "loomhost"));
}

}  // namespace
}  // namespace rp
