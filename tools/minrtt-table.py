#!/usr/bin/env python3
"""Side-by-side table (markdown) of the background BBR's first seven jitter-buffer samples,
from the CSVs of tools/minrtt-samples.py: usage minrtt-table.py A.csv B.csv ...
(docs/results/wifi-minrtt-2026-12-07.md)."""
import csv, sys, statistics as st, math
from collections import defaultdict
def load(p):
    runs = defaultdict(list)
    for r in csv.DictReader(open(p)):
        runs[int(r['run'])].append(r)
    return runs
def num(r,k):
    v=r.get(k,''); return None if v in ('','None') else int(v)
def q(xs,p):
    xs=sorted(xs); return xs[min(len(xs)-1,int(p*len(xs)))]
files = sys.argv[1:]
data = {f: load(f) for f in files}
print('| | ' + ' | '.join(files) + ' |')
print('|---|' + '---:|'*len(files))
def row(label, fn):
    print(f'| {label} | ' + ' | '.join(fn(data[f]) for f in files) + ' |')
def pmax(runs, th):
    mx=[max(num(r,'value') for r in rs) for rs in runs.values()]
    p=sum(m>th for m in mx)/len(mx); ci=1.96*math.sqrt(p*(1-p)/len(mx))
    return f'{100*p:.1f} ± {100*ci:.1f} %'
row('runs', lambda R: str(len(R)))
row('largest of the 7 > 30 ms (95 % interval)', lambda R: pmax(R,30000))
row('largest of the 7 > 50 ms', lambda R: pmax(R,50000))
row('largest of the 7: mean, median (ms)', lambda R: (lambda mx: f'{st.mean(mx)/1000:.1f}, {q(mx,.5)/1000:.1f}')([max(num(r,'value') for r in rs) for rs in R.values()]))
row('7th sample taken at, median (ms)', lambda R: f"{q([num(rs[6],'jb_t') for rs in R.values() if len(rs)==7],.5)/1000:.1f}")
for i in range(7):
    def cell(R, i=i):
        rows=[rs[i] for rs in R.values() if len(rs)>i]
        v=[num(r,'value') for r in rows]
        hs=sum(r['space']=='hs' for r in rows)/len(rows)
        return f"{q(v,.5)/1000:.1f} ms, {100*sum(x>30000 for x in v)/len(v):.0f} % > 30, {100*hs:.0f} % Handshake"
    row(f'sample {i+1}: median, > 30 ms, from a Handshake packet', cell)
def parts(R):
    rows=[r for rs in R.values() for r in rs]
    def p(k,th): xs=[num(r,k) for r in rows if num(r,k) is not None]; return 100*sum(x>th for x in xs)/len(xs)
    def m(k): xs=[num(r,k) for r in rows if num(r,k) is not None]; return st.mean(xs)/1000
    return rows,p,m
row('all 7: down one-way, mean (ms)', lambda R: f"{parts(R)[2]('down'):.1f}")
row('all 7: up one-way, mean (ms)', lambda R: f"{parts(R)[2]('up'):.1f}")
row('all 7: down queue / serialization, mean (ms)', lambda R: f"{parts(R)[2]('dn_q'):.2f} / {parts(R)[2]('dn_tx'):.2f}")
row('all 7: up queue / serialization, mean (ms)', lambda R: f"{parts(R)[2]('up_q'):.2f} / {parts(R)[2]('up_tx'):.2f}")
row('all 7: down jitter draw > 20 ms', lambda R: f"{parts(R)[1]('dn_jit',20000):.1f} %")
row('all 7: down FIFO wait > 20 ms', lambda R: f"{parts(R)[1]('dn_hol',20000):.1f} %")
row('all 7: up jitter draw > 20 ms', lambda R: f"{parts(R)[1]('up_jit',20000):.1f} %")
row('all 7: up FIFO wait > 20 ms', lambda R: f"{parts(R)[1]('up_hol',20000):.1f} %")
row('all 7: client hold (packet in to ACK out) > 0 / mean (ms)', lambda R: (lambda rows: f"{100*sum(num(r,'client_wait')>0 for r in rows)/len(rows):.1f} % / {st.mean(num(r,'client_wait') for r in rows)/1000:.2f}")([r for rs in R.values() for r in rs if num(r,'client_wait') is not None and num(r,'client_wait')>=0]))
row('all 7: ACK delay field > 0 / mean (ms)', lambda R: (lambda rows: f"{100*sum(num(r,'field')>0 for r in rows)/len(rows):.1f} % / {st.mean(num(r,'field') for r in rows)/1000:.2f}")([r for rs in R.values() for r in rs if num(r,'field') is not None]))
row('all 7: ACK delay subtracted (raw > sample)', lambda R: (lambda rows: f"{100*sum(num(r,'raw')>num(r,'adj') for r in rows)/len(rows):.1f} %")([r for rs in R.values() for r in rs if num(r,'raw') is not None]))
def causes(R):
    c=defaultdict(int); n=0
    for rs in R.values():
        top=max(rs,key=lambda r:num(r,'value'))
        if num(top,'value')<=30000: continue
        n+=1
        parts={'down jitter':num(top,'dn_jit'),'down FIFO':num(top,'dn_hol'),'up jitter':num(top,'up_jit'),'up FIFO':num(top,'up_hol'),'client hold':num(top,'client_wait')}
        parts={k:v for k,v in parts.items() if v is not None}
        c[max(parts,key=parts.get) if parts else '?']+=1
    return ', '.join(f'{k} {v}' for k,v in sorted(c.items(), key=lambda x:-x[1]))
row('largest part of the > 30 ms maximum (runs)', causes)
