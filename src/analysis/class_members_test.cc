// Instance attributes of a class from its source, and when they cannot be listed.
#include "analysis/class_members.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

ClassMembers members(const std::string& src, std::string_view name) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  return class_members(*tree, name);
}

TEST(ClassMembers, DataclassFieldsMethodsAndSelfStores) {
  ClassMembers m = members(
      "from dataclasses import dataclass\n"
      "@dataclass(frozen=False)\n"
      "class BatchMeta(Base):\n"
      "    seq_lens: list\n"
      "    page: int = 16\n"
      "    if FAST:\n"
      "        fast_path = True\n"
      "    def __post_init__(me):\n"
      "        me.total, me.count = 0, 0\n"
      "        me.extra: int = 1\n"
      "    @property\n"
      "    def width(self):\n"
      "        return self.page\n"
      "    class Kind:\n"
      "        pass\n",
      "BatchMeta");
  EXPECT_TRUE(m.found);
  EXPECT_TRUE(m.knowable);
  EXPECT_EQ(m.names, (std::set<std::string, std::less<>>{"seq_lens", "page", "fast_path", "__post_init__", "total",
                                                          "count", "extra", "width", "Kind"}));
  EXPECT_EQ(m.bases, (std::vector<std::string>{"Base"}));
}

TEST(ClassMembers, DynamicAttributesMakeAClassUnknowable) {
  EXPECT_FALSE(members("class A:\n    def __getattr__(self, n):\n        return 0\n", "A").knowable);
  EXPECT_FALSE(members("class A:\n    def __init__(self, **kw):\n        for k, v in kw.items():\n"
                       "            setattr(self, k, v)\n",
                       "A")
                   .knowable);
  EXPECT_FALSE(members("class A:\n    def __init__(self, d):\n        self.__dict__.update(d)\n", "A").knowable);
  EXPECT_FALSE(members("@register\nclass A:\n    x = 1\n", "A").knowable);
  EXPECT_FALSE(members("class A(metaclass=Meta):\n    x = 1\n", "A").knowable);
  EXPECT_FALSE(members("class A(Generic[T]):\n    x = 1\n", "A").knowable);
}

TEST(ClassMembers, OnlyOneModuleLevelClassOfThatName) {
  EXPECT_FALSE(members("if X:\n    class A:\n        a = 1\nelse:\n    class A:\n        b = 1\n", "A").found);
  EXPECT_FALSE(members("class A:\n    a = 1\nclass A:\n    b = 1\n", "A").found);
  EXPECT_TRUE(members("class A:\n    __slots__ = ('p', \"q\")\n", "A").names.count("q"));
}

TEST(ClassMembers, StoresFromOutsideTheClass) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, "def build(m):\n    m.page_size = 16\n    return m.other\n");
  EXPECT_TRUE(stores_attribute(*tree, "page_size"));
  EXPECT_FALSE(stores_attribute(*tree, "other"));
}

TEST(ClassMembers, SelfStoresOfAnotherClassAreThatClassesOwn) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                      "class Runner:\n    def __init__(self, d):\n        self.depth = d\n"
                                      "        setattr(self, 'k' + d, d)\n"
                                      "class Deep(Plan):\n    def set(self):\n        self.rows = 2\n"
                                      "def fill(p):\n    p.budget = 1\n");
  const std::set<std::string, std::less<>> own{"Plan", "Deep"};
  EXPECT_TRUE(stores_attribute(*tree, "depth"));  // without `own`, any store counts
  EXPECT_FALSE(stores_attribute(*tree, "depth", &own));  // Runner's self, and its setattr(self, ...)
  EXPECT_TRUE(stores_attribute(*tree, "rows", &own));    // a subclass's self
  EXPECT_TRUE(stores_attribute(*tree, "budget", &own));  // any other object may be a Plan
  auto dynamic = lang::SyntaxTree::parse(lang::Grammar::Python, "def fill(p, k):\n    setattr(p, k, 1)\n");
  EXPECT_TRUE(stores_attribute(*dynamic, "depth", &own));
}

