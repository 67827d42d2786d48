#!/usr/bin/env python3
"""The background BBR's first seven jitter-buffer samples, decomposed, from the MR* prints.

usage: minrtt-samples.py pico|moq FILE.err [OUT.csv]
One row per (run, JB index 0..6): the sample, the RTT sample it holds (the ACK that produced it),
the data packet (space, pn), and the parts: down link (queue, transmit, jitter, FIFO wait),
client hold, ACK delay field, up link (queue, transmit, jitter, FIFO wait).
"""
import sys
from collections import defaultdict
from minrtt_prints import runs

side, path = sys.argv[1], sys.argv[2]
out = sys.argv[3] if len(sys.argv) > 3 else None

if side == 'pico':
    PC = {0: 'app', 1: 'hs', 2: 'init'}
    EPOCH = {0: 'init', 1: 'app', 2: 'hs', 3: 'app'}
else:
    PC = {0: 'init', 1: 'hs', 2: 'app'}
    EPOCH = PC


def analyse(lines):
    sent = {}      # (role, space, pn) -> dict(send, len, lq)
    rcv = {}       # (role, space, pn) -> time
    pending_sp = []  # MRSP entries waiting for their MRLQ
    pending_ak = defaultdict(list)  # role -> MRAK since last MRSP of that role
    rtts = []      # server MRRT: (t, space, send, raw, ackdelay, adj, ready)
    srv_rp = defaultdict(list)  # t -> [(space, pn)] server receptions
    jb = []
    last_na_role = None
    awaiting = None
    last_srv_rp = {}
    last_srv_rtt = None
    for p in lines:
        k = p[0]
        if k == 'MRSP':
            t, role, sp, pn, ln = int(p[1]), int(p[2]), PC[int(p[3])], int(p[4]), int(p[5])
            e = {'send': t, 'len': ln, 'lq': None, 'acks': pending_ak[role]}
            pending_ak[role] = []
            sent[(role, sp, pn)] = e
            pending_sp.append(e)
        elif k == 'MRLQ':
            t, ln, q, tx, jit, arr = map(int, p[1:7])
            for e in pending_sp:
                e['lq'] = (q, tx, jit, arr)
            pending_sp = []
        elif k == 'MRLX':
            pending_sp = []
        elif k == 'MRRP':
            t, role, sp, pn = int(p[1]), int(p[2]), PC[int(p[3])], int(p[4])
            rcv.setdefault((role, sp, pn), t)
            if role == 0:
                last_srv_rp[sp] = (sp, pn)
                if side == 'pico' and awaiting is not None:
                    awaiting['cpn'] = (sp, pn)
                    awaiting = None
        elif k == 'MRAK':
            t, role, largest, hold, field = map(int, p[1:6])
            pending_ak[role].append((largest, hold, field))
        elif k == 'MRRT':
            t, role = int(p[1]), int(p[2])
            if role == 0:
                sp = EPOCH[int(p[3])]
                last_srv_rtt = {'t': t, 'space': sp, 'send': int(p[4]), 'raw': int(p[5]),
                                'ackdelay': int(p[6]), 'adj': int(p[7])}
                rtts.append(last_srv_rtt)
                if side == 'pico':
                    awaiting = last_srv_rtt
                else:
                    last_srv_rtt['cpn'] = last_srv_rp.get(sp)
        elif k == 'MRNA':
            last_na_role = int(p[2])
        elif k == 'MRJB':
            if last_na_role == 0 and len(jb) < 7:
                t, cyc, val = int(p[1]), int(p[2]), int(p[3])
                jb.append((t, cyc, val, last_srv_rtt))
    by_send = defaultdict(list)
    for (role, sp, pn), e in sent.items():
        if role == 0:
            by_send[(sp, e['send'])].append(pn)
    rows = []
    for i, (t, cyc, val, r) in enumerate(jb):
        row = {'idx': i, 'jb_t': t, 'value': val}
        if r is None:
            rows.append(row)
            continue
        row.update({'rtt_t': r['t'], 'space': r['space'], 'raw': r['raw'],
                    'ackdelay': r['ackdelay'], 'adj': r['adj'], 'same': int(r['adj'] == val)})
        # the server's reception at r['t'] in that space: the client's ACK-carrying packet
        if r.get('cpn'):
            cpn = r['cpn'][1]
            ce = sent.get((1, r['space'], cpn))
            if ce:
                row['ack_sent'] = ce['send']
                if ce['lq']:
                    q, tx, jit, arr = ce['lq']
                    row.update({'up_q': q, 'up_tx': tx, 'up_jit': jit, 'up_hol': r['t'] - arr})
                row['up'] = r['t'] - ce['send']
                acks = ce['acks']
                largest, hold, field = (acks[-1] if acks else (None, None, None))
                row.update({'ack_largest': largest, 'hold': hold, 'field': field})
        cands = sorted(by_send.get((r['space'], r['send']), []))
        lim = row.get('ack_largest')
        if lim is not None and any(c <= lim for c in cands):
            cands = [c for c in cands if c <= lim]
        pn = cands[-1] if cands else None
        if pn is not None:
            se = sent[(0, r['space'], pn)]
            row['pn'] = pn
            row['data_len'] = se['len']
            rt = rcv.get((1, r['space'], pn))
            if rt is not None:
                row['down'] = rt - se['send']
                if se['lq']:
                    q, tx, jit, arr = se['lq']
                    row.update({'dn_q': q, 'dn_tx': tx, 'dn_jit': jit, 'dn_hol': rt - arr})
                if 'ack_sent' in row:
                    row['client_wait'] = row['ack_sent'] - rt
        rows.append(row)
    return rows


COLS = ['run', 'idx', 'jb_t', 'value', 'rtt_t', 'space', 'pn', 'data_len', 'raw', 'ackdelay', 'adj',
        'same', 'ack_largest', 'down', 'dn_q', 'dn_tx', 'dn_jit', 'dn_hol', 'client_wait', 'hold', 'field', 'ack_sent',
        'up', 'up_q', 'up_tx', 'up_jit', 'up_hol']
allrows = []
n = 0
for lines in runs(path):
    if not any(p[0] == 'MRJB' for p in lines):
        continue
    for r in analyse(lines):
        r['run'] = n
        allrows.append(r)
    n += 1
f = open(out, 'w') if out else sys.stdout
f.write(','.join(COLS) + '\n')
for r in allrows:
    f.write(','.join(str(r.get(c, '')) for c in COLS) + '\n')
print(f'{side}: {n} runs, {len(allrows)} rows', file=sys.stderr)
