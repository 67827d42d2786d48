package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.CongestionController;
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
 * RFC 9000 §9.3 on a server endpoint that follows its clients' address changes, in virtual time
 * with real TLS: a captured packet re-sent from another address (an on-path attacker faster than
 * the real path) gets at most three times its bytes sent there and does not keep the connection; a
 * real rebinding is validated by a PATH_CHALLENGE and the connection carries on.
 */
class PathValidationVirtualTimeTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long SECOND = 1_000_000;
  private static final InetSocketAddress SERVER = VirtualNetwork.address(1, 4433);
  private static final InetSocketAddress CLIENT = VirtualNetwork.address(2, 5000);
  private static final InetSocketAddress ATTACKER = VirtualNetwork.address(66, 6666);
  private static final StatelessResetKey KEY = StatelessResetKey.of(Loopback.bytes(32, 7));

  private final LocalhostTls localhost = LocalhostTls.load(ALPN);
  private final ServerTlsContext tls = localhost.server();
  private final ClientTlsConfig clientTls = localhost.client();
  private final VirtualNetwork network = new VirtualNetwork(10_000, 42);
  private final List<EndpointConnection<VirtualNetwork.Sender>> serverSides = new ArrayList<>();
  private final List<RecordingHandler> accepted = new ArrayList<>();
  private final RecordingHandler client = new RecordingHandler();
  private EndpointConnection<VirtualNetwork.Sender> clientSide;

  @AfterEach
  void close() {
    tls.close();
  }

  /** A server that follows address changes, a client at {@link #CLIENT}, both confirmed. */
  private QuicConnection connected() {
    Endpoint<VirtualNetwork.Sender> server =
        network.bind(
            SERVER,
            EndpointLimits.defaults(),
            UdpSecurity.tls(tls, null, KEY),
            new Endpoint.Server(
                Loopback.config(Role.SERVER), Loopback.controllers("cubic"), PacketTaps.NONE),
            connection -> {
              serverSides.add(connection);
              RecordingHandler handler = new RecordingHandler();
              accepted.add(handler);
              return handler;
            });
    server.followAddressChanges();
    Endpoint<VirtualNetwork.Sender> clientEndpoint =
        network.bind(
            CLIENT,
            EndpointLimits.defaults(),
            UdpSecurity.tls(null, clientTls),
            null,
            connection -> {
              throw new IllegalStateException("a client accepts nothing");
            });
    clientSide =
        clientEndpoint.connect(
            SERVER,
            Loopback.config(Role.CLIENT),
            Loopback.controllers("cubic"),
            client,
            PacketTaps.NONE);
    assertTrue(network.runUntil(client.ready::isDone, SECOND));
    network.runFor(200_000); // the handshake confirmed at both ends
    return accepted.get(0).ready.join();
  }

  private void clientWrites(int bytes, long seed) {
    QuicConnection quic = clientSide.connection();
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), Loopback.bytes(bytes, seed));
    clientSide.sender().schedule();
  }

  @Test
  void aReplayFromAnotherAddressGetsAtMostThreeTimesItsBytesAndDoesNotKeepTheConnection() {
    QuicConnection server = connected();
    // The attacker on the path takes the client's next datagram and re-sends it from its own
    // address; the original is lost. Then the client's path goes dark for 2 s: only the server's
    // own timers can bring the connection back to it.
    long[] darkFrom = {Long.MAX_VALUE};
    network.dropWhere(
        transit -> {
          if (!transit.from().equals(CLIENT)) {
            return false;
          }
          if (darkFrom[0] == Long.MAX_VALUE) {
            darkFrom[0] = transit.atMicros();
            network.inject(ATTACKER, SERVER, transit.content());
            return true;
          }
          return transit.atMicros() < darkFrom[0] + 2 * SECOND;
        });
    clientWrites(200, 1);
    network.runFor(50_000);
    assertEquals(ATTACKER, serverSides.get(0).remoteAddress(), "the replay moved the connection");
    assertEquals(1, server.pathValidation().challengesSent());
    byte[] answer = Loopback.bytes(300_000, 2);
    Loopback.writeAndFinish(server, server.openUnidirectionalStream(9), answer);
    serverSides.get(0).sender().schedule();
    network.runFor(1_500_000);

    long fromAttacker = network.bytesSent(ATTACKER, SERVER);
    long toAttacker = network.bytesSent(SERVER, ATTACKER);
    assertTrue(toAttacker > 0, "the challenge went there");
    assertTrue(
        toAttacker <= 3 * fromAttacker,
        toAttacker + " bytes sent to the unvalidated address for " + fromAttacker + " received");
    assertEquals(CLIENT, serverSides.get(0).remoteAddress(), "back to the validated address");
    assertEquals(1, server.pathValidation().failed());

    assertTrue(network.runUntil(() -> !client.finished.isEmpty(), 10 * SECOND), "data arrives");
    assertArrayEquals(answer, client.finished.values().iterator().next().join());
    assertEquals(toAttacker, network.bytesSent(SERVER, ATTACKER), "nothing more to the attacker");
    assertFalse(client.closed.isDone());
  }

  @Test
  void aPortRebindingIsValidatedAndKeepsTheCongestionState() {
    QuicConnection server = connected();
    CongestionController before = server.controller();
    InetSocketAddress outside = VirtualNetwork.address(2, 5001);
    exchangeFrom(outside, server, 3);

    assertEquals(1, server.pathValidation().validated());
    assertEquals(0, server.pathValidation().failed());
    assertFalse(server.pathValidation().isValidating());
    assertEquals(outside, serverSides.get(0).remoteAddress());
    assertSame(before, server.controller(), "only the port changed (RFC 9000 §9.4)");
    assertFalse(client.closed.isDone());
  }

  @Test
  void aNewIpAddressIsValidatedWithCongestionStartedOver() {
    QuicConnection server = connected();
    CongestionController before = server.controller();
    InetSocketAddress elsewhere = VirtualNetwork.address(3, 7000);
    exchangeFrom(elsewhere, server, 5);

    assertEquals(1, server.pathValidation().validated());
    assertEquals(elsewhere, serverSides.get(0).remoteAddress());
    assertNotSame(before, server.controller(), "a new controller for the new address");
  }

  /**
   * The client moves to {@code address} and writes a stream (bytes seeded {@code seed}), the server
   * answers on one of its own (seed {@code seed + 1}): both arrive whole.
   */
  private void exchangeFrom(InetSocketAddress address, QuicConnection server, int seed) {
    network.rebind(CLIENT, address);
    clientWrites(20_000, seed);
    assertTrue(network.runUntil(() -> accepted.get(0).finished.size() == 1, SECOND));
    byte[] answer = Loopback.bytes(100_000, seed + 1);
    Loopback.writeAndFinish(server, server.openUnidirectionalStream(9), answer);
    serverSides.get(0).sender().schedule();
    assertTrue(network.runUntil(() -> !client.finished.isEmpty(), 2 * SECOND), "the answer");
    assertArrayEquals(answer, client.finished.values().iterator().next().join());
  }
}
