// GitRepo's tree listing with a tree cache file (set_tree_cache_file): the same paths and blob
// ids, in the same order, as the listing through git_tree_walk, whether the file is absent,
// written by a listing of another commit, or corrupt.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "source/git_source.h"

namespace rp {
namespace {

namespace fs = std::filesystem;

class TreeListing : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rp-trees-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "repo");
    ASSERT_EQ(std::system(("git init -q -b main " + (dir_ / "repo").string()).c_str()), 0);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& path, const std::string& text) {
    fs::create_directories((dir_ / "repo" / path).parent_path());
    std::ofstream(dir_ / "repo" / path) << text;
  }
  // The tree file is kept only for trees of 100 or more files: a bulk of them in two
  // directories, beside the shapes each test is about.
  void write_bulk() {
    for (int i = 0; i < 60; ++i) write("bulk/m" + std::to_string(i) + ".py", std::to_string(i) + "\n");
    for (int i = 0; i < 60; ++i) write("bulk/sub/n" + std::to_string(i) + ".cc", std::to_string(i) + "\n");
  }
  void commit() {
    std::string g = "git -C " + (dir_ / "repo").string() + " -c user.name=t -c user.email=t@t ";
    ASSERT_EQ(std::system((g + "add -A && " + g + "commit -qm c").c_str()), 0);
  }

  // "path id" lines of the listing of `rev`, through the cache file `cache` ("" = none).
  std::vector<std::string> listing(const std::string& rev, const std::string& cache) {
    auto repo = GitRepo::open((dir_ / "repo").string());
    EXPECT_TRUE(repo.ok());
    if (!cache.empty()) (*repo)->set_tree_cache_file(cache);
    auto tree = (*repo)->tree(rev);
    EXPECT_TRUE(tree.ok());
    std::vector<std::string> out;
    for (const TreeReader::Blob& b : (*tree)->list_blobs()) out.push_back(b.path + " " + b.id);
    EXPECT_EQ((*tree)->list_files().size(), out.size());
    return out;
  }

  fs::path dir_;
};

TEST_F(TreeListing, CachedListingEqualsTheWalkAcrossCommits) {
  // Names that sort differently as paths and as tree entries ("a.b" < "a/" < "a0"), a
  // nested directory, and two directories with the same content (one tree id, listed twice).
  write("a.b", "1\n");
  write("a/x.py", "x = 1\n");
  write("a/deep/y.py", "y = 1\n");
  write("a0", "2\n");
  write("same1/z.txt", "z\n");
  write("same2/z.txt", "z\n");
  write_bulk();
  commit();
  std::string cache = (dir_ / "cache" / "index.rpx.trees").string();
  std::vector<std::string> first = listing("HEAD", "");
  ASSERT_EQ(first.size(), 126u);
  EXPECT_EQ(listing("HEAD", cache), first);  // written
  ASSERT_TRUE(fs::exists(cache));
  EXPECT_EQ(listing("HEAD", cache), first);  // read back

  // The next commit changes one nested file and adds a directory: the kept trees of the
  // unchanged directories are reused, the changed ones read again.
  write("a/deep/y.py", "y = 2\n");
  write("b/new.py", "n = 1\n");
  commit();
  std::vector<std::string> second = listing("HEAD", "");
  EXPECT_NE(second, first);
  EXPECT_EQ(listing("HEAD", cache), second);
  EXPECT_EQ(listing("HEAD", cache), second);
  EXPECT_EQ(listing("HEAD~1", cache), first);  // an older commit through the newer file
}

TEST_F(TreeListing, CorruptOrTruncatedCacheFileIsIgnored) {
  write("p/q.py", "q = 1\n");
  write("r.py", "r = 1\n");
  write_bulk();
  commit();
  std::vector<std::string> expected = listing("HEAD", "");
  std::string cache = (dir_ / "trees").string();
  ASSERT_EQ(listing("HEAD", cache), expected);
  std::string bytes;
  {
    std::ifstream in(cache, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  ASSERT_GT(bytes.size(), 3000u);
  for (size_t cut : {size_t{0}, size_t{7}, size_t{20}, bytes.size() - 1}) {
    std::ofstream(cache, std::ios::binary | std::ios::trunc) << bytes.substr(0, cut);
    EXPECT_EQ(listing("HEAD", cache), expected) << "truncated at " << cut;
  }
  std::string flipped = bytes;
  flipped[flipped.size() - 3] ^= 0x20;  // a byte of the last name: the hash no longer matches
  std::ofstream(cache, std::ios::binary | std::ios::trunc) << flipped;
  EXPECT_EQ(listing("HEAD", cache), expected);
}

TEST_F(TreeListing, SmallTreeLeavesNoFile) {
  write("a.py", "a = 1\n");
  commit();
  std::string cache = (dir_ / "trees").string();
  EXPECT_EQ(listing("HEAD", cache), listing("HEAD", ""));
  EXPECT_FALSE(fs::exists(cache));
}

}  // namespace
}  // namespace rp
