#!/usr/bin/env bash
# Precision on PRs nobody tuned for: reviews the newest PR branch heads of a repository (each
# head against its merge-base with main, the way a reviewer sees the branch) with `batch`,
# then joins every finding with the judgements kept in bench/precision/judgements.tsv and
# prints per-rule precision. Findings without a judgement are written to a to-judge file, a
# deterministic sample of at most PER_RULE per rule, for a person to read and judge.
#
#   bench/precision.sh run   REPO_PATH OWNER/NAME [N_HEADS] [OUT_DIR]   # review + list what to judge
#   bench/precision.sh table [OUT_DIR...]                             # per-rule precision (markdown)
#
# SKIP_HEADS=A/heads.txt:B/heads.txt leaves out the PRs of earlier rounds (a next, older batch).
# Only PRs of the `tune` split are sampled (the split of `review-pr mine`: the same PR is in
# the same split everywhere; SPLIT=validate measures on PRs no rule was fitted to), never a PR
# of ../shared/reserved-prs.txt or of the dev corpus. PER_RULE=1000 lists every finding (an
# unbiased sample of what a user sees, instead of a per-rule one).
# judgements.tsv, one line per judged finding, tab-separated:
#   fingerprint  rule  verdict(true|noise|false)  OWNER/NAME#PR  file:line  reason
# true = a reviewer would want it; noise = correct but not worth the author's time;
# false = wrong. Precision = true / judged. A fingerprint hashes the rule, the file and the
# text of the line, so a judgement survives pushes that move the line and new runs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${REVIEW_PR:-$here/build/review-pr}
judged=$here/bench/precision/judgements.tsv
reserved=${RESERVED:-$here/../shared/reserved-prs.txt}
corpus=${CORPUS:-$here/../shared/corpus}
per_rule=${PER_RULE:-12}

cmd=${1:?usage: precision.sh run|table ...}
shift
case "$cmd" in
run)
  repo=${1:?REPO_PATH}; name=${2:?OWNER/NAME}; n=${3:-60}; out=${4:-/tmp/precision-${name//\//-}}
  mkdir -p "$out"
  # newest PR heads first, excluding reserved and corpus PRs and the other split
  git -C "$repo" for-each-ref --sort=-committerdate --format='%(refname) %(objectname)' 'refs/pull/*/head' |
    python3 "$here/bench/precision_tool.py" pick "$name" "$n" "$reserved" "$corpus" > "$out/heads.txt"
  "$bin" batch --repo "$repo" --commits "$out/heads.txt" --quiet -o "$out/batch.jsonl" --summary "$out/summary.json" || true
  python3 "$here/bench/precision_tool.py" sample "$name" "$out/heads.txt" "$out/batch.jsonl" "$judged" "$per_rule" > "$out/to-judge.tsv"
  echo "$(wc -l < "$out/heads.txt") PR heads reviewed; $(wc -l < "$out/to-judge.tsv") findings to judge in $out/to-judge.tsv" >&2
  ;;
table)
  python3 "$here/bench/precision_tool.py" table "$judged" "$@"
  ;;
*) echo "usage: precision.sh run|table ..." >&2; exit 2 ;;
esac
