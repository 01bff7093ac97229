import json, sys, collections
tag = sys.argv[1]
rows = []
import os
for r in [x for x in ["aiter", "ATOM"] if os.path.exists(f"{tag}-{x}.jsonl")]:
    m = collections.defaultdict(list)
    for l in open(f"{r}.nums"):
        n, c = l.split(); m[c.split("...")[1]].append(int(n))
    seen = set(); heads = 0; st = collections.Counter(); verd = collections.Counter()
    for l in open(f"{tag}-{r}.jsonl"):
        j = json.loads(l)
        head = j["commit"].split("..")[-1].lstrip(".")
        if head in seen: continue
        seen.add(head); heads += 1; st[j["status"]] += 1
        verd[j.get("verdict")] += 1
        keys = set()
        for fd in j.get("findings", []):
            if fd["fingerprint"] in keys: continue
            keys.add(fd["fingerprint"])
            rows.append((r, "/".join(map(str, m[head])), head[:12], fd["severity"], fd["rule"], f'{fd["file"]}:{fd["line"]}', fd["fingerprint"], fd["problem"].replace("\t", " ").replace("\n", " ")[:300]))
    print("#", r, "heads", heads, "status", dict(st), "verdicts", dict(verd), "findings", sum(1 for x in rows if x[0] == r))
with open(f"{tag}-findings.tsv", "w") as o:
    for x in rows: o.write("\t".join(x) + "\n")
c = collections.Counter((x[4], x[3]) for x in rows)
for (rule, sev), n in c.most_common(): print(f"{n:4d} {sev:5s} {rule}")
