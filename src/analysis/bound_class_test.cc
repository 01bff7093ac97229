// Which repository class a name holds: constructors, return annotations, annotated containers,
// `self.x` bound once — and the shapes where it cannot be known.
#include "analysis/bound_class.h"

#include <map>
#include <memory>

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

struct Repo : testing_support::PythonRepo {
  using PythonRepo::PythonRepo;
  // The class `receiver` holds on the first line of `path` that contains `marker`.
  std::optional<BoundClass> at(const std::string& path, std::string_view receiver, std::string_view marker) {
    const lang::SyntaxTree* t = tree_of(path);
    for (int line = 1; line <= t->line_count(); ++line)
      if (t->line_text(line).find(marker) != std::string_view::npos) return bound_class(*idx, tree_of, path, receiver, line);
    ADD_FAILURE() << "no line with " << marker;
    return std::nullopt;
  }
};

const char* kShapes = R"(class Shape:
    def __init__(self, rows):
        self.rows = rows
)";

const char* kPlan = R"(from typing import Dict, List, Optional

from geo.shapes import Shape


def plan_for(rows) -> "Shape":
    return Shape(rows)


def unannotated(rows):
    return Shape(rows)


class Planner:
    def __init__(self, rows):
        self.shape = Shape(rows)
        self.other = unannotated(rows)

    def current(self) -> Optional[Shape]:
        return self.shape

    def use(self, shapes: Dict[str, Shape], seq: List["Shape"], rows):
        a = Shape(rows)
        a.cols  # A
        b = plan_for(rows)
        b.cols  # B
        c = self.current()
        c.cols  # C
        for name, d in shapes.items():
            d.cols  # D
        for e in seq:
            e.cols  # E
        for i, f in enumerate(seq):
            f.cols  # F
        g = shapes[rows]
        g.cols  # G
        self.shape.cols  # H
        self.other.cols  # I
        for k in shapes:
            k.cols  # J
        h = unannotated(rows)
        h.cols  # K
        m = Shape(rows)
        m = plan_for(rows)
        m.cols  # L
)";

TEST(BoundClass, ConstructorsReturnAnnotationsAndContainers) {
  Repo repo({{"geo/__init__.py", ""}, {"geo/shapes.py", kShapes}, {"geo/plan.py", kPlan}});
  auto a = repo.at("geo/plan.py", "a", "# A");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->cls, (ClassRef{"geo/shapes.py", "Shape"}));
  EXPECT_TRUE(a->exact);
  auto b = repo.at("geo/plan.py", "b", "# B");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->cls.name, "Shape");
  EXPECT_FALSE(b->exact);
  EXPECT_NE(b->how.find("plan_for"), std::string::npos);
  auto c = repo.at("geo/plan.py", "c", "# C");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->cls.name, "Shape");
  for (const char* var_marker : {"d|# D", "e|# E", "f|# F", "g|# G"}) {
    std::string s(var_marker);
    auto got = repo.at("geo/plan.py", s.substr(0, 1), s.substr(2));
    ASSERT_TRUE(got) << s;
    EXPECT_EQ(got->cls.name, "Shape") << s;
  }
  auto h = repo.at("geo/plan.py", "self.shape", "# H");
  ASSERT_TRUE(h);
  EXPECT_TRUE(h->exact);
}

TEST(BoundClass, ReturnAnnotationTheBodyContradictsSaysNothing) {
  const char* kGrid = "class Grid:\n    def __init__(self, rows):\n        self.rows = rows\n";
  const char* kMake = R"(from geo.shapes import Shape


def grid_for(rows) -> Shape:
    from geo.grid import Grid
    if rows:
        return Shape(rows)
    return Grid(rows)


def shape_for(rows) -> Shape:
    if rows is None:
        return None
    return Shape(rows)


def use(rows):
    x = grid_for(rows)
    x.cols  # X
    y = shape_for(rows)
    y.cols  # Y
)";
  Repo repo({{"geo/__init__.py", ""}, {"geo/shapes.py", kShapes}, {"geo/grid.py", kGrid}, {"geo/make.py", kMake}});
  EXPECT_FALSE(repo.at("geo/make.py", "x", "# X"));  // annotated Shape, returns a Grid too
  auto y = repo.at("geo/make.py", "y", "# Y");
  ASSERT_TRUE(y);
  EXPECT_EQ(y->cls.name, "Shape");
}

TEST(BoundClass, UnknownWhenBoundByAnythingElse) {
  Repo repo({{"geo/__init__.py", ""}, {"geo/shapes.py", kShapes}, {"geo/plan.py", kPlan}});
  EXPECT_FALSE(repo.at("geo/plan.py", "self.other", "# I"));  // unannotated function
  EXPECT_FALSE(repo.at("geo/plan.py", "k", "# J"));           // a dict's keys are str
  EXPECT_FALSE(repo.at("geo/plan.py", "h", "# K"));
  EXPECT_FALSE(repo.at("geo/plan.py", "m", "# L"));           // bound twice
  EXPECT_FALSE(repo.at("geo/plan.py", "rows", "# A"));        // unannotated parameter
}

TEST(BoundClass, SelfAttributeOfAClassWithSubclassesOrOutsideStores) {
  Repo repo({{"geo/__init__.py", ""},
             {"geo/shapes.py", kShapes},
             {"geo/holder.py", "from geo.shapes import Shape\n"
                               "class Holder:\n"
                               "    def __init__(self):\n"
                               "        self.shape = Shape(2)\n"
                               "    def read(self):\n"
                               "        return self.shape.cols\n"
                               "class Child(Holder):\n"
                               "    pass\n"},
             {"geo/twice.py", "from geo.shapes import Shape\n"
                              "class Twice:\n"
                              "    def __init__(self):\n"
                              "        self.shape = Shape(2)\n"
                              "    def read(self):\n"
                              "        return self.shape.cols\n"
                              "def reset(t):\n"
                              "    t.shape = None\n"}});
  EXPECT_FALSE(repo.at("geo/holder.py", "self.shape", "return self.shape"));
  EXPECT_FALSE(repo.at("geo/twice.py", "self.shape", "return self.shape"));
}

TEST(BoundClass, ElementClassOfContainerAnnotations) {
  EXPECT_EQ(element_class("Dict[str, Meta]", true), "Meta");
  EXPECT_EQ(element_class("Dict[str, Meta]", false), "str");
  EXPECT_EQ(element_class("Optional[typing.Mapping[int, \"mod.Meta\"]]", true), "mod.Meta");
  EXPECT_EQ(element_class("list[Meta]", false), "Meta");
  EXPECT_EQ(element_class("Tuple[Meta, ...]", false), "Meta");
  EXPECT_EQ(element_class("Tuple[Meta, int]", false), "");
  EXPECT_EQ(element_class("Dict[str, List[Meta]]", true), "");
  EXPECT_EQ(element_class("Meta", false), "");
}

}  // namespace
}  // namespace rp
