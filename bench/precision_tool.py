#!/usr/bin/env python3
"""Helpers of bench/precision.sh: pick PR heads, sample unjudged findings, tabulate precision.

  pick   OWNER/NAME N RESERVED CORPUS_DIR   < for-each-ref lines   > batch --commits file
  sample OWNER/NAME HEADS BATCH_JSONL JUDGEMENTS PER_RULE            > to-judge TSV
  table  JUDGEMENTS [OUT_DIR...]                                     > markdown table
"""
import collections
import json
import os
import re
import sys

FNV_OFFSET, FNV_PRIME = 0xCBF29CE484222325, 0x100000001B3


def fnv1a64(text):
    h = FNV_OFFSET
    for b in text.encode():
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return h


def split_of(name, pr):
    """The split of `review-pr mine` (src/mine): FNV-1a 64 of "OWNER/NAME#N", even = tune."""
    return "tune" if fnv1a64(f"{name}#{pr}") % 2 == 0 else "validate"


def reserved_prs(path, name):
    out = set()
    if not os.path.exists(path):
        return out
    for line in open(path):
        line = line.split("#", 1)[0].split()
        if len(line) == 2 and line[0].lower() == name.lower():
            out.add(int(line[1]))
    return out


def corpus_prs(root, name):
    out = set()
    if not os.path.isdir(root):
        return out
    for d in os.listdir(root):
        p = os.path.join(root, d, "case.json")
        if os.path.exists(p):
            c = json.load(open(p))
            if str(c.get("repo", "")).lower() == name.lower() and c.get("pr"):
                out.add(int(c["pr"]))
    return out


def pick(name, n, reserved, corpus):
    skip = reserved_prs(reserved, name) | corpus_prs(corpus, name)
    for prev in filter(None, os.environ.get("SKIP_HEADS", "").split(":")):  # heads of an earlier round
        # every line's PR, not read_heads() (keyed by sha: lines sharing a sha would collapse)
        skip |= {int(m.group(1)) for m in re.finditer(r"#\s+\S+#(\d+)\s*$", open(prev).read(), re.M)}
    picked = 0
    for line in sys.stdin.read().splitlines():  # all of it: the writer must not get SIGPIPE
        m = re.match(r"refs/pull/(\d+)/head ([0-9a-f]{40})", line)
        if not m:
            continue
        pr = int(m.group(1))
        if pr in skip or split_of(name, pr) != os.environ.get("SPLIT", "tune"):
            continue
        print(f"HEAD...{m.group(2)}  # {name}#{pr}")
        picked += 1
        if picked >= n:
            break


def read_heads(path):
    heads = {}
    for line in open(path):
        m = re.match(r"\S+\.\.\.([0-9a-f]{40})\s+#\s+(\S+)", line)
        if m:
            heads[m.group(1)] = m.group(2)
    return heads


def read_judgements(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 3:
                out[cols[0]] = cols
    return out


def batch_findings(heads_path, batch_path):
    heads = read_heads(heads_path)
    for line in open(batch_path):
        row = json.loads(line)
        head = row["commit"].split("..")[-1]
        pr = heads.get(head, "?")
        for f in row.get("findings", []):
            yield pr, row["commit"], f


def sample(name, heads_path, batch_path, judgements, per_rule):
    judged = read_judgements(judgements)
    by_rule = collections.defaultdict(list)
    for pr, commit, f in batch_findings(heads_path, batch_path):
        if f.get("fingerprint") in judged:
            continue
        by_rule[f["rule"]].append((fnv1a64(f.get("fingerprint", "")), pr, commit, f))
    for rule in sorted(by_rule):
        for _, pr, commit, f in sorted(by_rule[rule], key=lambda t: t[0])[:per_rule]:
            where = f"{f.get('file') or '(description)'}:{f.get('line') or 0}"
            problem = f.get("problem", "").replace("\t", " ").replace("\n", " ")
            print("\t".join([f.get("fingerprint", ""), rule, f["severity"], pr, where, commit, problem]))


def table(judgements, out_dirs):
    judged = read_judgements(judgements)
    seen = collections.Counter()
    for d in out_dirs:
        heads, batch = os.path.join(d, "heads.txt"), os.path.join(d, "batch.jsonl")
        if os.path.exists(heads) and os.path.exists(batch):
            for _, _, f in batch_findings(heads, batch):
                seen[f["rule"]] += 1
    rows = collections.defaultdict(collections.Counter)
    for cols in judged.values():
        rows[cols[1]][cols[2]] += 1
    print("| rule | judged | true | noise | false | precision (true/judged) |" + (" findings in sample |" if out_dirs else ""))
    print("|---|---|---|---|---|---|" + ("---|" if out_dirs else ""))
    total = collections.Counter()
    for rule in sorted(set(rows) | set(seen)):
        c = rows[rule]
        n = c["true"] + c["noise"] + c["false"]
        total.update(c)
        prec = f"{100 * c['true'] / n:.0f}%" if n else "—"
        flag = " ⚠ below 70%" if n >= 10 and c["true"] / n < 0.7 else ""
        extra = f" {seen[rule]} |" if out_dirs else ""
        print(f"| `{rule}` | {n} | {c['true']} | {c['noise']} | {c['false']} | {prec}{flag} |{extra}")
    n = total["true"] + total["noise"] + total["false"]
    if n:
        extra = f" {sum(seen.values())} |" if out_dirs else ""
        print(f"| **all** | {n} | {total['true']} | {total['noise']} | {total['false']} | {100 * total['true'] / n:.0f}% |{extra}")


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    cmd = argv[1]
    if cmd == "pick":
        pick(argv[2], int(argv[3]), argv[4], argv[5])
    elif cmd == "sample":
        sample(argv[2], argv[3], argv[4], argv[5], int(argv[6]))
    elif cmd == "table":
        table(argv[2], argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
