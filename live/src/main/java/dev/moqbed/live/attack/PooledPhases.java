package dev.moqbed.live.attack;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * Phases of one kind across rounds: their frames together, the most heap, the mean CPU, JIT and GC
 * time.
 */
final class PooledPhases {
  private final List<long[]> latencies = new ArrayList<>();
  private long expected;
  private long heapLiveBytes;
  private double relayCpuPercent;
  private double handshakeCpuPercent;
  private JvmWork jvm = new JvmWork(0, 0);

  void add(long[] phaseLatencies, AttackBench.Phase phase) {
    latencies.add(phaseLatencies);
    expected += phase.audioExpected();
    heapLiveBytes = Math.max(heapLiveBytes, phase.heapLiveBytes());
    relayCpuPercent += phase.relayCpuPercent();
    handshakeCpuPercent =
        handshakeCpuPercent < 0 || phase.handshakeCpuPercent() < 0
            ? -1
            : handshakeCpuPercent + phase.handshakeCpuPercent();
    jvm = jvm.plus(phase.jvm());
  }

  AttackBench.Phase pooled() {
    long[] all = latencies.stream().flatMapToLong(LongStream::of).toArray();
    int phases = latencies.size();
    return AttackBench.Phase.of(
        all,
        expected,
        heapLiveBytes,
        relayCpuPercent / phases,
        handshakeCpuPercent < 0 ? -1 : handshakeCpuPercent / phases,
        new JvmWork(
            jvm.compileMillis() < 0 ? -1 : jvm.compileMillis() / phases, jvm.gcMillis() / phases));
  }
}
