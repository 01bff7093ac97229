// Mode state: module variables rebound through `global`, and the predicates that test them.
#include "analysis/mode_state.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

using testing_support::PythonRepo;

const char* kSwitch =
    "_LANES = (\"red\", \"blue\")\n"
    "_ACTIVE = \"none\"\n"
    "def choose(lane):\n"
    "    global _ACTIVE\n"
    "    _ACTIVE = lane\n"
    "def on_red() -> bool:\n"
    "    \"\"\"Red lane.\"\"\"\n"
    "    global _ACTIVE\n"
    "    return _ACTIVE.lower() == \"red\"\n"
    "def on_any():\n"
    "    return _ACTIVE in _LANES\n"
    "def lanes():\n"
    "    return _LANES\n"
    "def red_with(x):\n"
    "    return _ACTIVE == x\n"
    "def chatty():\n"
    "    print(_ACTIVE)\n"
    "    return _ACTIVE == \"blue\"\n";

TEST(ModeState, PredicatesOfAVariableTheModuleRebinds) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, kSwitch);
  EXPECT_EQ(mutable_module_state(*tree), std::set<std::string>{"_ACTIVE"});
  std::map<std::string, std::optional<std::string>> got;
  for (const lang::Function& fn : tree->functions()) got[fn.name] = predicate_state(*tree, fn);
  EXPECT_EQ(got["on_red"], "_ACTIVE");
  EXPECT_EQ(got["on_any"], "_ACTIVE");  // a constant tuple read beside the state
  EXPECT_EQ(got["lanes"], std::nullopt);      // reads a constant only
  EXPECT_EQ(got["red_with"], std::nullopt);   // takes a parameter
  EXPECT_EQ(got["chatty"], std::nullopt);     // more than a return
  EXPECT_EQ(got["choose"], std::nullopt);
  for (const lang::Function& fn : tree->functions()) {
    if (fn.name == "choose") {
      EXPECT_EQ(states_set_by(*tree, fn), std::set<std::string>{"_ACTIVE"});
    }
  }
}

TEST(ModeState, ConstantsNeverRebound) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "_MODE = 'a'\ndef is_a():\n    return _MODE == 'a'\n"
                                      "def local():\n    _MODE = 'b'\n    return _MODE\n");
  EXPECT_TRUE(mutable_module_state(*tree).empty());  // a local of the same name is not the module's
  for (const lang::Function& fn : tree->functions()) EXPECT_EQ(predicate_state(*tree, fn), std::nullopt);
}

TEST(ModeState, CallsResolvedThroughImportsAndReExports) {
  PythonRepo repo({{"pkg/__init__.py", ""},
                   {"pkg/lanes/__init__.py", "from .switch import on_red, on_any, choose\n"},
                   {"pkg/lanes/switch.py", kSwitch},
                   {"pkg/user.py", "from pkg.lanes import on_red, choose\nfrom pkg.lanes.switch import on_any\n"
                                   "def f():\n    choose('red')\n    if on_red():\n        pass\n"}});
  EXPECT_EQ(mode_predicate_call(*repo.idx, repo.tree_of, "pkg/user.py", "on_red", 5),
            "pkg/lanes/switch.py:_ACTIVE");
  EXPECT_EQ(mode_predicate_call(*repo.idx, repo.tree_of, "pkg/user.py", "on_any", 5),
            "pkg/lanes/switch.py:_ACTIVE");
  EXPECT_EQ(mode_predicate_call(*repo.idx, repo.tree_of, "pkg/user.py", "choose", 4), std::nullopt);
  EXPECT_EQ(mode_states_set_by_call(*repo.idx, repo.tree_of, "pkg/user.py", "choose", 4),
            std::set<std::string>{"pkg/lanes/switch.py:_ACTIVE"});
  EXPECT_EQ(mode_predicate_call(*repo.idx, repo.tree_of, "pkg/user.py", "print", 5), std::nullopt);
}

}  // namespace
}  // namespace rp
