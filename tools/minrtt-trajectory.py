#!/usr/bin/env python3
"""The background BBR's min RTT over its first second, rebuilt from every jitter-buffer sample
printed (MRJB, picoquic's rule: the largest sample while the buffer fills, then the smallest
largest-of-seven): usage minrtt-trajectory.py FILE.err ... (docs/results/wifi-minrtt-2026-12-07.md)."""
import sys, statistics as st
from minrtt_prints import runs
def jbseries(lines):
    role=None; out=[]; resets=0
    for p in lines:
        if p[0]=='MRNA': role=int(p[2])
        elif p[0]=='MRJB' and role==0: out.append((int(p[1]),int(p[2]),int(p[3])))
    return out
def minrtt_at(series, T):
    # picoquic's rule: while filling, min_rtt = max of samples so far; then min_rtt = min(min_rtt, max of last 7)
    buf=[]; m=None
    for t,c,v in series:
        if t>T: break
        if c==0: buf=[]; m=None
        buf.append(v); buf=buf[-7:]
        mx=max(buf)
        if len(buf)<7 or c<7: m=mx
        elif mx<m: m=mx
    return m
for name in sys.argv[1:]:
    res={T:[] for T in (200000,400000,600000,800000,999999)}
    nser=[]
    for lines in runs(name):
        s=jbseries(lines)
        if not s: continue
        nser.append(len(s))
        for T in res:
            m=minrtt_at(s,T)
            if m is not None: res[T].append(m)
    print(name, 'runs', len(nser), 'JB samples before 1 s: mean', round(st.mean(nser),1))
    for T,v in res.items():
        v.sort()
        print(f'  at {T/1000:.0f} ms: n {len(v)} mean {st.mean(v)/1000:.1f} median {v[len(v)//2]/1000:.1f} P>30ms {sum(x>30000 for x in v)/len(v):.3f} P>20ms {sum(x>20000 for x in v)/len(v):.3f}')
