import json, re, sys, collections
# per-rule before/after over this round's heads: warn/red findings and their judgements
J={}
for l in open('/work/wt-prc11/bench/precision/judgements.tsv'):
    c=l.rstrip('\n').split('\t')
    if len(c)>=3: J[c[0]]=c[2]
dirs=['s1/aiter','s1/ATOM','s1/b/aiter','s1/b/ATOM','s2/aiter','s2/ATOM','s2/b/aiter','s2/b/ATOM']
def load(tag, sev=('warn','red')):
    seen={}
    for d in dirs:
        for l in open(f'{d}/{tag}.jsonl'):
            j=json.loads(l)
            for f in j['findings']:
                if f['severity'] in sev:
                    seen[(j['commit'],f['fingerprint'])]=(f['rule'],f['severity'],f['fingerprint'])
    return seen
sev=tuple(sys.argv[1].split(',')) if len(sys.argv)>1 else ('warn','red')
B,H=load('base',sev),load('head',sev)
rules=sorted({v[0] for v in B.values()}|{v[0] for v in H.values()})
print('| rule | before: findings (red) | true | noise | false | unjudged | after: findings (red) | true | noise | false | unjudged |')
print('|---|---|---|---|---|---|---|---|---|---|---|')
tot=[collections.Counter(),collections.Counter()]
for r in rules:
    row=[f'`{r}`']
    for k,S in enumerate((B,H)):
        c=collections.Counter(); n=red=0
        for v in S.values():
            if v[0]!=r: continue
            n+=1; red+=v[1]=='red'
            c[J.get(v[2],'unjudged')]+=1
        tot[k]['n']+=n; tot[k]['red']+=red; tot[k].update(c)
        row+= [f'{n} ({red})', str(c['true']), str(c['noise']), str(c['false']), str(c['unjudged'])]
    print('| '+' | '.join(row)+' |')
row=['**all**']
for k in range(2):
    t=tot[k]; row+=[f"{t['n']} ({t['red']})",str(t['true']),str(t['noise']),str(t['false']),str(t['unjudged'])]
print('| '+' | '.join(row)+' |')
