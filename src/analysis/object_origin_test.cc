// Origins: classes and objects of this repository versus ones from outside it, functions used
// as values, and the syntax predicates (getattr alias chains, parameters taken only to reject).
#include "analysis/object_origin.h"

#include <map>

#include <gtest/gtest.h>

#include "source/map_tree.h"

namespace rp {
namespace {


struct Repo {
  explicit Repo(std::map<std::string, std::string> files)
      : tree(std::move(files)), idx(index::RepoIndex::build(tree, index::BuildOptions{})), origins(*idx, tree) {}
  // The first argument of the first `getattr` call on `line` of `path`.
  Origin getattr_object(const std::string& path, int line) {
    const lang::SyntaxTree* t = origins.tree(path);
    for (const lang::Call& c : t->calls())
      if (c.callee == "getattr" && c.line == line) return origins.object_origin(path, c.args[0].value);
    ADD_FAILURE() << "no getattr on line " << line;
    return {};
  }
  const lang::Function function(const std::string& path, const std::string& qualified) {
    for (const lang::Function& f : origins.tree(path)->functions())
      if (f.qualified == qualified) return f;
    ADD_FAILURE() << "no function " << qualified;
    return {};
  }
  MapTree tree;
  std::unique_ptr<index::RepoIndex> idx;
  Origins origins;
};

const char* kSettings = R"(from dataclasses import dataclass, field

from hub.configs import CheckpointConfig
from hub import loader


@dataclass
class Settings:
    ckpt: CheckpointConfig = field(default=None)
    depth: int = 2
    tuning: "TuneKnobs" = None

