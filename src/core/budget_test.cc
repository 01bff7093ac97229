// A rule's budget set aside while other rules run keeps its clock, its file and whether it ran out.
#include "core/budget.h"

#include <gtest/gtest.h>

#include <time.h>

namespace rp::budget {
namespace {

void burn_cpu(std::chrono::milliseconds ms) {
  auto cpu = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
  };
  auto start = cpu();
  while (cpu() - start < ms) {
  }
}

TEST(BudgetPause, TimeSpentWhilePausedIsNotTheRulesAndASpentBudgetStaysSpent) {
  start_rule(std::chrono::milliseconds(30));
  begin_file("a.py");
  Paused a = pause();
  // Another rule's work while `a` waits: not charged to `a`.
  start_rule(std::chrono::milliseconds(0));
  burn_cpu(std::chrono::milliseconds(60));
  EXPECT_FALSE(exhausted());
  EXPECT_EQ(finish_rule(), std::nullopt);
  resume(a);
  EXPECT_FALSE(exhausted());
  burn_cpu(std::chrono::milliseconds(60));
  EXPECT_TRUE(exhausted());
  Paused spent = pause();
  EXPECT_TRUE(spent.spent);
  EXPECT_EQ(spent.file, "a.py");
  resume(spent);
  begin_file("b.py");  // a rule that ran out stays out
  std::optional<Outcome> out = finish_rule();
  ASSERT_TRUE(out.has_value());
  EXPECT_TRUE(out->stopped);
  EXPECT_EQ(out->file, "a.py");
}

}  // namespace
}  // namespace rp::budget
