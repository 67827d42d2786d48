#!/usr/bin/env python3
"""Two reports of the same cells at different run counts, the larger one's marks laid over the other's.

BASE.csv and MORE.csv are `report DIR --against-reference FILE --format csv` outputs, e.g. the whole
suite at 30 runs and some of its specs again at 100 runs a side. A cell takes MORE's mark where
MORE has that (scenario, cc, metric) and BASE's elsewhere. Nothing is recomputed: each mark is the
report's own. Prints, in markdown:
  * every cell that BASE marked other than within, with both marks and ratios;
  * every cell that BASE marked within and MORE marks otherwise (more runs can also unsettle a cell:
    its mean moves);
  * the count of each mark over BASE's cells, before and after the overlay.
Cells that MORE has and BASE lacks are counted on standard error and left out.
(docs/results/cells-100runs-2026-12-07.md)

usage: tools/overlay-marks.py BASE.csv MORE.csv
"""
import csv
import sys

MARKS = ('within', 'not_distinguishable', 'off')


def read(path):
    with open(path) as report:
        rows = list(csv.DictReader(report))
    if rows and not {'scenario', 'cc', 'metric', 'runs', 'reference_runs', 'ratio', 'mark'} <= rows[0].keys():
        sys.exit(f"overlay-marks: {path} is not a report CSV")
    return {(r['scenario'], r['cc'], r['metric']): r for r in rows}


def cell(row):
    if row is None:
        return '-', '-', '-'
    return row['mark'], row['ratio'], f"{row['runs']}/{row['reference_runs']}"


def table(title, keys, base, more):
    print(f"\n{title}\n")
    print('| scenario | cc | metric | base mark | base ratio | runs | more mark | more ratio | runs |')
    print('|---|---|---|---|---:|---|---|---:|---|')
    for key in keys:
        b, m = cell(base[key]), cell(more.get(key))
        print(f"| {' | '.join(key)} | {b[0]} | {b[1]} | {b[2]} | {m[0]} | {m[1]} | {m[2]} |")


def counts(marks):
    marks = list(marks)
    return ', '.join(f"{sum(1 for m in marks if m == name)} {name}" for name in MARKS)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, more = read(sys.argv[1]), read(sys.argv[2])
    unsettled = [k for k in base if base[k]['mark'] != 'within']
    table('Cells not within in BASE', unsettled, base, more)
    moved = [k for k in base if base[k]['mark'] == 'within' and k in more and more[k]['mark'] != 'within']
    table('Cells within in BASE, not within in MORE', moved, base, more)
    overlaid = [more[k]['mark'] if k in more else base[k]['mark'] for k in base]
    print(f"\nBASE, {len(base)} cells: {counts(r['mark'] for r in base.values())}")
    print(f"with MORE's marks where it has the cell ({sum(1 for k in base if k in more)} cells): "
          f"{counts(overlaid)}")
    extra = sum(1 for k in more if k not in base)
    if extra:
        print(f"overlay-marks: {extra} cells of MORE are not in BASE and are left out", file=sys.stderr)


if __name__ == '__main__':
    main()
