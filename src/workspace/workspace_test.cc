// The workspace drops what it holds of a file when told (release), and the trees of other files
// beyond a byte budget (trim): what the file-major runner asks between files.
#include "workspace/workspace.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "source/map_tree.h"

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

}  // namespace
}  // namespace rp
