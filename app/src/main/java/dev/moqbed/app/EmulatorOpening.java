package dev.moqbed.app;

import dev.moqbed.live.SubscriberRoute;
import dev.moqbed.netem.DirectionSample;
import dev.moqbed.netem.UdpLinkEmulator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.function.Consumer;

/**
 * One run's way to the relay through a link emulator: subscribers dial the emulator, and when the
 * run ends its totals (up, then down; empty if they cannot be read) go to {@code totals}, {@code
 * beforeClose} runs, and the emulator closes.
 */
final class EmulatorOpening implements SubscriberRoute.Opened {
  private final UdpLinkEmulator emulator;
  private final Consumer<List<DirectionSample>> totals;
  private final Runnable beforeClose;

  EmulatorOpening(
      UdpLinkEmulator emulator, Consumer<List<DirectionSample>> totals, Runnable beforeClose) {
    this.emulator = emulator;
    this.totals = totals;
    this.beforeClose = beforeClose;
  }

  @Override
  public InetSocketAddress address() {
    return emulator.listenAddress();
  }

  @Override
  public int relaySidePort(int subscriberPort) {
    try {
      return emulator.forwardingPort(subscriberPort);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    try {
      totals.accept(emulator.totals());
    } catch (IOException e) {
      totals.accept(List.of());
    } finally {
      try {
        beforeClose.run();
      } finally {
        emulator.close();
      }
    }
  }
}
