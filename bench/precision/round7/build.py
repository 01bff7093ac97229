import re, collections, sys
sys.path.insert(0,".")
from verdicts import V, ENV_TRUE, ENV_NOISE
rows=[]; miss=[]
for l in open("findings.tsv"):
    repo, prs, head, sev, rule, fl, fp, prob = l.rstrip("\n").split("\t")
    fl = fl.replace(":None", ":0")
    f = fl.rsplit(":",1)[0]
    pr = prs.split("/")[0]
    extra = f" (PR #{prs.split('/')[1]} has the same head)" if "/" in prs else ""
    if rule=="undocumented-env-var":
        var = re.search(r"`(ATOM_[A-Z0-9_]+)`", prob).group(1)
        if var in ENV_TRUE: v=("true","",f"{var}: {ENV_TRUE[var]}")
        elif var in ENV_NOISE: v=("noise","developer-knob",f"{var}: {ENV_NOISE[var]}")
        else: miss.append(var); continue
    else:
        v = V.get((rule, fl)) or V.get((rule, f))
        if not v: miss.append((rule, fl)); continue
    rows.append(dict(repo=repo, pr=pr, sev=sev, rule=rule, fl=fl, fp=fp, verdict=v[0], cause=v[1], reason=v[2]+extra))
print("missing", miss)
import json; json.dump(rows, open("rows.json","w"))
with open("rows.tsv","w") as o:
    for r in rows:
        o.write("\t".join([r["fp"], r["rule"], r["verdict"], f"ROCm/{r['repo']}#{r['pr']}", r["fl"], r["reason"]])+"\n")
# tables
def tab(sel):
    c=collections.Counter(r["verdict"] for r in sel); n=len(sel)
    return n, c["true"], c["noise"], c["false"], (100*c["true"]//n if n else 0)
print("| repo | severity | findings | true | noise | false | true % |\n|---|---|---|---|---|---|---|")
for repo in ["aiter","ATOM"]:
    for sev in ["red","warn","note"]:
        sel=[r for r in rows if r["repo"]==repo and r["sev"]==sev]
        if sel: print(f"| {repo} | {sev} | %d | %d | %d | %d | %d%% |" % tab(sel))
    print(f"| **{repo}** | all | %d | %d | %d | %d | %d%% |" % tab([r for r in rows if r["repo"]==repo]))
print("| **both** | all | %d | %d | %d | %d | %d%% |" % tab(rows))
print()
# distinct fingerprints
d={}
for r in rows: d[(r["repo"],r["fp"])]=r
dr=list(d.values())
print("distinct: | both | %d | %d | %d | %d | %d%% |" % tab(dr))
for repo in ["aiter","ATOM"]:
    print(f"distinct {repo}: | %d | %d | %d | %d | %d%% |" % tab([r for r in dr if r["repo"]==repo]))
print("\n| rule | findings | true | noise | false |\n|---|---|---|---|---|")
pr=collections.defaultdict(collections.Counter)
for r in rows: pr[r["rule"]][r["verdict"]]+=1
for k,c in sorted(pr.items(), key=lambda kv:-sum(kv[1].values())):
    print(f"| `{k}` | {sum(c.values())} | {c['true']} | {c['noise']} | {c['false']} |")
print("\ncauses:")
cc=collections.Counter((r["verdict"],r["cause"]) for r in rows if r["verdict"]!="true")
for k,n in cc.most_common(): print(n,k)
print("\nreds:")
for r in rows:
    if r["sev"]=="red": print(r["repo"],r["pr"],r["rule"],r["fl"],r["verdict"])
