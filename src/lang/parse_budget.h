#pragma once
// The parse work budget of lang::SyntaxTree (syntax.cc): tree-sitter operations allowed per
// parse, `ops_floor + ops_per_byte * size`. Counted work, never wall-clock time, so a file
// parses the same on a loaded machine as on an idle one. Only tests change it, to make an
// ordinary input run out and check what a review says about an unparsed file.
#include <cstdint>

namespace rp::lang {

// Sets the budget for its lifetime (process-wide; not for concurrent parses), then restores it.
class ParseBudgetForTesting {
 public:
  ParseBudgetForTesting(uint64_t ops_per_byte, uint64_t ops_floor);
  ~ParseBudgetForTesting();
  ParseBudgetForTesting(const ParseBudgetForTesting&) = delete;
  ParseBudgetForTesting& operator=(const ParseBudgetForTesting&) = delete;

 private:
  uint64_t per_byte_, floor_;
};

}  // namespace rp::lang
