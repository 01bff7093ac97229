#include "analysis/knob_use.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

using lang::Grammar;
using lang::SyntaxTree;

bool only_reports(const std::string& src, std::string_view name, bool* found_out = nullptr) {
  auto tree = SyntaxTree::parse(Grammar::Python, src);
  bool found = false;
  bool r = knob_only_reports(*tree, name, found);
  if (found_out) *found_out = found;
  return r;
}

TEST(KnobUse, AFlagThatOnlyGuardsLogLinesOnlyReports) {
  EXPECT_TRUE(only_reports(R"(
import os
SHOW = os.getenv("P_SHOW", "0") == "1"
def step(x):
    if SHOW and x > 3:
        log.info("x=%d", x)
    return x + 1
)", "P_SHOW"));
}

TEST(KnobUse, AnIntervalFollowedThroughAnAttributeOnlyReports) {
  EXPECT_TRUE(only_reports(R"(
import os
class Runner:
    def __init__(self):
        self.every = int(os.environ.get("P_EVERY", "0"))
    def tick(self, n):
        if self.every and n % self.every == 0:
            for k in range(2):
                print(k)
)", "P_EVERY"));
}

TEST(KnobUse, ARegistryAttributeInAReportCallOnlyReports) {
  EXPECT_TRUE(only_reports(R"(
from pkg import envs
def f(x):
    logger.debug("mode %s", envs.P_MODE)
    return x
)", "P_MODE"));
}

TEST(KnobUse, AFlagReturnedByAHelperFollowsTheHelpersCalls) {
  // A helper returns the flag; `build` logs when it is on, then returns `md` by one of two tails.
  const std::string head = R"(
import os
def _trace_on() -> bool:
    return os.environ.get("P_TRACE") == "1"
def build(md):
    if _trace_on():
        logger.info("md=%s", md)
)";
  EXPECT_TRUE(only_reports(head + "    return md\n", "P_TRACE"));
  // The second call of the helper changes the value returned: not only a report.
  EXPECT_FALSE(only_reports(head + "    return md if not _trace_on() else None\n", "P_TRACE"));
}

TEST(KnobUse, AValueThatIsReturnedOrComputesIsBehaviour) {
  EXPECT_FALSE(only_reports(R"(
import os
N = int(os.getenv("P_N", "4"))
def chunks():
    return N
)", "P_N"));
  EXPECT_FALSE(only_reports(R"(
import os
def f(xs):
    if os.getenv("P_SORT"):
        print("sorting")
        xs.sort()
)", "P_SORT"));
  // A log branch and a computing else: the value picks what runs.
  EXPECT_FALSE(only_reports(R"(
import os
def f(xs):
    if os.getenv("P_DRY"):
        print(xs)
    else:
        run(xs)
)", "P_DRY"));
}

TEST(KnobUse, AKnobNeverUsedSaysNothing) {
  bool found = true;
  EXPECT_FALSE(only_reports("import os\nos.getenv('P_X')\n", "P_Y", &found));
  EXPECT_FALSE(found);
  // Bound and never read: nothing says it only reports.
  EXPECT_FALSE(only_reports("import os\nX = os.getenv('P_X')\n", "P_X", &found));
  EXPECT_TRUE(found);
}

TEST(KnobUse, AProbeThatComputesLocalsOnlyForItsLogLineOnlyReports) {
  // The guarded body computes values (a slice, a top-k, a list it appends to) that only a
  // print/log reads: a debug probe, whatever it calls to get them.
  EXPECT_TRUE(only_reports(R"(
import os
def decode(q, lens):
    if os.environ.get("P_PROBE") == "1":
        import numpy as np
        tail = lens[-4:]
        rows = []
        for r in q[:2]:
            rows.append(r.sum().item())
        try:
            top = q.topk(3)
        except RuntimeError as e:
            top = str(e)
        print(f"tail={tail.tolist()} rows={rows} top={top}", np.mean(rows))
    return q * 2
)", "P_PROBE"));
}

TEST(KnobUse, AnEarlyReturnGuardOverAProbeFunctionOnlyReports) {
  EXPECT_TRUE(only_reports(R"(
import os
def _probe(where, runner):
    if not _env_flag("P_GRAPH_PROBE"):
        return
    attrs = {}
    for name in ("a", "b"):
        if hasattr(runner, name):
            attrs[name] = getattr(runner, name)
    logger.warning("probe %s %s", where, attrs)
)", "P_GRAPH_PROBE"));
}

TEST(KnobUse, AGuardedBodyThatChangesStateOrControlFlowDoesNot) {
  const std::vector<std::string> behaviour = {
      // A local the probe computes is read after it: the knob changes what runs next.
      "def f(q):\n    if os.environ.get(\"P_X\") == \"1\":\n        q2 = q.contiguous()\n        print(q2.shape)\n"
      "    return q2\n",
      // An attribute written on an object from outside the body.
      "def f(self, q):\n    if os.environ.get(\"P_X\") == \"1\":\n        self.cache = q.clone()\n"
      "        print(q.shape)\n    return q\n",
      // A call statement on an object the body did not build (state may change).
      "def f(model, q):\n    if os.environ.get(\"P_X\") == \"1\":\n        model.reset()\n        print(\"reset\")\n"
      "    return model(q)\n",
      // An early return that skips computing code is a behaviour switch.
      "def warm(model):\n    if os.environ.get(\"P_X\") == \"1\":\n        return\n    model.compile()\n"
      "    logger.info(\"warm\")\n",
      // A monkeypatch under the flag.
      "def patch():\n    if os.environ.get(\"P_X\", \"0\") != \"1\":\n        return\n    orig = Proc.get\n"
      "    def get(self, x):\n        logger.info(\"n=%s\", x)\n        return orig(self, x)\n    Proc.get = get\n",
  };
  for (const std::string& src : behaviour) EXPECT_FALSE(only_reports("import os\n" + src, "P_X")) << src;
}

}  // namespace
}  // namespace rp
