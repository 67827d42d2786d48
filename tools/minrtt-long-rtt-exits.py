#!/usr/bin/env python3
"""How the main BBR flow enters and leaves long-RTT Startup, from MRST lines (a server BBR state change:
time, old, new, min RTT, max_bw, cwnd, flow) and the "MRSP 0 1" line that starts each run:
usage: minrtt-long-rtt-exits.py pico|moq FILE.err ... (docs/results/wifi-minrtt-2026-12-07.md §5)."""
import sys, statistics as st, csv
from collections import Counter
side=sys.argv[1]; files=sys.argv[2:]
runs=[]
for f in files:
    cur=None
    for line in open(f):
        p=line.split()
        if p[0]=='MRSP':
            if cur is not None: runs.append(cur)
            cur=[]
        elif p[0]=='MRST' and cur is not None:
            fl=int(p[7]); main = (fl>=1000000) if side=='pico' else (fl==0)
            if main: cur.append((int(p[1]),int(p[2]),int(p[3]),int(p[4]),int(p[6])))
    if cur is not None: runs.append(cur)
n=len(runs)
entered=[r for r in runs if any(x[2]==7 for x in r)]
never=[r for r in entered if r[-1][2]==7]
left=[r for r in entered if r[-1][2]!=7]
print(side,'runs',n,'entered long-RTT',len(entered),f'{len(entered)/n:.3f}','never left',len(never),f'{len(never)/n:.3f}', f'(of entrants {len(never)/max(1,len(entered)):.3f})')
# how entrants leave: the transition out of 7
outs=Counter(); times=[]
for r in entered:
    for i,x in enumerate(r):
        if x[1]==7 and x[2]!=7:
            outs[x[2]]+=1; times.append(x[0]); break
print('  first exit from long-RTT to state:', dict(outs), ' exit time median', sorted(times)[len(times)//2]/1e6 if times else None)
ent_t=[next(x[0] for x in r if x[2]==7) for r in entered]
print('  entry time median', sorted(ent_t)[len(ent_t)//2]/1e6, ' min_rtt at entry mean', st.mean(next(x[3] for x in r if x[2]==7) for r in entered)/1000)
reent=sum(1 for r in runs if sum(1 for x in r if x[2]==7)>1)
print('  runs entering long-RTT more than once', reent)
