// A literal passed where the scope holds the value the parameter names.
#include "analysis/passed_over_values.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<std::string> found(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const PassedOverValue& p : literals_passed_over_values(*tree))
    out.push_back(p.param + "=" + p.literal + "@" + std::to_string(p.line) + " over " + p.value + "@" +
                  std::to_string(p.value_line));
  return out;
}

// A class that sets `self.margin` in its constructor; each test adds the methods after it.
const std::string kMixer = R"(class Mixer:
    def __init__(self, width):
        self.margin = width % 64

)";

// With lines, exactly the whole file's findings whose literal starts on one of them: every line
// of a file with literals on the call's line, on a later argument line and in two functions.
TEST(PassedOverValues, LinesKeepTheFindingsWhoseLiteralStartsOnThem) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, kMixer + R"(    def run(self, x):
        return blend(x, margin=0)

    def wide(self, x, depth):
        y = blend(
            x,
            margin=None,  # self.margin
            depth=0,  # depth
        )
        return y
)");
  std::vector<PassedOverValue> all = literals_passed_over_values(*tree);
  ASSERT_EQ(all.size(), 3u);
  for (int line = 1; line <= 16; ++line)
    for (const std::set<int>& lines : {std::set<int>{line}, std::set<int>{line, 11, 12}}) {
      std::vector<int> want, got;
      for (const PassedOverValue& p : all)
        if (lines.count(p.line)) want.push_back(p.line);
      for (const PassedOverValue& p : literals_passed_over_values(*tree, lines)) got.push_back(p.line);
      EXPECT_EQ(got, want) << "line " << line;
    }
}

TEST(PassedOverValues, CommentedOutInstanceAttribute) {
  auto v = found(kMixer + R"(    def run(self, x):
        return blend(
            x,
            margin=0,  # self.margin,
        )
)");
  EXPECT_EQ(v, (std::vector<std::string>{"margin=0@8 over self.margin@3"}));
}

TEST(PassedOverValues, InstanceAttributeAssignedAndNeverRead) {
  auto v = found(kMixer + R"(    def run(self, x):
        return blend(x, margin=0)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"margin=0@6 over self.margin@3"}));
}

TEST(PassedOverValues, PerItemCollectionsAreNotTheValue) {
  // A table filled per peer, keyed by its id: passing None for one address is not passing over it.
  EXPECT_TRUE(found(R"(class Link:
    def __init__(self):
        self.peer_offsets: dict[str, list[int]] = {}
        self.slots = []
        self.ranks = defaultdict(int)

    def hello(self):
        return Meta(peer_offsets=None, slots=None, ranks=0)


def local(tables: Dict[str, int]):
    seen = set()
    return Meta(tables=None, seen=None)
)")
                  .empty());
  // A filled list literal and a computed value still count.
  auto v = found(R"(class Link:
    def __init__(self, n):
        self.slots = [0] * n
        self.peer_offsets: list[int] = compute(n)

    def hello(self):
        return Meta(slots=None, peer_offsets=None)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"slots=None@7 over self.slots@3", "peer_offsets=None@7 over self.peer_offsets@4"}));
}

TEST(PassedOverValues, ValueReadElsewhereIsNotAsked) {
  // self.margin is read by another method, and another call of blend passes it: the literal is
  // the kind a layer that opts out of a feature passes (`quant_config=None`), not a slip.
  auto v = found(kMixer + R"(    def warm(self, x):
        return blend(x, margin=self.margin)

    def run(self, x):
        return blend(x, margin=0)
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(PassedOverValues, OnlyValuesThatReachTheCall) {
  // `lengths` is bound in the other branch; `scale` in a loop body; neither reaches the call.
  auto v = found(R"(def plan(batch, prefill):
    if prefill:
        lengths = batch.lengths()
        return build(batch, lengths=lengths)
    for part in batch.parts:
        scale = part.scale
    return build(batch, lengths=None, scale=None)
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(PassedOverValues, ExplainedAboveIsDeliberate) {
  auto v = found(R"(def run(x, recompute=False):
    return kernel(
        x,
        # pinned off: the backward that would use it does not exist here
        recompute=False,
    )
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(PassedOverValues, UnreadParameterAndLocal) {
  auto v = found(R"(def step(x, bias=None):
    scale = x.abs().amax()
    y = project(x, bias=None)
    return quantize(y, scale=None)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"bias=None@3 over bias@1", "scale=None@4 over scale@2"}));
}

TEST(PassedOverValues, AttributeOfAnObjectInScope) {
  auto v = found(R"(def prefill(meta, q):
    n = meta.offsets.numel()
    return attend(q, n, offsets=None)  # meta.offsets
)");
  EXPECT_EQ(v, (std::vector<std::string>{"offsets=None@3 over meta.offsets@2"}));
}

TEST(PassedOverValues, DeliberateLiteralsStaySilent) {
  auto v = found(R"(def blend(x, margin=0, fast=False):
    return x


def a(x, margin):
    # the callee's own default
    return blend(x, margin=0) + margin


def b(x, margin):
    if margin is None:
        return blend(x, margin=None)
    return blend(x, margin=margin)


def c(x, margin):
    return blend(x, margin=None)  # margin is applied later, by the caller
    return blend(x, margin=margin)


def d(x, fast):
    return blend(x, fast=True) if fast else blend(x, fast=False)


def e(x, fast):
    return fast and run(x, fast=True)


def f(x, depth=0):
    return f(x, depth=0)


def g(x, margin):
    return other(x, margin=0) + margin
)");
  EXPECT_TRUE(v.empty()) << ::testing::PrintToString(v);
}

TEST(PassedOverValues, NonPlaceholderLiteralsAndPositionalArgsAreNotAsked) {
  auto v = found(R"(def step(x, bias, block):
    y = project(x, bias=1)
    return tile(y, 0, block=64)
)");
  EXPECT_TRUE(v.empty());
}

}  // namespace
}  // namespace rp
