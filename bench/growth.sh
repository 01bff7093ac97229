#!/usr/bin/env bash
# Growth of every rule with the size of what a PR changes: generated files of N small
# functions (Python, C++/HIP kernels, Triton kernels, Gluon kernels with long pipelined name
# chains of loaded indices and runtime strides), added to a near-empty repository
# ("add") or edited throughout in a large existing file ("edit"), reviewed one rule at a time.
# Prints each rule's time per size (CPU time by default, see CLOCK) and the growth factor
# between the last two sizes (near-linear = about 2 per doubling), then one table of every
# rule's factor per language and kind, with the largest factor last. Usage:
#   bench/growth.sh [SIZES...]            (default: 1000 2000 4000 8000)
# Environment: REVIEW_PR (binary; default build/review-pr), RULES (space-separated subset),
# LANGS (py cpp triton gluon), VARIANTS (add edit), REPEAT (runs per size, the least time is
# kept: a loaded machine only ever adds time; default 1), OUT (file for the per-size rows; the
# summary table is read back from it; default WORK/rows.txt), LIMIT (seconds per run, default 30; a run that
# hits it prints ">LIMIT" and the rule is not tried at larger sizes; the rule's own budget,
# --rule-timeout, is off, so a rule that grows is timed, not stopped), WORK (scratch directory),
# CLOCK (cpu: user + system time of the run, the default; wall: elapsed time. On a shared,
# loaded machine the wall time of a run measures the other processes as much as the rule).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
[ -x "$bin" ] || { echo "build review-pr first (ninja -C build)" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 4000 8000)
langs=${LANGS:-py cpp triton gluon}
repeat=${REPEAT:-1}
variants=${VARIANTS:-add edit}
limit=${LIMIT:-30}
clock=${CLOCK:-cpu}
work=${WORK:-${TMPDIR:-/tmp}/review-pr-growth}
rules=${RULES:-$("$bin" rules | awk '/^[a-z0-9-]+ \[/ {print $1}')}
mkdir -p "$work"
rows=${OUT:-$work/rows.txt}

# gen LANG N VARIANT SIDE → the file's text. "edit" changes one line in every function.
gen() {
  python3 - "$@" <<'EOF'
import sys
lang, n, variant, side = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
k = 7 if (variant == "edit" and side == "head") else 3
out = []
if lang == "py":
    out.append("import os\nimport torch\n\n")
    for i in range(n):
        callee = f"fn_{i - 1}(x)" if i else "x"
        out.append(f"def fn_{i}(x, scale=None):\n    y = {callee} * {k + i % 5} if scale else x\n    return torch.relu(y)\n\n")
elif lang == "triton":
    out.append("import torch\nimport triton\nimport triton.language as tl\n\n")
    for i in range(n):
        out.append(f"@triton.jit\ndef kern_{i}(x_ptr, y_ptr, n, BLOCK: tl.constexpr):\n"
                   f"    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                   f"    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)\n"
                   f"    tl.store(y_ptr + offs, x * {k + i % 5}, mask=offs < n)\n\n\n"
                   f"def launch_{i}(x, y):\n"
                   f"    grid = (triton.cdiv(x.numel(), 128),)\n"
                   f"    kern_{i}[grid](x, y, x.numel(), BLOCK=128)\n"
                   f"    return y\n\n\n")
elif lang == "gluon":
    # A paged-attention-like Gluon kernel: a block-table entry read from memory, then a chain
    # of pipelined names (stage offsets derived one from the other) reaching a load; every
    # factor of the chain is resolved by the operand resolver.
    out.append("import torch\nimport triton\nfrom triton.experimental import gluon\n"
               "from triton.experimental.gluon import language as gl\n\n")
    for i in range(n):
        chain = "".join(f"    off_s{j + 1} = off_s{j} + stride_kv * {j + 1}\n" for j in range(8))
        out.append(f"@gluon.jit\ndef attn_{i}(q_ptr, kv_ptr, bt_ptr, out_ptr, stride_kv, stride_bt,\n"
                   f"            BLOCK: gl.constexpr, HEAD: gl.constexpr):\n"
                   f"    seq = gl.program_id(0)\n"
                   f"    blk = gl.load(bt_ptr + seq * stride_bt)\n"
                   f"    off_s0 = blk * stride_kv + gl.arange(0, BLOCK) * {k + i % 5}\n"
                   f"{chain}"
                   f"    kv = gl.load(kv_ptr + off_s8)\n"
                   f"    gl.store(out_ptr + seq * HEAD + gl.arange(0, BLOCK), kv)\n\n\n")
else:
    out.append("#include <hip/hip_runtime.h>\n\n")
    for i in range(n):
        out.append(f"__global__ void kern_{i}(float* out, const float* in, int n) {{\n"
                   f"  int idx = blockIdx.x * blockDim.x + threadIdx.x;\n"
                   f"  if (idx < n) out[idx] = in[idx] * {k + i % 5}.0f;\n}}\n\n")
sys.stdout.write("".join(out))
EOF
}

path_of() {
  case $1 in
    py) echo aiter/ops/generated.py ;;
    triton) echo aiter/ops/triton/generated_kernels.py ;;
    gluon) echo aiter/ops/triton/gluon/generated_attention.py ;;
    cpp) echo csrc/kernels/generated.cu ;;
  esac
}

