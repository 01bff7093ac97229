import subprocess, sys, os
repo, n, skipn = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv)>3 else 0
gd = f"/work/.mirror/ROCm+{repo}/repo"
judged = set(l.strip() for l in open("/tmp/jdg8/judged.txt"))
reserved = set()
for l in open("/work/shared/reserved-prs.txt"):
    if l.startswith("#") or not l.strip(): continue
    o, num = l.split()[:2]; reserved.add(f"{o}#{num}")
corpus = set(os.listdir("/work/shared/corpus"))
refs = subprocess.run(["git","--git-dir",gd,"for-each-ref","--format=%(refname) %(objectname)","refs/pull/*/head"],capture_output=True,text=True).stdout.split("\n")
prs = []
for l in refs:
    if not l: continue
    r, sha = l.split(); num = int(r.split("/")[2]); prs.append((num, sha))
prs.sort(reverse=True)
out = []
for num, sha in prs:
    key = f"ROCm/{repo}#{num}"
    if key in judged or key in reserved or f"{repo}-{num}" in corpus: continue
    mb = subprocess.run(["git","--git-dir",gd,"merge-base","refs/heads/main",sha],capture_output=True,text=True).stdout.strip()
    if not mb: continue
    out.append((num, mb, sha))
out = out[skipn:skipn+n]
for num, mb, sha in out: print(f"{mb}...{sha}\t{num}")
