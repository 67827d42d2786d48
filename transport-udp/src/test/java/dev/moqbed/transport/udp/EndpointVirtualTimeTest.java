package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.moqbed.transport.tls.ServerTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The socket-free endpoint in virtual time, with real TLS: routing of several clients to one
 * server, Retry, stateless reset after a restart, and a closed connection leaving the table after
 * its drain, all without a socket or a wall clock.
 */
class EndpointVirtualTimeTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long ONE_WAY_MICROS = 10_000;
  private static final long SECOND = 1_000_000;
  private static final InetSocketAddress SERVER = VirtualNetwork.address(1, 4433);
  private static final StatelessResetKey KEY = StatelessResetKey.of(Loopback.bytes(32, 7));

  private ServerTlsContext tls;
  private ClientTlsConfig clientTls;
  private final VirtualNetwork network = new VirtualNetwork(ONE_WAY_MICROS, 42);

  @BeforeEach
  void certificates() throws Exception {
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    tls =
        ServerTlsContext.fromPemFiles(
            certificate, QuicheServerInteropNetworkTest.resource("server-key.pem"), ALPN);
    clientTls = ClientTlsConfig.of("localhost", ALPN, ServerTrust.certificatesIn(certificate));
  }

  @AfterEach
  void close() {
    tls.close();
  }

  private Endpoint<VirtualNetwork.Sender> server(EndpointLimits limits) {
    return network.bind(
        SERVER,
        limits,
        UdpSecurity.tls(tls, null, KEY),
        new Endpoint.Server(
            Loopback.config(Role.SERVER), Loopback.controllers("c4"), PacketTaps.NONE),
        accepted -> new RecordingHandler());
  }

  private Endpoint<VirtualNetwork.Sender> client(int host) {
    return network.bind(
        VirtualNetwork.address(host, 5000),
        EndpointLimits.defaults(),
        UdpSecurity.tls(null, clientTls),
        null,
        accepted -> {
          throw new IllegalStateException("a client accepts nothing");
        });
  }

  private EndpointConnection<VirtualNetwork.Sender> connect(
      Endpoint<VirtualNetwork.Sender> client, RecordingHandler handler) {
    return client.connect(
        SERVER, Loopback.config(Role.CLIENT), Loopback.controllers("c4"), handler, PacketTaps.NONE);
  }

  @Test
  void routesTwoClientsToTheirOwnServerConnections() {
    Endpoint<VirtualNetwork.Sender> server = server(EndpointLimits.defaults());
    RecordingHandler first = new RecordingHandler();
    RecordingHandler second = new RecordingHandler();
    connect(client(2), first);
    connect(client(3), second);

    assertTrue(network.runUntil(() -> first.ready.isDone() && second.ready.isDone(), SECOND));
    assertEquals(2, server.connectionCount());
    assertEquals(2, server.counters().connectionsAccepted());
    assertEquals(0, server.counters().droppedUndecodable());
    assertTrue(network.scheduler.nowMicros() < 200_000, "handshakes of a few round trips");
  }

  @Test
  void admitsAClientOnlyThroughARetryWhenValidationIsRequired() {
    Endpoint<VirtualNetwork.Sender> server =
        server(EndpointLimits.defaults().withRetryAboveHandshakes(EndpointLimits.RETRY_ALWAYS));
    RecordingHandler client = new RecordingHandler();
    connect(client(2), client);

    assertTrue(network.runUntil(client.ready::isDone, SECOND));
    assertEquals(1, server.counters().retriesSent());
    assertEquals(1, server.counters().retriesValidated());
    assertEquals(1, server.counters().connectionsAccepted(), "none for the first Initial");
  }

  @Test
  void aRestartedServerWithTheSameKeyResetsTheClient() {
    server(EndpointLimits.defaults());
    RecordingHandler handler = new RecordingHandler();
    Endpoint<VirtualNetwork.Sender> client = client(2);
    EndpointConnection<VirtualNetwork.Sender> connection = connect(client, handler);
    assertTrue(network.runUntil(handler.ready::isDone, SECOND));
    network.runFor(100_000); // the server's HANDSHAKE_DONE and its token arrive

    Endpoint<VirtualNetwork.Sender> restarted = server(EndpointLimits.defaults());
    QuicConnection quic = connection.connection();
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), new byte[100]);
    connection.sender().schedule();

    assertTrue(network.runUntil(handler.closed::isDone, SECOND), "not after the idle timeout");
    assertEquals(QuicConnection.STATELESS_RESET, handler.closed.join());
    assertEquals(1, restarted.counters().statelessResetsSent());
    assertEquals(1, client.counters().statelessResetsReceived());
    assertEquals(0, client.connectionCount(), "the client freed the connection");
  }

  @Test
  void aClosedConnectionLeavesBothTablesAfterItsDrain() {
    Endpoint<VirtualNetwork.Sender> server = server(EndpointLimits.defaults());
    RecordingHandler handler = new RecordingHandler();
    Endpoint<VirtualNetwork.Sender> client = client(2);
    EndpointConnection<VirtualNetwork.Sender> connection = connect(client, handler);
    assertTrue(network.runUntil(handler.ready::isDone, SECOND));
    network.runFor(100_000); // the handshake confirmed at both ends

    connection.connection().close(0, true);
    connection.sender().schedule();

    assertTrue(
        network.runUntil(
            () -> server.connectionCount() == 0 && client.connectionCount() == 0, SECOND),
        () -> "server " + server.connectionCount() + ", client " + client.connectionCount());
    assertTrue(connection.sender().stopped());
    assertEquals(1, server.counters().connectionsRemoved());
  }
}
