#!/bin/bash
# Compares two reference CSVs (the columns of tools/pico-reference-csv.sh) cell by cell with the
# arithmetic of `report --against-reference`: per scenario, controller and metric, both means, their
# ratio, Welch's 95 % interval of the difference and the mark against the band (time ±5 %, RTT and
# media latency ±15 % of B's mean, load ±5 points). A is "ours", B the reference. For two picoquic
# trees, e.g. master against f00feeb7 with master's c4.c: which cells the trees' other code moves.
# The arithmetic is moqbed's own (ReferenceComparison.cell), called from a small class compiled
# here against the moqbed jar, because it is package-private. Prints CSV to standard output and
# the count of each mark to standard error. The last columns are the report's projections
# (docs/statistics.md §6): A against A gives the fewest runs a side with which A's own spread
# could confirm a cell within the band at all.
#
# usage: tools/compare-reference-csvs.sh MOQBED_JAR A.csv B.csv
set -euo pipefail

if [ $# -ne 3 ] || [ ! -f "$1" ] || [ ! -f "$2" ] || [ ! -f "$3" ]; then
  echo "usage: $0 MOQBED_JAR A.csv B.csv (A compared with B as with a reference)" >&2
  exit 2
fi
jar=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes"
cat > "$work/CompareReferences.java" <<'JAVA'
package dev.moqbed.suite.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Prints A against B, reference CSV against reference CSV, one cell a line. */
public final class CompareReferences {
  public static void main(String[] args) throws Exception {
    ReferenceRuns a = ReferenceRuns.read(Path.of(args[0]));
    ReferenceRuns b = ReferenceRuns.read(Path.of(args[1]));
    Set<String> cells = new LinkedHashSet<>();
    // A's (scenario, cc) pairs in A's order; cells that B lacks, or with under two runs, are skipped
    java.util.List<String> lines = Files.readAllLines(Path.of(args[0]));
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      cells.add(f[0] + "," + f[1]);
    }
    Map<ReferenceComparison.Mark, Integer> counts = new EnumMap<>(ReferenceComparison.Mark.class);
    System.out.println("scenario,cc,metric,runs_a,runs_b,mean_a,mean_b,ratio,diff_low,diff_high,band,mark,"
        + "fewest_runs_within,runs_to_decide,leaning");
    for (String key : cells) {
      String scenario = key.split(",")[0];
      String cc = key.split(",")[1];
      for (ReferenceMetric metric : ReferenceMetric.values()) {
        double[] x = a.values(scenario, cc, metric);
        double[] y = b.values(scenario, cc, metric);
        if (x.length < ReferenceComparison.MINIMUM_RUNS || y.length < ReferenceComparison.MINIMUM_RUNS) {
          continue;
        }
        ReferenceComparison.Cell c = ReferenceComparison.cell(scenario, cc, metric, x, y);
        counts.merge(c.mark(), 1, Integer::sum);
        System.out.println(scenario + "," + cc + "," + metric.label() + "," + x.length + ","
            + y.length + "," + c.ours() + "," + c.reference() + "," + c.ratio() + ","
            + c.difference().low() + "," + c.difference().high() + "," + c.band() + ","
            + c.mark().words() + "," + c.fewestRunsForWithin() + ","
            + c.runsToDecide().map(r -> r.runsPerSide() + "," + r.leaning().words()).orElse(","));
      }
    }
    System.err.println(counts.values().stream().mapToInt(Integer::intValue).sum() + " cells: "
        + counts);
  }
}
JAVA
javac -d "$work/classes" -cp "$jar" "$work/CompareReferences.java"
java -cp "$jar:$work/classes" dev.moqbed.suite.report.CompareReferences "$2" "$3"
