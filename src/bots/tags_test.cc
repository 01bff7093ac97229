// The title-tag and CI-label bots: [HIP] for aiter #7245's changed files, title re-sync that
// keeps change-type and op tags, one backend per PR, and the CI label guide.
#include "bots/tags.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/path_pattern.h"
#include "source/meta_json.h"
#include "source/unified_diff.h"

namespace rp::bots {
namespace {

const Profile& aiter() { return *find_profile("aiter"); }

std::string slurp(const std::string& rel) {
  std::ifstream in(std::string(RP_SOURCE_DIR) + "/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A change that touches `paths` (one added line each, `line` when given).
ChangeSet touching(const std::vector<std::string>& paths, const std::string& line = "x = 1") {
  ChangeSet cs;
  for (const std::string& p : paths) {
    FileChange f;
    f.old_path = f.new_path = p;
    Hunk h;
    h.lines.push_back({DiffLine::Kind::Added, 0, 1, line});
    f.hunks.push_back(h);
    cs.files.push_back(f);
  }
  return cs;
}

PullRequestMeta titled(const std::string& title, std::vector<std::string> labels = {}) {
  PullRequestMeta m;
  m.title = title;
  m.labels = std::move(labels);
  return m;
}

std::vector<std::string> tag_names(const TagsReport& r) {
  std::vector<std::string> out;
  for (const TagEvidence& t : r.tags) out.push_back(t.tag);
  return out;
}

std::vector<std::string> ci_names(const TagsReport& r) {
  std::vector<std::string> out;
  for (const CiLabelAdvice& c : r.ci_labels) out.push_back(c.label);
  return out;
}

TEST(Tags7245, ItsChangedFilesGiveHip) {
  auto meta = parse_pr_meta(slurp("tests/data/aiter-7245-meta.json"));
  ASSERT_TRUE(meta.ok()) << meta.error();
  auto changes = parse_unified_diff(slurp("tests/data/aiter-7245.diff"));
  ASSERT_TRUE(changes.ok()) << changes.error();
  ASSERT_EQ(changes->files.size(), 8u);
  TagsReport r = compute_tags(*meta, *changes, aiter());
  EXPECT_EQ(tag_names(r), std::vector<std::string>{"HIP"});
  EXPECT_EQ(r.suggested_title, meta->title);  // "[HIP] [Perf] MLA: ..." is already in sync
  EXPECT_TRUE(r.in_sync());
  EXPECT_FALSE(r.split_suggested());
  // The MLA planner and dispatch feed SGLang's and ATOM's DeepSeek runs.
  EXPECT_EQ(ci_names(r), (std::vector<std::string>{"ci:sglang", "ci:atom"}));

  // Without its tags and label, the bot would add them back.
  PullRequestMeta bare = titled("[Perf] MLA: Run 96-head FP8 decode natively at qlen 7–8 under round-robin CP");
  TagsReport again = compute_tags(bare, *changes, aiter());
  EXPECT_EQ(again.suggested_title, meta->title);
  EXPECT_EQ(again.labels_to_add, std::vector<std::string>{"HIP"});
}

TEST(Tags, StaleAndVariantComponentTagsAreReplacedOtherTagsStay) {
  ChangeSet cs = touching({"csrc/kernels/mla/metadata.cu"});
  std::vector<std::string> dropped;
  EXPECT_EQ(resync_title("[CK] [fix] MLA: pad heads", {"HIP"}, aiter(), &dropped), "[HIP] [fix] MLA: pad heads");
  EXPECT_EQ(dropped, std::vector<std::string>{"[CK]"});
  EXPECT_EQ(resync_title("[Triton-Gluon-MLA] [Perf] faster [MLA] decode", {"HIP"}, aiter()), "[HIP] [Perf] faster [MLA] decode");
  EXPECT_EQ(resync_title("[fix] [gfx1250] no tags", {}, aiter()), "[fix] [gfx1250] no tags");
  EXPECT_EQ(resync_title("[HIP] [Perf] x", {"HIP"}, aiter()), "[HIP] [Perf] x");
  EXPECT_EQ(resync_title("unclosed [HIP x", {"HIP"}, aiter()), "[HIP] unclosed [HIP x");
  TagsReport r = compute_tags(titled("[CK_TILE] [Bugfix] x", {"CK", "ci:sglang"}), cs, aiter());
  EXPECT_EQ(r.suggested_title, "[HIP] [Bugfix] x");
  EXPECT_EQ(r.labels_to_add, std::vector<std::string>{"HIP"});
  EXPECT_EQ(r.labels_to_remove, std::vector<std::string>{"CK"});  // ci:* labels are the humans'
}

TEST(Tags, PathMappingFollowsTheProfile) {
  struct Case {
    std::string path, tag;
  };
  for (const Case& c : std::vector<Case>{
           {"aiter/ops/triton/gemm/basic.py", "Triton/Gluon"},
           {"op_tests/triton_tests/test_x.py", "Triton/Gluon"},
           {"hsa/gfx942/fmoe/silu/a.co", "ASM"},
           {"aiter/ops/moe_asm.py", "ASM"},
           {"csrc/kernels/mla/opus_mla_decode_fwd.cu", "HIP"},  // OPUS in the name only
           {"csrc/py_itfs_cu/asm_mla.cu", "HIP"},
           {"csrc/ck_gemm_a8w8/gemm.cu", "CK"},
           {"csrc/include/ck_tile/x.hpp", "CK"},
           {"3rdparty/composable_kernel", "CK"},
           {"csrc/opus_gemm/include/a.h", "OPUS"},
           {"aiter/ops/opus_gemm.py", "OPUS"},
           {"aiter/ops/flydsl/kernels/a.py", "FlyDSL"},
           {"op_tests/test_flydsl_mla_reduce.py", "FlyDSL"},
           {".github/workflows/ci.yaml", "CI"},
           {"aiter/jit/core.py", "JIT"},
           {"requirements-triton-comms.txt", "Build"},
       }) {
    EXPECT_EQ(tag_names(compute_tags(titled("t"), touching({c.path}), aiter())), std::vector<std::string>{c.tag}) << c.path;
  }
  // No component: plain Python ops and op tests.
  EXPECT_TRUE(compute_tags(titled("t"), touching({"aiter/mla.py", "op_tests/test_mla.py"}), aiter()).tags.empty());
}

TEST(Tags, DocsAndConfigOnlyAndTheTitleCap) {
  EXPECT_EQ(tag_names(compute_tags(titled("t"), touching({"docs/a.rst", "README.md"}), aiter())), std::vector<std::string>{"Docs"});
  // A README next to code gives nothing.
  EXPECT_EQ(tag_names(compute_tags(titled("t"), touching({"csrc/a.cu", "csrc/README.md"}), aiter())),
            std::vector<std::string>{"HIP"});
  EXPECT_EQ(tag_names(compute_tags(titled("t"), touching({"aiter/configs/tuned_gemm.csv"}), aiter())),
            std::vector<std::string>{"Config"});
  TagsReport four = compute_tags(
      titled("x"), touching({"aiter/ops/triton/a.py", "hsa/a.co", "csrc/a.cu", "csrc/ck_x/a.cu"}), aiter());
  EXPECT_EQ(tag_names(four), (std::vector<std::string>{"Triton/Gluon", "ASM", "HIP", "CK"}));
  EXPECT_EQ(four.suggested_title, "[Triton/Gluon] [ASM] [HIP] x");
  EXPECT_EQ(four.labels_to_add.size(), 4u);
}

TEST(Tags, OneBackendPerPr) {
  TagsReport two = compute_tags(titled("x"), touching({"csrc/kernels/a.cu", "csrc/ck_gemm/b.cu"}), aiter());
  EXPECT_TRUE(two.split_suggested());
  EXPECT_EQ(two.backends, (std::vector<std::string>{"HIP", "CK"}));
  std::string md = render_tags_markdown(two);
  EXPECT_NE(md.find("### One backend per PR"), std::string::npos) << md;
  EXPECT_NE(md.find("stacked pull requests"), std::string::npos);
  // Triton and Gluon are one backend; CI and JIT are not backends.
  EXPECT_FALSE(compute_tags(titled("x"), touching({"aiter/ops/triton/gluon/a.py", "aiter/ops/triton/b.py"}), aiter())
                   .split_suggested());
  EXPECT_FALSE(compute_tags(titled("x"), touching({"csrc/a.cu", ".github/workflows/a.yaml", "aiter/jit/core.py"}), aiter())
                   .split_suggested());
}

TEST(Tags, NoAutoTitleKeepsTheTitleButSyncsLabels) {
  TagsReport r = compute_tags(titled("[CK] x", {"no-auto-title"}), touching({"csrc/a.cu"}), aiter());
  EXPECT_TRUE(r.title_locked);
  EXPECT_EQ(r.suggested_title, "[CK] x");
  EXPECT_TRUE(r.stale_title_tags.empty());
  EXPECT_EQ(r.labels_to_add, std::vector<std::string>{"HIP"});
}

TEST(CiLabelGuide, Fires) {
  auto labels = [](const std::vector<std::string>& paths, const std::string& line = "x = 1") {
    return ci_names(compute_tags(titled("x"), touching(paths, line), aiter()));
  };
  EXPECT_EQ(labels({"aiter/dist/device_communicators/a.py"}), std::vector<std::string>{"ci:multi-gpu"});
  EXPECT_EQ(labels({"aiter/jit/core.py"}), std::vector<std::string>{"ci:windows"});
  EXPECT_EQ(labels({"aiter/ops/triton/utils/arch.py"}), std::vector<std::string>{"ci:triton-355"});
  EXPECT_EQ(labels({"aiter/fused_moe.py"}), (std::vector<std::string>{"ci:sglang", "ci:atom", "ci:vllm"}));
  EXPECT_EQ(labels({"requirements.txt"}, "triton==3.5.0"), std::vector<std::string>{"ci:atom_full"});
  TagsReport r = compute_tags(titled("x"), touching({"aiter/ops/triton/configs/gemm/gfx942-GEMM-A8W8.json"}), aiter());
  ASSERT_EQ(ci_names(r), std::vector<std::string>{"ci:triton-300x"});
  EXPECT_TRUE(r.ci_labels[0].automatic);
  EXPECT_NE(render_tags_markdown(r).find("added by CI"), std::string::npos);
}

TEST(CiLabelGuide, Silent) {
  auto labels = [](const std::vector<std::string>& paths, const std::string& line = "x = 1") {
    return ci_names(compute_tags(titled("x"), touching(paths, line), aiter()));
  };
  EXPECT_TRUE(labels({"requirements.txt"}, "numpy>=1.26").empty());  // not a Triton/FlyDSL upgrade
  EXPECT_TRUE(labels({"aiter/ops/triton/gemm/basic.py"}).empty());  // the default run covers it
  EXPECT_TRUE(labels({"aiter/jit/README.md"}).empty());              // docs call for nothing
  EXPECT_TRUE(labels({"csrc/kernels/rmsnorm/a.cu"}).empty());
  // Already set: by name, or by ci:all (which does not include ci:atom_full).
  TagsReport r = compute_tags(titled("x", {"ci:all"}), touching({"aiter/fused_moe.py", "requirements.txt"}, "flydsl==0.2"),
                              aiter());
  for (const CiLabelAdvice& c : r.ci_labels) EXPECT_EQ(c.already_set, c.label != "ci:atom_full") << c.label;
}

TEST(PathGlob, Matches) {
  // The profile tables are gitignore patterns (core/path_pattern.h), as written in profile.cc.
  EXPECT_TRUE(path_pattern_match("csrc/**", "csrc/a/b.cu"));
  EXPECT_TRUE(path_pattern_match("csrc/ck_*", "csrc/ck_gemm/a.cu"));
  EXPECT_TRUE(path_pattern_match("*_asm.py", "aiter/ops/moe_asm.py"));
  EXPECT_TRUE(path_pattern_match("aiter/ops/*opus*.py", "aiter/ops/opus_gemm.py"));
  EXPECT_FALSE(path_pattern_match("aiter/ops/*opus*.py", "aiter/ops/opus/gemm.py"));
  EXPECT_TRUE(path_pattern_match("aiter/ops/triton/configs/**/*gfx942*", "aiter/ops/triton/configs/gemm/gfx942-A.json"));
  EXPECT_TRUE(path_pattern_match("hsa/*/mla/**", "hsa/gfx950/mla/a.co"));
  EXPECT_FALSE(path_pattern_match("hsa/*/mla/**", "hsa/gfx950/x/mla/a.co"));
  EXPECT_TRUE(path_pattern_match("*.md", "a/b/c.md"));
  EXPECT_TRUE(path_pattern_match("/requirements*.txt", "requirements-triton.txt"));
  EXPECT_FALSE(path_pattern_match("/requirements*.txt", "docs/requirements.txt"));
  EXPECT_FALSE(path_pattern_match("/setup.py", "setup.pyc"));
  EXPECT_TRUE(path_pattern_match("*all_reduce*", "aiter/dist/all_reduce/x.py"));
}

TEST(Tags, NoTitleGivenNoTitleSuggested) {
  TagsReport r = compute_tags(PullRequestMeta{}, touching({"csrc/a.cu"}), aiter());
  EXPECT_EQ(r.suggested_title, "");
  EXPECT_NE(render_tags_markdown(r).find("Title: not given"), std::string::npos);
}

TEST(Tags, JsonShape) {
  TagsReport r = compute_tags(titled("[Perf] x"), touching({"csrc/a.cu"}), aiter());
  auto j = nlohmann::json::parse(render_tags_json(r));
  EXPECT_EQ(j["tags"][0]["tag"], "HIP");
  EXPECT_EQ(j["suggested_title"], "[HIP] [Perf] x");
  EXPECT_EQ(j["title_in_sync"], false);
  EXPECT_EQ(j["split_suggested"], false);
  EXPECT_TRUE(j["ci_labels"].is_array());
}

}  // namespace
}  // namespace rp::bots
