import json, glob, collections
rows=[]
for r in ["aiter","ATOM"]:
    m = collections.defaultdict(list)
    for l in open(f"{r}.map"):
        c, n = l.rstrip("\n").split("\t"); m[c.split("...")[1]].append(int(n))
    seenhead=set(); nheads=0
    for f in sorted(glob.glob(f"{r}.o[0-9]")):
        for l in open(f):
            j = json.loads(l); base, head = j["commit"].split("..")[0], j["commit"].split("..")[-1].lstrip(".")
            if head in seenhead: continue
            seenhead.add(head); nheads+=1
            if j["status"]!="ok": print("#STATUS", r, m[head], j["status"])
            keys=set()
            for fd in j["findings"]:
                if fd["fingerprint"] in keys: continue
                keys.add(fd["fingerprint"])
                rows.append((r, "/".join(map(str,m[head])), head, fd["severity"], fd["rule"], f'{fd["file"]}:{fd["line"]}', fd["fingerprint"], fd["problem"]))
    print("#", r, "heads", nheads, "findings", sum(1 for x in rows if x[0]==r))
with open("findings.tsv","w") as o:
    for x in rows: o.write("\t".join(x)+"\n")