    def __post_init__(self):
        self.raw = loader.load_json("x.json")
        self.knobs = TuneKnobs()


@dataclass
class TuneKnobs:
    unroll: int = 1


class RemoteSettings(CheckpointConfig):
    pass
)";

TEST(Origins, ClassesResolveThroughImportsAliasesAndBases) {
  Repo r({{"kit/__init__.py", ""},
          {"kit/settings.py", kSettings},
          {"kit/use.py", "from kit.settings import Settings as S, RemoteSettings\nfrom hub.configs import Frame\n"}});
  Origin s = r.origins.resolve_class("kit/use.py", "Optional[S]", 3);
  EXPECT_TRUE(s.repo());
  EXPECT_EQ(s.path, "kit/settings.py");
  EXPECT_EQ(s.name, "Settings");
  Origin f = r.origins.resolve_class("kit/use.py", "Frame | None", 3);
  EXPECT_TRUE(f.external());
  EXPECT_EQ(f.module, "hub.configs");
  EXPECT_EQ(r.origins.resolve_class("kit/use.py", "dict[str, int]", 3).kind, Origin::Unknown);
  EXPECT_FALSE(r.origins.derives_from_external("kit/settings.py", "Settings"));
  EXPECT_TRUE(r.origins.derives_from_external("kit/settings.py", "RemoteSettings"));
}

TEST(Origins, ObjectsFollowFieldsLocalsParamsAndCallers) {
  Repo r({{"kit/__init__.py", ""},
          {"kit/settings.py", kSettings},
          {"kit/model.py", R"(from kit.settings import Settings


def _inner(c):
    return c


def prepare(conf):
    return getattr(conf, "rope_mode", 0)


class Block:
    def __init__(self, settings: Settings, spec):
        getattr(settings, "fresh", 1)
        getattr(settings.ckpt, "fresh", 1)
        ck = _inner(settings.ckpt)
        getattr(ck, "fresh", 1)
        getattr(settings.raw, "fresh", 1)
        getattr(settings.knobs, "fresh", 1)
        getattr(spec, "fresh", 1)
        prepare(settings.ckpt)


def build(settings: Settings):
    return Block(settings, settings.tuning)
)"}});
  EXPECT_TRUE(r.getattr_object("kit/model.py", 14).repo());      // settings: Settings
  EXPECT_TRUE(r.getattr_object("kit/model.py", 15).external());  // a field typed CheckpointConfig
  EXPECT_TRUE(r.getattr_object("kit/model.py", 17).external());  // derived through a helper
  EXPECT_TRUE(r.getattr_object("kit/model.py", 18).external());  // loaded by an external call
  Origin knobs = r.getattr_object("kit/model.py", 19);            // self.knobs = TuneKnobs()
  EXPECT_TRUE(knobs.repo());
  EXPECT_EQ(knobs.name, "TuneKnobs");
  EXPECT_TRUE(r.getattr_object("kit/model.py", 20).repo());      // spec: the caller passes settings.tuning
  EXPECT_TRUE(r.getattr_object("kit/model.py", 9).external());   // conf: the caller passes settings.ckpt
}

TEST(Origins, FieldOfAnUntypedOwnerFollowsTheRepositorysDeclarations) {
  // `engine` is untyped, so `engine.settings` is unknown; but every class that declares a
  // `ckpt` field types it with the external CheckpointConfig, so `.ckpt` is external.
  Repo r({{"kit/__init__.py", ""},
          {"kit/settings.py", kSettings},
          {"kit/other.py",
           "from hub.configs import CheckpointConfig\n\n\nclass Holder:\n    def __init__(self, c):\n"
           "        self.ckpt: CheckpointConfig = c\n"},
          {"kit/plan.py", R"(class Planner:
    def __init__(self, engine):
        self.engine = engine

    def plan(self):
        s = self.engine.settings
        getattr(s.ckpt, "fresh", 1)
        getattr(s.knobs, "fresh", 1)
        getattr(s.depth_cfg, "fresh", 1)
)"}});
  EXPECT_TRUE(r.getattr_object("kit/plan.py", 7).external());
  // `knobs` is declared without a type; `depth_cfg` nowhere: unknown.
  EXPECT_EQ(r.getattr_object("kit/plan.py", 8).kind, Origin::Unknown);
  EXPECT_EQ(r.getattr_object("kit/plan.py", 9).kind, Origin::Unknown);
  // A second declaration of a repository type makes the name ambiguous: unknown.
  Repo mixed({{"kit/__init__.py", ""},
              {"kit/settings.py", kSettings},
              {"kit/alt.py", "class Alt:\n    ckpt: 'Alt' = None\n"},
              {"kit/plan.py", "def plan(engine):\n    getattr(engine.state.ckpt, 'fresh', 1)\n"}});
  EXPECT_EQ(mixed.getattr_object("kit/plan.py", 2).kind, Origin::Unknown);
}

TEST(Origins, UnknownWithoutEvidence) {
  Repo r({{"kit/__init__.py", ""}, {"kit/norm.py", "def norm(x, cfg=None):\n    return getattr(cfg, 'groups', 1)\n"}});
  EXPECT_EQ(r.getattr_object("kit/norm.py", 2).kind, Origin::Unknown);
}

TEST(Origins, FunctionsUsedAsValues) {
  Repo r({{"kit/__init__.py", ""},
          {"kit/runners.py", R"(import functools


def run_a(x, split=1):
    return x * split


def run_b(x, split=1):
    return x


def run_c(x, split=1):
    return x


@functools.lru_cache
def run_d(x, split=1):
    return x


TABLE = {"a": (run_a, True)}


def use(x):
    run_d.cache_clear()
    return run_c(x, split=2) + run_d(x)
)"},
          {"kit/pick.py", R"(from kit.runners import run_b


def choose(fast, other):
    impl = run_b if fast else other
    return impl
)"},
          {"kit/backend.py", R"(class Backend:
    def stage(self, x, flag):
        return x

    def plain(self, x, flag):
        return x

    def register(self, hooks):
        hooks.append(self.stage)
        return self.plain(1, 2)
)"}});
  EXPECT_TRUE(r.origins.used_as_value("kit/runners.py", r.function("kit/runners.py", "run_a")));
  EXPECT_TRUE(r.origins.used_as_value("kit/runners.py", r.function("kit/runners.py", "run_b")));
  EXPECT_FALSE(r.origins.used_as_value("kit/runners.py", r.function("kit/runners.py", "run_c")));
  EXPECT_FALSE(r.origins.used_as_value("kit/runners.py", r.function("kit/runners.py", "run_d")));
  EXPECT_TRUE(r.origins.used_as_value("kit/backend.py", r.function("kit/backend.py", "Backend.stage")));
  EXPECT_FALSE(r.origins.used_as_value("kit/backend.py", r.function("kit/backend.py", "Backend.plain")));
}

TEST(Origins, GetattrFallbackAndRejectedParams) {
  auto t = lang::SyntaxTree::parse(lang::Grammar::Python, R"(def f(c, out=None, scale=None, mode=None):
    a = getattr(c, "new_key", getattr(c, "old_key", True))
    b = getattr(c, "other", 3)
    if out is not None or scale is not None:
        raise NotImplementedError("fused output")
    if mode is not None:
        print(mode)
    return a + b
)");
  int fallbacks = 0, plain = 0;
  for (const lang::Call& c : t->calls())
    if (c.callee == "getattr") (getattr_fallback(c) ? fallbacks : plain)++;
  EXPECT_EQ(fallbacks, 1);
  EXPECT_EQ(plain, 2);
  lang::Function fn = t->functions().front();
  EXPECT_TRUE(param_only_rejected(*t, fn, "out"));
  EXPECT_TRUE(param_only_rejected(*t, fn, "scale"));
  EXPECT_FALSE(param_only_rejected(*t, fn, "mode"));
  EXPECT_FALSE(param_only_rejected(*t, fn, "c"));
}

}  // namespace
}  // namespace rp
