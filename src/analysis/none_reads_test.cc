// Values that can be None, used as if they could not.
#include "analysis/none_reads.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<std::string> found(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const UncheckedNone& u : unchecked_none_reads(*tree))
    out.push_back(u.value + "@" + std::to_string(u.line) + " " + u.use);
  return out;
}

TEST(NoneReads, SourcesBoundThenDereferenced) {
  auto v = found(R"(import os
import re

def parse(tag, table):
    m = re.search(r"v[0-9]+", tag)
    major = m.group(1)
    width = table.get("width")
    return width * 2, int(os.getenv("RANKS")), major
)");
  EXPECT_EQ(v, (std::vector<std::string>{"m@6 `.group`", "width@8 arithmetic", "os.getenv(\"RANKS\")@8 `int()`"}));
}

TEST(NoneReads, PatternsThatMatchEverySubjectAreNotNoneSources) {
  auto v = found(R"py(import re

def indent_of(line, name, word):
    lead = re.match(r"^(\s*)", line).group(1)
    head = re.search("[a-z]*", name).group(0)
    named = re.match(r"(?P<pad> *)", line).group("pad")
    tail = re.match(r"(\d*)$", line).group(1)
    edge = re.search(r"\b", word).start()
    num = re.match(r"\d+", name).group()
    whole = re.fullmatch(r"\s*", line).group()
    looks = re.match(r"(?=a)", word).group()
    return lead, head, named, tail, edge, num, whole, looks
)py");
  EXPECT_EQ(v, (std::vector<std::string>{"re.match(r\"(\\d*)$\", line)@7 `.group`",
                                         "re.search(r\"\\b\", word)@8 `.start`",
                                         "re.match(r\"\\d+\", name)@9 `.group`",
                                         "re.fullmatch(r\"\\s*\", line)@10 `.group`",
                                         "re.match(r\"(?=a)\", word)@11 `.group`"}));
}

TEST(NoneReads, AnyGuardExcusesTheValue) {
  EXPECT_TRUE(found(R"(import os
import re
import requests

def a(tag):
    m = re.match("x", tag)
    if not m:
        return None
    return m.group(0)

def b(cfg):
    mode = cfg.get("mode")
    assert mode is not None
    return mode.lower()

def c(cfg):
    mode = cfg.get("mode") or "eager"
    return mode.lower()

def d(cfg):
    try:
        return cfg.get("mode").lower()
    except AttributeError:
        return ""

def e(cfg):
    if (mode := cfg.get("mode")) is not None:
        return mode.lower()

def f(cfg):
    mode = cfg.get("mode")
    if mode is None:
        mode = "eager"
    return mode.lower()

def g(url):
    r = requests.get(url)
    return r.json()

def h(cfg):
    mode = cfg.get("mode", "eager")
    return os.environ.get("HOME", "/").strip() + mode.lower()

def i(cfg):
    mode = cfg.get("mode")
    return mode.lower() if mode else ""
)")
                  .empty());
}

TEST(NoneReads, SameFileFunctionThatCanReturnNone) {
  auto v = found(R"(def pick(rows, key):
    for r in rows:
        if r.key == key:
            return r

def first(rows):
    if not rows:
        return
    return rows[0]

def always(rows):
    if rows:
        return rows[0]
    raise ValueError("empty")

class Plan:
    def lookup(self, k):
        if k in self.cache:
            return self.cache[k]
        return None

    def run(self, rows):
        hit = pick(rows, 3)
        top = always(rows)
        return hit.value + top.value + self.lookup(1).size + first(rows)[0]
)");
  EXPECT_EQ(v,
            (std::vector<std::string>{"hit@25 `.value`", "self.lookup(1)@25 `.size`", "first(rows)@25 a subscript"}));
}

TEST(NoneReads, ABranchThatStopsCompilationOrTheProcessReturnsNothing) {
  auto v = found(R"(import sys

def ceiling(kind):
    if kind == "narrow":
        return 240.0
    elif kind == "wide":
        return 57344.0
    else:
        tl.static_assert(False, "unknown kind")

def width(kind):
    if kind == "narrow":
        return 8
    assert False, kind

def depth(kind):
    if kind:
        return 3
    sys.exit(1)

def loose(kind):
    if kind:
        return 3
    tl.static_assert(kind is None, "left open")

def use(kind):
    return ceiling(kind) * 2 + width(kind) + depth(kind) + loose(kind)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"loose(kind)@27 arithmetic"}));
}

TEST(NoneReads, OptionalParameters) {
  auto v = found(R"(from typing import Optional

def scale(x, factor: Optional[float] = None, bias: "int | None" = None, out: Tensor | None = None):
    y = x * factor
    if bias is not None:
        y = y + bias
    return out.copy_(y)

def split(x, parts: Optional[Tensor] = None):
    if x.dim() == 3:
        return x + parts.shape[0]
    return x
)");
  EXPECT_EQ(v, (std::vector<std::string>{"factor@4 arithmetic", "out@7 `.copy_`"}));
}

TEST(NoneReads, PopOfAConstantKeyFromAModuleDict) {
  auto v = found(R"(_KNOWN = {"a": 1, "b": 2}
_OTHER = {"x": 1}

def drop():
    _KNOWN.pop("a")

def drop_checked():
    if "x" in _OTHER:
        _OTHER.pop("x")

def drop_default():
    _KNOWN.pop("b", None)

def drop_after_other_test(kind):
    _OTHER.pop("x")
    if kind in _OTHER:
        return _OTHER[kind]

def drop_after_reading_it():
    first = _OTHER["x"]
    _OTHER.pop("x")
    return first
)");
  EXPECT_EQ(v, (std::vector<std::string>{"_KNOWN.pop(\"a\")@5 `pop` without a default",
                                         "_OTHER.pop(\"x\")@15 `pop` without a default"}));
}

}  // namespace
}  // namespace rp
