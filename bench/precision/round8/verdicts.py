import csv, collections
rows=[l.rstrip("\n").split("\t") for l in open("final-findings.tsv")]
sample={int(l.split("\t")[0]): l.rstrip("\n").split("\t")[1:] for l in open("sample.tsv")}
S = {
0:("true","real fp8 decode dispatch change (MAYBE_FINAL_OUT, logits alias condition) in mla_decode_fwd; owner should see it"),
1:("false","grid_dim is typed int|None and the log is under has_grid_dim = ... and grid_dim is not None; never None or a tuple there"),
2:("true","[probe] logger.info gated by a new AITER_GFX1250_DEBUG env read on every call of the fused_moe dispatch; AITER_LOG_LEVEL exists for this"),
3:("true","gfx1250 rewrite of the logits alias / splitData condition in mla_decode_fwd (core API)"),
4:("true","autotune over 16 configs replaced by one fixed num_warps=4/num_stages=3 config unless an env flag is set; no measurement"),
5:("true","PERF_PARAMS is not defined by the imported test module; the sweep script fails at import"),
6:("true","same as #3533 solve_tril: default config fixed without numbers"),
7:("noise","batch review has no PR title; the PR's own commit 'fix(eagle): skip attn_metadata update...' names this change"),
8:("true","accurate: tqdm becomes a declared runtime dependency in pyproject.toml (informational note)"),
9:("false","make_v4_quant_config documents V4's checkpoint layout: routed experts are FP4 e2m1 on disk; fp4x2 is the model's format, not a hardcoded choice"),
10:("true","same [probe] env-gated logger.info as #3598"),
11:("true","_lookup_tuned_bv has no head_seqlen/mid_seqlen/tail_seqlen parameters (no **kwargs): TypeError when the sweep runs"),
12:("true","ATOM_USE_TRITON_MLA registered in envs.py but not in docs/environment_variables.md, where ATOM documents its knobs"),
13:("false","getattr(hf_config, 'swa_num_key_value_heads', 0): a key of the checkpoint's config.json, which no repository code sets by design"),
14:("true","fp4_utils has no f32_to_e8m0 (test file)"),
15:("true","new expected_m parameter threaded through fused_moe/fused_moe_/fake: a core API signature change"),
16:("true","ATOM_V4_TORCH_MOE read with os.environ directly, bypassing atom/utils/envs.py and undocumented"),
17:("true","same knob as #684"),
18:("false","the 'off' dispatch at line 50 reaches gfx1151 through its `elif arch.is_rdna:` arm, which tests gfx1151 inside; the rule missed the nested arm"),
19:("true","ATOM_USE_TRITON_GEMM_A16W16 registered but undocumented"),
20:("true","ATOM_USE_TRITON_MOE read directly, not registered, undocumented"),
21:("true","same solve_tril default-config change (stacked branch)"),
22:("true","module aiter.ops.flydsl.kernels.fp8_einsum_ready absent from the head tree: the test fails at import"),
23:("true","ATOM_VLLM_SAMPLER registered but undocumented"),
24:("true","ATOM_USE_TRITON_ATTN read directly, not registered, undocumented"),
25:("true","shuffle_weight_gfx1250 removed from aiter.ops.shuffle (public module) with no alias; in-repo test updated, external users break"),
26:("false","the same PR teaches the gluon kernel to cast when q_out's dtype differs (Q_OUT_MATCHES branch), so the removed assert's requirement is gone"),
27:("false","same as #691 make_v4_quant_config"),
28:("true","fp4_utils has no f32_to_e8m0 (test file)"),
29:("true","same PERF_PARAMS import as #3519"),
30:("noise","bf16_out not passed to the non-quant fused_allreduce_rmsnorm arm that predates the PR (round-7 cause: option reaches an older arm)"),
31:("true","ATOM_REQUIRES_GRAD registered but undocumented"),
32:("true","profile/ProfilerActivity never imported in the script's main: NameError when run"),
33:("noise","240.0 on a gfx1250 path, deliberate per the same PR's comments (matches the kernel UT's fnuz max); worth a question, not a defect"),
34:("true","same solve_tril default-config change (stacked branch)"),
35:("true","new num_ctas=4 / ctas_per_cga cluster knob in the gluon MoE config with no measurement"),
36:("true","compile_ops stub returning Tuple[Tensor,Tensor,Tensor] registered without gen_fake"),
37:("true","same head_seqlen call as #3519"),
38:("true","stacked gfx1250 dispatch rewrite of fused_moe (18 lines)"),
39:("true","new fp4x2-activation arm and block_m rule in get_2stage_cfgs"),
}
REDS = []
for r in rows:
    if r[3] != "red": continue
    key=(r[0], r[1], r[4], r[5])
    REDS.append(r)
