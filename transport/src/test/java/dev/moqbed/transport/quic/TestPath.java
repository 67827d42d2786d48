package dev.moqbed.transport.quic;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.function.Predicate;

/**
 * A one-way test link: serializes at the rate in force when a datagram starts, adds a fixed delay,
 * keeps order, and drops what {@code drop} says. The real link models live in netsim; this one only
 * lets transport tests run alone.
 */
public final class TestPath implements DatagramReceiver {
  private final VirtualScheduler scheduler;
  private final LongUnaryOperator bitsPerSecondAt;
  private final long delayMicros;
  private final Predicate<Datagram> drop;
  private DatagramReceiver destination;
  private long busyUntilMicros;
  public final List<Integer> sizes = new ArrayList<>();
  long delivered;
  public long dropped;

  TestPath(
      VirtualScheduler scheduler, long bitsPerSecond, long delayMicros, Predicate<Datagram> drop) {
    this(scheduler, now -> bitsPerSecond, delayMicros, drop);
  }

  TestPath(
      VirtualScheduler scheduler,
      LongUnaryOperator bitsPerSecondAt,
      long delayMicros,
      Predicate<Datagram> drop) {
    this.scheduler = scheduler;
    this.bitsPerSecondAt = bitsPerSecondAt;
    this.delayMicros = delayMicros;
    this.drop = drop;
  }

  public void connect(DatagramReceiver destination) {
    this.destination = destination;
  }

  @Override
  public void receive(long nowMicros, Datagram datagram) {
    sizes.add(datagram.sizeBytes());
    if (drop.test(datagram)) {
      dropped++;
      return;
    }
    long start = Math.max(busyUntilMicros, nowMicros);
    long serialization =
        Math.max(1, datagram.sizeBytes() * 8L * 1_000_000 / bitsPerSecondAt.applyAsLong(start));
    busyUntilMicros = start + serialization;
    scheduler.scheduleAt(
        busyUntilMicros + delayMicros,
        () -> {
          delivered++;
          destination.receive(scheduler.nowMicros(), datagram);
        });
  }
}
