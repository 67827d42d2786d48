#!/bin/bash
# The fidelity check of issue 31 in one command: the default suite against picoquic f00feeb7 and
# c4:variant=v4 against picoquic master d199d45b, each at 30 runs, then the specs that 30 runs
# could not settle at 100 and 400 runs a side, reported with `report --against-reference` and the
# marks overlaid (tools/overlay-marks.py: a cell takes the mark of the largest run count that has
# it). The scenario lists are those of docs/results/cells-100runs-2026-12-07.md,
# vs-bbr-lg2-2026-12-07.md and v4-master-runs-2026-12-07.md; the references are in reference/.
# Writes OUT/steps.log (time and load of each step), r-*.csv, overlay-default.md (and
# overlay-default-2100.md, with wifi_bad x bbr at 2,100 runs a side), overlay-v4.md, and
# undecided-{default,v4}.md (tools/undecided-cells.py: each cell 30 runs leave undecided, why, and
# its mark at the larger run counts).
# About 6 minutes on 2 idle cores (docs/results/fidelity-2026-12-07-evening.md).
# With deep, it then runs the specs still not distinguishable at 400 runs again at 1,200 to 3,200
# runs a side against fresh picoquic runs of them (docs/results/settle-2026-12-07.md) and
# writes overlay-default-deep.md (the 2,100-run overlay and these) and overlay-v4-deep.md; the
# first overlays are written as without deep. moqbed's side only: the picoquic runs are in reference/;
# about 12 minutes more on 2 cores (vs_c4_lg x bbr's 2,000 runs take most of it).
#
# usage: tools/fidelity-overlay.sh JAR OUT [deep]
set -u
if [ $# -lt 2 ] || [ $# -gt 3 ] || [ ! -f "$1" ] || [ "${3:-deep}" != deep ]; then
  echo "usage: $0 JAR OUT [deep]" >&2; exit 2
fi
deep=${3:-}
jar=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); out=$2; here=$(cd "$(dirname "$0")" && pwd); ref=$here/../reference
mkdir -p $out; cd $out
S100=wifi_bad,wifi_bad_bbr,wifi_bad_c4,wifi_bad_cubic,vs_cubic,ecn_cubic,vs_c4_lg,vs_bbr_lg,vs_bbr_lg2,bbloat_c4,ecn_c4,media_short_long,media_wb,media_backload,alone_512k,ecn_bbr
S400=wifi_bad,wifi_bad_bbr,wifi_bad_c4,wifi_bad_cubic,vs_c4_lg,bbloat_c4,ecn_cubic,media_wb,media_backload,vs_bbr_lg2
V400=wifi_bad_bbr,wifi_bad_c4,wifi_bad_cubic,media_wb,vs_cubic_lg
(cat $ref/picoquic-f00feeb7-100runs.csv; tail -n +2 $ref/picoquic-f00feeb7-wifi2-200runs.csv) > ref100.csv
step() { echo "$(date +%T) $(cut -d' ' -f1 /proc/loadavg) $*" >> steps.log; }
sw() { name=$1; shift; step "sweep $name start"; nice -n 10 java -jar $jar sweep --suite c4-test --threads 2 --out $name "$@" > $name.log 2>&1; step "sweep $name end"; }
rep() { java -jar $jar report $1 --against-reference $2 --format csv "${@:3}" > r-$1.csv 2> r-$1.err; }
sw d30 --runs 30;  rep d30 $ref/picoquic-f00feeb7-30runs.csv
sw d100 --runs 100 --scenarios $S100; rep d100 ref100.csv
sw d400 --runs 400 --scenarios $S400; rep d400 $ref/picoquic-f00feeb7-400runs.csv
python3 $here/overlay-marks.py r-d30.csv r-d100.csv r-d400.csv > overlay-default.md
# wifi_bad x bbr once more against 2,100 fresh picoquic runs: the 400-run file's rows of that spec
# are a low draw (docs/results/wifi-bad-bbr-2026-12-07.md section 2); a second overlay, not the first
sw d2100 --runs 2100 --scenarios wifi_bad --cc bbr; rep d2100 $ref/picoquic-f00feeb7-wifi_bad-bbr-2100runs.csv
python3 $here/overlay-marks.py r-d30.csv r-d100.csv r-d400.csv r-d2100.csv > overlay-default-2100.md
V="--cc c4:variant=v4 --background-cc same"; RC="--reference-cc c4=c4:variant=v4"
sw v30 --runs 30 $V;  rep v30 $ref/picoquic-d199d45b-c4-30runs.csv $RC
sw v100 --runs 100 $V; rep v100 $ref/picoquic-d199d45b-c4-100runs.csv $RC
sw v400 --runs 400 --scenarios $V400 $V; rep v400 $ref/picoquic-d199d45b-c4-400runs.csv $RC
python3 $here/overlay-marks.py r-v30.csv r-v100.csv r-v400.csv > overlay-v4.md
# why 30 runs leave cells undecided: each 30-run reference against itself gives the fewest runs a
# side with which picoquic's own spread could confirm a cell (docs/results/runs-to-decide-2026-12-07.md);
# needs a jar whose report has the runs to decide (2026-12-07 evening on)
undecided() { # NAME REFERENCE_30 REPORT...
  $here/compare-reference-csvs.sh $jar $2 $2 > self-$1.csv 2>/dev/null &&
    python3 $here/undecided-cells.py "${@:3:1}" self-$1.csv "${@:4}" > undecided-$1.md ||
    echo "undecided-$1.md: not written (the jar's report has no runs to decide)" >&2; }
