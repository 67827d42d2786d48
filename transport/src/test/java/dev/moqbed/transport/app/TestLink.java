package dev.moqbed.transport.app;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import java.util.function.LongUnaryOperator;

/**
 * A one-way test link (the transport tests' {@code TestPath}, with a rate that may change over
 * time): serializes at the rate in force when a datagram starts, adds a fixed delay, keeps order,
 * never drops. The real link models live in netsim.
 */
final class TestLink implements DatagramReceiver {
  private final VirtualScheduler scheduler;
  private final LongUnaryOperator bitsPerSecondAt;
  private final long delayMicros;
  private DatagramReceiver destination;
  private long busyUntilMicros;

  TestLink(VirtualScheduler scheduler, LongUnaryOperator bitsPerSecondAt, long delayMicros) {
    this.scheduler = scheduler;
    this.bitsPerSecondAt = bitsPerSecondAt;
    this.delayMicros = delayMicros;
  }

  void connect(DatagramReceiver destination) {
    this.destination = destination;
  }

  @Override
  public void receive(long nowMicros, Datagram datagram) {
    long start = Math.max(busyUntilMicros, nowMicros);
    long rate = bitsPerSecondAt.applyAsLong(start);
    long serialization = Math.max(1, datagram.sizeBytes() * 8L * 1_000_000 / rate);
    busyUntilMicros = start + serialization;
    scheduler.scheduleAt(
        busyUntilMicros + delayMicros, () -> destination.receive(scheduler.nowMicros(), datagram));
  }
}
