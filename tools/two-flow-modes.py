#!/usr/bin/env python3
"""The two-flow scenarios' cells as two modes: the main flow done before or after a threshold.

In wifi_bad_{bbr,c4,cubic} the main flow either finishes before the background flow (5-8 s) or
after it (10.5-12.5 s), and a cell's mean follows the share of slow runs. This prints, per
controller, that share and each mode's mean time, load and RTT, for a sweep and a reference CSV
(docs/results/wifi-tails-2026-12-07.md).

usage: tools/two-flow-modes.py SWEEP_RUNS.csv REFERENCE.csv SCENARIO[,SCENARIO...] [THRESHOLD_S]
"""
import csv
import statistics
import sys


def rows(path, scenario, cc):
    return [r for r in csv.DictReader(open(path)) if r['scenario'] == scenario and r['cc'] == cc]


def mean(runs, column):
    return statistics.mean(float(r[column]) for r in runs) if runs else float('nan')


def describe(name, runs, threshold_us):
    fast = [r for r in runs if float(r['completion_time_us']) <= threshold_us]
    slow = [r for r in runs if float(r['completion_time_us']) > threshold_us]
    def mode(part):
        return (f"t={mean(part, 'completion_time_us') / 1e6:.2f}s load={mean(part, 'load'):.3f} "
                f"rtt={mean(part, 'rtt_avg_us') / 1e3:.0f}ms")
    return (f"{name:5s} n={len(runs)} slow={len(slow) / len(runs):.2f} "
            f"fast {mode(fast)} | slow {mode(slow)}")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    threshold_us = float(sys.argv[4]) * 1e6 if len(sys.argv) > 4 else 9e6
    for scenario in sys.argv[3].split(','):
        for cc in ('bbr', 'c4', 'cubic'):
            sides = [(n, rows(p, scenario, cc)) for n, p in (('moq', sys.argv[1]), ('ref', sys.argv[2]))]
            if not all(runs for _, runs in sides):
                continue
            print(f"{scenario} {cc}")
            for name, runs in sides:
                print('  ' + describe(name, runs, threshold_us))


if __name__ == '__main__':
    main()
