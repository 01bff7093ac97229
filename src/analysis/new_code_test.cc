#include "analysis/new_code.h"

#include <gtest/gtest.h>

#include "lang/syntax.h"
#include "source/unified_diff.h"

namespace rp {
namespace {

ChangeSet diff(std::string_view text) {
  auto changes = parse_unified_diff(text);
  EXPECT_TRUE(changes.ok());
  return changes.ok() ? std::move(*changes) : ChangeSet{};
}

TEST(NewCode, ReindentedUnderANewBlockIsNotNew) {
  ChangeSet cs = diff(
      "diff --git a/k.py b/k.py\n--- a/k.py\n+++ b/k.py\n@@ -1,3 +1,5 @@\n def f():\n"
      "-    p = x + i * s\n+    with lock:\n+        p = x + i * s\n+        q = x + j * s\n     return p\n");
  NewCode nc(cs);
  const FileChange& f = cs.files.front();
  EXPECT_FALSE(nc.moved(f, 2));  // the new `with` is new
  EXPECT_TRUE(nc.moved(f, 3));
  EXPECT_FALSE(nc.moved(f, 4));
  EXPECT_EQ(nc.new_lines(f), (std::set<int>{2, 4}));
}

TEST(NewCode, MovedToAnotherFileOrSplitIsNotNew) {
  // serve.py loses a function; io_utils.py (a new file) gains it, one line changed in meaning.
  ChangeSet cs = diff(
      "diff --git a/serve.py b/serve.py\n--- a/serve.py\n+++ b/serve.py\n@@ -1,4 +1,1 @@\n import os\n"
      "-def load(p):\n-    n = int(os.environ.get(\"X\", 4))\n-    return open(p).read(n)\n"
      "diff --git a/io_utils.py b/io_utils.py\nnew file mode 100644\n--- /dev/null\n+++ b/io_utils.py\n"
      "@@ -0,0 +1,3 @@\n+def load(p):\n+  n = int(os.environ.get(\"X\", 8))\n+  return open(p).read(n)\n");
  NewCode nc(cs);
  const FileChange& to = cs.files[1];
  EXPECT_TRUE(nc.moved(to, 1));
  EXPECT_FALSE(nc.moved(to, 2));  // 4 -> 8: moved and changed, so new
  EXPECT_TRUE(nc.moved(to, 3));
  EXPECT_EQ(nc.new_lines(to), (std::set<int>{2}));
}

TEST(NewCode, ATodoMovedOutOfADeletedFileIsNotNew) {
  ChangeSet cs;
  FileChange gone;
  gone.old_path = "a/old.py";
  gone.status = FileStatus::Deleted;
  Hunk h;
  h.lines.push_back({DiffLine::Kind::Removed, 3, 0, "    # TODO: tail tiles"});
  gone.hunks.push_back(h);
  cs.files.push_back(gone);
  FileChange now;
  now.old_path = now.new_path = "a/new.py";
  Hunk g;
  g.lines.push_back({DiffLine::Kind::Added, 0, 7, "        # TODO: tail tiles"});
  g.lines.push_back({DiffLine::Kind::Added, 0, 8, "        # TODO: head tiles"});
  now.hunks.push_back(g);
  cs.files.push_back(now);
  NewCode nc(cs);
  EXPECT_TRUE(nc.moved(cs.files[1], 7));
  EXPECT_FALSE(nc.moved(cs.files[1], 8));
}

TEST(NewCode, EachRemovedLineVouchesOnce) {
  ChangeSet cs = diff(
      "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,3 @@\n-x = f(y)\n+x = f(y)\n+x = f(y)\n z = 1\n");
  NewCode nc(cs);
  EXPECT_EQ(nc.new_lines(cs.files.front()), (std::set<int>{2}));
}

TEST(NewCode, CommentAndDocstringEditsAreNotNewBehaviour) {
  ChangeSet cs = diff(
      "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,3 +1,5 @@\n def f(a):\n"
      "-    \"\"\"Old words.\"\"\"\n-    return a * 3  # triple\n+    \"\"\"New words,\n+    over two lines.\"\"\"\n"
      "+    return a * 3  # three times\n+    # a note\n");
  ASSERT_EQ(cs.files.size(), 1u);
  NewCode nc(cs);
  const FileChange& f = cs.files.front();
  EXPECT_TRUE(nc.moved(f, 4));  // only the comment changed
  const std::string head =
      "def f(a):\n    \"\"\"New words,\n    over two lines.\"\"\"\n    return a * 3  # three times\n    # a note\n";
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, head);
  EXPECT_TRUE(nc.new_lines(f, tree.get()).empty());
  EXPECT_EQ(nc.new_lines(f), (std::set<int>{2, 3}));  // without a tree a docstring looks like code
}

TEST(NewCode, AnInPlaceEditKeepsItsOldLineWhenThePrAddsTheSameLineElsewhere) {
  // cache.py (first in the diff) adds two new `except OSError:` handlers; store.py only
  // rewords the comment of its own `except OSError:`. The edit is paired with its old line
  // in its change block, so the two handlers of cache.py are new and the edit is not.
  ChangeSet cs = diff(
      "diff --git a/cache.py b/cache.py\n--- a/cache.py\n+++ b/cache.py\n@@ -1,2 +1,9 @@\n def get(k):\n"
      "+    try:\n+        return read(k)\n+    except OSError:\n+        pass\n+    try:\n+        return peek(k)\n"
      "+    except OSError:\n     return None\n"
      "diff --git a/store.py b/store.py\n--- a/store.py\n+++ b/store.py\n@@ -1,4 +1,4 @@\n try:\n     sync()\n"
      "-except OSError:  # ignore\n+except OSError:  # a full disk is retried on the next flush\n     pass\n");
  NewCode nc(cs);
  const FileChange& cache = cs.files[0];
  const FileChange& store = cs.files[1];
  EXPECT_FALSE(nc.moved(cache, 4));
  EXPECT_FALSE(nc.moved(cache, 8));
  EXPECT_TRUE(nc.moved(store, 3));
  EXPECT_TRUE(nc.new_lines(store).empty());
}

TEST(NewCode, RemovedContainsAWrappedCall) {
  ChangeSet cs = diff(
      "diff --git a/k.py b/k.py\n--- a/k.py\n+++ b/k.py\n@@ -1,1 +1,3 @@\n-r = make(t, max_size=True)\n"
      "+r = make(\n+    t, max_size=True\n+)\n");
  NewCode nc(cs);
  EXPECT_TRUE(nc.removed_contains("make(t,\n  max_size=True)"));
  EXPECT_FALSE(nc.removed_contains("make(u, max_size=True)"));
  EXPECT_FALSE(nc.removed_contains(" "));
}

TEST(NewCode, SameCodeModuloLayout) {
  EXPECT_TRUE(same_code_modulo_layout("def f(a):\n    return g(a), h(a, x.y())\n",
                                      "def f(a):\n    return (\n        g(a),\n        h(a, x.y()),\n    )\n"));
  EXPECT_TRUE(same_code_modulo_layout("f(a,\n  b)", "f(a, b,)"));
  EXPECT_FALSE(same_code_modulo_layout("return g(a), h(a)", "return g(a), h(b)"));
  EXPECT_FALSE(same_code_modulo_layout("x = y.device()", "x = y.device"));
}

}  // namespace
}  // namespace rp
