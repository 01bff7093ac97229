#!/usr/bin/env bash
# Reviews the last N first-parent commits of a repository one by one (C^..C) and prints the
# findings per rule and severity, the verdicts, and the slowest commits. Used to read the
# reviewer's output on real history; `review-pr batch` will replace the loop.
#   bench/history_sample.sh REPO N [OUT.jsonl]
set -euo pipefail
repo=${1:?usage: history_sample.sh REPO N [OUT.jsonl]}
n=${2:?usage: history_sample.sh REPO N [OUT.jsonl]}
out=${3:-$(mktemp)}
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
: > "$out"
errors=0
for c in $(git -C "$repo" rev-list --first-parent -n "$n" HEAD); do
  t0=$(date +%s%N)
  if json=$("$bin" --repo "$repo" --base "$c^" --head "$c" --format json 2>/tmp/review-pr-err); then
    t1=$(date +%s%N)
    printf '{"commit":"%s","ms":%d,"review":%s}\n' "$c" $(( (t1 - t0) / 1000000 )) "$(printf '%s' "$json" | tr -d '\n')" >> "$out"
  else
    errors=$((errors + 1))
    echo "error on $c: $(cat /tmp/review-pr-err)" >&2
  fi
done
python3 - "$out" <<'PY'
import json, sys, collections
rows = [json.loads(l) for l in open(sys.argv[1])]
per_rule = collections.Counter()
verdicts = collections.Counter()
for r in rows:
    verdicts[r["review"]["verdict"]] += 1
    for f in r["review"]["findings"]:
        per_rule[(f["rule"], f["severity"])] += 1
print(f"commits reviewed: {len(rows)}")
print("verdicts:", dict(verdicts))
for (rule, sev), k in sorted(per_rule.items()):
    print(f"  {rule:32s} {sev:5s} {k}")
slow = sorted(rows, key=lambda r: -r["ms"])[:5]
print("slowest:", ", ".join(f'{r["commit"][:10]} {r["ms"]} ms' for r in slow))
PY
echo "errors: $errors; results in $out"
