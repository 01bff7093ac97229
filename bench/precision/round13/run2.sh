#!/usr/bin/env bash
# usage: run2.sh BIN TAG SUB NA NT SKIP_EXTRA ; second, older batch of heads
set -euo pipefail
here=/work/wt-prc11; bin=$1; tag=$2; sub=$3; o=/work/tmp/prc11
for spec in "ROCm+aiter ROCm/aiter $4 aiter" "ROCm+ATOM ROCm/ATOM $5 ATOM"; do
  set -- $spec; m=/work/.mirror/$1/repo; name=$2; n=$3; s=$4
  d=$o/$sub/$s; mkdir -p $d
  if [ ! -s $d/heads.txt ]; then
    git -C $m for-each-ref --sort=-committerdate --format='%(refname) %(objectname)' 'refs/pull/*/head' |
      SKIP_HEADS=$o/judged-$s.heads:$o/$s/heads.txt python3 $here/bench/precision_tool.py pick $name $n /work/shared/reserved-prs.txt /work/shared/corpus > $d/heads.txt
  fi
  nice -n 5 $bin batch --repo $m --commits $d/heads.txt -j1 -q --timeout 300 -o $d/$tag.jsonl --summary $d/$tag.sum || true
done
echo done
