import json,sys
def load(f):
    out={}
    for l in open(f):
        d=json.loads(l)
        c=d.get('commit') or d.get('head') or d.get('rev')
        for x in d.get('findings',[]):
            out[(c,x['rule'],x['file'],x['line'])]=(x['severity'],x.get('problem','')[:200])
    return out
for R in ['aiter','ATOM']:
    o=load(f'h-old-{sys.argv[1]}-{R}.jsonl'); n=load(f'h-new-{sys.argv[1]}-{R}.jsonl')
    print(R,'old',len(o),'new',len(n), 'old-red',sum(v[0]=='red' for v in o.values()),'new-red',sum(v[0]=='red' for v in n.values()))
    for k in sorted(set(o)-set(n)): print('  GONE',k[0][:10],k[1:],o[k])
    for k in sorted(set(n)-set(o)): print('  NEW',k[0][:10],k[1:],n[k])
    for k in sorted(set(n)&set(o)):
        if n[k][0]!=o[k][0]: print('  SEV',k[0][:10],k[1:],o[k][0],'->',n[k][0])
