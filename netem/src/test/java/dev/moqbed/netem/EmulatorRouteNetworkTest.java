package dev.moqbed.netem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.netsim.LinkDirection;
import dev.moqbed.netsim.LinkPhase;
import dev.moqbed.netsim.LinkSchedule;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link UdpLinkEmulator#addRoute}: a second listening port whose clients reach another server
 * through the same two links, replies coming back from that port, counted in the same directions.
 */
@Tag("network")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class EmulatorRouteNetworkTest {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  @Test
  void shouldForwardEachPortsClientsToItsOwnServerThroughTheSameLinks() throws IOException {
    try (DatagramChannel relay = bound();
        DatagramChannel sink = bound();
        DatagramChannel subscriber = bound();
        DatagramChannel uploader = bound()) {
      LinkSchedule link =
          LinkSchedule.constant(LinkPhase.of(LinkPhase.FOREVER, 0.01, 5_000, 100_000));
      try (UdpLinkEmulator emulator =
          UdpLinkEmulator.start(
              UdpLinkEmulator.Settings.of(
                  new InetSocketAddress(LOOPBACK, 0), address(relay), link))) {
        InetSocketAddress second = emulator.addRoute(address(sink));
        assertTrue(second.getPort() != emulator.listenAddress().getPort());

        uploader.send(text("bulk"), second);
        DatagramPacket atSink = receiveWithin(sink);
        assertEquals("bulk", string(atSink));
        subscriber.send(text("ack"), emulator.listenAddress());
        DatagramPacket atRelay = receiveWithin(relay);
        assertEquals("ack", string(atRelay));

        sink.send(text("bulk-reply"), atSink.getSocketAddress());
        DatagramPacket reply = receiveWithin(uploader);
        assertEquals("bulk-reply", string(reply));
        assertEquals(second, reply.getSocketAddress(), "the reply comes from the port it used");
        relay.send(text("media"), atRelay.getSocketAddress());
        DatagramPacket media = receiveWithin(subscriber);
        assertEquals("media", string(media));
        assertEquals(
            emulator.listenAddress().getPort(),
            ((InetSocketAddress) media.getSocketAddress()).getPort());

        // a stray datagram from the wrong server to the bulk client's socket is not forwarded
        relay.send(text("stray"), atSink.getSocketAddress());
        assertEquals(2, emulator.clientCount());
        List<DirectionSample> totals = emulator.totals();
        assertEquals(2, totals.get(LinkDirection.UP.ordinal()).forwarded(), "both share up");
        assertTrue(totals.get(LinkDirection.DOWN.ordinal()).forwarded() >= 2, totals.toString());
      }
    }
  }

  private static ByteBuffer text(String text) {
    return ByteBuffer.wrap(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }

  private static String string(DatagramPacket packet) {
    return new String(
        packet.getData(), 0, packet.getLength(), java.nio.charset.StandardCharsets.US_ASCII);
  }

  private static DatagramPacket receiveWithin(DatagramChannel channel) throws IOException {
    channel.socket().setSoTimeout(5_000);
    DatagramPacket packet = new DatagramPacket(new byte[2048], 2048);
    try {
      channel.socket().receive(packet);
    } catch (SocketTimeoutException e) {
      throw new AssertionError("nothing within 5 s", e);
    }
    return packet;
  }

  private static DatagramChannel bound() throws IOException {
    DatagramChannel channel = DatagramChannel.open();
    channel.bind(new InetSocketAddress(LOOPBACK, 0));
    return channel;
  }

  private static InetSocketAddress address(DatagramChannel channel) throws IOException {
    return (InetSocketAddress) channel.getLocalAddress();
  }
}
