// The per-review fact cache: one computation per kind of fact, shared by every asker.
#include "analysis/fact_cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

namespace rp {
namespace {

struct Squares {
  std::vector<int> values;
};
struct Label {
  std::string text;
};

TEST(FactCache, ComputesAFactOnceAndHandsEveryAskerTheSameObject) {
  FactCache cache;
  int runs = 0;
  auto compute = [&] {
    ++runs;
    return Squares{{1, 4, 9}};
  };
  const Squares& a = cache.get<Squares>(compute);
  const Squares& b = cache.get<Squares>(compute);
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(b.values, (std::vector<int>{1, 4, 9}));
}

TEST(FactCache, KindsOfFactAreKeptApartAndOneMayAskAnother) {
  FactCache cache;
  const Label& label = cache.get<Label>([&] {
    const Squares& sq = cache.get<Squares>([] { return Squares{{4}}; });
    return Label{"first square " + std::to_string(sq.values.front())};
  });
  EXPECT_EQ(label.text, "first square 4");
  EXPECT_EQ(cache.get<Squares>([] { return Squares{{99}}; }).values.front(), 4);
}

TEST(FactCache, ThreadsRacingTheFirstAskComputeOnce) {
  FactCache cache;
  std::atomic<int> runs{0};
  std::vector<std::thread> threads;
  std::vector<const Squares*> seen(8, nullptr);
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      seen[i] = &cache.get<Squares>([&] {
        ++runs;
        return Squares{{i}};
      });
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(runs.load(), 1);
  for (const Squares* s : seen) EXPECT_EQ(s, seen[0]);
}

TEST(FactCache, AFileFactIsKeptPerPathUntilForgotten) {
  FactCache cache;
  int runs = 0;
  auto compute = [&] {
    ++runs;
    return Label{"computed " + std::to_string(runs)};
  };
  EXPECT_EQ(cache.get_for<Label>("a.py", compute).text, "computed 1");
  EXPECT_EQ(cache.get_for<Label>("a.py", compute).text, "computed 1");
  EXPECT_EQ(cache.get_for<Label>("b.py", compute).text, "computed 2");
  cache.forget("a.py");
  EXPECT_EQ(cache.get_for<Label>("a.py", compute).text, "computed 3");
  EXPECT_EQ(cache.get_for<Label>("b.py", compute).text, "computed 2");
  cache.forget_files();
  EXPECT_EQ(cache.get_for<Label>("b.py", compute).text, "computed 4");
  // A whole-review fact of the same type is another slot, untouched by forgetting files.
  EXPECT_EQ(cache.get<Label>([] { return Label{"review"}; }).text, "review");
  cache.forget_files();
  EXPECT_EQ(cache.get<Label>([] { return Label{"again"}; }).text, "review");
}

}  // namespace
}  // namespace rp
