#!/usr/bin/env python3
"""Reports of the same cells at growing run counts, each later report's marks laid over the earlier ones.

Each file is a `report DIR --against-reference FILE --format csv` output, e.g. the whole suite at 30
runs, then some of its specs again at 100 runs a side, then fewer at 400. A cell takes the mark of
the last report that has that (scenario, cc, metric), and the first report's elsewhere. Nothing is
recomputed: each mark is the report's own. Prints, in markdown:
  * every cell that the first report marked other than within, with each report's mark, ratio and
    runs (ours/reference);
  * every cell that the first report marked within and a later one marks otherwise (more runs can
    also unsettle a cell: its means move);
  * the count of each mark over the first report's cells, before and after each overlay.
Cells that a later report has and the first lacks are counted on standard error and left out.
(docs/results/cells-100runs-2026-12-07.md)

usage: tools/overlay-marks.py BASE.csv MORE.csv [MORE.csv...]
"""
import csv
import sys

MARKS = ('within', 'not_distinguishable', 'off')
SHORT = {'within': 'within', 'not_distinguishable': 'not dist.', 'off': '**off**'}


def read(path):
    with open(path) as report:
        rows = list(csv.DictReader(report))
    if rows and not {'scenario', 'cc', 'metric', 'runs', 'reference_runs', 'ratio', 'mark'} <= rows[0].keys():
        sys.exit(f"overlay-marks: {path} is not a report CSV")
    return {(r['scenario'], r['cc'], r['metric']): r for r in rows}


def cell(row):
    if row is None:
        return '-'
    return f"{SHORT[row['mark']]} {float(row['ratio']):.3f} ({row['runs']}/{row['reference_runs']})"


def table(title, keys, reports):
    print(f"\n{title}\n")
    print('| scenario | cc | metric | ' + ' | '.join(f"report {i + 1}" for i in range(len(reports))) + ' |')
    print('|---|---|---|' + '---|' * len(reports))
    for key in keys:
        print(f"| {' | '.join(key)} | " + ' | '.join(cell(r.get(key)) for r in reports) + ' |')


def counts(marks):
    marks = list(marks)
    return ', '.join(f"{sum(1 for m in marks if m == name)} {name}" for name in MARKS)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    reports = [read(path) for path in sys.argv[1:]]
    base = reports[0]
    table('Cells not within in report 1', [k for k in base if base[k]['mark'] != 'within'], reports)
    moved = [k for k in base if base[k]['mark'] == 'within'
             and any(k in r and r[k]['mark'] != 'within' for r in reports[1:])]
    table('Cells within in report 1, not within in a later one', moved, reports)
    marks = {k: base[k]['mark'] for k in base}
    print(f"\nreport 1 ({sys.argv[1]}), {len(base)} cells: {counts(marks.values())}")
    for i, more in enumerate(reports[1:], start=2):
        taken = [k for k in base if k in more]
        for k in taken:
            marks[k] = more[k]['mark']
        print(f"with report {i}'s marks ({sys.argv[i]}, {len(taken)} cells): {counts(marks.values())}")
        extra = sum(1 for k in more if k not in base)
        if extra:
            print(f"overlay-marks: {extra} cells of {sys.argv[i]} are not in {sys.argv[1]}; left out",
                  file=sys.stderr)


if __name__ == '__main__':
    main()
