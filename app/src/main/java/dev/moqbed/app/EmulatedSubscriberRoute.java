package dev.moqbed.app;

import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netem.UdpLinkEmulator;
import dev.moqbed.netsim.LinkSchedule;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * {@code chain --link}: a link emulator between the last relay and the subscribers, one per chain
 * run, shared by every subscriber (one bottleneck, as subscribers behind one access link). Its down
 * direction carries the relay's sending side, the one under test. Keeps the last run's totals.
 */
final class EmulatedSubscriberRoute implements SubscriberRoute {
  private final LinkSchedule schedule;
  private final int maxClients;
  private volatile List<DirectionSample> lastTotals = List.of();
  private volatile UdpLinkEmulator.Settings lastSettings;

  EmulatedSubscriberRoute(LinkSchedule schedule, int maxClients) {
    this.schedule = schedule;
    this.maxClients = maxClients;
  }

  @Override
  public Opened open(InetSocketAddress relay) throws IOException {
    UdpLinkEmulator emulator =
        UdpLinkEmulator.start(
            UdpLinkEmulator.Settings.of(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), relay, schedule)
                .withClients(maxClients, 60_000_000L));
    lastSettings = emulator.settings();
    return new EmulatorOpening(emulator, totals -> lastTotals = totals, () -> {});
  }

  LinkSchedule schedule() {
    return schedule;
  }

  /** Up, then down, over the last run (empty before one ended). */
  List<DirectionSample> lastTotals() {
    return lastTotals;
  }

  UdpLinkEmulator.Settings lastSettings() {
    return lastSettings;
  }
}
