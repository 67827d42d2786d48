package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.endpoint.Endpoint;
import dev.moqbed.transport.endpoint.EndpointConnection;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server port on two event loops ({@link UdpEndpointGroup}'s routing) in virtual time, with real
 * TLS: each loop owns the connections its socket received first; a client whose NAT rebinds its
 * port reaches the other loop's socket, which hands its datagrams to the owner, and the owner
 * follows the client to its new address: the connection carries on in both directions.
 */
class EndpointLoopsVirtualTimeTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long SECOND = 1_000_000;
  private static final InetSocketAddress SERVER = VirtualNetwork.address(1, 4433);
  private static final StatelessResetKey KEY = StatelessResetKey.of(Loopback.bytes(32, 7));

  private final LocalhostTls localhost = LocalhostTls.load(ALPN);
  private final ServerTlsContext tls = localhost.server();
  private final ClientTlsConfig clientTls = localhost.client();
  private final VirtualNetwork network = new VirtualNetwork(10_000, 42);
  private final List<RecordingHandler> accepted = new ArrayList<>();

  @AfterEach
  void close() {
    tls.close();
  }

  private List<Endpoint<VirtualNetwork.Sender>> serverLoops(EndpointLimits limits) {
    return network.bindGroup(
        SERVER,
        2,
        limits,
        UdpSecurity.tls(tls, null, KEY),
        new Endpoint.Server(
            Loopback.config(Role.SERVER), Loopback.controllers("c4"), PacketTaps.NONE),
        connection -> {
          RecordingHandler handler = new RecordingHandler();
          accepted.add(handler);
          return handler;
        });
  }

  private EndpointConnection<VirtualNetwork.Sender> connect(
      InetSocketAddress from, RecordingHandler handler) {
    Endpoint<VirtualNetwork.Sender> client =
        network.bind(
            from,
            EndpointLimits.defaults(),
            UdpSecurity.tls(null, clientTls),
            null,
            connection -> {
              throw new IllegalStateException("a client accepts nothing");
            });
    return client.connect(
        SERVER, Loopback.config(Role.CLIENT), Loopback.controllers("c4"), handler, PacketTaps.NONE);
  }

  @Test
  void aClientWhoseAddressChangesKeepsItsConnectionOnItsOwnerLoop() {
    List<Endpoint<VirtualNetwork.Sender>> loops = serverLoops(EndpointLimits.defaults());
    InetSocketAddress inside = VirtualNetwork.address(2, 5000); // even port: loop 0
    RecordingHandler client = new RecordingHandler();
    EndpointConnection<VirtualNetwork.Sender> connection = connect(inside, client);
    assertTrue(network.runUntil(client.ready::isDone, SECOND));
    network.runFor(100_000); // the handshake confirmed at both ends
    assertEquals(1, loops.get(0).connectionCount());
    assertEquals(0, loops.get(1).connectionCount());
    QuicConnection quic = connection.connection();
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), Loopback.bytes(3_000, 1));
    connection.sender().schedule();
    network.runFor(100_000);

    // The NAT moves the client to an odd port: its datagrams now reach loop 1's socket.
    network.rebind(inside, VirtualNetwork.address(2, 5001));
    byte[] after = Loopback.bytes(20_000, 2);
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), after);
    connection.sender().schedule();
    RecordingHandler server = accepted.get(0);
    assertTrue(network.runUntil(() -> server.finished.size() == 2, SECOND), "both streams");
    assertArrayEquals(after, server.finished(6).join(), "the second stream, after the change");

    QuicConnection serverSide = server.ready.join();
    byte[] answer = Loopback.bytes(10_000, 3);
    Loopback.writeAndFinish(serverSide, serverSide.openUnidirectionalStream(9), answer);
    network.runFor(10_000);
    assertTrue(network.runUntil(() -> !client.finished.isEmpty(), SECOND), "the answer arrives");
    assertArrayEquals(answer, client.finished(3).join());

    assertTrue(loops.get(1).counters().handedOverOut() > 0, "loop 1 handed the datagrams on");
    assertEquals(loops.get(1).counters().handedOverOut(), loops.get(0).counters().handedOverIn());
    assertEquals(1, loops.get(0).counters().addressChanges());
    assertEquals(0, loops.get(1).counters().statelessResetsSent(), "no reset from the wrong loop");
    assertEquals(0, loops.get(1).connectionCount());
    assertFalse(client.closed.isDone());
  }

  @Test
  void aDatagramOfNoLoopsConnectionIsStillAnsweredWithAReset() {
    List<Endpoint<VirtualNetwork.Sender>> loops = serverLoops(EndpointLimits.defaults());
    RecordingHandler client = new RecordingHandler();
    EndpointConnection<VirtualNetwork.Sender> connection =
        connect(VirtualNetwork.address(2, 5000), client);
    assertTrue(network.runUntil(client.ready::isDone, SECOND));
    network.runFor(100_000);
    // The owner loop forgets the connection (as after a restart of that loop's table).
    loops.get(0).removeAll();
    network.rebind(VirtualNetwork.address(2, 5000), VirtualNetwork.address(2, 5001));
    QuicConnection quic = connection.connection();
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), new byte[100]);
    connection.sender().schedule();

    assertTrue(network.runUntil(client.closed::isDone, SECOND), "reset, not the idle timeout");
    assertEquals(QuicConnection.STATELESS_RESET, client.closed.join());
    assertEquals(0, loops.get(1).counters().handedOverOut(), "nobody routes the id any more");
    assertEquals(1, loops.get(1).counters().statelessResetsSent());
  }

  @Test
  void theHandshakeBudgetHoldsForBothLoopsTogether() {
    // One handshake per second in all, a burst of two: three clients on both loops.
    List<Endpoint<VirtualNetwork.Sender>> loops =
        serverLoops(new EndpointLimits(100, 64, 128, 1, 50));
    List<RecordingHandler> clients = new ArrayList<>();
    for (int port = 5000; port < 5003; port++) {
      RecordingHandler handler = new RecordingHandler();
      clients.add(handler);
      connect(VirtualNetwork.address(2, port), handler);
    }
    assertTrue(
        network.runUntil(() -> clients.stream().allMatch(c -> c.ready.isDone()), 5 * SECOND));
    long retries = loops.get(0).counters().retriesSent() + loops.get(1).counters().retriesSent();
    assertEquals(1, retries, "the third handshake of the port, whichever loop, waits its turn");
    assertTrue(network.scheduler.nowMicros() >= 500_000, "not before the rate allowed it");
  }
}
