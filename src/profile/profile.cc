#include "profile/profile.h"

#include <algorithm>

namespace rp {

namespace {

// ATOM checklist, Step 4 table (2025-2026 snapshot).
Profile make_atom() {
  Profile p;
  p.name = "atom";
  p.heading = "ATOM";
  p.checklist = Checklist::Atom;
  p.package = "atom";
  p.provided_packages = {"aiter"};
  p.backbone = {
      {"atom/model_engine/model_runner.py", 1, "executes on every forward pass of every model"},
      {"atom/config.py", 1, "config drives dispatch for all models"},
      {"atom/models/deepseek_v2.py", 1, "base class of DSv2/V3/V3-0324/Kimi"},
      {"atom/model_ops/moe.py", 2, "all MoE models"},
      {"atom/model_engine/scheduler.py", 2, "request batching for all models"},
      {"atom/model_ops/attention_mla.py", 2, "all MLA attention paths"},
      {"atom/model_ops/attentions/aiter_mla.py", 2, "aiter MLA dispatch"},
      {"atom/model_ops/linear.py", 2, "all linear layers"},
      {"atom/model_ops/attention_mha.py", 2, "all MHA models"},
      {"atom/model_ops/layernorm.py", 2, "norm + quant fusion path"},
      {"atom/models/deepseek_v4.py", 2, "DSv4 / Kimi-K2.5"},
  };
  p.env_prefixes = {"ATOM_"};
  p.env_registry = {"atom/utils/envs.py"};
  p.trigger_params = {"block_table", "alibi_slopes", "window_size", "logits_soft_cap", "dropout_p"};
  p.serving_paths = {"atom/entrypoints/", "atom/model_engine/", "atom/plugin/", "atom/distributed/",
                     "atom/kv_transfer/", "atom/spec_decode/", "atom/mesh/"};
  p.graph_capture_files = {"atom/model_engine/model_runner.py"};
  p.model_dirs = {"atom/models/"};
  p.production_shapes_note =
      "DSv4 (E=385/topk=7, TP=4/8), GPT-OSS 120B, Kimi-K2.5, GLM5; tokens 1→16384 decode + prefill 1k/4k/32k";
  return p;
}

// aiter's title component tags, in title order (CONTRIBUTE.md "PR Title Format", 2026).
std::vector<ComponentTag> aiter_component_tags() {
  using W = ComponentTag::When;
  const std::vector<std::string> ck = {"csrc/ck_*", "csrc/cktile_*", "csrc/py_itfs_ck/**", "csrc/include/ck_tile/**",
                                       "3rdparty/composable_kernel*"};
  const std::vector<std::string> opus = {"aiter/ops/opus/**", "csrc/opus_gemm/**", "csrc/opus_moe/**",
                                         "csrc/include/opus/**", "op_tests/opus/**", "aiter/ops/*opus*.py",
                                         "op_tests/*opus*.py"};
  std::vector<std::string> not_hip = ck;
  not_hip.insert(not_hip.end(), opus.begin(), opus.end());
  return {
      {"Triton/Gluon",
       {"aiter/ops/triton/**", "aiter/aot/triton/**", "aiter/utility/triton/**", "op_tests/triton_tests/**",
        "op_tests/op_benchmarks/triton/**"},
       {}, true, W::AnyCode},
      {"ASM", {"hsa/**", "*_asm.py"}, {}, true, W::AnyCode},
      {"HIP", {"csrc/**", "op_tests/op_benchmarks/hip/**"}, not_hip, true, W::AnyCode},
      {"CK", ck, {}, true, W::AnyCode},
      {"OPUS", opus, {}, true, W::AnyCode},
      {"FlyDSL", {"aiter/ops/flydsl/**", "aiter/aot/flydsl/**", "op_tests/flydsl_tests/**", "op_tests/*flydsl*.py"},
       {}, true, W::AnyCode},
      {"CI", {".github/**"}, {}, false, W::AnyCode},
      {"JIT", {"aiter/jit/**"}, {}, false, W::AnyCode},
      {"Build", {"/setup.py", "/pyproject.toml", "/MANIFEST.in", "/requirements*.txt"}, {}, false, W::AnyCode},
      {"Config", {"aiter/configs/**", "aiter/ops/triton/configs/**"}, {}, false, W::AllCode},
      {"Docs", {}, {}, false, W::AllFiles},
  };
}

// The opt-in labels of aiter's CI guide (the bot comment on every PR page) and the changed
// paths that call for each. Consumer suites (SGLang, ATOM) for the MLA and MoE paths their
// models run; vLLM's models are MoE.
std::vector<CiLabelRule> aiter_ci_labels() {
  const std::vector<std::string> mla = {"aiter/mla.py", "aiter/ops/attention.py", "csrc/kernels/mla/**",
                                        "csrc/py_itfs_cu/asm_mla.cu", "hsa/*/mla/**"};
  const std::vector<std::string> moe = {"aiter/fused_moe.py", "aiter/ops/moe_op.py", "csrc/kernels/moe/**",
                                        "csrc/ck_*moe*/**", "csrc/opus_moe/**", "hsa/*/fmoe/**"};
  std::vector<std::string> mla_moe = mla;
  mla_moe.insert(mla_moe.end(), moe.begin(), moe.end());
  return {
      {"ci:triton-300x", "an additional Triton test job on MI300X", "gfx942 Triton configs change",
       {"aiter/ops/triton/configs/**/*gfx942*"}, "", true},
      {"ci:gfx1250-ffm-triton", "the five-shard gfx1250 FFM Triton test suite", "gfx1250 Triton code or configs change",
       {"aiter/ops/triton/**/*gfx1250*", "op_tests/triton_tests/**/*gfx1250*"}, "", false},
      {"ci:triton-355", "the full Triton test suite on MI35X",
       "shared Triton helpers change, so the affected-tests selection can miss callers",
       {"aiter/ops/triton/utils/**", "aiter/utility/triton/**"}, "", false},
      {"ci:windows", "the Windows JIT op smoke test on the gfx1201 runner", "the JIT build changes", {"aiter/jit/**"},
       "", false},
      {"ci:multi-gpu", "the multi-GPU tests on the 8-GPU runner", "distributed or all-reduce code changes",
       {"aiter/dist/**", "op_tests/multigpu_tests/**", "aiter/ops/triton/comms/**", "*all_reduce*",
        "*allreduce*"},
       "", false},
      {"ci:sglang", "SGLang integration accuracy (DeepSeek-R1-MXFP4, Qwen 3.5)",
       "MLA or MoE paths that SGLang's models run change", mla_moe, "", false},
      {"ci:atom", "the ATOM benchmark (DeepSeek-R1-0528, GPT-OSS-120B)", "MLA or MoE paths that ATOM's models run change",
       mla_moe, "", false},
      {"ci:vllm", "the vLLM benchmark (DeepSeek-V4-Pro, MiniMax-M3-MXFP4)", "MoE paths that vLLM's models run change",
       moe, "", false},
      {"ci:atom_full", "the ATOM accuracy suite for PR and main models",
       "a Triton or FlyDSL version pin changes (the guide keeps this label for those upgrades)",
       {"/requirements*.txt", ".github/requirements/**", "/setup.py", "/pyproject.toml"}, R"((?i)\b(triton|flydsl)\b)",
       false},
  };
}

// aiter checklist, Step 4 table.
Profile make_aiter() {
  Profile p;
  p.name = "aiter";
  p.heading = "aiter";
  p.checklist = Checklist::Aiter;
  p.package = "aiter";
  p.op_library = true;
  p.rejects_env_knobs = true;
  p.loose_shell_scripts_are_temporary = true;
  p.tiers_from_package_import_chain = true;
  p.backbone = {
      {"aiter/jit/core.py", 1, "JIT compilation engine: any failure and no op loads"},
      {"aiter/__init__.py", 1, "`import aiter` for every vLLM/SGLang/ATOM user"},
      {"aiter/fused_moe.py", 2, "all MoE models"},
      {"aiter/ops/mha.py", 2, "all MHA attention paths"},
      {"aiter/ops/attention.py", 2, "MLA/paged attention dispatch"},
      {"aiter/ops/gemm_op_a8w8.py", 2, "all FP8 quantized GEMM"},
      {"aiter/mla.py", 2, "all MLA decode/prefill"},
      {"aiter/tuned_gemm.py", 2, "all GEMM-backed ops"},
      {"aiter/ops/moe_op.py", 2, "MoE op dispatch table"},
      {"aiter/ops/quant.py", 2, "all quantization paths"},
      {"aiter/ops/", 1, "public op module: consumers get AttributeError when it breaks"},
  };
  p.env_prefixes = {"AITER_"};
  p.trigger_params = {"block_table", "alibi_slopes", "window_size", "logits_soft_cap", "dropout_p", "is_causal"};
  p.serving_paths = {};
  p.component_tags = aiter_component_tags();
  p.component_words = {"triton", "gluon", "ck", "cktile", "asm", "hip", "opus", "flydsl",
                       "ci", "jit", "build", "config", "docs", "doc"};
  p.doc_globs = {"docs/**", "*.md"};
  p.no_auto_title_label = "no-auto-title";
  p.ci_labels = aiter_ci_labels();
  p.op_test_dirs = {"op_tests/"};
  // aiter checklist E5 (2026): the long-lived APIs ATOM/SGLang/vLLM build on.
  p.core_api_files = {"aiter/fused_moe.py",        "aiter/mla.py",         "aiter/ops/attention.py",
                      "aiter/ops/mha.py",          "aiter/ops/quant.py",   "aiter/ops/gemm_op_a8w8.py",
                      "aiter/ops/moe_op.py",       "aiter/jit/core.py"};
  p.production_shapes_note = "DSv4 E=385/topk=7, GPT-OSS 120B, Kimi-K2.5; tokens 1→16384";
  return p;
}

Profile make_generic() {
  Profile p;
  p.name = "generic";
  p.heading = "";
  p.trigger_params = {"block_table", "alibi_slopes", "window_size", "logits_soft_cap", "dropout_p", "is_causal"};
  p.graph_capture_files = {};
  p.production_shapes_note = "the served models' token range (1 to ~16K tokens) and context lengths";
  return p;
}

const std::vector<Profile>& builtin() {
  static const std::vector<Profile> profiles = {make_atom(), make_aiter(), make_generic()};
  return profiles;
}

}  // namespace

bool Profile::in_package(std::string_view path) const {
  return !package.empty() && path.size() > package.size() && path.starts_with(package) && path[package.size()] == '/';
}

int Profile::tier_of(const std::string& path) const {
  int best = 3;
  for (const BackboneFile& b : backbone) {
    bool match = b.path.ends_with("/") ? path.starts_with(b.path) : path == b.path;
    if (match) best = std::min(best, b.tier);
  }
  return best;
}

const Profile* find_profile(const std::string& name) {
  for (const Profile& p : builtin())
    if (p.name == name) return &p;
  return nullptr;
}

const Profile& detect_profile(const TreeReader* head, const std::vector<std::string>& changed_paths) {
  auto has_package = [&](const std::string& pkg) {
    if (head && head->exists(pkg + "/__init__.py")) return true;
    for (const std::string& p : changed_paths)
      if (p.starts_with(pkg + "/") && p.ends_with(".py")) return true;
    return false;
  };
  if (has_package("atom")) return *find_profile("atom");
  if (has_package("aiter")) return *find_profile("aiter");
  return *find_profile("generic");
}

}  // namespace rp
