// The workspace drops what it holds of a file when told (release), and the trees of other files
// beyond a byte budget (trim): what the file-major runner asks between files. With a read-ahead
// thread it hands out the same texts and trees as without one.
#include "workspace/workspace.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "source/map_tree.h"
#include "source/thread_reader.h"
#include "workspace/read_ahead.h"

namespace rp {
namespace {

FileChange modified(const std::string& path) {
  FileChange f;
  f.old_path = f.new_path = path;
  return f;
}

class WorkspaceRelease : public ::testing::Test {
 protected:
  void SetUp() override {
    pr_.changes.files = {modified("a.py"), modified("b.py")};
    std::map<std::string, std::string> base{{"a.py", "x = 1\n"}, {"b.py", "y = 2\n"}, {"lib.py", "z = 3\n"}};
    std::map<std::string, std::string> head{{"a.py", "x = 10\n"}, {"b.py", "y = 20\n"}, {"lib.py", "z = 3\n"}};
    ws_ = std::make_unique<Workspace>(pr_, std::make_unique<MapTree>(base), std::make_unique<MapTree>(head));
  }
  PullRequest pr_;
  std::unique_ptr<Workspace> ws_;
};

TEST_F(WorkspaceRelease, AReleasedFileIsReadAndParsedAgainWithTheSameContent) {
  const lang::SyntaxTree* before = ws_->new_tree("a.py");
  ASSERT_NE(before, nullptr);
  EXPECT_EQ(before->source(), "x = 10\n");
  ASSERT_NE(ws_->old_tree("a.py"), nullptr);
  ws_->release(pr_.changes.files[0]);
  const lang::SyntaxTree* again = ws_->new_tree("a.py");
  ASSERT_NE(again, nullptr);
  EXPECT_EQ(again->source(), "x = 10\n");
  EXPECT_EQ(*ws_->old_text("a.py"), "x = 1\n");
}

TEST_F(WorkspaceRelease, TrimDropsTheOldestTreesBeyondTheBudgetAndSaysSo) {
  ws_->new_tree("lib.py");  // parsed first: dropped first
  const lang::SyntaxTree* b = ws_->new_tree("b.py");
  EXPECT_FALSE(ws_->trim(1 << 20));  // everything fits
  EXPECT_EQ(ws_->new_tree("b.py"), b);  // still the same tree
  EXPECT_TRUE(ws_->trim(0));
  EXPECT_FALSE(ws_->trim(0));  // nothing left to drop
  ASSERT_NE(ws_->new_tree("b.py"), nullptr);
  EXPECT_EQ(ws_->new_tree("b.py")->source(), "y = 20\n");
}

// Every node of a tree, kind and lines, in order: two trees with the same dump are the same parse.
void dump(lang::Node n, std::string& out) {
  out += std::string(n.kind()) + "@" + std::to_string(n.start_line()) + "-" + std::to_string(n.end_line()) + "(";
  for (lang::Node c : n.children()) dump(c, out);
  out += ")";
}
std::string dump(const lang::SyntaxTree* t) {
  if (!t) return "null";
  std::string out = t->source() + "|";
  dump(t->root(), out);
  return out;
}

// One changed line in the middle of `n` lines: "@@ -k,1 +k,1 @@".
FileChange one_line_changed(const std::string& path, int line) {
  FileChange f = modified(path);
  Hunk h;
  h.old_start = h.new_start = line;
  h.old_count = h.new_count = 1;
  f.hunks.push_back(h);
  return f;
}

// A MapTree another thread may read (its reads touch nothing mutable): a copy.
class SharedMapTree : public MapTree, public ThreadReadable {
 public:
  explicit SharedMapTree(std::map<std::string, std::string> files) : MapTree(files), files_(std::move(files)) {}
  std::unique_ptr<TreeReader> open_for_thread() const override { return std::make_unique<MapTree>(files_); }

 private:
  std::map<std::string, std::string> files_;
};

class WorkspaceReadAhead : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int i = 0; i < 7; ++i) {
      std::string path = "m" + std::to_string(i) + ".py";
      pr_.changes.files.push_back(one_line_changed(path, 2));
      base_[path] = "import os\ndef f(x):\n    return x\n";
      head_[path] = "import os\ndef f(x, y=" + std::to_string(i) + "):\n    return x\n";
    }
    FileChange added;
    added.new_path = "new.py";
    added.status = FileStatus::Added;
    head_["new.py"] = "class A:\n    pass\n";
    FileChange deleted;
    deleted.old_path = "gone.py";
    deleted.status = FileStatus::Deleted;
    base_["gone.py"] = "x = [1, 2\n";  // a syntax error: an ERROR node, parsed all the same
    FileChange config = one_line_changed("conf.yaml", 1);
    base_["conf.yaml"] = "a: 1\n";
    head_["conf.yaml"] = "a: 2\n";
    pr_.changes.files.insert(pr_.changes.files.begin() + 3, {added, deleted, config});
  }
  std::unique_ptr<Workspace> make() const {
    return std::make_unique<Workspace>(pr_, std::make_unique<SharedMapTree>(base_),
                                       std::make_unique<SharedMapTree>(head_));
  }
  PullRequest pr_;
  std::map<std::string, std::string> base_, head_;
};

