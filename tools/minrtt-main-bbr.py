#!/usr/bin/env python3
"""The main BBR flow behind a Cubic background (wifi_bad_cubic), from the MRMN prints: first
RTT, long-RTT Startup entries, min RTT at 1.2/1.5/2 s: usage minrtt-main-bbr.py pico|moq FILE.err
(docs/results/wifi-minrtt-2026-12-07.md)."""
import sys, statistics as st
from minrtt_prints import runs
side, path = sys.argv[1], sys.argv[2]
res=[]
for lines in runs(path):
    mn=[p for p in lines if p[0]=='MRMN']
    if not mn: continue
    first=int(mn[0][3]); 
    lr=any(int(p[2])==7 for p in mn)
    at=lambda T: next((int(p[3]) for p in reversed(mn) if int(p[1])<=T), None)
    st5=int(mn[-1][2])
    exit_t=next((int(p[1]) for p in mn if int(p[2]) not in (0,7,8)), None)
    res.append((first, lr, at(1_200_000), at(1_500_000), at(2_000_000), st5 in (7,), exit_t, int(mn[0][1])))
n=len(res)
def m(i): xs=[r[i] for r in res if r[i] is not None]; xs.sort(); return f'mean {st.mean(xs)/1000:.1f} median {xs[len(xs)//2]/1000:.1f} ms'
print(side, 'runs', n)
print(' first ACK at', m(7))
print(' min_rtt at first ACK:', m(0), ' P>250ms', round(sum(r[0]>250000 for r in res)/n,3))
print(' entered long-RTT Startup:', round(sum(r[1] for r in res)/n,3), ' still in it at 5.5 s:', round(sum(r[5] for r in res)/n,3))
print(' min_rtt at 1.2 s:', m(2), ' 1.5 s:', m(3), ' 2 s:', m(4))
print(' Startup exit (first state other than startup/long/resume):', m(6), 'n', sum(r[6] is not None for r in res))
