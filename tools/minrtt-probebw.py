#!/usr/bin/env python3
"""Per-ACK BBR state of the servers (MRMN prints) in ProbeBW, by flow and time window, with
per-run means and their 95 % intervals: usage minrtt-probebw.py pico|moq FILE.err
(docs/results/wifi-minrtt-2026-12-07.md)."""
import sys, statistics as st
from collections import defaultdict
from minrtt_prints import runs
side, path = sys.argv[1], sys.argv[2]
def flow(p):
    x=int(p[6])
    if side=='pico': return 'bg' if x < 1000000 else 'main'
    return 'bg' if x == 1 else 'main'
windows=[(0,1e6),(1e6,2e6),(2e6,5e6),(5e6,5.5e6)]
acc={(f,w):defaultdict(list) for f in ('bg','main') for w in windows}
perrun={(f,w):[] for f in ('bg','main') for w in windows}
nr=0
for lines in runs(path):
    mn=[p for p in lines if p[0]=='MRMN']
    if not mn: continue
    nr+=1
    for f in ('bg','main'):
        for w in windows:
            xs=[p for p in mn if flow(p)==f and w[0]<=int(p[1])<w[1] and 2<=int(p[2])<=5]
            for p in xs:
                acc[(f,w)]['min_rtt'].append(int(p[3])); acc[(f,w)]['max_bw'].append(int(p[4])); acc[(f,w)]['cwnd'].append(int(p[5]))
            if xs:
                perrun[(f,w)].append(int(xs[-1][3]))
                for k,i in (('min_rtt',3),('max_bw',4),('cwnd',5)):
                    acc[(f,w)]['run_'+k].append(st.mean(int(p[i]) for p in xs))
    # min rtt at end of first second for bg (any state)
print(side, 'runs', nr)
for (f,w),d in acc.items():
    if not d['min_rtt']: continue
    pr=sorted(perrun[(f,w)])
    ci=lambda k: (st.mean(d['run_'+k])/1000, 1.96*st.stdev(d['run_'+k])/len(d['run_'+k])**.5/1000)
    print(f'     per-run means: min_rtt {ci("min_rtt")[0]:.1f} ± {ci("min_rtt")[1]:.1f} ms, max_bw {ci("max_bw")[0]:.0f} ± {ci("max_bw")[1]:.0f} kB/s, cwnd {ci("cwnd")[0]:.0f} ± {ci("cwnd")[1]:.0f} kB')
    print(f'{f:4s} {w[0]/1e6:.0f}-{w[1]/1e6:.1f}s ProbeBW ACKs {len(d["min_rtt"]):6d}: min_rtt {st.mean(d["min_rtt"])/1000:6.1f} ms, max_bw {st.mean(d["max_bw"])/1000:6.0f} kB/s, cwnd {st.mean(d["cwnd"])/1000:6.0f} kB | last min_rtt per run: mean {st.mean(pr)/1000:.1f} median {pr[len(pr)//2]/1000:.1f} P>30ms {sum(x>30000 for x in pr)/len(pr):.3f} (n {len(pr)})')
