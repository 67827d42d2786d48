package dev.moqbed.cc;

import java.util.SplittableRandom;

/**
 * Drives a controller by hand in tests: a settable path, reusable samples and a clock. Every call
 * stamps the event with the script's current time.
 */
public final class ControllerScript {
  public final SettablePathView path = new SettablePathView().maxDatagramSizeBytes(1440);
  private final AckSample ack = new AckSample();
  private final LossSample loss = new LossSample();
  private final RttSample rtt = new RttSample();
  private final EcnSample ecn = new EcnSample();
  private long nowMicros;

  public ControllerScript(long startMicros) {
    this.nowMicros = startMicros;
  }

  public long nowMicros() {
    return nowMicros;
  }

  public ControllerScript advance(long micros) {
    nowMicros += micros;
    return this;
  }

  public ControllerEnvironment environment() {
    return new ControllerEnvironment(path, nowMicros, new SplittableRandom(7));
  }

  /** Numbers {@code packets} new packets; returns the first number. */
  public long send(int packets) {
    long first = path.nextPacketNumber();
    path.nextPacketNumber(first + packets);
    return first;
  }

  public void ack(CongestionController controller, long ackedBytes, long largestPacketNumber) {
    ack(controller, ackedBytes, largestPacketNumber, -1, false);
  }

  /** One ACK frame; {@code rttMicros} &lt; 0 means it gave no RTT sample. */
  public void ack(
      CongestionController controller,
      long ackedBytes,
      long largestPacketNumber,
      long rttMicros,
      boolean applicationLimited) {
    path.largestAckedPacketNumber(Math.max(path.largestAckedPacketNumber(), largestPacketNumber));
    path.lastAckedDataSentMicros(nowMicros - 1);
    controller.onAck(
        nowMicros,
        ack.acknowledged(
                ackedBytes, largestPacketNumber, nowMicros - 1, rttMicros, path.bytesInFlight())
            .delivery(0, 0, 0, 0, 0, applicationLimited, false));
  }

  public void rtt(CongestionController controller, long rttMicros) {
    path.latestRttMicros(rttMicros);
    controller.onRttSample(nowMicros, rtt.set(rttMicros, 0, -1));
  }

  public void lose(CongestionController controller, long packetNumber, LossTrigger trigger) {
    controller.onPacketLost(
        nowMicros, loss.set(packetNumber, nowMicros - 1, 1440, trigger, 0, 0, 1440, false, false));
  }

  public void ecn(CongestionController controller, long largestAckedPacketNumber) {
    path.peerCeTotal(path.peerCeTotal() + 1);
    controller.onEcnCongestion(
        nowMicros, ecn.set(0, 0, path.peerCeTotal(), largestAckedPacketNumber));
  }
}