TEST_F(WorkspaceReadAhead, TextsAndTreesAreThoseOfTheWorkspaceAlone) {
  for (size_t ahead : {1, 2, 5}) {
    std::unique_ptr<Workspace> alone = make(), two = make();
    EXPECT_FALSE(start_read_ahead(*std::make_unique<Workspace>(pr_, std::make_unique<MapTree>(base_),
                                                               std::make_unique<MapTree>(head_)),
                                  pr_.changes.files, ahead));  // a reader of one thread: none
    ASSERT_TRUE(start_read_ahead(*two, pr_.changes.files, ahead));
    for (size_t i = 0; i < pr_.changes.files.size(); ++i) {
      const FileChange& f = pr_.changes.files[i];
      // The new side first on even files (it asks for the old side itself), the old first on odd.
      bool new_first = i % 2 == 0;
      {
        for (bool new_side : {new_first, !new_first}) {
          const std::string& path = new_side ? f.new_path : f.old_path;
          if (path.empty()) continue;
          SCOPED_TRACE(path + (new_side ? " new" : " old") + " ahead " + std::to_string(ahead));
          const std::string* t1 = new_side ? alone->new_text(path) : alone->old_text(path);
          const std::string* t2 = new_side ? two->new_text(path) : two->old_text(path);
          ASSERT_EQ(t1 == nullptr, t2 == nullptr);
          if (t1) {
            EXPECT_EQ(*t1, *t2);
          }
          EXPECT_EQ(dump(new_side ? alone->new_tree(path) : alone->old_tree(path)),
                    dump(new_side ? two->new_tree(path) : two->old_tree(path)));
        }
      }
      // A rule on this file asks for a later file (an imported module): the same there too.
      if (i + 4 < pr_.changes.files.size() && !pr_.changes.files[i + 4].new_path.empty()) {
        const std::string& later = pr_.changes.files[i + 4].new_path;
        EXPECT_EQ(dump(alone->new_tree(later)), dump(two->new_tree(later)));
      }
      alone->release(f);
      two->release(f);
      alone->trim(0);
      two->trim(0);
    }
    EXPECT_EQ(alone->unparsed(), two->unparsed());
    stop_read_ahead(*two);
    // Alone again: asks are answered by reading and parsing here.
    EXPECT_EQ(dump(alone->new_tree("m1.py")), dump(two->new_tree("m1.py")));
  }
}

TEST_F(WorkspaceReadAhead, FilesNobodyAsksForAreDroppedAndTheThreadStops) {
  std::unique_ptr<Workspace> two = make();
  ASSERT_TRUE(start_read_ahead(*two, pr_.changes.files, 2));
  for (const FileChange& f : pr_.changes.files) two->release(f);
  stop_read_ahead(*two);
  ASSERT_NE(two->new_tree("m6.py"), nullptr);
  EXPECT_EQ(two->new_tree("m6.py")->source(), head_["m6.py"]);
}

TEST(ReadAheadEdits, AnInsertionStartsAfterTheLineItFollows) {
  FileChange f = modified("a.py");
  Hunk inserted;
  inserted.old_start = 5;
  inserted.old_count = 0;
  inserted.new_start = 6;
  inserted.new_count = 2;
  f.hunks.push_back(inserted);
  std::vector<lang::SyntaxTree::LineEdit> to_new = hunk_edits(f, true), to_old = hunk_edits(f, false);
  ASSERT_EQ(to_new.size(), 1u);
  EXPECT_EQ(to_new[0].first_line, 6);
  EXPECT_EQ(to_new[0].old_lines, 0);
  EXPECT_EQ(to_new[0].new_lines, 2);
  EXPECT_EQ(to_old[0].first_line, 6);
  EXPECT_EQ(to_old[0].old_lines, 2);
  EXPECT_EQ(to_old[0].new_lines, 0);
}

}  // namespace
}  // namespace rp
