package dev.moqbed.transport.quic;

import dev.moqbed.runtime.VirtualScheduler;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;
import java.util.function.Predicate;

/**
 * A one-way test link: serializes at a rate, adds a delay, keeps order, and drops what {@code drop}
 * says. The real link models live in netsim; this one only lets transport tests run alone.
 */
final class TestPath implements DatagramReceiver {
  private final VirtualScheduler scheduler;
  private final long bitsPerSecond;
  private final long delayMicros;
  private final Predicate<Datagram> drop;
  private DatagramReceiver destination;
  private long busyUntilMicros;
  final java.util.List<Integer> sizes = new java.util.ArrayList<>();
  long delivered;
  long dropped;

  TestPath(
      VirtualScheduler scheduler, long bitsPerSecond, long delayMicros, Predicate<Datagram> drop) {
    this.scheduler = scheduler;
    this.bitsPerSecond = bitsPerSecond;
    this.delayMicros = delayMicros;
    this.drop = drop;
  }

  void connect(DatagramReceiver destination) {
    this.destination = destination;
  }

  @Override
  public void receive(long nowMicros, Datagram datagram) {
    sizes.add(datagram.sizeBytes());
    if (drop.test(datagram)) {
      dropped++;
      return;
    }
    long serialization = Math.max(1, datagram.sizeBytes() * 8L * 1_000_000 / bitsPerSecond);
    busyUntilMicros = Math.max(busyUntilMicros, nowMicros) + serialization;
    scheduler.scheduleAt(
        busyUntilMicros + delayMicros,
        () -> {
          delivered++;
          destination.receive(scheduler.nowMicros(), datagram);
        });
  }
}
