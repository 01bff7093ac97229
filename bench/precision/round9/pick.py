import subprocess, sys, os, re, glob
repo, lo, hi = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
gd = f"/work/.mirror/ROCm+{repo}/repo"
judged = set()
for l in open("/work/main/bench/precision/judgements.tsv"):
    if l.startswith("#"): continue
    p = l.split("\t")
    if len(p) > 3: judged.add(p[3])
reserved = set()
for l in open("/work/shared/reserved-prs.txt"):
    if l.startswith("#") or not l.strip(): continue
    o, num = l.split()[:2]; reserved.add(f"{o}#{num}")
corpus = set(os.listdir("/work/shared/corpus"))
mined = set()
for d in glob.glob("/work/mined/*/*") + glob.glob("/work/mined/*"):
    m = re.match(r"(aiter|atom)-(\d+)", os.path.basename(d))
    if m: mined.add((m.group(1), int(m.group(2))))
refs = subprocess.run(["git","--git-dir",gd,"for-each-ref","--format=%(refname) %(objectname)","refs/pull/*/head"],capture_output=True,text=True).stdout.split("\n")
n_j = n_r = n_m = 0
for l in sorted(refs):
    if not l: continue
    r, sha = l.split(); num = int(r.split("/")[2])
    if not (lo <= num <= hi): continue
    key = f"ROCm/{repo}#{num}"
    if key in judged: n_j += 1; continue
    if key in reserved: n_r += 1; continue
    if f"{repo.lower()}-{num}" in corpus or f"{repo}-{num}" in corpus or (repo.lower(), num) in mined: n_m += 1; continue
    mb = subprocess.run(["git","--git-dir",gd,"merge-base","refs/heads/main",sha],capture_output=True,text=True).stdout.strip()
    if not mb: continue
    print(f"{num} {mb}...{sha}")
print(f"# skipped judged {n_j} reserved {n_r} corpus/mined {n_m}", file=sys.stderr)
