// Values bound and never read: module imports and function locals.
#include "analysis/dead_bindings.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

std::vector<std::string> names(const std::vector<DeadBinding>& v) {
  std::vector<std::string> out;
  for (const DeadBinding& d : v) out.push_back(d.name + "@" + std::to_string(d.line));
  return out;
}

std::vector<std::string> imports_of(const char* src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  return names(unread_imports(*tree));
}

std::vector<std::string> locals_of(const char* src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  return names(unread_locals(*tree));
}

TEST(DeadBindings, ImportsNothingReads) {
  auto v = imports_of(R"(import json
import pathlib as pl
from collections import OrderedDict, deque
from .codec import encode as enc


def run(x):
    return deque(x)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"json@1", "pl@2", "OrderedDict@3", "enc@4"}));
}

TEST(DeadBindings, ImportsReadAnywhereOrNotCandidates) {
  auto v = imports_of(R"(from __future__ import annotations
import os.path
import typing
from typing import TYPE_CHECKING
from m import kept as kept
from m import listed
from m import annotated
from m import decorator
from m import twice
from m import quiet  # noqa: F401
try:
    import triton
except ImportError:
    triton = None
if TYPE_CHECKING:
    from m import Hint

__all__ = ["listed"]


@decorator
def f(a: annotated) -> "Hint":
    x = typing.cast(int, a)
    return f"{x}"


def twice():
    pass
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(DeadBindings, ImportsOfAModuleWithUnknowableNamesAreLeftAlone) {
  EXPECT_TRUE(imports_of("import json\n\ndef get(n):\n    return globals()[n]\n").empty());
  EXPECT_TRUE(imports_of("import json\n\ndef __getattr__(n):\n    return n\n").empty());
  EXPECT_TRUE(imports_of("import json\n\ndef broken(:\n").empty());
}

TEST(DeadBindings, ImportsInsideFunctionsAreNotModuleImports) {
  EXPECT_TRUE(imports_of("def f():\n    import json\n    return 1\n").empty());
}

TEST(DeadBindings, LocalsNothingReads) {
  auto v = locals_of(R"(class Tuner:
    def run(self, pre, post):
        pre_us = pre.get("us", -1)
        status = pre.get("status")
        ratio: float = post / 2
        return pre_us


def outer(a):
    scale = a * 2

    def inner(b):
        unused = b + 1
        return b

    return inner
)");
  EXPECT_EQ(v, (std::vector<std::string>{"status@4", "ratio@5", "scale@10", "unused@13"}));
}

TEST(DeadBindings, LocalsReadSomewhereOrNotCandidates) {
  auto v = locals_of(R"(def f(a, rows):
    b = a + 1
    c = 2
    d = 3
    e = 4
    _ignored = 5
    first, second = a
    a.field = 6
    total = 0
    total += 1
    g = h = 7
    w = 1
    w = w + 1
    fmt = "n"
    msg = "{fmt} rows"
    count = len(rows)
    items = [r for r in rows if r > count]
    cb = lambda: c
    return b, f"{d}", [e for _ in rows], cb, msg, items


def g():
    global STATE
    STATE = 1


def h():
    nl = 1

    def inner():
        nonlocal nl
        nl = 2

    return inner


def k():
    v = 1
    return locals()
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(DeadBindings, ReExportsAreImportedElsewhere) {
  testing_support::PythonRepo repo({
      {"pkg/__init__.py", ""},
      {"pkg/core.py", "from pkg.impl import helper\nfrom pkg.impl import lone\n"},
      {"pkg/impl.py", "def helper():\n    pass\n\ndef lone():\n    pass\n"},
      {"pkg/user.py", "from pkg.core import helper\n"},
      {"pkg/star.py", "import json\n"},
      {"pkg/star_user.py", "from pkg.star import *\n"},
  });
  EXPECT_TRUE(imported_elsewhere(*repo.idx, "pkg/core.py", "helper"));
  EXPECT_FALSE(imported_elsewhere(*repo.idx, "pkg/core.py", "lone"));
  EXPECT_TRUE(imported_elsewhere(*repo.idx, "pkg/star.py", "json"));
}

}  // namespace
}  // namespace rp
