package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.QuicPacket;
import dev.moqbed.transport.quic.Role;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Two endpoints of the project's stack on loopback, under null protection and the modelled
 * handshake.
 */
@Tag("network")
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UdpEndpointNetworkTest {
  private static final long CLIENT_BIDI = 0;
  private static final long CLIENT_UNI = 2;
  private static final long SERVER_UNI = 3;
  private static final long WAIT_SECONDS = 10;

  /** Echoes each finished client bidirectional stream and sends one stream of its own. */
  static final class EchoServer extends RecordingHandler {
    private final byte[] own;

    EchoServer(byte[] own) {
      this.own = own;
    }

    @Override
    public void onReady(QuicConnection connection, long nowMicros) {
      super.onReady(connection, nowMicros);
      Loopback.writeAndFinish(
          connection,
          connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY),
          own);
    }

    @Override
    void onFinished(QuicConnection connection, long streamId, byte[] content) {
      if ((streamId & 0x3) == 0) {
        Loopback.writeAndFinish(connection, streamId, content);
      }
    }
  }

  @Test
  void shouldCarryStreamsBothWaysAndDatagrams() throws Exception {
    byte[] request = Loopback.bytes(300_000, 1);
    byte[] upload = Loopback.bytes(120_000, 2);
    byte[] serverStream = Loopback.bytes(200_000, 3);
    List<byte[]> sentDatagrams =
        List.of(Loopback.bytes(700, 4), Loopback.bytes(1, 5), Loopback.bytes(1000, 6));
    List<EchoServer> servers = new ArrayList<>();
    RecordingHandler client =
        new RecordingHandler() {
          @Override
          public void onReady(QuicConnection connection, long nowMicros) {
            super.onReady(connection, nowMicros);
            Loopback.writeAndFinish(connection, connection.openBidirectionalStream(9), request);
            Loopback.writeAndFinish(connection, connection.openUnidirectionalStream(9), upload);
            for (byte[] datagram : sentDatagrams) {
              connection.sendDatagram(DatagramPayload.of(datagram));
            }
          }
        };
    try (Loopback loopback =
        new Loopback(
            Loopback.config(Role.SERVER),
            "c4",
            accepted -> {
              EchoServer server = new EchoServer(serverStream);
              servers.add(server);
              return server;
            })) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "c4", client);

      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      assertArrayEquals(request, client.finished(CLIENT_BIDI).get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertArrayEquals(
          serverStream, client.finished(SERVER_UNI).get(WAIT_SECONDS, TimeUnit.SECONDS));
      EchoServer server = loopback.server.call(() -> servers.get(0));
      assertArrayEquals(request, server.finished(CLIENT_BIDI).get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertArrayEquals(upload, server.finished(CLIENT_UNI).get(WAIT_SECONDS, TimeUnit.SECONDS));
      waitFor(() -> loopback.server.call(() -> server.datagrams.size() == sentDatagrams.size()));
      loopback.server.call(
          () -> {
            for (int i = 0; i < sentDatagrams.size(); i++) {
              assertArrayEquals(sentDatagrams.get(i), server.datagrams.get(i), "datagram " + i);
            }
            return null;
          });
      assertNull(client.error);
      assertNull(server.error);
      // The client sends to the id the server chose (here: the one it adopted).
      assertEquals(1, loopback.server.stats().connectionsAccepted());
      assertNotEquals(connection.ids().local(), connection.ids().remote());
      UdpEndpointStats sent = loopback.server.stats();
      assertTrue(sent.datagramsPerFlush() > 1, "batched flushes: " + sent);
    }
  }

  @Test
  void shouldDeliverAnApplicationCloseAndFreeBothEnds() throws Exception {
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new RecordingHandler();
    try (Loopback loopback =
        new Loopback(
            Loopback.config(Role.SERVER),
            "cubic",
            accepted -> {
              RecordingHandler server = new RecordingHandler();
              servers.add(server);
              return server;
            })) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "cubic", client);
      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      loopback.client.call(
          () -> {
            connection.connection().close(0x1234, true);
            return null;
          });

      RecordingHandler server = loopback.server.call(() -> servers.get(0));
      assertEquals(0x1234L, server.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
      connection.whenRemoved().get(WAIT_SECONDS, TimeUnit.SECONDS);
      waitFor(() -> loopback.server.stats().connections() == 0);
      assertEquals(0, loopback.client.stats().connections());
      assertEquals(1, loopback.server.stats().connectionsRemoved());
      assertEquals(1, loopback.client.stats().connectionsRemoved());
    }
  }

  @Test
  void shouldFreeAnIdleConnectionOnBothEnds() throws Exception {
    ConnectionConfig serverConfig =
        Loopback.config(Role.SERVER).toBuilder().idleTimeoutMicros(300_000).build();
    ConnectionConfig clientConfig =
        Loopback.config(Role.CLIENT).toBuilder().idleTimeoutMicros(300_000).build();
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new RecordingHandler();
    try (Loopback loopback =
        new Loopback(
            serverConfig,
            "newreno",
            accepted -> {
              RecordingHandler server = new RecordingHandler();
              servers.add(server);
              return server;
            })) {
      long start = System.nanoTime();
      UdpConnection connection =
          loopback.connect(loopback.server.localAddress(), clientConfig, "newreno", client);
      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);

      assertEquals(0L, client.closed.get(WAIT_SECONDS, TimeUnit.SECONDS));
      connection.whenRemoved().get(WAIT_SECONDS, TimeUnit.SECONDS);
      waitFor(() -> loopback.server.stats().connections() == 0);
      long elapsedMillis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(elapsedMillis >= 300, "idle for " + elapsedMillis + " ms");
      assertEquals(1, loopback.server.stats().connectionsRemoved());
    }
  }

  @Test
  void shouldDropAndCountGarbageWhileAConnectionKeepsWorking() throws Exception {
    byte[] request = Loopback.bytes(200_000, 7);
    List<RecordingHandler> servers = new ArrayList<>();
    RecordingHandler client = new RecordingHandler();
    try (Loopback loopback =
            new Loopback(
                Loopback.config(Role.SERVER),
                "c4",
                accepted -> {
                  RecordingHandler server = new EchoServer(new byte[10]);
                  servers.add(server);
                  return server;
                });
        DatagramSocket attacker = new DatagramSocket(0, Loopback.ANY_LOOPBACK_PORT.getAddress())) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "c4", client);
      client.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      byte[] serverId = connection.ids().remote().toByteArray();

      List<byte[]> garbage = new ArrayList<>();
      garbage.add(new byte[0]);
      garbage.add(new byte[] {0x40});
      garbage.add(Loopback.bytes(50, 8)); // random: unroutable whatever its first byte
      byte[] shortHeader = Loopback.bytes(60, 9);
      shortHeader[0] = 0x40;
      System.arraycopy(serverId, 0, shortHeader, 1, serverId.length);
      garbage.add(shortHeader); // the connection's id, from another address
      byte[] fakeInitial = Loopback.bytes(1200, 10);
      fakeInitial[0] = (byte) 0xc3;
      fakeInitial[1] = 0;
      fakeInitial[2] = 0;
      fakeInitial[3] = 0;
      fakeInitial[4] = 1;
      fakeInitial[5] = 8;
      fakeInitial[14] = 8;
      garbage.add(fakeInitial); // a v1 Initial that does not decode: accepted, then freed
      garbage.add(initialWithoutClientHello()); // decodes, but starts no handshake: freed too
      for (byte[] bytes : garbage) {
        attacker.send(new DatagramPacket(bytes, bytes.length, loopback.server.localAddress()));
      }
      // And the connection still carries bytes, compared on arrival.
      loopback.client.call(
          () -> {
            QuicConnection quic = connection.connection();
            Loopback.writeAndFinish(quic, quic.openBidirectionalStream(9), request);
            return null;
          });
      assertArrayEquals(request, client.finished(CLIENT_BIDI).get(WAIT_SECONDS, TimeUnit.SECONDS));

      waitFor(() -> loopback.server.stats().datagramsReceived() >= 6);
      UdpEndpointStats stats = loopback.server.stats();
      assertEquals(4, stats.droppedUnroutable(), stats.toString());
      assertEquals(2, stats.droppedUndecodable(), stats.toString());
      assertEquals(3, stats.connectionsAccepted(), stats.toString());
      assertEquals(1, stats.connections(), "the fake Initial holds no connection: " + stats);
      assertEquals(0, stats.internalErrors());
    }
  }

  /** An Initial of a PING and PADDING only, under the null protection Loopback's server uses. */
  private static byte[] initialWithoutClientHello() {
    ConnectionIds ids = ConnectionIds.randomForClient(new java.util.SplittableRandom(12));
    List<Frame> frames = List.of(new Frame.Ping(), new Frame.Padding(1180));
    ByteBuffer encoded =
        PacketCodec.withNullProtection(ids)
            .encode(List.of(new QuicPacket(PacketSpace.INITIAL, 0, 4, frames, 1200)));
    byte[] bytes = new byte[encoded.remaining()];
    encoded.get(bytes);
    return bytes;
  }

  static void waitFor(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met in " + WAIT_SECONDS + " s");
      }
      Thread.sleep(10);
    }
  }
}
