import collections
rows=[l.rstrip("\n").split("\t") for l in open("findings.tsv")]
sample={int(l.split("\t")[0]): rows[int(l.split("\t")[1])] for l in open("sample.tsv")}
REDS=[r for r in rows if r[3]=="red"]
RV={
0:("true","17 hipblaslt rows added to a tuned-gemm CSV that had none (aiter rule D3: solution indices only hold for the hipBLASLt build they were tuned with)"),
1:("true","pyhip read, never imported: NameError on the AITER_MOE_SMALL_BATCH=1 fast path of fused_moe"),
2:("true","fp4_utils.moe_mxfp4_sort has no `cols` parameter (the base called mxfp4_moe_sort_fwd): TypeError on the per_1x32 path"),
3:("true","get_hip_quant takes no transpose_scale (the base bound it on the returned quant function with functools.partial): TypeError"),
4:("true","_moe_sorting_impl has no moe_buf parameter: TypeError on every moe_sorting call"),
5:("true","42 hipblaslt rows added to a tuned-gemm CSV that had none (aiter rule D3)"),
6:("true","new gfx1250 d192 branch of flydsl_flash_attn_varlen_func asserts bias/alibi/sink but silently drops window_size (sliding window), block_table (paged KV) and dropout_p: wrong output for a windowed or paged call of that shape"),
7:("true","unified_attention_3d gluon module never added: the guarded import leaves the kernel None and the gfx1250 3d path calls None[...] (TypeError)"),
8:("true","_gfx1250_data_format read, never defined: NameError on gfx1250 with FlyDSL in get_2stage_cfgs"),
9:("true","the AOT FlyDSL MoE prebuild (aiter/aot/flydsl/moe.py) still passes swiglu_limit= that the PR removed: TypeError when the prebuild runs"),
10:("noise","pre-existing fake body (empty_like first output); the PR only adds prefill_support to the quant fake's signature (same cause as round-8 aiter#3494)"),
11:("noise","pre-existing inp.device() in the quant fake; the PR only adds a parameter to its signature"),
12:("true","v_amax allocated with empty() and accumulated with atomicMax on the float's int bits: stale memory larger than the true amax gives a wrong descale"),
13:("true","load_model lost a positional parameter while eagle.py still passes 5: TypeError on the EAGLE spec-decode path"),
14:("true","DiffusionModelRunner calls load_model(config) leaving model_name_or_path and hf_config unfilled: TypeError on construction"),
15:("true","the use_spec_decode branch is `else: pass`: every metadata local read after the chain is unbound when spec decode is on (UnboundLocalError)"),
16:("noise","the PR comments out the block_ratio>1 conversion in prepare_decode (a redesign of kv_indices, not a fix shape); prepare_prefill's sparse path converting tables may be deliberate; a question, not a red (commit subject 'fix' made it a bug-fix PR)"),
17:("true","class Attention removed from base_attention.py while glm4_moe.py still imports it: ImportError when the GLM4-MoE model loads"),
18:("true","same as ATOM#257 (stacked branch)"),
}
S={
0:("true","real rewrite of mla.py decode dispatch lines (core API); owner note"),
1:("true","[probe] logger calls gated by a new AITER_GFX1250_DEBUG env read; AITER_LOG_LEVEL exists for this"),
2:("true","real rewrite of jit/core.py lines; owner note"),
3:("true","fused_moe fast path rewrite (core API); owner note"),
4:("noise","bf16_out mirrors the pre-quant output and only means something on the quant arm; the non-quant arm (predates the PR) already returns the unquantized out"),
5:("true","cktile_moe_stage1 lost activation=/dtype= while the CK MoE tuner still passes them: the tuner breaks"),
6:("true","same for cktile_moe_stage2 activation="),
7:("true","the new test passes return_local_topk_ids= that moe_sorting does not take: the test fails with TypeError"),
8:("false","448.0 is the FP8_E4M3 row of a per-MX-dtype table keyed by the flavour, beside the FP8_E4M3_FNUZ 240.0 row: a format constant, not an arch assumption"),
9:("false","448.0f in the MxDtypeConfig<FP8_E4M3> specialization, beside the FNUZ specialization's 240.0f"),
10:("true","jit/core.py rewrite; owner note"),
11:("false","compare_fn is a caller-supplied callback with its own signature (ref, res, msg, printLog); it never received checkAllclose's atol/rtol/tol options either"),
12:("true","same AITER_GFX1250_DEBUG-gated logger calls"),
13:("noise","test covers 64 heads only; the indexer's heads are typically replicated, not TP-split; a question at most"),
14:("noise","use_new selects a kernel version of the non-quant op only; the quant arm predates the PR"),
15:("true","jit/core.py rewrite; owner note"),
16:("true","_should_use_asm_kernel gains an MTP/FP8 routing branch in ops/attention.py; owner note"),
17:("true","mha.py descale dispatch rewrite; owner note"),
18:("true","p_scale passed to the v3 fp8 kernel but the CK mha_fwd arm (taken for seqlen_q <= 128) drops it while getting q/k/v descale: the scale is ignored on decode"),
19:("true","same for the varlen forward"),
20:("true","fused_moe rewrite; owner note"),
21:("true","fused_moe rewrite; owner note"),
22:("true","fused_moe rewrite; owner note"),
23:("true","ops/quant.py rewrite of 35 lines; owner note (the owner's name 'la' is one of two git names of the same account)"),
24:("true","ATOM_GPT_OSS_MODEL registered without docs"),
25:("true","the mxfp4 quant + scale reshape block copied into attention_mla.py from deepseek_v2.py"),
26:("true","the same block copied from linear.py"),
27:("true","two new env vars registered without docs"),
28:("true","same block duplicated in linear.py and deepseek_v2.py"),
29:("true","output dtype fixed to bf16 in the fp4 fused qkv path while the rest follows inputs"),
30:("true","n = weight.shape[0] computed, never read (output_size is used)"),
31:("true","QuantizationConfig imported, never read"),
32:("true","ATOM_PROFILER_SHAPES read with os.environ directly, not registered or documented"),
33:("true","sympy imported by a model op and declared nowhere in pyproject.toml"),
34:("noise","__init__ slots (kv_cache_spec, layer_names, config, device) of a builder whose base class the plugin decorator picks: an interface signature"),
35:("false","plugin configs are built with is_vllm or is_sglang set (config.py:69/178) and the function asserts plugin mode: the chain is exhaustive in practice"),
36:("true","ATOM_DISABLE_VLLM_PLUGIN read directly, undocumented"),
37:("noise","the vllm arm raises and the sglang arm binds; only an unknown engine (rejected earlier) reaches the read"),
38:("false","same as ATOM#257 register.py"),
39:("true","ATOM_DISABLE_VLLM_PLUGIN_ATTENTION read directly, undocumented"),
}
out=[]; rt=collections.Counter(); st=collections.Counter()
for i,r in enumerate(REDS):
    v,why=RV[i]; rt[v]+=1
    out.append((r[6], r[4], v, f"ROCm/{r[0]}#{r[1].split('/')[0]}", r[5], "round9-fresh red: "+why))
for i,r in sorted(sample.items()):
    v,why=S[i]; st[v]+=1
    out.append((r[6], r[4], v, f"ROCm/{r[0]}#{r[1].split('/')[0]}", r[5], "round9-fresh sample: "+why))
print("reds", dict(rt)); print("sample", dict(st)); print("all", dict(rt+st), sum((rt+st).values()))
with open("round9-verdicts.tsv","w") as o:
    for x in out: o.write("\t".join(x)+"\n")
def dkey(x):
    import re
    return (x[1], x[4].split(":")[0], re.sub(r"\d+","",x[5])[:70])
d=collections.defaultdict(set)
for x in out: d[dkey(x)].add(x[2])
print("distinct", collections.Counter(next(iter(v)) if len(v)==1 else "mixed" for v in d.values()), len(d))
