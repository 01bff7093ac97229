// Possibly unbound module names: what an optional import leaves behind when it fails.
#include "analysis/possibly_unbound.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

// "name:line" of each unexcused read, with "!" after it when the read runs at import time.
std::vector<std::string> reads(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const PossiblyUnboundRead& r : possibly_unbound_names(*tree).reads)
    out.push_back(r.name + ":" + std::to_string(r.node.start_line()) + (r.at_import ? "!" : ""));
  return out;
}

TEST(PossiblyUnbound, HandlerThatOnlyReportsLeavesImportedNamesUnbound) {
  const char* src = R"(import logging
try:
    from fastkern import gemm, Layout as L
except ImportError:
    logging.warning("fastkern missing")

def run(a, b):
    return gemm(a, b)

DEFAULT = L.ROW
)";
  EXPECT_EQ(reads(src), (std::vector<std::string>{"gemm:8", "L:10!"}));
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  PossiblyUnbound p = possibly_unbound_names(*tree);
  ASSERT_EQ(p.bindings.size(), 1u);
  EXPECT_EQ(p.bindings[0].names, (std::vector<std::string>{"gemm", "L"}));
  EXPECT_EQ(p.bindings[0].modules, (std::vector<std::string>{"fastkern", "fastkern"}));
  EXPECT_EQ(p.bindings[0].handler.start_line(), 4);
  EXPECT_TRUE(p.bindings[0].catches_import_failure);
  EXPECT_EQ(p.reads[0].owner, "run");
}

TEST(PossiblyUnbound, FallbackBindingOrLeavingHandlerMakesTheNameSafe) {
  EXPECT_TRUE(reads(R"(kern = None
try:
    from fastkern import kern
except ImportError:
    pass
try:
    import extra
except ImportError:
    extra = None
try:
    import needed
except ImportError as e:
    raise RuntimeError("install needed") from e
try:
    import cli_dep
except ImportError:
    print("missing")
    sys.exit(1)
try:
    from shim import wrap
except ImportError:
    def wrap(f):
        return f

def f(x):
    return kern(x) + extra.g(x) + needed.h(x) + cli_dep.k(x) + wrap(x)
)")
                  .empty());
}

TEST(PossiblyUnbound, TestsOfTheNameOrOfAFlagExcuseTheRead) {
  EXPECT_TRUE(reads(R"(try:
    import fastkern
    HAVE_FAST = True
except ImportError:
    HAVE_FAST = False
try:
    from accel import boost
except ImportError:
    pass

def a(x):
    if HAVE_FAST:
        return fastkern.run(x)
    return x

def b(x):
    if not HAVE_FAST:
        raise RuntimeError("no fastkern")
    y = fastkern.run(x)
    return y

def c(x):
    return boost(x) if boost is not None else x

def d(x):
    try:
        return boost(x)
    except NameError:
        return x

def _helper(x):
    return fastkern.run(x)

def e(x):
    if HAVE_FAST:
        return _helper(x)
    return x
)")
                  .empty());
}

TEST(PossiblyUnbound, SkippingTestModulesAndFlagGuardedMethodsAreSafe) {
  // `pytest` itself need not resolve: the handler's call is what leaves.
  std::vector<std::string> skipped = reads(R"(try:
    from fastkern import gemm
except ImportError as exc:
    pytest.skip(f"no fastkern: {exc}", allow_module_level=True)

def test_gemm():
    assert gemm(1, 2) == 2
)");
  EXPECT_TRUE(skipped.empty());
  EXPECT_TRUE(reads(R"(FAST = False
try:
    import fastkern
    FAST = True
except ImportError:
    print("slow path")

class Sampler:
    @staticmethod
    def _fast(x):
        return fastkern.sample(x)

    def sample(self, x):
        if FAST:
            return self._fast(x)
        return x
)")
                  .empty());
}

TEST(PossiblyUnbound, ANameASecondImportAlsoBindsIsNotAFlag) {
  EXPECT_EQ(reads(R"(try:
    from fastkern import gemm, decode
except ImportError:
    print("no fastkern")
try:
    from fastkern.extra import decode
except ImportError:
    pass

def step(x):
    return gemm(decode(x))
)"),
            (std::vector<std::string>{"gemm:11"}));
}

TEST(PossiblyUnbound, AFlagNothingReadsExcusesNothing) {
  EXPECT_EQ(reads(R"(import os
try:
    from tilelib import tile_gemm as tg
    TILED = 1
except (ImportError, OSError):
    TILED = 0

def unguarded(x):
    return tg(x)

unguarded(3)
)"),
            (std::vector<std::string>{"tg:9"}));
  // Read anywhere, the flag shows the module was designed for the failure: silent.
  EXPECT_TRUE(reads(R"(import os
try:
    from tilelib import tile_gemm as tg
    TILED = 1
except (ImportError, OSError):
    TILED = 0

BACKENDS = ("tiled",) * TILED

def run(name, x):
    return tg(x) if name in BACKENDS else x
)")
                  .empty());
}

TEST(PossiblyUnbound, ConditionalImportTimeReadsAreNotUnconditional) {
  EXPECT_EQ(reads(R"(try:
    import fastkern
except Exception:
    pass

if __name__ == "__main__":
    fastkern.main()

@fastkern.jit
def k(x):
    return x
)"),
            (std::vector<std::string>{"fastkern:7", "fastkern:9!"}));
}

