package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The emulator on loopback, within bounds a loaded CI host keeps: the rate within 15 %, no datagram
 * faster than the configured delay, the median within a few milliseconds of it; replies go back to
 * the client that sent; a full queue drops and counts; a spent buffer refuses and counts.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UdpLinkEmulatorNetworkTest {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  @Test
  void shouldLetThroughTheLinksRateAndAddItsDelay() throws IOException {
    List<BenchCase> cases = new NetemBench(1_500_000, 20_000, 50_000).run(List.of(20_000_000L));
    BenchCase light = cases.get(1);
    BenchCase saturated = cases.get(2);
    assertEquals("no load", light.name());
    assertEquals(light.sent(), light.received(), "a light load loses nothing");
    // never earlier than the link allows (20 ms + 479 us of serialization, the model's truncation)
    assertTrue(light.delayP50Micros() >= 20_000 + 470, light.toString());
    assertTrue(light.delayP50Micros() <= light.expectedDelayMicros() + 3_000, light.toString());
    assertTrue(saturated.saturated());
    assertTrue(Math.abs(saturated.rateError()) <= 0.15, saturated.toString());
    assertTrue(saturated.droppedByLink() > 0, "25 % too much for the link: " + saturated);
    assertTrue(
        saturated.delayP50Micros() >= 20_000 + 40_000,
        "a saturated 50 ms queue is nearly full: " + saturated);
  }

  @Test
  void shouldCarryRepliesBackToTheClientThroughTheDownLink() throws IOException {
    try (DatagramChannel server = bound();
        DatagramChannel client = bound()) {
      LinkSchedule link =
          LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.01, 10_000, 100_000));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(UdpLinkEmulator.Settings.of(listen(), address(server), link))) {
        long start = System.nanoTime();
        client.send(ByteBuffer.wrap("ping".getBytes()), emulator.listenAddress());
        java.net.DatagramPacket ping = receiveWithin(server);
        server.send(ByteBuffer.wrap("pong".getBytes()), ping.getSocketAddress());
        java.net.DatagramPacket pong = receiveWithin(client);
        long roundTripMicros = (System.nanoTime() - start) / 1_000;
        assertEquals("ping", new String(ping.getData(), 0, ping.getLength()));
        assertEquals("pong", new String(pong.getData(), 0, pong.getLength()));
        assertTrue(roundTripMicros >= 20_000, "two 10 ms links: " + roundTripMicros + " us");
        assertEquals(1, emulator.clientCount());
        List<DirectionSample> totals = emulator.totals();
        assertEquals(1, totals.get(LinkDirection.UP.ordinal()).forwarded());
        assertEquals(1, totals.get(LinkDirection.DOWN.ordinal()).forwarded());
      }
    }
  }

  @Test
  void shouldPassALargeDatagramWholeToTheModelWhichDropsItAsOversize() throws Exception {
    try (DatagramChannel server = bound();
        DatagramChannel client = bound()) {
      LinkSchedule link =
          LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.01, 1_000, 100_000));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(UdpLinkEmulator.Settings.of(listen(), address(server), link))) {
        client.send(ByteBuffer.allocate(1536), emulator.listenAddress());
        client.send(ByteBuffer.allocate(9000), emulator.listenAddress());
        assertEquals(1536, receiveWithin(server).getLength(), "the largest a link passes");
        DirectionSample up = waitForAll(emulator, 2);
        assertEquals(1536 + 9000, up.receivedBytes(), "read whole, not cut at 2048 bytes");
        assertEquals(1, up.droppedOversize(), up.toString());
      }
    }
  }

  @Test
  void shouldHoldEverythingWhileTheScheduleSuspendsTheLinkThenDeliverIt() throws Exception {
    try (DatagramChannel server = bound();
        DatagramChannel client = bound()) {
      // 400 ms suspended, then 10 Mbit/s and 5 ms forever: a black hole that holds, as netsim's
      LinkSchedule link =
          LinkSchedule.of(
              LinkPhase.of(400_000, 0, 5_000, 0), LinkPhase.of(LinkPhase.FOREVER, 0.01, 5_000, 0));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(UdpLinkEmulator.Settings.of(listen(), address(server), link))) {
        long start = System.nanoTime();
        for (int i = 0; i < 10; i++) {
          client.send(ByteBuffer.allocate(500), emulator.listenAddress());
        }
        for (int i = 0; i < 10; i++) {
          receiveWithin(server);
        }
        long elapsedMicros = (System.nanoTime() - start) / 1_000;
        assertTrue(elapsedMicros >= 250_000, "held until the link returns: " + elapsedMicros);
        DirectionSample up = waitForAll(emulator, 10);
        assertEquals(10, up.forwarded(), up.toString());
        assertTrue(up.queueP50Micros() > 250_000, "the suspension is queuing time: " + up);
      }
    }
  }

  @Test
  void shouldDropAndCountWhatOverflowsTheQueue() throws Exception {
    try (DatagramChannel server = bound();
        DatagramChannel client = bound()) {
      // 100 kbit/s with a 10 ms queue: each 1000-byte datagram occupies the link for 80 ms, so of
      // 100 sent within a second (however the host spreads the sends) at most 14 get through
      LinkSchedule link =
          LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.0001, 1_000, 10_000));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(UdpLinkEmulator.Settings.of(listen(), address(server), link))) {
        for (int i = 0; i < 100; i++) {
          client.send(ByteBuffer.allocate(1000), emulator.listenAddress());
        }
        DirectionSample up = waitForAll(emulator, 100);
        assertEquals(100, up.received());
        assertTrue(up.droppedQueue() >= 50, up.toString());
        assertEquals(up.received(), up.forwarded() + up.dropped() + up.held(), up.toString());
      }
    }
  }

  @Test
  void shouldRefuseAndCountWhatTheBufferCannotHold() throws Exception {
    try (DatagramChannel server = bound();
        DatagramChannel client = bound()) {
      // suspended for 10 s: the link holds everything, the 8 KiB budget takes a few datagrams
      LinkSchedule link =
          LinkSchedule.of(
              LinkPhase.of(10_000_000, 0, 1_000, 0),
              LinkPhase.of(LinkPhase.FOREVER, 0.01, 1_000, 0));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(
              UdpLinkEmulator.Settings.of(listen(), address(server), link).withBufferBytes(8192))) {
        for (int i = 0; i < 50; i++) {
          client.send(ByteBuffer.allocate(1000), emulator.listenAddress());
        }
        DirectionSample up = waitForAll(emulator, 50);
        assertEquals(7, up.held(), "8192 / (1000 + overhead) datagrams fit: " + up);
        assertEquals(43, up.droppedBuffer(), up.toString());
        assertEquals(0, up.forwarded());
      }
    }
  }

  /** The up direction once every datagram sent has been read and the counts add up. */
  private static DirectionSample waitForAll(UdpLinkEmulator emulator, int count)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      DirectionSample up = emulator.totals().get(LinkDirection.UP.ordinal());
      boolean settled =
          up.received() >= count && up.forwarded() + up.dropped() + up.held() == up.received();
      boolean drained = up.held() == 0 || up.forwarded() == 0;
      if (settled && drained || System.nanoTime() > deadline) {
        return up;
      }
      Thread.sleep(20);
    }
  }

  private static java.net.DatagramPacket receiveWithin(DatagramChannel channel) throws IOException {
    // DatagramChannel.receive has no timeout; its socket adapter honours SO_TIMEOUT
    channel.socket().setSoTimeout(5_000);
    java.net.DatagramPacket packet = new java.net.DatagramPacket(new byte[2048], 2048);
    try {
      channel.socket().receive(packet);
    } catch (SocketTimeoutException e) {
      throw new AssertionError("nothing within 5 s", e);
    }
    return packet;
  }

  private static DatagramChannel bound() throws IOException {
    DatagramChannel channel = DatagramChannel.open();
    channel.setOption(StandardSocketOptions.SO_RCVBUF, 1 << 20);
    channel.bind(new InetSocketAddress(LOOPBACK, 0));
    return channel;
  }

  private static InetSocketAddress address(DatagramChannel channel) throws IOException {
    return (InetSocketAddress) channel.getLocalAddress();
  }

  private static InetSocketAddress listen() {
    return new InetSocketAddress(LOOPBACK, 0);
  }
}
