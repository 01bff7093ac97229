// Functions that call themselves before anything can leave them.
#include "analysis/self_recursion.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<SelfCall> calls(const char* src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  return unconditional_self_calls(*tree);
}

TEST(SelfRecursion, MethodDelegatingToItselfInsteadOfTheModuleHelper) {
  auto c = calls(R"(def pack(rows, width):
    return rows * width


class Packer:
    def pack(self, rows, width):
        """Pack rows."""
        log = None
        return self.pack(rows, width)
)");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].function, "Packer.pack");
  EXPECT_EQ(c[0].callee, "self.pack");
  EXPECT_EQ(c[0].def_line, 6);
  EXPECT_EQ(c[0].line, 9);
  EXPECT_EQ(c[0].module_helper, 1);
}

TEST(SelfRecursion, PlainFunctionBareCallAndAssignment) {
  auto c = calls(R"(def spin(n):
    total = spin(n + 1)
    return total


def warm(n):
    warm(n)
)");
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].function, "spin");
  EXPECT_EQ(c[0].module_helper, 0);
  EXPECT_EQ(c[1].line, 7);
}

TEST(SelfRecursion, ABaseCaseOrAnythingThatMayLeaveComesFirst) {
  auto c = calls(R"(import sys


def walk(n):
    if n == 0:
        return 0
    return walk(n - 1)


def check(n):
    assert n > 0
    return check(n)


def guarded(n):
    if n:
        return guarded(n - 1)


def stop(n):
    sys.exit(1)
    return stop(n)


def gen(n):
    gen(n)
    yield n


async def co(n):
    return await co(n)


def looped(n):
    while True:
        pass
    return looped(n)


def wrap(fn):
    return fn


@wrap
def deco(n):
    return deco(n)


def rebound(n):
    rebound = other
    return rebound(n)


class Node:
    def visit(self, child):
        return super().visit(child)

    @classmethod
    def make(cls):
        return cls.make()

    def outer(self):
        def outer():
            return outer()
        return outer


class Stored:
    def hook(self):
        return self.hook()


Stored().hook = print
)");
  EXPECT_TRUE(c.empty()) << c.front().function;
}

TEST(SelfRecursion, ANameBoundTwiceAtModuleLevelIsNotKnown) {
  EXPECT_TRUE(calls(R"(def load(path):
    return load(path)


load = print
)").empty());
}

}  // namespace
}  // namespace rp
