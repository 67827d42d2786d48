"""The MR* print lines of the minrtt-* scripts (docs/results/wifi-minrtt-2026-12-07.md), split into
runs: a print's second field is its time, and a time of 0 after a later one starts the next run."""


def runs(path):
    """Yields each run's print lines, each line as its whitespace-separated fields."""
    cur = []
    prev = 0
    with open(path) as f:
        for line in f:
            p = line.split()
            if not p or not p[0].startswith('MR'):
                continue
            t = int(p[1])
            if t == 0 and prev > 0:
                yield cur
                cur = []
            prev = t
            cur.append(p)
    if cur:
        yield cur
