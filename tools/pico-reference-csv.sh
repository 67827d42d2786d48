#!/bin/bash
# Runs spec files in picoquic's simulator (pico_sim) N times each and keeps one CSV row per run
# (the columns `report --against-reference` reads: scenario,cc,run,completion_time_us,rtt_avg_us,
# load,media_avg_latency_us), dropping each spec's qlogs once its rows are written: the qlogs take
# about 11 MB per run, so 30 runs of 43 specs would need some 14 GB at once.
# The metrics are moqbed's own reading of a pico_sim runs folder (PicoSimRunsDirectory, the rules
# of docs/statistics.md "Making the reference from picoquic"); a small class compiled here against
# the moqbed jar prints them, because that reader is package-private.
# Resumable: a spec whose rows are already in the CSV is skipped.
#
# usage: tools/pico-reference-csv.sh PICOQUIC_DIR MOQBED_JAR OUT_CSV RUNS SPEC...
#   PICOQUIC_DIR: the tree given to tools/build-pico-sim.sh (pico_sim in its build/)
#   RUNS: 1 to 256 per invocation (below)
#   SPEC: spec files named <cc>_<scenario>.txt, e.g. reference/sim_specs/c4_*.txt
set -euo pipefail

if [ $# -lt 5 ] || [ ! -x "$1/build/pico_sim" ] || [ ! -f "$2" ]; then
  echo "usage: $0 PICOQUIC_DIR MOQBED_JAR OUT_CSV RUNS SPEC... (PICOQUIC_DIR/build/pico_sim built)" >&2
  exit 2
fi
# pico_sim writes the repetition into one byte of each connection's initial ID, and the qlogs are
# named by that ID: repetition 256 gets repetition 0's name and overwrites its qlogs, so runs from
# 256 on would have no RTT or load, and runs from 0 on another run's. Make more runs as several
# invocations (each draws afresh) and renumber them, as docs/results/cells-100runs-2026-12-07.md did.
if ! [[ "$4" =~ ^[0-9]+$ ]] || [ "$4" -lt 1 ] || [ "$4" -gt 256 ]; then
  echo "$0: RUNS must be 1 to 256 (pico_sim names a run's qlogs by one byte of its repetition), got $4" >&2
  exit 2
fi
picoquic=$(cd "$1" && pwd)
jar=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
csv=$3
runs=$4
shift 4

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes/dev/moqbed/suite/report"
cat > "$work/ExportPico.java" <<'JAVA'
package dev.moqbed.suite.report;

import java.nio.file.Path;

/** Prints a folder of pico_sim runs as reference CSV rows (no header). */
public final class ExportPico {
  public static void main(String[] args) throws Exception {
    ReferenceRuns runs = PicoSimRunsDirectory.read(Path.of(args[0]));
    String scenario = args[1];
    String cc = args[2];
    double[] t = runs.values(scenario, cc, ReferenceMetric.TIME);
    double[] r = runs.values(scenario, cc, ReferenceMetric.RTT);
    double[] l = runs.values(scenario, cc, ReferenceMetric.LOAD);
    double[] m = runs.values(scenario, cc, ReferenceMetric.MEDIA_LATENCY);
    for (int i = 0; i < t.length; i++) {
      System.out.println(scenario + "," + cc + "," + i + "," + (long) t[i] + ","
          + (i < r.length ? String.valueOf(r[i]) : "") + ","
          + (i < l.length ? String.valueOf(l[i]) : "") + ","
          + (i < m.length ? String.valueOf(m[i]) : ""));
    }
  }
}
JAVA
javac -d "$work/classes" -cp "$jar" "$work/ExportPico.java"

[ -f "$csv" ] || echo "scenario,cc,run,completion_time_us,rtt_avg_us,load,media_avg_latency_us" > "$csv"
for spec in "$@"; do
  name=$(basename "$spec" .txt)
  cc=${name%%_*}
  scenario=${name#*_}
  if grep -q "^$scenario,$cc," "$csv"; then continue; fi
  one="$work/one"
  rm -rf "$one"
  mkdir -p "$one/$name/cclog"
  # pico_sim stops at the first repetition that misses the spec's targets: raise them so none does
  sed -e 's/^main_target_time:.*/main_target_time: 600000000/' \
      -e 's/^media_latency_average:.*/media_latency_average: 0/' \
      -e 's/^media_latency_max:.*/media_latency_max: 0/' "$spec" > "$one/$name/$name.txt"
  # ./ matters: given a bare file name, pico_sim prints an empty spec name
  (cd "$one/$name" && "$picoquic/build/pico_sim" -S "$picoquic" -N "$runs" "./$name.txt" \
      > results.txt 2> err.txt)
  got=$(grep -c '^Success\|^Fail' "$one/$name/results.txt" || true)
  java -cp "$jar:$work/classes" dev.moqbed.suite.report.ExportPico "$one" "$scenario" "$cc" >> "$csv"
  echo "$(date -u +%T) $name: $got result lines"
done