def red_verdict(r):
    repo, num, rule, loc = r[0], r[1], r[4], r[5]
    if repo=="ATOM" and num=="641": return ("excluded","motivated the cudagraph env-knob fix of stop 20; not counted")
    if repo=="ATOM" and num in ("676","677","678"):
        if rule=="cudagraph-capture": return ("false","DeepSeek-V4 is not graph-captured in this PR series: its attention builder's build_for_cudagraph_capture is a stub ('CUDA Graph capture is disabled for V4 (PR4 scope)') and docs say the legacy per-seq path's .item() syncs are removed by the new backend that enables capture")
        if rule=="unchecked-dispatch-param": return ("false","`if n_compressed == 0: return torch.empty(0, ...)`: no entries to gather, block_table is not needed (fixed after the tally, 85fc1c2)")
    if rule=="fake-impl-mismatch": return ("noise","pre-existing fake body (empty_like first output, inp.device()); the PR only adds a parameter to the fake's signature")
    reasons={
     ("ATOM","404"):"deep_gemm_wrapper read, never imported (NameError on that path)",
     ("ATOM","418"):"deep_gemm_wrapper read, never imported",
     ("ATOM","545"):"attn_output now bound only inside `if self.use_qk_norm:` (mis-indented call); use_qk_norm=False from config raises UnboundLocalError",
     ("ATOM","627"):"MXFP4_QUANT_BLOCK_SIZE binding removed, 10 reads left",
     ("ATOM","670"):"_fused_qk_rmsnorm removed from deepseek_v2 while the sglang plugin still imports it lazily: ImportError on that path",
     ("ATOM","697"):"atom.model_ops.triton_gemma_rmsnorm is not in the head tree; forward_cuda raises ModuleNotFoundError",
     ("aiter","3489"):"_gemm_a8w8_blockscale_reduce_kernel is not defined in the imported _triton_kernels module (only named as a string elsewhere): ImportError at import of gemm_afp8wfp8",
     ("aiter","3547"):"compile_moe_blockscale_gemm2 is keyword-only without in_dtype or **kwargs: TypeError in REDUCE mode",
     ("aiter","3654"):"hipblaslt rows added to a tuned-gemm CSV (aiter rule D3)",
     ("aiter","3665"):"csv_max_m read, never bound",
     ("aiter","3685"):"preshuffle_weights_gfx1250 never bound (benchmark main of the module: crash grade only there)",
    }
    if (repo,num) in reasons: return ("true", reasons[(repo,num)])
    if repo=="aiter" and num=="3494": return ("true","allocate_output lost its `device` parameter but still reads it, and its caller still passes 11 arguments: NameError/TypeError")
    if "f32_to_e8m0" in r[7]: return ("true","fp4_utils has no f32_to_e8m0: AttributeError on the gfx1250 a8w4 path")
    if "moe_m_tile_map" in r[7]: return ("true","module moe_m_tile_map is not in the head tree: ImportError when the gfx1250 grouped kernel builds")
    return ("?","")
out=[]
tally=collections.Counter(); rt=collections.Counter()
for r in REDS:
    v,why=red_verdict(r); rt[v]+=1
    out.append((r[6], r[4], v, f"ROCm/{r[0]}#{r[1].split('/')[0]}", r[5], "round8-fresh red: "+why))
for i,r in sorted(sample.items()):
    v,why=S[i]; tally[v]+=1
    out.append((r[6], r[4], v, f"ROCm/{r[0]}#{r[1].split('/')[0]}", r[5], "round8-fresh sample: "+why))
print("reds", dict(rt)); print("sample", dict(tally))
with open("round8-verdicts.tsv","w") as o:
    for x in out: o.write("\t".join(x)+"\n")
# distinct
def dkey(x): return (x[1], x[4].split(":")[0], x[5][:60])
d=collections.defaultdict(set)
for x in out: d[dkey(x)].add(x[2])
print("distinct", collections.Counter(next(iter(v)) if len(v)==1 else "mixed" for v in d.values()))
