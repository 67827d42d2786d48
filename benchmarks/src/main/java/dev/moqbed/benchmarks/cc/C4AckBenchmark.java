package dev.moqbed.benchmarks.cc;

import dev.moqbed.cc.AckSample;
import dev.moqbed.cc.RttSample;
import dev.moqbed.cc.SettablePathView;
import dev.moqbed.cc.c4.C4Controller;
import dev.moqbed.cc.c4.C4Variant;
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
 * The cost of one C4 ACK in steady state: the RTT sample, then the ACK with its delivery-rate
 * sample. Every fourth ACK ends an era and the rate sample wanders between 95 % and 120 % of 100
 * Mbit/s, which keeps the controller in C4's steady cycle without spare capacity (Recovery one era,
 * Cruising two, Probing one; checked over 100,000 ACKs: half the ACKs in Cruising, a quarter in
 * each of the others).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class C4AckBenchmark {
  private static final long BASE_RATE_BYTES_PER_SECOND = 12_500_000; // 100 Mbit/s
  private static final long BASE_RTT_MICROS = 40_000;

  @Param({"v5", "v4"})
  public String variant;

  private SettablePathView path;
  private C4Controller controller;
  private final AckSample ack = new AckSample();
  private final RttSample rttSample = new RttSample();
  private long nowMicros;
  private long packetNumber;
  private int round;

  @Setup(Level.Trial)
  public void setUp() {
    path =
        new SettablePathView()
            .maxDatagramSizeBytes(1440)
            .smoothedRttMicros(BASE_RTT_MICROS)
            .nextPacketNumber(1)
            .lowestOutstandingPacketNumber(1);
    controller = new C4Controller(path, C4Variant.fromOptionValue(variant));
    nowMicros = 1_000_000;
    packetNumber = 1;
    for (int warm = 0; warm < 1_000; warm++) {
      onePacket();
    }
  }

  @Benchmark
  public long rttSampleAndAck() {
    return onePacket();
  }

  private long onePacket() {
    round++;
    nowMicros += 1_000;
    packetNumber += 10;
    boolean endsEra = (round & 3) == 0;
    long rttMicros = BASE_RTT_MICROS + (round % 7) * 500;
    // The rate sample wanders between 95 % and 120 % of the base rate over 64 ACKs.
    long rate = BASE_RATE_BYTES_PER_SECOND * (95 + (round & 63) * 25 / 63) / 100;
    path.nextPacketNumber(packetNumber)
        .lowestOutstandingPacketNumber(
            endsEra ? packetNumber : path.lowestOutstandingPacketNumber())
        .latestRttMicros(rttMicros)
        .deliveryRateBytesPerSecond(rate)
        .peakDeliveryRateBytesPerSecond(BASE_RATE_BYTES_PER_SECOND * 6 / 5)
        .lastAckedDataSentMicros(nowMicros - rttMicros);
    controller.onRttSample(nowMicros, rttSample.set(rttMicros, 0, -1));
    ack.acknowledged(14_400, packetNumber - 1, nowMicros - rttMicros, rttMicros, 100_000)
        .delivery(100_000, 500_000, 0, 1_000, rate, false, false);
    controller.onAck(nowMicros, ack);
    return controller.pacingRateBytesPerSecond();
  }
}
