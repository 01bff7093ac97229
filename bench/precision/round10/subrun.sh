#!/bin/bash
# subrun.sh REPO OLDFILE TAG RULE...: the new binary on the commits of OLDFILE that had findings
R=$1; O=$2; T=$3; shift 3
args=(); for r in "$@"; do args+=(--rule "$r"); done
python3 -c "
import json
for l in open('$O'):
    d=json.loads(l)
    if d.get('findings'): print(d['commit'])
" > sub-$R-$T.commits
nice -n 10 ./rp-final batch --repo /work/.mirror/ROCm+$R/repo --commits sub-$R-$T.commits -j1 -q --timeout 300 "${args[@]}" -o h-new-$T-$R.jsonl
