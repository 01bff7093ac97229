#include "batch/process_pool.h"

#include <csignal>
#include <cstdlib>
#include <map>
#include <thread>

#include <gtest/gtest.h>

namespace rp {
namespace {

TEST(ProcessPool, EveryJobEndsWithItsOwnOutcome) {
  PoolOptions options;
  options.jobs = 2;
  options.timeout_seconds = 2;
  std::map<size_t, JobOutcome> seen;
  bool ok = run_pool(
      5, options,
      [](size_t i, int* code) -> std::string {
        switch (i) {
          case 1: *code = 7; return "bad input";
          case 2: std::abort();  // SIGABRT: a real crash signal that ASan and UBSan leave alone
          case 3: std::this_thread::sleep_for(std::chrono::seconds(30)); return "late";
          default: return std::string(200000, 'x') + std::to_string(i);  // more than a pipe buffer
        }
      },
      [&](JobOutcome&& o) { seen[o.index] = std::move(o); });
  ASSERT_TRUE(ok);
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(seen[0].status, JobStatus::Ok);
  EXPECT_EQ(seen[0].output, std::string(200000, 'x') + "0");
  EXPECT_EQ(seen[4].output, std::string(200000, 'x') + "4");
  EXPECT_EQ(seen[1].status, JobStatus::Failed);
  EXPECT_EQ(seen[1].exit_code, 7);
  EXPECT_EQ(seen[1].output, "bad input");
  EXPECT_EQ(seen[2].status, JobStatus::Crashed);
  EXPECT_EQ(seen[2].signal, SIGABRT);
  EXPECT_EQ(seen[3].status, JobStatus::Timeout);
  EXPECT_LT(seen[3].seconds, 20);
  EXPECT_GT(seen[0].peak_rss_kb, 0);
}

TEST(ProcessPool, NoJobsIsFine) {
  int calls = 0;
  EXPECT_TRUE(run_pool(0, {}, [](size_t, int*) { return std::string(); }, [&](JobOutcome&&) { ++calls; }));
  EXPECT_EQ(calls, 0);
}

}  // namespace
}  // namespace rp
