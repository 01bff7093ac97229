// The repository index: extraction of Python and C-family facts, the blob-keyed store
// (round trip, postings, corrupt files rebuild, a PR's blobs overlaid), cross-references, computed tiers, and that a
// diff-only review never builds an index (the index rules are skipped).
#include <filesystem>
#include <fstream>
#include <map>

#include <unistd.h>

#include <gtest/gtest.h>

#include "index/cache.h"
#include "index/store.h"
#include "index/repo_index.h"
#include "index/tiers.h"
#include "review/review.h"
#include "source/map_tree.h"

namespace rp::index {
namespace {

namespace fs = std::filesystem;


// A file with many definitions answers function(), klass() and binds() from by-name tables
// built on the first look-up; the answers are the scan's: the first top-level definition, a
// method only under its class, a nested def never, and a copy answers for itself.
TEST(FileIndex, LookUpsInAFileOfManyDefinitions) {
  std::string src = "def inner_host():\n    def f_7(y):\n        return y\n    return f_7\n";
  for (int i = 0; i < 200; ++i) src += "def f_" + std::to_string(i) + "(x, s=None):\n    return x\n";
  src += "def f_3(a, b, c):\n    return a\n";  // rebound: the first definition answers
  src += "class K:\n    def f_5(self, q):\n        return q\n";
  FileIndex fi = extract_file("pkg/gen.py", src);
  ASSERT_GE(fi.functions.size(), 200u);
  const PyFunction* f3 = fi.function("f_3");
  ASSERT_NE(f3, nullptr);
  EXPECT_EQ(f3->params.size(), 2u);
  EXPECT_EQ(fi.function("f_7")->line, fi.function("f_6")->line + 2);  // not the nested def
  ASSERT_NE(fi.function("f_5", "K"), nullptr);
  EXPECT_EQ(fi.function("f_5", "K")->params.front().name, "self");
  EXPECT_EQ(fi.function("f_5")->params.front().name, "x");
  EXPECT_EQ(fi.function("f_200"), nullptr);
  EXPECT_EQ(fi.function("f_1", "K"), nullptr);
  ASSERT_NE(fi.klass("K"), nullptr);
  EXPECT_EQ(fi.klass("f_1"), nullptr);
  EXPECT_TRUE(fi.binds("f_199"));
  EXPECT_TRUE(fi.binds("K"));
  EXPECT_FALSE(fi.binds("y"));
  FileIndex copy = fi;
  copy.functions.erase(copy.functions.begin(), copy.functions.begin() + 10);
  ASSERT_NE(copy.function("f_150"), nullptr);
  EXPECT_EQ(copy.function("f_150")->line, fi.function("f_150")->line);
  EXPECT_GE(copy.function("f_150"), copy.functions.data());
}

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

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void spit(const fs::path& p, const std::string& data) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << data;
}

// Reads everything a store offers; whatever the bytes, this must not crash.
size_t read_all(const IndexStore& s, const std::vector<std::string>& terms) {
  size_t n = 0;
  for (uint32_t i = 0; i < s.size(); ++i) {
    FileIndex fi;
    n += s.find(s.key(i)) == i;
    n += decode_file(s.data(i), fi);
  }
  for (const std::string& t : terms) n += s.postings(t).size();
  return n;
}

TEST(Store, RoundTripPostingsAndCorruption) {
  FileIndex py = extract_file("a.py", "def f(x, y=1):\n    return g(x, k=y)\nimport os\n");
  FileIndex c = extract_file("a.h", "#include \"b.h\"\n#define X 1\n");
  std::string entry = encode_file(py);
  FileIndex back;
  ASSERT_TRUE(decode_file(entry, back));
  EXPECT_EQ(encode_file(back), entry);
  for (size_t cut = 0; cut < entry.size(); ++cut) EXPECT_FALSE(decode_file(entry.substr(0, cut), back));

  fs::path file = fs::temp_directory_path() / ("rp_index_store_" + std::to_string(::getpid()) + ".rpx");
  spit(file, "RPIS garbage");
  EXPECT_EQ(IndexStore::open(file.string()), nullptr);
  write_store(file.string(), {{"def:c", encode_file(c), {"hb.h"}},
                              {"abc:p", entry, {"cg", "df"}},
                              {"abd:p", encode_file(py), {"cg"}}});
  auto store = IndexStore::open(file.string());
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->size(), 3u);
  EXPECT_EQ(store->key(0), "abc:p");  // sorted by key
  EXPECT_EQ(store->find("def:c"), 2u);
  EXPECT_EQ(store->find("zzz"), kNoEntry);
  EXPECT_EQ(store->postings("cg"), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(store->postings("df"), (std::vector<uint32_t>{0}));
  EXPECT_TRUE(store->postings("c").empty());
  ASSERT_TRUE(decode_file(store->data(0), back));
  EXPECT_EQ(back.functions.at(0).name, "f");
  std::vector<std::string> terms = {"cg", "df", "hb.h", "x"};
  size_t intact = read_all(*store, terms);
  store.reset();

  // Every truncation opens as no store; a flipped byte anywhere opens as none or reads
  // without crashing.
  std::string data = slurp(file);
  fs::path bad = file.string() + ".bad";
  for (size_t cut = 0; cut < data.size(); ++cut) {
    spit(bad, data.substr(0, cut));
    EXPECT_EQ(IndexStore::open(bad.string()), nullptr) << cut;
  }
  for (size_t i = 0; i < data.size(); ++i) {
    std::string flipped = data;
    flipped[i] = static_cast<char>(flipped[i] ^ 0xff);
    spit(bad, flipped);
    if (auto s = IndexStore::open(bad.string())) read_all(*s, terms);
  }
  EXPECT_GT(intact, 0u);
  fs::remove(bad);
  fs::remove(file);
}

TEST(RepoIndex, CrossReferencesAndCache) {
  MapTree tree({
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
  // The warm index answers the same from the store's postings.
  EXPECT_EQ(again->callers("kernel_v1").size(), 1u);
  EXPECT_EQ(again->callers("fast").at(0).path, "pkg/user.py");
  EXPECT_EQ(again->importers_of_module("pkg/ops.py").size(), 2u);
  EXPECT_EQ(again->imports_of_module_name("pkg.impl").at(0).path, "pkg/ops.py");
  EXPECT_EQ(again->including_units("csrc/common.h"), (std::set<std::string>{"csrc/a.cu", "csrc/b.cpp"}));
  auto defs = again->files_naming(RepoIndex::Role::Def, "kernel");
  ASSERT_EQ(defs.size(), 1u);
  EXPECT_EQ(defs[0].first, "pkg/impl.py");
  EXPECT_TRUE(again->files_naming(RepoIndex::Role::Def, "go").at(0).second->function("go"));
  EXPECT_TRUE(again->files_naming(RepoIndex::Role::Def, "nothing").empty());
  EXPECT_EQ(again->paths().size(), 9u);
}

// A PR's head tree differs from the stored tree by a few blobs: those are extracted and kept
// in memory (the store is not rewritten for them), and every query sees both, in path order.
TEST(RepoIndex, ChangedBlobsOverlayTheStore) {
  std::map<std::string, std::string> files = {
      {"pkg/__init__.py", "from .a import run\n"},
      {"pkg/a.py", "def run(x):\n    return x\n"},
      {"pkg/b.py", "from pkg.a import run\nrun(1)\n"},
      {"pkg/d.py", "from pkg.a import run\nrun(3)\n"},
  };
  fs::path cache = fs::temp_directory_path() / ("rp_index_overlay_" + std::to_string(::getpid()) + ".rpx");
  BuildOptions opts;
  opts.cache_file = cache.string();
  opts.min_files_to_cache = 0;
  opts.max_missing_before_store = 3;
  MapTree base_tree(files);
  auto base = RepoIndex::build(base_tree, opts);
  files["pkg/c.py"] = "from pkg.a import run\nrun(2)\n";  // added by the PR
  files["pkg/d.py"] = "import os\n";                        // no longer calls run
  MapTree head(files);
  BuildStats st;
  auto idx = RepoIndex::build(head, opts, &st);
  EXPECT_EQ(st.extracted, 0u);  // parsed when a query first needs them
  EXPECT_EQ(st.pending, 2u);
  EXPECT_EQ(st.store_ms, 0.0);  // fewer than max_missing_before_store: not rewritten
  EXPECT_EQ(idx->file("pkg/c.py")->calls.at(0).callee, "run");
  std::vector<std::string> callers;
  for (const CallSite& c : idx->callers("run")) callers.push_back(c.path);
  EXPECT_EQ(callers, (std::vector<std::string>{"pkg/b.py", "pkg/c.py"}));
  EXPECT_EQ(idx->importers_of_name("run").size(), 3u);  // __init__, b, c
  EXPECT_EQ(idx->file("pkg/d.py")->imports.at(0).module, "os");

  // A corrupt entry is extracted again from the text; a truncated store is rebuilt.
  std::string data = slurp(cache);
  ASSERT_FALSE(data.empty());
  spit(cache, data.substr(0, data.size() / 2));
  BuildStats rebuilt;
  auto again = RepoIndex::build(head, opts, &rebuilt);
  EXPECT_EQ(rebuilt.extracted, 5u);
  EXPECT_GT(rebuilt.store_ms, 0.0);
  std::string whole = slurp(cache);
  for (size_t i = whole.size() - 40; i < whole.size(); ++i) whole[i] = '\xff';  // inside the last entries
  spit(cache, whole);
  auto patched = RepoIndex::build(head, opts);
  EXPECT_EQ(patched->callers("run").size(), 2u);
  EXPECT_EQ(patched->file("pkg/a.py")->functions.at(0).name, "run");
  fs::remove(cache);
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
  MapTree tree(files);
  auto idx = RepoIndex::build(tree, {});
  TierModel aiter(*idx, *find_profile("aiter"));
  EXPECT_EQ(aiter.tier_of("aiter/__init__.py").tier, 1);
  EXPECT_EQ(aiter.tier_of("aiter/core.py").tier, 1);  // 13 chain modules import it
  EXPECT_NE(aiter.tier_of("aiter/core.py").why.find("13 modules"), std::string::npos);
  EXPECT_EQ(aiter.tier_of("aiter/ops/op3.py").tier, 3);  // a single-op wrapper
  EXPECT_EQ(aiter.tier_of("aiter/lazy.py").tier, 3);
  EXPECT_EQ(aiter.tier_of("csrc/include/hub.h").tier, 2);
  EXPECT_NE(aiter.tier_of("csrc/include/hub.h").why.find("12 translation units"), std::string::npos);

  MapTree atom_tree({
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

// The import chain kept beside the index is reused while the Python paths and the chain's
// modules are unchanged (shown by a planted count the model then reports), and computed again
// when a module of the chain changes or a Python path appears; both answers equal the walk's.
TEST(Tiers, KeptImportChainHoldsOnlyForTheTreeItWasComputedFrom) {
  std::map<std::string, std::string> files = {
      {"aiter/__init__.py", "from .core import *\n"},
      {"aiter/core.py", "import os\n"},
      {"tools/side.py", "import aiter\n"},
  };
  std::string ops;  // `from .ops import op0, op1, ...`: each op module runs on `import aiter`
  for (int i = 0; i < 11; ++i) {
    std::string op = "op" + std::to_string(i);
    files["aiter/ops/" + op + ".py"] = "from aiter.core import y\n";
    ops += (ops.empty() ? "" : ", ") + op;
  }
  files["aiter/__init__.py"] += "from .ops import " + ops + "\n";
  fs::path kept = fs::temp_directory_path() / ("rp_chain_" + std::to_string(::getpid()) + ".chain");
  fs::remove(kept);
  const Profile& aiter = *find_profile("aiter");
  auto chain_of = [&](const std::map<std::string, std::string>& tree_files) {
    MapTree tree(tree_files);
    auto idx = RepoIndex::build(tree, {});
    TierModel walked(*idx, aiter);
    TierModel cached(*idx, aiter, kept.string());
    EXPECT_EQ(cached.import_chain(), walked.import_chain());
    return std::make_pair(cached.import_chain(), cached.tier_of("aiter/core.py").tier);
  };
  auto [first, core_tier] = chain_of(files);
  EXPECT_EQ(first.at("aiter/core.py"), 12);
  EXPECT_EQ(core_tier, 1);
  ASSERT_TRUE(fs::exists(kept));

  // Plant another count: an unchanged tree reads the kept chain, not the walk.
  auto plant = [&] {
    std::string text;
    {
      std::ifstream in(kept);
      text.assign(std::istreambuf_iterator<char>(in), {});
    }
    size_t at = text.find("aiter/core.py\t");
    ASSERT_NE(at, std::string::npos);
    size_t count_at = text.find('\t', text.find('\t', at) + 1) + 1;
    std::ofstream out(kept);
    out << text.substr(0, count_at) + "3" + text.substr(text.find('\n', count_at));
  };
  plant();
  MapTree same(files);
  auto idx = RepoIndex::build(same, {});
  EXPECT_EQ(TierModel(*idx, aiter, kept.string()).tier_of("aiter/core.py").tier, 3);

  // A file off the chain changes: the chain still holds (its modules and the paths are the same).
  auto off_chain = files;
  off_chain["tools/side.py"] = "import aiter\nimport os\n";
  MapTree side(off_chain);
  auto side_idx = RepoIndex::build(side, {});
  EXPECT_EQ(TierModel(*side_idx, aiter, kept.string()).tier_of("aiter/core.py").tier, 3);

  // A module of the chain changes: walked again (and kept again).
  auto edited = files;
  edited["aiter/ops/op0.py"] = "import os\n";
  auto [second, edited_tier] = chain_of(edited);
  EXPECT_EQ(second.at("aiter/core.py"), 11);
  EXPECT_EQ(edited_tier, 1);

  // A new Python path (a module a relative import could now name): walked again.
  plant();
  auto grown = edited;
  grown["aiter/ops/extra.py"] = "X = 1\n";
  EXPECT_EQ(chain_of(grown).first, second);

  // A corrupt file is ignored.
  {
    std::ofstream out(kept);
    out << "RPCHAIN1 garbage\n\x01\x02";
  }
  EXPECT_EQ(chain_of(grown).first, second);
  fs::remove(kept);
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
  // api-propagation names its family: the rules split from it are skipped alike.
  EXPECT_EQ(skipped, (std::set<std::string>{"hallucinated-symbol", "api-propagation", "public-op-break",
                                            "param-discarded", "getattr-key-unset"}));
}

}  // namespace
}  // namespace rp::index
