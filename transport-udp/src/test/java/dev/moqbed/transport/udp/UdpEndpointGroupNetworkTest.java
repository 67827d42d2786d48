package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A port on two event loops (two SO_REUSEPORT sockets) on loopback: a client behind a NAT that
 * keeps moving it to new ports reaches, sooner or later, the socket of the loop that does not own
 * its connection; that loop hands the datagrams to the owner, which follows the client, and the
 * connection carries on both ways on the real sockets.
 */
@Tag("network")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UdpEndpointGroupNetworkTest {
  private static final long WAIT_SECONDS = 10;

  @Test
  void aClientMovedByItsNatKeepsItsConnectionAcrossLoops() throws Exception {
    List<RecordingHandler> accepted = new CopyOnWriteArrayList<>();
    try (UdpEndpointGroup server =
            UdpEndpointGroup.bind(
                Loopback.ANY_LOOPBACK_PORT,
                2,
                EndpointLimits.defaults(),
                UdpSecurity.nullProtection(),
                index ->
                    new UdpServerSetup(
                        Loopback.config(Role.SERVER),
                        Loopback.controllers("c4"),
                        connection -> {
                          RecordingHandler handler = new RecordingHandler();
                          accepted.add(handler);
                          return handler;
                        }));
        RebindingNat nat = new RebindingNat(server.localAddress());
        UdpEndpoint client =
            UdpEndpoint.bind(
                Loopback.ANY_LOOPBACK_PORT,
                EndpointLimits.defaults(),
                UdpSecurity.nullProtection(),
                null)) {
      assertEquals(2, server.endpoints().size());
      assertEquals(
          server.endpoints().get(0).localAddress(), server.endpoints().get(1).localAddress());
      RecordingHandler handler = new RecordingHandler();
      UdpConnection connection =
          client.connect(
              nat.address(), Loopback.config(Role.CLIENT), Loopback.controllers("c4"), handler);
      handler.ready.get(WAIT_SECONDS, TimeUnit.SECONDS);
      Thread.sleep(200); // the handshake confirmed at both ends

      // Each move lands on either socket by the kernel's hash of the new port: 32 moves all on the
      // owner's have odds of 1 in 4 billion (8 moves failed once in CI, 1 in 256).
      long streamId = 2;
      for (int move = 0; move < 32 && server.handedOver() == 0; move++) {
        nat.rebind();
        byte[] content = Loopback.bytes(5_000, move);
        long id = streamId;
        client.call(
            () -> {
              QuicConnection quic = connection.connection();
              Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), content);
              connection.schedule();
              return null;
            });
        RecordingHandler serverSide = accepted.get(0);
        assertArrayEquals(content, serverSide.finished(id).get(WAIT_SECONDS, TimeUnit.SECONDS));
        streamId += 4;
      }
      assertTrue(server.handedOver() > 0, "some datagram reached the other loop's socket");
      assertEquals(1, accepted.size(), "one connection, never a second one");

      RecordingHandler serverSide = accepted.get(0);
      QuicConnection serverQuic = serverSide.ready.get();
      byte[] answer = Loopback.bytes(20_000, 99);
      UdpEndpoint owner =
          server.endpoints().get(0).stats().connectionsAccepted() == 1
              ? server.endpoints().get(0)
              : server.endpoints().get(1);
      owner.call(
          () -> {
            Loopback.writeAndFinish(serverQuic, serverQuic.openUnidirectionalStream(9), answer);
            return null;
          });
      assertArrayEquals(answer, handler.finished(3).get(WAIT_SECONDS, TimeUnit.SECONDS));
      assertFalse(handler.closed.isDone(), "the client's connection held");
    }
  }
}
