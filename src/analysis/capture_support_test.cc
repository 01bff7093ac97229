// Whether a model's forward runs under graph capture: its attention backend's capture builder.
#include "analysis/capture_support.h"

#include <gtest/gtest.h>

#include "analysis/python_repo_testing.h"

namespace rp {
namespace {

using testing_support::PythonRepo;

std::optional<std::string> stub_of(const std::string& src, const std::string& qualified) {
  auto tree = lang::SyntaxTree::parse(lang::Grammar::Python, src);
  for (const lang::Function& fn : tree->functions())
    if (fn.qualified == qualified) return capture_builder_stub(*tree, fn);
  ADD_FAILURE() << "no function " << qualified;
  return std::nullopt;
}

TEST(CaptureBuilderStub, RaisingPassingAndConstantRecordsBuildNothing) {
  EXPECT_TRUE(stub_of("class B:\n    def build_for_cudagraph_capture(self, bs):\n        raise NotImplementedError\n",
                      "B.build_for_cudagraph_capture"));
  EXPECT_TRUE(stub_of("class B:\n    def build_for_cudagraph_capture(self, bs):\n        \"\"\"Eager.\"\"\"\n        pass\n",
                      "B.build_for_cudagraph_capture"));
  EXPECT_TRUE(stub_of("class B:\n    def build_for_graph_capture(self, bs):\n        return Meta(lens=None, q=1, "
                      "n=bs, tag='x')\n",
                      "B.build_for_graph_capture"));
  EXPECT_TRUE(stub_of("class B:\n    def build_for_cudagraph_capture(self, bs):\n        # graph capture is disabled "
                      "for this model\n        meta = self.build_dummy(bs)\n        return meta\n",
                      "B.build_for_cudagraph_capture"));
}

TEST(CaptureBuilderStub, RealBuildersAbstractInterfacesAndOtherMethodsAreNot) {
  // Fills tensors from static buffers.
  EXPECT_FALSE(stub_of("class B:\n    def build_for_cudagraph_capture(self, bs):\n        lens = self.buf[:bs]\n"
                       "        lens.fill_(1)\n        return Meta(lens=lens, q=1)\n",
                       "B.build_for_cudagraph_capture"));
  // A record whose field is a tensor.
  EXPECT_FALSE(stub_of("class B:\n    def build_for_cudagraph_capture(self, bs):\n        return Meta(lens=self.lens[:bs])\n",
                       "B.build_for_cudagraph_capture"));
  EXPECT_FALSE(stub_of("class B(ABC):\n    @abstractmethod\n    def build_for_cudagraph_capture(self, bs):\n"
                       "        raise NotImplementedError\n",
                       "B.build_for_cudagraph_capture"));
  EXPECT_FALSE(stub_of("class B:\n    def build(self, bs):\n        raise NotImplementedError\n", "B.build"));
  EXPECT_FALSE(stub_of("def build_for_cudagraph_capture(bs):\n    raise NotImplementedError\n",
                       "build_for_cudagraph_capture"));
}

const char* kStubBackend =
    "class Builder:\n    def build_for_cudagraph_capture(self, bs):\n        raise NotImplementedError('eager')\n";
const char* kRealBackend =
    "class Builder:\n    def build_for_cudagraph_capture(self, bs):\n        t = self.t[:bs]\n        return Meta(t=t)\n";

std::optional<CaptureStub> model_stub(const std::map<std::string, std::string>& files, const std::string& model) {
  PythonRepo repo(files);
  return model_capture_stub(repo.tree, repo.tree_of, model);
}

TEST(ModelCaptureStub, BackendNamedForTheModel) {
  auto s = model_stub({{"pkg/models/owl_v2.py", "class M:\n    def forward(self, x):\n        return x\n"},
                       {"pkg/ops/owl_v2_attn.py", kStubBackend}},
                      "pkg/models/owl_v2.py");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->path, "pkg/ops/owl_v2_attn.py");
  EXPECT_EQ(s->qualified, "Builder.build_for_cudagraph_capture");
  EXPECT_EQ(s->line, 2);
  // A longer model name that only starts with the stem is another model.
  EXPECT_FALSE(model_stub({{"pkg/models/owl.py", "x = 1\n"}, {"pkg/ops/owl_v2_attn.py", kStubBackend}},
                          "pkg/models/owl.py"));
}

TEST(ModelCaptureStub, BackendTheModelImports) {
  EXPECT_TRUE(model_stub({{"pkg/models/lark.py", "from pkg.ops.ring import write\n"}, {"pkg/ops/ring.py", kStubBackend}},
                         "pkg/models/lark.py"));
  EXPECT_TRUE(model_stub({{"pkg/models/lark.py", "from pkg.ops import ring\n"}, {"pkg/ops/ring.py", kStubBackend}},
                         "pkg/models/lark.py"));
  // Not imported, not named for it: unknown, so the model stays captured.
  EXPECT_FALSE(model_stub({{"pkg/models/lark.py", "import torch\n"}, {"pkg/ops/ring.py", kStubBackend}},
                          "pkg/models/lark.py"));
}

TEST(ModelCaptureStub, ARealBuilderInTheModuleMeansCapture) {
  EXPECT_FALSE(model_stub({{"pkg/models/owl.py", "x = 1\n"}, {"pkg/ops/owl_attn.py", kRealBackend}}, "pkg/models/owl.py"));
  std::string both = std::string(kStubBackend) + "\n\nclass Other:\n    def build_for_cudagraph_capture(self, bs):\n"
                                                 "        t = self.t[:bs]\n        return Meta(t=t)\n";
  EXPECT_FALSE(model_stub({{"pkg/models/owl.py", "x = 1\n"}, {"pkg/ops/owl_attn.py", both}}, "pkg/models/owl.py"));
}

}  // namespace
}  // namespace rp
