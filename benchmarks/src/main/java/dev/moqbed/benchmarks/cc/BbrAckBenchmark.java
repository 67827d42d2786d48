package dev.moqbed.benchmarks.cc;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.SettablePathView;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of one ACK (its RTT sample, then the ACK) for both BBR flavours in steady state: a 20
 * Mbit/s, 40 ms path with a little RTT jitter, one 1,440-byte packet per ACK, after 20,000 warm-up
 * ACKs so the controller cycles through ProbeBW.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BbrAckBenchmark {
  private static final int MTU = 1440;
  private static final long RATE_BYTES_PER_SECOND = 2_500_000;
  private static final long BASE_RTT_MICROS = 40_000;
  private static final long[] JITTER_MICROS = {0, 300, 1_100, 200, 700, 0, 1_500, 400};

  @Param({"picoquic", "draft"})
  public String flavor;

  private final SettablePathView path = new SettablePathView().maxDatagramSizeBytes(MTU);
  private final AckSample ack = new AckSample();
  private final RttSample rtt = new RttSample();
  private CongestionController controller;
  private long nowMicros;
  private long largestAcked;
  private long deliveredBytes;
  private int jitterIndex;

  @Setup(Level.Trial)
  public void setUp() {
    nowMicros = 1_000_000;
    largestAcked = -1;
    deliveredBytes = 0;
    controller =
        ControllerRegistry.standard()
            .parse("bbr:flavor=" + flavor)
            .create(new ControllerEnvironment(path, nowMicros, new SplittableRandom(1)));
    for (int i = 0; i < 20_000; i++) {
      oneAck();
    }
  }

  @Benchmark
  public long onAck() {
    oneAck();
    return controller.congestionWindowBytes();
  }

  private void oneAck() {
    nowMicros += MTU * 1_000_000L / RATE_BYTES_PER_SECOND;
    largestAcked++;
    deliveredBytes += MTU;
    long rttMicros = BASE_RTT_MICROS + JITTER_MICROS[jitterIndex++ & 7];
    long bdpBytes = RATE_BYTES_PER_SECOND * BASE_RTT_MICROS / 1_000_000;
    long inflightBytes = Math.min(controller.congestionWindowBytes(), bdpBytes + 4 * MTU);
    path.largestAckedPacketNumber(largestAcked)
        .nextPacketNumber(largestAcked + 1 + inflightBytes / MTU)
        .deliveredBytes(deliveredBytes)
        .latestRttMicros(rttMicros)
        .smoothedRttMicros(BASE_RTT_MICROS)
        .rttVarianceMicros(500)
        .minRttMicros(BASE_RTT_MICROS)
        .deliveryRateBytesPerSecond(RATE_BYTES_PER_SECOND)
        .peakDeliveryRateBytesPerSecond(RATE_BYTES_PER_SECOND)
        .bytesInFlight(inflightBytes);
    controller.onRttSample(nowMicros, rtt.set(rttMicros, 0, -1));
    ack.acknowledged(MTU, largestAcked, nowMicros - rttMicros, rttMicros, inflightBytes + MTU)
        .delivery(inflightBytes, bdpBytes, 0, 1_000, RATE_BYTES_PER_SECOND, false, false);
    controller.onAck(nowMicros, ack);
  }
}
