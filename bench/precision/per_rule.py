#!/usr/bin/env python3
"""Per-rule precision from the ledger (judgements.tsv): true / noise / false per rule, the
Tricorder view (a rule whose findings are "not useful" more than 10% of the time is a candidate
to fix or to switch off). Usage: per_rule.py [judgements.tsv] [--repo ROCm/ATOM]."""
import collections
import os
import sys


def main(argv):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "judgements.tsv")
    repo = None
    args = list(argv)
    if "--repo" in args:
        i = args.index("--repo")
        repo = args[i + 1]
        del args[i:i + 2]
    if args:
        path = args[0]
    counts = collections.defaultdict(collections.Counter)
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) < 4 or (repo and not cols[3].startswith(repo + "#")):
            continue
        counts[cols[1]][cols[2]] += 1
    print("| rule | judged | true | noise | false | true % | not useful % |")
    print("|---|---|---|---|---|---|---|")
    for rule, c in sorted(counts.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
        n = sum(c.values())
        print(f"| `{rule}` | {n} | {c['true']} | {c['noise']} | {c['false']} | {100 * c['true'] // n}% | "
              f"{100 * (n - c['true']) // n}% |")


if __name__ == "__main__":
    main(sys.argv[1:])
