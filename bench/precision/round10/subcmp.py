import json,sys
# subcmp.py OLD NEW: every finding of OLD on the commits NEW re-ran, kept or gone; NEW-only findings
def load(f):
    out={};commits=set()
    for l in open(f):
        d=json.loads(l); commits.add(d['commit'])
        for x in d.get('findings',[]): out[(d['commit'],x['rule'],x['file'],x['line'])]=(x['severity'],d.get('pr'),x['problem'][:110])
    return out,commits
o,_=load(sys.argv[1]); n,ran=load(sys.argv[2])
kept=gone=0
for k in sorted(o):
    if k[0] not in ran: continue
    if k in n: kept+=1
    else: gone+=1; print('GONE',k[0][:10],k[1:],o[k])
    if k in n and n[k][0]!=o[k][0]: print('SEV',k[0][:10],k[1:],o[k][0],'->',n[k][0])
for k in n:
    if k not in o: print('NEW',k[0][:10],k[1:],n[k])
print('old findings on re-run commits',kept+gone,'kept',kept,'gone',gone,'commits',len(ran))