TEST(ClassMembers, SetattrStoresOnlyTheNamesItCanBeGiven) {
  auto parse = [](const char* src) { return lang::SyntaxTree::parse(lang::Grammar::Python, src); };
  auto literal = parse("def f(m):\n    setattr(m, 'ready', True)\n");
  EXPECT_TRUE(stores_attribute(*literal, "ready"));
  EXPECT_FALSE(stores_attribute(*literal, "depth"));
  const char* from_method =
      "class Builder:\n"
      "    def extras(self, n):\n"
      "        if n == 0:\n            return None\n"
      "        return {'tail_a': n, 'tail_b': n + 1}\n"
      "    def build(self, m, n):\n"
      "        more = self.extras(n) if n else None\n"
      "        more = self.extras(n)\n"
      "        for k, v in more.items():\n"
      "            setattr(m, k, v)\n";
  auto method = parse(from_method);
  EXPECT_FALSE(stores_attribute(*method, "depth"));
  EXPECT_TRUE(stores_attribute(*method, "tail_b"));
  auto display = parse("def f(m):\n    d = {'x': 1}\n    for k in d:\n        setattr(m, k, d[k])\n");
  EXPECT_FALSE(stores_attribute(*display, "depth"));
  EXPECT_TRUE(stores_attribute(*display, "x"));
  // Keys that cannot be listed: a parameter, a splat, a return of something else, a rebinding.
  for (const char* src : {"def f(m, d):\n    for k, v in d.items():\n        setattr(m, k, v)\n",
                          "def f(m, e):\n    d = {'x': 1, **e}\n    for k, v in d.items():\n        setattr(m, k, v)\n",
                          "def g():\n    return dict(x=1)\ndef f(m):\n    d = g()\n    for k, v in d.items():\n        setattr(m, k, v)\n",
                          "def f(m, e):\n    d = {'x': 1}\n    d |= e\n    for k, v in d.items():\n        setattr(m, k, v)\n"})
    EXPECT_TRUE(stores_attribute(*parse(src), "depth")) << src;
}

// The same answers with and without `setattr` in the file (which takes the whole-file walk
// instead of the identifier index): a store in a nested function or a method of another class,
// a name that is only a variable or a keyword argument, a read, an augmented store.
TEST(ClassMembers, StoresFoundThroughTheIdentifierIndexAndTheWalk) {
  for (const char* tail : {"", "def late(o, k):\n    setattr(o, k, 1)\n"}) {
    auto tree = lang::SyntaxTree::parse(lang::Grammar::Python,
                                        std::string("def outer(cfg):\n"
                                                    "    def inner():\n"
                                                    "        cfg.tile_rows = 8\n"
                                                    "    width = cfg.tile_cols\n"
                                                    "    depth = 4\n"
                                                    "    cfg.steps += 1\n"
                                                    "    return make(depth=depth, width=width)\n"
                                                    "class Plan:\n"
                                                    "    def reset(self):\n"
                                                    "        (self).phase, other = 0, 1\n") +
                                            tail);
    bool walked = *tail != 0;  // with setattr every name is a possible store
    EXPECT_TRUE(stores_attribute(*tree, "tile_rows"));
    EXPECT_TRUE(stores_attribute(*tree, "steps"));
    EXPECT_TRUE(stores_attribute(*tree, "phase"));
    EXPECT_EQ(stores_attribute(*tree, "tile_cols"), walked);
    EXPECT_EQ(stores_attribute(*tree, "depth"), walked);
    EXPECT_EQ(stores_attribute(*tree, "width"), walked);
    EXPECT_EQ(stores_attribute(*tree, "missing"), walked);
  }
}

TEST(ClassMembers, AttributesEveryInstanceHas) {
  EXPECT_TRUE(every_instance_has("__class__"));
  EXPECT_TRUE(every_instance_has("__dict__"));
  EXPECT_TRUE(every_instance_has("__repr__"));
  EXPECT_FALSE(every_instance_has("__len__"));  // only classes that define it
  EXPECT_FALSE(every_instance_has("__call__"));
  EXPECT_FALSE(every_instance_has("page_size"));
}

TEST(ClassMembers, AnnotationsThatNameOneClass) {
  EXPECT_EQ(annotated_class("BatchMeta"), "BatchMeta");
  EXPECT_EQ(annotated_class("Optional[meta.BatchMeta]"), "meta.BatchMeta");
  EXPECT_EQ(annotated_class("'BatchMeta' "), "BatchMeta");
  EXPECT_EQ(annotated_class("BatchMeta | None"), "BatchMeta");
  EXPECT_EQ(annotated_class("Union[A, B]"), "");
  EXPECT_EQ(annotated_class("list[BatchMeta]"), "");
}

}  // namespace
}  // namespace rp
