// Test support: a throw-away git repository whose commits a test writes one by one (author,
// address and date chosen), and a review of its newest commit against its parent, for the
// tests of rules that read history (owners, what had shipped). Tests only; nothing in src/
// outside a *_test.cc includes it.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "review/review.h"

namespace rp::testing_support {

class HistoryRepo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rp-history-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            std::to_string(reinterpret_cast<uintptr_t>(this)));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    ASSERT_EQ(std::system(("git init -q -b main " + dir_.string()).c_str()), 0);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // Writes `text` to `path` and commits it as `author` <`email`>, at `date` (ISO 8601, author
  // and committer) when one is given.
  void commit_file(const std::string& author, const std::string& email, const std::string& path,
                   const std::string& text, const std::string& date = "") {
    std::filesystem::create_directories((dir_ / path).parent_path());
    std::ofstream(dir_ / path) << text;
    std::string env = date.empty() ? "" : "GIT_AUTHOR_DATE='" + date + "' GIT_COMMITTER_DATE='" + date + "' ";
    std::string g = "git -C " + dir_.string() + " -c user.name='" + author + "' -c user.email=" + email + " ";
    ASSERT_EQ(std::system((env + g + "add -A && " + env + g + "commit -qm change").c_str()), 0);
  }

  // The findings of `rule` on the newest commit (the PR) against its parent.
  std::vector<Finding> review_last_commit(const std::string& rule, const std::string& profile = "aiter") {
    ReviewInputs in;
    in.repo_path = dir_.string();
    in.base = "HEAD~1";
    in.head = "HEAD";
    in.profile = profile;
    in.cache_dir = std::string("-");  // assigned whole: GCC 12 -O3 -Wrestrict misreads operator=(const char*) here
    in.rules.only = {rule};
    auto review = run_review(in);
    EXPECT_TRUE(review.ok()) << review.error();
    return review.ok() ? review->findings : std::vector<Finding>{};
  }

  std::filesystem::path dir_;
};

}  // namespace rp::testing_support
