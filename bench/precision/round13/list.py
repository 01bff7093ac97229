import json,re,sys
# usage: list.py DIR TAG  -> TSV of warn/red findings: pr sev rule file line problem
d,tag=sys.argv[1],sys.argv[2]
heads={}
for l in open(d+'/heads.txt'):
    m=re.match(r'\S+\.\.\.([0-9a-f]{40})\s+#\s+(\S+)',l); heads[m.group(1)]=m.group(2)
for l in open(d+f'/{tag}.jsonl'):
    j=json.loads(l)
    h=j['commit'].split('..')[-1].lstrip('.')
    for f in j['findings']:
        if f['severity'] in ('warn','red'):
            print('\t'.join(map(str,[heads.get(h), f['severity'], f['rule'], f.get('file'), f.get('line'), f['problem'][:300].replace('\n',' ')])))