undecided default $ref/picoquic-f00feeb7-30runs.csv r-d30.csv r-d100.csv r-d400.csv r-d2100.csv
undecided v4 $ref/picoquic-d199d45b-c4-30runs.csv r-v30.csv r-v100.csv r-v400.csv
step done
for f in overlay-default.md overlay-default-2100.md overlay-v4.md; do echo "$f: $(tail -n 1 $f)"; done
[ -z "$deep" ] && exit 0
# deep: one sweep per spec (a sweep crosses its scenarios with its controllers), each reported against
# the reference file of its run count, which holds only the specs of that count
more() { sw $1 --runs $2 --scenarios $3 --cc $4; rep $1 $ref/picoquic-f00feeb7-$2runs.csv; }
more d1200a 1200 vs_cubic c4
more d1200b 1200 wifi_bad_cubic,wifi_bad_c4 cubic
more d2000 2000 vs_c4_lg bbr
more d2400a 2400 wifi_bad_bbr bbr,c4,cubic
more d2400b 2400 wifi_bad_c4 bbr
more d3200 3200 wifi_bad_cubic bbr
python3 $here/overlay-marks.py r-d30.csv r-d100.csv r-d400.csv r-d2100.csv r-d1200a.csv r-d1200b.csv \
    r-d2000.csv r-d2400a.csv r-d2400b.csv r-d3200.csv > overlay-default-deep.md
sw v1200 --runs 1200 --scenarios wifi_bad $V; rep v1200 $ref/picoquic-d199d45b-c4-1200runs.csv $RC
sw v3200 --runs 3200 --scenarios ecn_c4 $V; rep v3200 $ref/picoquic-d199d45b-c4-3200runs.csv $RC
python3 $here/overlay-marks.py r-v30.csv r-v100.csv r-v400.csv r-v1200.csv r-v3200.csv > overlay-v4-deep.md
undecided default-deep $ref/picoquic-f00feeb7-30runs.csv r-d30.csv r-d100.csv r-d400.csv r-d2100.csv \
    r-d1200a.csv r-d1200b.csv r-d2000.csv r-d2400a.csv r-d2400b.csv r-d3200.csv
undecided v4-deep $ref/picoquic-d199d45b-c4-30runs.csv r-v30.csv r-v100.csv r-v400.csv r-v1200.csv r-v3200.csv
step "deep done"
for f in overlay-default-deep.md overlay-v4-deep.md; do echo "$f: $(tail -n 1 $f)"; done
