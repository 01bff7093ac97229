#include "core/pattern.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace rp {
namespace {

const Pattern phase_word{R"((?i)decode|prefill)"};
const Pattern arch_name = Pattern::whole(R"(gfx[0-9]{2,4}[a-z0-9]?)");

TEST(Pattern, PartMatchesAnywhereWholeMatchesAll) {
  EXPECT_TRUE(phase_word("if is_Decode and x"));
  EXPECT_FALSE(phase_word("if is_extend"));
  EXPECT_TRUE(arch_name("gfx942"));
  EXPECT_FALSE(arch_name("arch == gfx942"));  // a part is not the whole
  EXPECT_FALSE(arch_name("gfx"));
  EXPECT_EQ(arch_name.source(), "gfx[0-9]{2,4}[a-z0-9]?");
}

TEST(Pattern, TheCompiledExpressionServesCaptures) {
  const Pattern key{R"re(getattr\(\w+,\s*"(\w+)")re"};
  std::string got;
  EXPECT_TRUE(RE2::PartialMatch(R"(n = getattr(cfg, "num_groups", 1))", key.re(), &got));
  EXPECT_EQ(got, "num_groups");
  EXPECT_EQ(&key.re(), &key.re());  // compiled once
}

// Rules may run on several threads: the first uses race to compile, all see one RE2.
TEST(Pattern, FirstUseFromManyThreadsCompilesOnce) {
  const Pattern word{R"(\bstride\b)"};
  std::vector<const RE2*> seen(8, nullptr);
  std::vector<int> hits(8, 0);
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      seen[i] = &word.re();
      hits[i] = word("row stride of x") ? 1 : 0;
    });
  for (std::thread& t : threads) t.join();
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(seen[i], seen[0]);
    EXPECT_EQ(hits[i], 1);
  }
}

}  // namespace
}  // namespace rp