# make_repo LANG VARIANT N → a git repository with commits tagged base and head.
make_repo() {
  local lang=$1 variant=$2 n=$3 dir="$work/$1-$2-$3" file
  file=$(path_of "$lang")
  [ -d "$dir/.git" ] && { echo "$dir"; return; }
  rm -rf "$dir" && mkdir -p "$dir/$(dirname "$file")" "$dir/aiter"
  (
    cd "$dir"
    git init -q
    printf '# generated\n' > README.md
    : > aiter/__init__.py
    [ "$variant" = edit ] && gen "$lang" "$n" edit base > "$file"
    git add -A && git -c user.name=b -c user.email=b@b commit -qm base && git tag base
    gen "$lang" "$n" "$variant" head > "$file"
    git add -A && git -c user.name=b -c user.email=b@b commit -qm "Speed up generated kernels 2x on gfx942" && git tag head
  )
  echo "$dir"
}

meta="$work/meta.json"
cat > "$meta" <<'EOF'
{"title": "Speed up generated kernels 2x on gfx942", "number": 1,
 "body": "## Motivation\nThe generated kernels are slow.\n\n## Changes\n- Fuse the scale into `fn_1` and `kern_2`, 2x faster on MI300X.\n- Add fp8 support to `fn_3`.\n- Set AITER_GENERATED_FAST=1 to enable the fast path.\n\n## Test\npytest op_tests/test_generated.py: 1.8 ms -> 0.9 ms\n"}
EOF

# run_ms DIR RULE → the least ms of REPEAT runs (CPU or wall, per CLOCK), or "" on a timeout
run_ms() {
  local best="" ms i
  for ((i = 0; i < repeat; i++)); do
    ms=$(run_once "$1" "$2")
    [ -z "$ms" ] && return 0
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
  done
  echo "$best"
}

run_once() {
  local t0 t1 out rc cpu
  t0=$(date +%s%N)
  # The run's rusage, to the microsecond (GNU time prints hundredths of a second); what the
  # process had counted for children before (the shell's, across exec) is subtracted.
  out=$(python3 -c 'import resource, subprocess, sys
t = lambda u: u.ru_utime + u.ru_stime
before = t(resource.getrusage(resource.RUSAGE_CHILDREN))
rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(rc, round((t(resource.getrusage(resource.RUSAGE_CHILDREN)) - before) * 1000))' timeout "$limit" "$bin" --repo "$1" --base base --head head \
    --profile generic --rule "$2" --meta "$meta" --cache-dir - --rule-timeout 0 --format json)
  t1=$(date +%s%N)
  read -r rc cpu <<<"$out"
  [ "$rc" -eq 124 ] && return 0
  if [ "$clock" = wall ]; then echo $(( (t1 - t0) / 1000000 )); return; fi
  echo "$cpu"
}

{
printf '%-7s %-5s %-36s' lang kind rule
for n in "${sizes[@]}"; do printf ' %8s' "${n}ms"; done
printf ' %7s\n' factor
for lang in $langs; do
  for variant in $variants; do
    dirs=()
    for n in "${sizes[@]}"; do dirs+=("$(make_repo "$lang" "$variant" "$n")"); done
    for rule in $rules; do
      printf '%-7s %-5s %-36s' "$lang" "$variant" "$rule"
      prev="" last="" stopped=""
      for d in "${dirs[@]}"; do
        if [ -n "$stopped" ]; then printf ' %8s' -; continue; fi
        ms=$(run_ms "$d" "$rule")
        if [ -z "$ms" ]; then printf ' %8s' ">${limit}s"; stopped=1; prev=$last; last=""; continue; fi
        printf ' %8s' "$ms"
        prev=$last last=$ms
      done
      if [ -n "$stopped" ]; then printf ' %7s\n' "inf"
      elif [ -n "$prev" ]; then awk -v a="$last" -v b="$prev" 'BEGIN { printf " %7.2f\n", (b > 0 ? a / b : 0) }'
      else printf '\n'; fi
    done
  done
done
} | tee "$rows"

# One table: a row per rule, a column per language and kind (the factor between the last two
# sizes; "inf" = the limit was hit), the rule's largest factor last; then the largest overall.
echo
awk '
  NR == 1 { next }
  NF >= 4 {
    col = $1 "-" $2; rule = $3; f = $NF
    if (!(col in seen)) { seen[col] = 1; cols[++ncols] = col }
    if (!(rule in rseen)) { rseen[rule] = 1; rlist[++nrules] = rule }
    v[rule, col] = f
  }
  END {
    printf "%-36s", "factor " ws
    for (c = 1; c <= ncols; c++) printf " %10s", cols[c]
    printf " %7s\n", "max"
    top = 0; toprule = ""
    for (r = 1; r <= nrules; r++) {
      rule = rlist[r]; m = 0; line = sprintf("%-36s", rule)
      for (c = 1; c <= ncols; c++) {
        f = ((rule, cols[c]) in v) ? v[rule, cols[c]] : "-"
        line = line sprintf(" %10s", f)
        x = (f == "inf") ? 1e9 : f + 0
        if (x > m) m = x
      }
      printf "%s %7s\n", line, (m >= 1e9 ? "inf" : sprintf("%.2f", m))
      if (m > top) { top = m; toprule = rule }
    }
    printf "largest factor: %s (%s)\n", (top >= 1e9 ? "inf" : sprintf("%.2f", top)), toprule
  }' ws="" "$rows"
