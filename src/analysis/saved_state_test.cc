// Saved-value restore: save, change, put back — and the putting back gone
// wrong.
#include "analysis/saved_state.h"

#include <gtest/gtest.h>

namespace rp {
namespace {

std::vector<std::string> found(const std::string& src) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  std::vector<std::string> out;
  for (const StateRestoreDefect& d : saved_state_defects(*tree)) {
    const char* k = d.kind == StateRestoreDefect::Kind::LiteralRestore  ? "literal"
                    : d.kind == StateRestoreDefect::Kind::NeverRestored ? "never"
                                                                        : "not-on-error";
    out.push_back(std::string(k) + " " + d.state + "@" + std::to_string(d.line) +
                  (d.literal.empty() ? "" : " = " + d.literal));
  }
  return out;
}

TEST(SavedState, LiteralRestoreAfterASave) {
  auto v = found(R"(import numerics

def evaluate(model, batch):
    prior = numerics.ROUNDING
    numerics.ROUNDING = "stochastic"
    try:
        return model(batch)
    finally:
        numerics.ROUNDING = "nearest"
        log(prior)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"literal numerics.ROUNDING@9 = \"nearest\""}));
}

TEST(SavedState, SavedLocalNeverRead) {
  auto v = found(R"(import os

def export(path):
    before = os.environ.get("EXPORT_MODE")
    os.environ["EXPORT_MODE"] = "fast"
    write(path)
    os.environ.pop("EXPORT_MODE", None)
)");
  EXPECT_EQ(v, (std::vector<std::string>{"never os.environ[\"EXPORT_MODE\"]@4 = removed"}));
}

TEST(SavedState, RestoreOnlyOnTheNormalPath) {
  auto v = found(R"(import torch

def build(cfg):
    dtype = torch.get_default_dtype()
    torch.set_default_dtype(torch.float16)
    net = Net(cfg)
    torch.set_default_dtype(dtype)
    return net
)");
  EXPECT_EQ(v, (std::vector<std::string>{"not-on-error torch.get_default_dtype()@7"}));
}

TEST(SavedState, GuessedResetWithoutASave) {
  auto v = found(R"(from kernels import jit

def warm(shapes):
    jit.REBUILD = 2
    for s in shapes:
        compile_one(s)
    jit.REBUILD = 0

def toggles(flag):
    jit.TRACE = 1
    if flag:
        jit.TRACE = 0
)");
  EXPECT_EQ(v, (std::vector<std::string>{"literal jit.REBUILD@7 = 0"}));
}

TEST(SavedState, RestoreHelperGuessesWhatItWasNotHanded) {
  auto v = found(R"(import os
from kernels import jit

class Runner:
    def enter(self):
        old = os.environ.get("CFG")
        os.environ["CFG"] = "tuned.csv"
        jit.REBUILD = 2
        return old

    def leave(self, old):
        os.environ["CFG"] = old
        jit.REBUILD = 0

    def on(self):
        jit.TRACE = 1

    def off(self):
        jit.TRACE = 0
)");
  EXPECT_EQ(v, (std::vector<std::string>{"literal jit.REBUILD@13 = 0"}));
}

TEST(SavedState, CorrectRestoresStaySilent) {
  EXPECT_TRUE(found(R"(import os
import torch
from kernels import jit

def a(cfg):
    old = jit.REBUILD
    jit.REBUILD = 2
    try:
        run(cfg)
    finally:
        jit.REBUILD = old

def b(path):
    saved = os.environ.get("MODE")
    os.environ["MODE"] = "x"
    try:
        write(path)
    finally:
        if saved is None:
            os.environ.pop("MODE", None)
        else:
            os.environ["MODE"] = saved

def c():
    dtype = torch.get_default_dtype()
    torch.set_default_dtype(torch.float16)
    torch.set_default_dtype(dtype)

def d(self):
    width = self.width
    self.width = width * 2
    return width

def e(self, batch):
    was = self.training
    self.training = False
    try:
        out = self.run(batch)
    except Exception:
        self.training = was
        raise
    self.training = was
    return out

def f(path):
    os.environ["MODE"] = "x"
    try:
        write(path)
    finally:
        os.environ.pop("MODE", None)
)")
                  .empty());
}

}  // namespace
}  // namespace rp
