// How a repository decorator binds calls of the function it decorates: forwarded elsewhere
// (the decorated def is a placeholder), bound to the decorated def, or not known.
#include "analysis/decorator_binding.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

using B = DecoratorBinding::Binds;

const char* kJit = R"(import functools


def build_ext(name, extra=None):
    return name


def forwarded(_name, symbol=None):
    def decorate(stub):
        @functools.wraps(stub)
        def call_ext(*args, build_opts=None, **kwargs):
            ext = build_ext(_name, build_opts)
            return getattr(ext, symbol or stub.__name__)(*args, **kwargs)

        return call_ext

    return decorate


def register_schema(fn=None):
    def inner(f):
        return f

    return inner


def schema_bound(_name):
    def decorate(stub):
        def call_ext(*args, build_opts=None, **kwargs):
            return build_ext(_name)(*args, **kwargs)

        @register_schema(fn=stub)
        def op(*args, **kwargs):
            return call_ext(*args, **kwargs)

        return op

    return decorate


def checked(fn):
    @functools.wraps(fn)
    def run(*args, trace=False, **kwargs):
        return fn(*args, **kwargs)

    return run


def two_ways(fast):
    def decorate(stub):
        def a(*args, build_opts=None, **kwargs):
            return build_ext("a")(*args, **kwargs)

        def b(*args, **kwargs):
            return build_ext("b")(*args, **kwargs)

        if fast:
            return a
        return b

    return decorate


def returns_partial(stub):
    return functools.partial(stub)
)";

const char* kOps = R"(from pkg.jit import forwarded, schema_bound, checked, two_ways, returns_partial


@forwarded("m")
def op_a(x): ...
)";

struct Repo : testing_support::PythonRepo {
  Repo() : PythonRepo({{"pkg/__init__.py", ""}, {"pkg/jit.py", kJit}, {"pkg/ops.py", kOps}}) {}
  DecoratorBinding of(std::string_view d) { return decorator_binding(*idx, tree_of, "pkg/ops.py", d); }
};

TEST(DecoratorBinding, WrapperForwardingToAnotherCallableBindsElsewhereAndAddsItsKeywords) {
  Repo r;
  DecoratorBinding b = r.of("forwarded(\"m\", symbol=\"x\")");
  EXPECT_EQ(b.binds, B::Elsewhere);
  EXPECT_EQ(b.wrapper_keywords, std::vector<std::string>{"build_opts"});
  EXPECT_EQ(b.where, "pkg/jit.py:8");
}

// What each wrapper shape binds and which of its own keywords it adds.
TEST(DecoratorBinding, WhatAWrapperDoesWithTheDecoratedDefDecidesWhatItBinds) {
  struct Case {
    const char* decorator;
    B binds;
    std::vector<std::string> keywords;
    const char* why;
  };
  const Case cases[] = {
      {"schema_bound(\"m\")", B::Decorated, {}, "the wrapper is handed to another decorator"},
      {"checked", B::Decorated, {"trace"}, "the wrapper calls the decorated function and keeps its own keyword"},
      {"two_ways(True)", B::Elsewhere, {}, "several wrappers share only the keywords all of them take"},
  };
  Repo r;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.why);
    DecoratorBinding b = r.of(c.decorator);
    EXPECT_EQ(b.binds, c.binds);
    EXPECT_EQ(b.wrapper_keywords, c.keywords);
  }
}

TEST(DecoratorBinding, UnreadShapesAreUnknown) {
  Repo r;
  EXPECT_EQ(r.of("returns_partial").binds, B::Unknown);  // returns a call, not a nested def
  EXPECT_EQ(r.of("missing_deco").binds, B::Unknown);     // not in the repository
  EXPECT_EQ(r.of("pkg.jit.checked").binds, B::Unknown);  // dotted: not followed
}

}  // namespace
}  // namespace rp
