import json,sys,re
sys.path.insert(0,'/work/main/bench'); import precision_tool as pt
judged=pt.read_judgements('/work/wt-prc12/bench/precision/judgements.tsv')
heads={}
for hf in [a for a in sys.argv[2:] if not a.startswith("--")]:
    heads.update(pt.read_heads(hf))
for line in open(sys.argv[1]):
    r=json.loads(line); h=r['commit'].split('..')[-1]; pr=heads.get(h,'?')
    for f in r.get('findings',[]):
        if f['severity']=='note' and '--notes' not in sys.argv: continue
        j=judged.get(f.get('fingerprint'))
        print('\t'.join([f.get('fingerprint',''),f['rule'],f['severity'],pr,f"{f.get('file')}:{f.get('line')}", (j[2] if j else 'NEW'), f.get('problem','')[:300]]))
