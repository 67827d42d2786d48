package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * GSO on loopback: a 4 MB download whose sender packs runs of datagrams into segmented writes, and
 * the kernel's segmentation gives the receiver every datagram the sender counted, each of which
 * decodes (the bytes arrive whole). The same transfer with {@code moqbed.udp.gso=false} writes one
 * datagram at a time.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SegmentationNetworkTest {
  private static final long SERVER_UNI = 3;

  /** Datagrams written by the sender, received by the client, and the sender's writes. */
  private record Counts(long sent, long received, long writes) {}

  private static Counts download(byte[] content) throws Exception {
    CompletableFuture<UdpConnection> serverSide = new CompletableFuture<>();
    RecordingHandler client = new RecordingHandler();
    try (Loopback loopback =
        new Loopback(
            Loopback.config(Role.SERVER),
            "cubic",
            accepted -> {
              serverSide.complete(accepted);
              return new RecordingHandler() {
                @Override
                public void onReady(QuicConnection connection, long nowMicros) {
                  super.onReady(connection, nowMicros);
                  Loopback.writeAndFinish(
                      connection,
                      connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY),
                      content);
                }
              };
            })) {
      UdpConnection connection =
          loopback.connect(
              loopback.server.localAddress(), Loopback.config(Role.CLIENT), "cubic", client);
      assertArrayEquals(content, client.finished(SERVER_UNI).get(30, TimeUnit.SECONDS));
      loopback.client.call(
          () -> {
            connection.connection().close(0, true);
            return null;
          });
      UdpConnection server = serverSide.get(10, TimeUnit.SECONDS);
      server.whenRemoved().get(10, TimeUnit.SECONDS); // the server sends nothing more
      connection.whenRemoved().get(10, TimeUnit.SECONDS);
      long writes = loopback.server.call(server::writes);
      long sent = loopback.server.stats().datagramsSent();
      long received = loopback.client.stats().datagramsReceived();
      for (int i = 0; i < 50 && received < sent; i++) { // the last ones may still be in the socket
        Thread.sleep(20);
        received = loopback.client.stats().datagramsReceived();
      }
      return new Counts(sent, received, writes);
    }
  }

  @Test
  void shouldDeliverEveryDatagramOfSegmentedWrites() throws Exception {
    byte[] content = Loopback.bytes(4_000_000, 17);
    Counts gso = download(content);
    assertEquals(gso.sent(), gso.received(), "every datagram the sender counted arrived");
    assertTrue(gso.sent() > 4_000_000 / 1_500, gso.toString());
    if (DatagramChannels.segmentation()) {
      assertTrue(gso.writes() * 2 < gso.sent(), "runs of datagrams in one write: " + gso);
    } else {
      assertEquals(gso.sent(), gso.writes(), "no GSO here: one write per datagram");
    }

    String previous = System.setProperty("moqbed.udp.gso", "false");
    try {
      Counts plain = download(content);
      assertEquals(plain.sent(), plain.received());
      assertEquals(plain.sent(), plain.writes(), "one write per datagram without GSO");
    } finally {
      if (previous == null) {
        System.clearProperty("moqbed.udp.gso");
      } else {
        System.setProperty("moqbed.udp.gso", previous);
      }
    }
  }
}
