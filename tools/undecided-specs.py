#!/usr/bin/env python3
"""The picoquic spec files behind the cells of a report that carry one mark, most such cells first.

`report DIR --against-reference FILE --format csv` marks each (scenario, controller, metric) cell
within / not_distinguishable / off. A cell not distinguishable needs more runs on both sides; the
runs are per spec file (<cc>_<scenario>.txt), so this lists the spec files to re-run, one path a
line, ordered by how many of their cells carry the mark (ties by name), with the cells' metrics
and ratios on standard error. The paths can go straight to tools/pico-reference-csv.sh
(docs/results/cells-100runs-2026-12-07.md).

usage: tools/undecided-specs.py REPORT.csv [MARK] [SPEC_DIR]
  MARK: not_distinguishable (default), off or within
  SPEC_DIR: reference/sim_specs (default)
"""
import csv
import os
import sys

MARKS = ('within', 'not_distinguishable', 'off')


def main():
    if len(sys.argv) < 2 or len(sys.argv) > 4:
        sys.exit(__doc__)
    mark = sys.argv[2] if len(sys.argv) > 2 else 'not_distinguishable'
    spec_dir = sys.argv[3] if len(sys.argv) > 3 else 'reference/sim_specs'
    if mark not in MARKS:
        sys.exit(f"undecided-specs: mark must be one of {', '.join(MARKS)}, got {mark}")
    cells = {}
    with open(sys.argv[1]) as report:
        rows = csv.DictReader(report)
        missing = {'scenario', 'cc', 'metric', 'ratio', 'mark'} - set(rows.fieldnames or ())
        if missing:
            sys.exit(f"undecided-specs: {sys.argv[1]} is not a report CSV (no {', '.join(sorted(missing))})")
        for row in rows:
            if row['mark'] == mark:
                cells.setdefault((row['cc'], row['scenario']), []).append(f"{row['metric']} {row['ratio']}")
    for cc, scenario in sorted(cells, key=lambda k: (-len(cells[k]), k)):
        spec = os.path.join(spec_dir, f"{cc}_{scenario}.txt")
        if not os.path.isfile(spec):
            # a controller spec such as c4:variant=v4 has no spec file of that name
            print(f"undecided-specs: no spec file {spec}", file=sys.stderr)
            continue
        print(spec)
        print(f"  {len(cells[(cc, scenario)])} {cc}_{scenario}: {', '.join(cells[(cc, scenario)])}",
              file=sys.stderr)


if __name__ == '__main__':
    main()
