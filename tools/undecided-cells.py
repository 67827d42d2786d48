#!/usr/bin/env python3
"""Why each cell that a report leaves not distinguishable is undecided, and what more runs said.

BASE.csv is a `report DIR --against-reference FILE --format csv` output (e.g. the suite at 30 runs);
SELF.csv is `tools/compare-reference-csvs.sh JAR FILE FILE` (the reference against itself), whose
`fewest_runs_within` is the fewest runs a side with which the reference's own spread could confirm
a cell within the band at all; MORE.csv are reports of the same cells at larger run counts. For each
cell not distinguishable in BASE, prints in markdown: the ratio; the fewest runs a side for
"within" with both sides' spreads and with the reference's alone; BASE's runs to decide and the
mark they would give (docs/statistics.md section 6); and the mark, ratio and runs of the last MORE
report that has the cell, with its own runs to decide. Then counts: how many of these cells the
reference's own spread could not confirm at BASE's runs, and how the larger runs marked them.

usage: tools/undecided-cells.py BASE.csv SELF.csv [MORE.csv...]
"""
import csv
import sys

LABEL_TO_COLUMN = {'time': 'completion_time_us', 'RTT': 'rtt_avg_us', 'load': 'load',
                   'latency': 'media_avg_latency_us'}
SHORT = {'within': 'within', 'not_distinguishable': 'not dist.', 'off': '**off**',
         'within tolerance': 'within'}
NEEDED = {'scenario', 'cc', 'metric', 'runs', 'ratio', 'mark', 'fewest_runs_within',
          'runs_to_decide', 'leaning'}


def read_report(path):
    with open(path) as report:
        rows = list(csv.DictReader(report))
    if rows and not NEEDED <= rows[0].keys():
        sys.exit(f"undecided-cells: {path} is not a report CSV with runs to decide"
                 " (made by a jar from 2026-12-07 evening on)")
    return {(r['scenario'], r['cc'], r['metric']): r for r in rows}


def read_self(path):
    with open(path) as comparison:
        rows = list(csv.DictReader(comparison))
    if rows and 'fewest_runs_within' not in rows[0]:
        sys.exit(f"undecided-cells: {path} is not tools/compare-reference-csvs.sh output with"
                 " fewest_runs_within")
    return {(r['scenario'], r['cc'], LABEL_TO_COLUMN[r['metric']]): int(r['fewest_runs_within'])
            for r in rows}


def runs(text):
    return f"{int(text):,}" if text else 'out of reach'


def decision(row):
    if row['mark'] != 'not_distinguishable':
        return ''
    return f"{runs(row['runs_to_decide'])} → {SHORT[row['leaning']]}"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base = read_report(sys.argv[1])
    alone = read_self(sys.argv[2])
    more = [read_report(path) for path in sys.argv[3:]]
    keys = [k for k in base if base[k]['mark'] == 'not_distinguishable']
    print('| scenario | cc | metric | ratio | fewest, both spreads | fewest, reference alone'
          ' | to decide | larger runs: mark, ratio (runs) | its to decide |')
    print('|---|---|---|---|---|---|---|---|---|')
    unconfirmable = 0
    finally_marked = {}
    for key in keys:
        row = base[key]
        # c4:variant=v4 against picoquic's c4 (report --reference-cc): the reference's name
        reference_alone = alone.get(key, alone.get((key[0], key[1].split(':')[0], key[2])))
        if reference_alone is not None and reference_alone > int(row['runs']):
            unconfirmable += 1
        last = next((report[key] for report in reversed(more) if key in report), row)
        finally_marked[last['mark']] = finally_marked.get(last['mark'], 0) + 1
        later = (f"{SHORT[last['mark']]} {float(last['ratio']):.3f}"
                 f" ({last['runs']}/{last['reference_runs']})") if last is not row else '-'
        print(f"| {' | '.join(key)} | {float(row['ratio']):.3f} | {int(row['fewest_runs_within']):,}"
              f" | {'-' if reference_alone is None else f'{reference_alone:,}'} | {decision(row)}"
              f" | {later} | {decision(last) if last is not row else ''} |")
    print(f"\n{len(keys)} cells not distinguishable in {sys.argv[1]}; the reference's own spread"
          f" could not confirm {unconfirmable} of them within at its run count (fewest, reference"
          f" alone, above the runs made). Marked at the largest run count that has them: "
          + ', '.join(f"{n} {SHORT[m]}" for m, n in sorted(finally_marked.items())) + '.')


if __name__ == '__main__':
    main()