TEST(PossiblyUnbound, FunctionLevelTriesAndUnknowableModulesAreOutOfScope) {
  EXPECT_TRUE(reads(R"(def load():
    try:
        import fastkern
    except ImportError:
        pass
    return fastkern
)")
                  .empty());
  EXPECT_TRUE(reads(R"(from helpers import *
try:
    import fastkern
except ImportError:
    pass
x = fastkern.run(1)
)")
                  .empty());
}

// "name:line" of each local read after a going-on handler, "!" when it is reached on every path.
std::vector<std::string> locals_read(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const TryUnboundRead& r : try_unbound_locals(*tree))
    out.push_back(r.name + ":" + std::to_string(r.read.start_line()) + (r.every_path ? "!" : ""));
  return out;
}

TEST(TryUnboundLocals, AHandlerThatLogsLeavesTheTryLocalUnbound) {
  const char* src = R"(import logging
log = logging.getLogger(__name__)

def load(path, opts):
    try:
        blob = read_blob(path)
        meta = parse_meta(blob)
    except (OSError, ValueError) as err:
        log.warning("cannot load %s: %s", path, err)
    size = len(blob)
    if opts.verbose:
        print(meta)
    return size
)";
  EXPECT_EQ(locals_read(src), (std::vector<std::string>{"blob:10!", "meta:12"}));
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<TryUnboundRead> r = try_unbound_locals(*tree);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].function, "load");
  EXPECT_EQ(r[0].handler.start_line(), 8);
  EXPECT_EQ(r[0].caught, "OSError, ValueError");
  EXPECT_EQ(r[0].binding.start_line(), 6);
  ASSERT_TRUE(r[0].failing);
  EXPECT_EQ(r[0].failing.text(), "read_blob(path)");
  EXPECT_EQ(r[1].failing.text(), "parse_meta(blob)");
}

TEST(TryUnboundLocals, LeavingHandlersBindingsBeforeAndFallbacksAreSafe) {
  EXPECT_TRUE(locals_read(R"(def a(items):
    out = []
    for it in items:
        try:
            v = convert(it)
        except ValueError:
            continue
        out.append(v)
    return out

def b(p, q=None):
    q = None
    try:
        q = fetch(p)
        r = fetch(q)
    except KeyError:
        r = None
    return p, q, r

def c():
    global cache
    try:
        cache = build()
        import fancy
    except ImportError:
        raise SystemExit("install fancy")
    return cache, fancy

def d(x):
    try:
        y = slow(x)
    except Exception:
        print("slow failed")
    y = fast(x)
    return y

def e(x):
    try:
        y = slow(x)
    except Exception:
        pass
    else:
        return y
    finally:
        cleanup()
    return None
)")
                  .empty());
}

TEST(TryUnboundLocals, FlagsTestsAndCatchingTriesExcuseTheRead) {
  EXPECT_TRUE(locals_read(R"(def a(x):
    ok = False
    try:
        y = risky(x)
        ok = True
    except RuntimeError:
        pass
    if ok:
        return y
    return None

def b(x):
    try:
        y = risky(x)
    except RuntimeError:
        failed = True
    if failed:
        return None
    return y

def c(x):
    try:
        y = risky(x)
    except RuntimeError:
        pass
    try:
        return y + 1
    except UnboundLocalError:
        return 0

def d(x):
    while True:
        try:
            y = risky(x)
            break
        except RuntimeError:
            wait()
    return y

def e(xs):
    for x in xs:
        try:
            y = risky(x)
            break
        except RuntimeError:
            pass
    else:
        raise RuntimeError("all failed")
    return y

def f(x):
    try:
        y = risky(x)
    except RuntimeError:
        pass
    return y if "y" in locals() else None
)")
                  .empty());
}

TEST(TryUnboundLocals, ReachabilityFinallyLoopsAndNestedScopes) {
  EXPECT_EQ(locals_read(R"(def a(flag, x):
    if flag:
        try:
            y = risky(x)
        except RuntimeError:
            pass
    else:
        return y
    return [y for _ in range(2)]

def b(x):
    try:
        y = risky(x)
    except RuntimeError:
        pass
    finally:
        done(y)

def c(xs):
    for x in xs:
        try:
            y = risky(x)
            break
        except RuntimeError:
            pass
    return y

def d(x):
    try:
        y = risky(x)
    except RuntimeError:
        pass
    def later():
        return y
    return [y for y in range(3)], later
)"),
            (std::vector<std::string>{"y:9", "y:17", "y:26"}));
}

TEST(TryUnboundLocals, LaterBindingsOnEveryPathAndExitingCallsAreSafe) {
  EXPECT_TRUE(locals_read(R"(def a(rows):
    for r in rows:
        try:
            cost = measure(r)
        except RuntimeError:
            print("skip")
    for name, cost in table():
        show(name, cost)

def b():
    try:
        arch = probe_tool()
    except Exception:
        pass
    try:
        arch = probe_driver()
    except (ImportError, RuntimeError):
        arch = ""
    return arch

def c(parser, text):
    try:
        n = int(text)
    except ValueError:
        parser.error("not a number")
    return n

def d(paths):
    try:
        fh = open(paths[0])
    except OSError:
        pass
    with open(paths[1]) as fh:
        return fh.read()
)")
                  .empty());
}

}  // namespace
}  // namespace rp
