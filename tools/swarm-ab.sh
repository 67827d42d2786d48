#!/bin/bash
# A/B of two variants of the fan-out benchmark's subscriber swarm, receiving the same relay's media
# at the same time: one relay (one loop) and one publisher pinned to CPU 0, two swarm processes
# ("bench fanout-subscribers") of N subscribers each, both pinned to CPU 1. Over MEAS seconds after
# WARM seconds it prints, per swarm, the CPU time of its event-loop threads (schedstat: JIT compiler
# and GC threads left out), of its GC and VM threads, of the whole process, and the system calls it
# made (perf stat tracepoints). Both swarms see the same packets under the same host load, so their
# ratio holds where absolute figures on a shared host do not (docs/results/receive-cpu-2026-12-07.md).
#
# usage: tools/swarm-ab.sh JAR N WARM MEAS "swarm args A" "swarm args B" ["JVM options A" ["JVM options B"]]
#   e.g. tools/swarm-ab.sh app/target/moqbed.jar 50 50 20 "--threads 1 --per-socket 1" "--threads 1 --per-socket 8"
# Needs taskset, perf (tracepoints syscalls:*) and two CPUs; uses UDP port 47443 on 127.0.0.1.
set -u
JAR=$(realpath "$1"); N=$2; WARM=$3; MEAS=$4; A=$5; B=$6; JA=${7:-}; JB=${8:-}
DIR=$(mktemp -d /tmp/swarm-ab.XXXXXX)
PORT=47443
CERT=$DIR/cert/relay-cert.pem
L0=$(cut -d' ' -f1 /proc/loadavg)
taskset -c 0 java -jar "$JAR" relay --listen 127.0.0.1:$PORT --cert-dir "$DIR/cert" --loops 1 \
  > "$DIR/relay.log" 2>&1 &
RELAY=$!
sleep 5
taskset -c 0 java -jar "$JAR" publisher --relay 127.0.0.1:$PORT --relay-cert "$CERT" \
  --duration $((WARM + MEAS + 40))s > "$DIR/publisher.log" 2>&1 &
PUB=$!
sleep 3
# Each swarm reads its commands from a pipe that stays open and silent: it subscribes and receives.
mkfifo "$DIR/in-A" "$DIR/in-B"
sleep 100000 > "$DIR/in-A" &
HOLD_A=$!
sleep 100000 > "$DIR/in-B" &
HOLD_B=$!
start_swarm() { # JVM options, swarm args, name
  # shellcheck disable=SC2086
  taskset -c 1 java -Dio.netty.leakDetection.level=disabled $1 -cp "$JAR" dev.moqbed.app.MoqbedCommand \
    bench fanout-subscribers --relay 127.0.0.1:$PORT --relay-cert "$CERT" --subscribers "$N" \
    --tracks a1,vlow,vmid --late 250ms --cc c4 --transport moqbed $2 \
    < "$DIR/in-$3" > "$DIR/swarm-$3.out" 2> "$DIR/swarm-$3.err" &
}
start_swarm "$JA" "$A" A
PA=$!
start_swarm "$JB" "$B" B
PB=$!
sleep "$WARM"
threads_cpu() { # pid, thread-name pattern: summed on-CPU ns of the matching threads
  local t=0 d
  for d in /proc/"$1"/task/*; do
    if grep -q "$2" "$d/comm" 2>/dev/null; then t=$((t + $(cut -d' ' -f1 "$d/schedstat"))); fi
  done
  echo $t
}
process_ms() { awk '{print ($14 + $15) * 10}' /proc/"$1"/stat; }
EVENTS='syscalls:sys_enter_recvmmsg,syscalls:sys_enter_sendmmsg,syscalls:sys_enter_sendto,syscalls:sys_enter_epoll_wait,raw_syscalls:sys_enter'
a0=$(threads_cpu $PA multiThreadIoEv); b0=$(threads_cpu $PB multiThreadIoEv)
ga0=$(threads_cpu $PA "GC Thread\|VM Thread"); gb0=$(threads_cpu $PB "GC Thread\|VM Thread")
pa0=$(process_ms $PA); pb0=$(process_ms $PB)
perf stat -x, -e "$EVENTS" -p $PA -o "$DIR/perf-A.txt" -- sleep "$MEAS" &
PERF_A=$!
perf stat -x, -e "$EVENTS" -p $PB -o "$DIR/perf-B.txt" -- sleep "$MEAS"
wait $PERF_A
a1=$(threads_cpu $PA multiThreadIoEv); b1=$(threads_cpu $PB multiThreadIoEv)
ga1=$(threads_cpu $PA "GC Thread\|VM Thread"); gb1=$(threads_cpu $PB "GC Thread\|VM Thread")
pa1=$(process_ms $PA); pb1=$(process_ms $PB)
L1=$(cut -d' ' -f1 /proc/loadavg)
syscalls() { awk -F, '$3 ~ /raw_syscalls/ {print $1}' "$1"; }
echo "N=$N per swarm, ${MEAS} s measured after ${WARM} s; one-minute load $L0 -> $L1; files in $DIR"
echo "A [$JA $A]: loops $(((a1 - a0) / 1000000)) ms, GC+VM threads $(((ga1 - ga0) / 1000000)) ms, process $((pa1 - pa0)) ms, system calls $(syscalls "$DIR/perf-A.txt")"
echo "B [$JB $B]: loops $(((b1 - b0) / 1000000)) ms, GC+VM threads $(((gb1 - gb0) / 1000000)) ms, process $((pb1 - pb0)) ms, system calls $(syscalls "$DIR/perf-B.txt")"
kill $PA $PB $HOLD_A $HOLD_B $PUB $RELAY 2>/dev/null
wait 2>/dev/null
