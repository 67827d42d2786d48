#!/bin/bash
# Profiles the relay's event-loop thread in `bench fanout` with perf (no hardware counters needed):
# system calls and context switches per window, then cpu-clock samples with call stacks, the JIT's
# frames named from the perf map the JVM writes at exit. Group the samples with
# tools/relay-profile-stages.py. See docs/results/relay-cpu-2026-12-07.md.
#
# usage: tools/relay-thread-profile.sh JAR OUT_PREFIX [SUBSCRIBERS] [WARMUP_S]
#   writes OUT_PREFIX.csv (the bench's table), .perf (perf stat), .data (perf record), .stacks,
#   .thr (the relay process's event-loop threads) and .load (uptime before, during and after)
set -euo pipefail
JAR=$1; OUT=$2; N=${3:-100}; WARM=${4:-40}
uptime > "$OUT.load"
java -XX:+UseParallelGC -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit \
  -XX:+PreserveFramePointer -jar "$JAR" bench fanout --subscribers "$N" --transport moqbed \
  --cc c4 --relay-cpus 0 --subscriber-cpus 1 --warmup "${WARM}s" --duration 15s --interval 0 \
  --format csv > "$OUT.csv" 2> "$OUT.err" &
BENCH=$!
# Inside the measured window: the swarm's set-up takes a few seconds after the warm-up starts.
sleep $((WARM + 10))
PID=""
for p in $(pgrep -f "bench fanout --subscribers $N"); do
  if [ "$(cat /proc/$p/comm)" = java ] && ! grep -q fanout-subscribers /proc/$p/cmdline; then
    PID=$p
  fi
done
# The relay's loop is the busiest event-loop thread of the benchmark's own JVM (the publisher's
# loop is the other one).
for t in /proc/$PID/task/*; do
  echo "$(awk '{print $14+$15}' "$t/stat") $(basename "$t") $(cat "$t/comm")"
done | grep multiThreadIo | sort -n > "$OUT.thr"
TID=$(tail -1 "$OUT.thr" | awk '{print $2}')
uptime >> "$OUT.load"
perf stat -t "$TID" -e 'syscalls:sys_enter_sendmmsg,syscalls:sys_enter_sendto,syscalls:sys_enter_recvmmsg,syscalls:sys_enter_recvmsg,syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_pwait2,syscalls:sys_enter_futex,context-switches,task-clock' \
  -- sleep 6 > "$OUT.perf" 2>&1
perf record -F 2000 -g -e cpu-clock -t "$TID" -o "$OUT.data" -- sleep 6 > /dev/null 2>&1
wait $BENCH
uptime >> "$OUT.load"
perf script -i "$OUT.data" -F ip,sym > "$OUT.stacks" 2> /dev/null
