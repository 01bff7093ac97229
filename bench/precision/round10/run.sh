#!/bin/bash
# run.sh BIN TAG REPO N [rule...]
BIN=$1; TAG=$2; REPO=$3; N=$4; shift 4
M=/work/.mirror/ROCm+$REPO/repo
B=$(git --git-dir=$M merge-base refs/heads/main refs/pull/$N/head)
args=()
for r in "$@"; do args+=(--rule "$r"); done
nice $BIN --repo $M --base $B --head refs/pull/$N/head --format json --rule-timeout 30 "${args[@]}" > $TAG-$REPO-$N.json 2>$TAG-$REPO-$N.err
python3 - $TAG-$REPO-$N.json <<'P'
import json,sys
d=json.load(open(sys.argv[1]))
fs=d.get('findings',d) if isinstance(d,dict) else d
for f in fs:
    print(f.get('rule'),f.get('severity'),f.get('file'),f.get('line'),(f.get('message') or '')[:150])
P
