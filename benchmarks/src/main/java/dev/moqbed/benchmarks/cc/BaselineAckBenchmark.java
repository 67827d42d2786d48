package dev.moqbed.benchmarks.cc;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.CongestionController;
import dev.moqbed.cc.ControllerEnvironment;
import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.cc.EcnSample;
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
 * Cost of one ACK (its RTT sample, then the ACK) for NewReno and Cubic in congestion avoidance.
 * Each iteration starts from a fresh controller brought into avoidance by one ECN mark, so Cubic's
 * curve never runs away; the measured path allocates nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BaselineAckBenchmark {
  private static final long RTT_MICROS = 50_000;

  @Param({"newreno", "newreno:flavor=rfc", "cubic", "cubic:flavor=rfc"})
  public String spec;

  private final SettablePathView path = new SettablePathView();
  private final AckSample ack = new AckSample();
  private final RttSample rtt = new RttSample();
  private CongestionController controller;
  private long nowMicros;
  private long packetNumber;

  @Setup(Level.Iteration)
  public void enterCongestionAvoidance() {
    nowMicros = 1_000_000;
    packetNumber = 0;
    path.maxDatagramSizeBytes(1440)
        .smoothedRttMicros(RTT_MICROS)
        .minRttMicros(RTT_MICROS)
        .peakDeliveryRateBytesPerSecond(12_500_000)
        .congestionWindowBlocked(true)
        .largestAckedPacketNumber(-1)
        .nextPacketNumber(100)
        .bytesInFlight(144_000);
    controller =
        ControllerRegistry.standard()
            .parse(spec)
            .create(new ControllerEnvironment(path, nowMicros, new SplittableRandom(1)));
    for (int i = 0; i < 100; i++) {
      ackOne();
    }
    controller.onEcnCongestion(nowMicros, new EcnSample().set(0, 0, 1, packetNumber));
  }

  @Benchmark
  public long onAck() {
    ackOne();
    return controller.congestionWindowBytes() + controller.pacingRateBytesPerSecond();
  }

  private void ackOne() {
    nowMicros += 10;
    packetNumber++;
    path.largestAckedPacketNumber(packetNumber)
        .nextPacketNumber(packetNumber + 100)
        .lastAckedDataSentMicros(nowMicros - RTT_MICROS);
    long sampleMicros = RTT_MICROS + (packetNumber & 7) * 100;
    controller.onRttSample(nowMicros, rtt.set(sampleMicros, 0, -1));
    controller.onAck(
        nowMicros,
        ack.acknowledged(1440, packetNumber, nowMicros - RTT_MICROS, sampleMicros, 144_000)
            .delivery(142_560, 144_000, 0, 10, 12_500_000, false, false));
  }
}
