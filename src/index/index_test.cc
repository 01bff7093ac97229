// The repository index: extraction of Python and C-family facts, the blob-keyed cache
// (round trip, corrupt files rebuild), cross-references, computed tiers, and that a
// diff-only review never builds an index (the index rules are skipped).
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

#include <gtest/gtest.h>

#include "index/cache.h"
#include "index/repo_index.h"
#include "index/tiers.h"
#include "review/review.h"

namespace rp::index {
namespace {

namespace fs = std::filesystem;

class MemTree : public TreeReader {
 public:
  explicit MemTree(std::map<std::string, std::string> files) : files_(std::move(files)) {}
  std::optional<std::string> read(const std::string& p) const override {
    auto it = files_.find(p);
    return it == files_.end() ? std::nullopt : std::optional<std::string>(it->second);
  }
  bool exists(const std::string& p) const override { return files_.count(p) > 0; }
  std::vector<std::string> list_files() const override {
    std::vector<std::string> out;
    for (const auto& [p, t] : files_) out.push_back(p);
    return out;
  }
  mutable int reads = 0;

 private:
  std::map<std::string, std::string> files_;
};

TEST(FileIndex, PythonFacts) {
  FileIndex fi = extract_file("pkg/m.py", R"(
from .base import *
from pkg.util import helper as h, other
import pkg.sub as ps
__all__ = ["run", "Model"]

@compile_ops("module_x", fc_name="run")
def run(x, *args, scale=1.0, **kw):
    return getattr(x, "fast_path", False)

class Model(Base):
    def forward(self, q):
        return h(q, mode=1)
)");
  ASSERT_EQ(fi.lang, FileIndex::Python);
  const PyFunction* run = fi.function("run");
  ASSERT_NE(run, nullptr);
  ASSERT_EQ(run->params.size(), 4u);
  EXPECT_EQ(run->params[1].kind, PyParam::Star);
  EXPECT_TRUE(run->params[2].has_default);
  EXPECT_TRUE(run->takes_any_keyword());
  EXPECT_EQ(run->decorators.at(0), R"(compile_ops("module_x", fc_name="run"))");
  ASSERT_NE(fi.function("forward", "Model"), nullptr);
  ASSERT_NE(fi.klass("Model"), nullptr);
  EXPECT_EQ(fi.klass("Model")->bases, std::vector<std::string>{"Base"});
  EXPECT_TRUE(fi.has_all);
  EXPECT_EQ(fi.all, (std::vector<std::string>{"run", "Model"}));
  for (const char* n : {"run", "Model", "h", "other", "ps", "__all__"}) EXPECT_TRUE(fi.binds(n)) << n;
  EXPECT_FALSE(fi.binds("helper"));
  ASSERT_EQ(fi.imports.size(), 3u);
  EXPECT_EQ(fi.imports[0].level, 1);
  EXPECT_EQ(fi.imports[0].names.at(0).name, "*");
  EXPECT_EQ(fi.imports[1].names.at(0).bound(), "h");
  EXPECT_EQ(fi.imports[2].alias, "ps");
  ASSERT_EQ(fi.getattrs.size(), 1u);
  EXPECT_EQ(fi.getattrs[0].key, "fast_path");
  EXPECT_EQ(fi.getattrs[0].default_text, "False");
  bool saw_h = false;
  for (const PyCall& c : fi.calls)
    if (c.callee == "h") saw_h = c.positional == 1 && c.keywords == std::vector<std::string>{"mode"};
  EXPECT_TRUE(saw_h);
}

// A module that binds names by code (a compatibility re-export of another package's API)
// cannot have its names listed; the hallucinated-symbol sweep must not claim absence there.
TEST(FileIndex, DynamicGlobalsMakeTheNameSetOpen) {
  EXPECT_FALSE(extract_file("m.py", "x = 1\nd = {}\nd['a'] = 2\n").dynamic_globals);
  EXPECT_TRUE(extract_file("m.py", "from lib import api as _a\nfor _n in _a.__all__:\n    globals()[_n] = getattr(_a, _n)\n")
                  .dynamic_globals);
  EXPECT_TRUE(extract_file("m.py", "import lib\nglobals().update(lib.table)\n").dynamic_globals);
  EXPECT_TRUE(extract_file("m.py", "import sys\nsetattr(sys.modules[__name__], 'f', print)\n").dynamic_globals);
}

TEST(FileIndex, CFamilyFacts) {
  FileIndex fi = extract_file("csrc/k.cu", R"(#include "common.cuh"
#include <torch/extension.h>
#define TILE_M 64
struct Params {
  int n;
};
template <typename T>
__global__ void
scale_kernel(T* out, const T* in, int n) {}
void launch(torch::Tensor out) {
}
PYBIND11_MODULE(my_ext, m) {
  m.def("scale", &launch);
}
TORCH_LIBRARY(aiter_ops, m) {}
)");
  ASSERT_EQ(fi.lang, FileIndex::Cpp);
  EXPECT_EQ(fi.includes, (std::vector<std::string>{"common.cuh", "torch/extension.h"}));
  ASSERT_EQ(fi.macros.size(), 1u);
  EXPECT_EQ(fi.macros[0].name, "TILE_M");
  ASSERT_EQ(fi.kernels.size(), 1u);
  EXPECT_EQ(fi.kernels[0].name, "scale_kernel");
  ASSERT_EQ(fi.structs.size(), 1u);
  EXPECT_EQ(fi.structs[0].name, "Params");
  ASSERT_EQ(fi.registrations.size(), 3u);
  EXPECT_EQ(fi.registrations[0].name, "my_ext");
  EXPECT_EQ(fi.registrations[1].name, "scale");
  EXPECT_EQ(fi.registrations[2].name, "aiter_ops");
  bool launch = false;
  for (const CSymbol& f : fi.c_functions) launch = launch || f.name == "launch";
  EXPECT_TRUE(launch);
}

TEST(Cache, RoundTripAndCorruption) {
  BlobMap m;
  m["abc:p"] = extract_file("a.py", "def f(x, y=1):\n    return g(x, k=y)\nimport os\n");
  m["def:c"] = extract_file("a.h", "#include \"b.h\"\n#define X 1\n");
  std::string data = serialize(m);
  BlobMap back;
  ASSERT_TRUE(deserialize(data, back));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(serialize(back), data);
  // Every truncation and a flipped byte anywhere: rejected or read, never a crash.
  for (size_t cut = 0; cut < data.size(); ++cut) {
    BlobMap out;
    EXPECT_FALSE(deserialize(std::string_view(data).substr(0, cut), out));
    EXPECT_TRUE(out.empty());
  }
  for (size_t i = 0; i < data.size(); ++i) {
    std::string bad = data;
    bad[i] = static_cast<char>(bad[i] ^ 0xff);
    BlobMap out;
    deserialize(bad, out);
  }
  fs::path file = fs::temp_directory_path() / ("rp_index_cache_" + std::to_string(::getpid()) + ".bin");
  std::ofstream(file) << "RPIX garbage";
  EXPECT_TRUE(load_cache(file.string()).empty());
  store_cache(file.string(), m);
  EXPECT_EQ(load_cache(file.string()).size(), 2u);
  fs::remove(file);
}

TEST(RepoIndex, CrossReferencesAndCache) {
  MemTree tree({
      {"pkg/__init__.py", "from .ops import *\nfrom . import sub\n"},
      {"pkg/ops.py", "from pkg.impl import kernel as fast\n\ndef kernel_v1(x, eps=1e-6):\n    return x\n"},
      {"pkg/impl.py", "def kernel(a, b, *, flag=False):\n    return a\n"},
      {"pkg/sub/__init__.py", "X = 1\n"},
      {"pkg/user.py", "from pkg import kernel_v1\nimport pkg.ops as o\n\ndef go(x):\n    return kernel_v1(x, eps=1.0) + o.fast(x, 2)\n"},
      {"csrc/common.h", "#define C 1\n"},
      {"csrc/mid.h", "#include \"common.h\"\n"},
      {"csrc/a.cu", "#include \"mid.h\"\n"},
      {"csrc/b.cpp", "#include \"../csrc/common.h\"\n"},
  });
  fs::path cache = fs::temp_directory_path() / ("rp_index_repo_" + std::to_string(::getpid()) + ".bin");
  BuildOptions opts;
  opts.cache_file = cache.string();
  opts.threads = 2;
  opts.min_files_to_cache = 0;
  BuildStats cold, warm;
  auto idx = RepoIndex::build(tree, opts, &cold);
  EXPECT_EQ(cold.extracted, 9u);
  auto again = RepoIndex::build(tree, opts, &warm);
  EXPECT_EQ(warm.extracted, 0u);  // every blob came from the cache
  fs::remove(cache);

  EXPECT_EQ(idx->module_path("pkg.ops"), "pkg/ops.py");
  EXPECT_EQ(idx->module_path("pkg.sub"), "pkg/sub/__init__.py");
  EXPECT_TRUE(idx->module_binds("pkg/__init__.py", "kernel_v1"));  // through the star import
  EXPECT_TRUE(idx->module_binds("pkg/__init__.py", "fast"));
  EXPECT_TRUE(idx->module_binds("pkg/__init__.py", "sub"));
  EXPECT_FALSE(idx->module_binds("pkg/__init__.py", "kernel_v2"));
  auto r = idx->resolve_function("pkg/__init__.py", "fast");  // re-export of an alias
  ASSERT_NE(r.function, nullptr);
  EXPECT_EQ(r.path, "pkg/impl.py");
  EXPECT_EQ(r.function->name, "kernel");
  EXPECT_EQ(idx->callers("kernel_v1").size(), 1u);
  EXPECT_EQ(idx->importers_of_name("kernel_v1").size(), 1u);
  EXPECT_EQ(idx->importers_of_module("pkg/ops.py").size(), 2u);  // __init__ star import + user
  EXPECT_EQ(idx->including_units("csrc/common.h"), (std::set<std::string>{"csrc/a.cu", "csrc/b.cpp"}));
}

TEST(Tiers, ImportChainHeaderFanInAndModelBases) {
  std::map<std::string, std::string> files = {
      {"aiter/__init__.py", "from .core import *\n"},
      {"aiter/core.py", "import os\n"},
      {"aiter/lazy.py", "try:\n    from .core import x\nexcept ImportError:\n    pass\n"},
      {"csrc/include/hub.h", "#define HUB 1\n"},
  };
  for (int i = 0; i < 12; ++i) {
    files["aiter/ops/op" + std::to_string(i) + ".py"] = "from aiter.core import y\n";
    files["aiter/__init__.py"] += "from .ops.op" + std::to_string(i) + " import *\n";
    files["csrc/k" + std::to_string(i) + ".cu"] = "#include \"hub.h\"\n";
  }
  MemTree tree(files);
  auto idx = RepoIndex::build(tree, {});
  TierModel aiter(*idx, *find_profile("aiter"));
  EXPECT_EQ(aiter.tier_of("aiter/__init__.py").tier, 1);
  EXPECT_EQ(aiter.tier_of("aiter/core.py").tier, 1);  // 13 chain modules import it
  EXPECT_NE(aiter.tier_of("aiter/core.py").why.find("13 modules"), std::string::npos);
  EXPECT_EQ(aiter.tier_of("aiter/ops/op3.py").tier, 3);  // a single-op wrapper
  EXPECT_EQ(aiter.tier_of("aiter/lazy.py").tier, 3);
  EXPECT_EQ(aiter.tier_of("csrc/include/hub.h").tier, 2);
  EXPECT_NE(aiter.tier_of("csrc/include/hub.h").why.find("12 translation units"), std::string::npos);

  MemTree atom_tree({
      {"atom/models/base_v2.py", "class BaseForCausalLM:\n    pass\nclass V3(BaseForCausalLM):\n    pass\n"},
      {"atom/models/kimi.py", "from atom.models.base_v2 import BaseForCausalLM\nclass Kimi(BaseForCausalLM):\n    pass\n"},
      {"atom/models/glm.py", "from atom.models.base_v2 import BaseForCausalLM\nclass Glm:\n    pass\n"},
      {"atom/models/solo.py", "class Solo:\n    pass\n"},
  });
  auto aidx = RepoIndex::build(atom_tree, {});
  TierModel atom(*aidx, *find_profile("atom"));
  EXPECT_EQ(atom.tier_of("atom/models/base_v2.py").tier, 1);
  EXPECT_EQ(atom.tier_of("atom/models/solo.py").tier, 3);
  EXPECT_EQ(atom.tier_of("atom/config.py").tier, 1);  // the profile's table
}

TEST(IndexRules, DiffOnlyReviewSkipsThem) {
  ReviewInputs in;
  in.diff_text = "diff --git a/pkg/m.py b/pkg/m.py\n--- a/pkg/m.py\n+++ b/pkg/m.py\n@@ -1 +1,2 @@\n x = 1\n+from pkg.nope import y\n";
  in.rules.only = {"hallucinated-symbol", "api-propagation"};
  Result<Review> review = run_review(in);
  ASSERT_TRUE(review.ok()) << review.error();
  EXPECT_TRUE(review->findings.empty());
  EXPECT_TRUE(review->tiers.empty());
  std::set<std::string> skipped;
  for (const SkippedRule& s : review->skipped) skipped.insert(s.rule);
  EXPECT_EQ(skipped, (std::set<std::string>{"hallucinated-symbol", "api-propagation"}));
}

}  // namespace
}  // namespace rp::index
