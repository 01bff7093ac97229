#include "profile/profile.h"

#include <algorithm>

namespace rp {

namespace {

// ATOM checklist, Step 4 table (2025-2026 snapshot).
Profile make_atom() {
  Profile p;
  p.name = "atom";
  p.heading = "ATOM";
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
  p.production_shapes =
      "DSv4 (E=385/topk=7, TP=4/8), GPT-OSS 120B, Kimi-K2.5, GLM5; tokens 1→16384 decode + prefill 1k/4k/32k";
  return p;
}

// aiter checklist, Step 4 table.
Profile make_aiter() {
  Profile p;
  p.name = "aiter";
  p.heading = "aiter";
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
  p.production_shapes = "DSv4 E=385/topk=7, GPT-OSS 120B, Kimi-K2.5; tokens 1→16384";
  return p;
}

Profile make_generic() {
  Profile p;
  p.name = "generic";
  p.heading = "";
  p.trigger_params = {"block_table", "alibi_slopes", "window_size", "logits_soft_cap", "dropout_p", "is_causal"};
  p.graph_capture_files = {};
  p.production_shapes = "the served models' token range (1 to ~16K tokens) and context lengths";
  return p;
}

const std::vector<Profile>& builtin() {
  static const std::vector<Profile> profiles = {make_atom(), make_aiter(), make_generic()};
  return profiles;
}

}  // namespace

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
