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
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
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

  private final LocalhostTls localhost = LocalhostTls.load(ALPN);
  private final ServerTlsContext tls = localhost.server();
  private final ClientTlsConfig clientTls = localhost.client();
  private final VirtualNetwork network = new VirtualNetwork(ONE_WAY_MICROS, 42);

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
    return client(host, 5000);
  }

  private Endpoint<VirtualNetwork.Sender> client(int host, int port) {
    return network.bind(
        VirtualNetwork.address(host, port),
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

  /**
   * A source that holds its share of handshakes (here 1, never completed: its client hears nothing)
   * gets a Retry for the next Initial, not silence, so another client behind the same address still
   * gets in. The endpoint used to drop it.
   */
  @Test
  void aSourcePastItsShareIsAnsweredWithARetry() {
    Endpoint<VirtualNetwork.Sender> server = server(new EndpointLimits(100, 1, 128, 200, 50));
    InetSocketAddress stuck = VirtualNetwork.address(2, 5000);
    network.dropWhere(transit -> transit.to().equals(stuck));
    connect(client(2, 5000), new RecordingHandler());
    network.runFor(50_000);
    assertEquals(1, server.connectionCount(), "the silent client's handshake is in progress");

    RecordingHandler honest = new RecordingHandler();
    connect(client(2, 5001), honest);
    assertTrue(network.runUntil(honest.ready::isDone, SECOND));
    assertEquals(1, server.counters().retriesSent());
    assertEquals(1, server.counters().retriesValidated());
    assertEquals(0, server.counters().refusedHandshakes());
  }

  /**
   * The handshake rate in all (here 1 a second, a burst of 2): the third of three clients at once
   * gets a Retry, its proven Initial finds the rate spent and is dropped, and its next Initial (the
   * client's probe timeout) gets in once the rate has earned a token back.
   */
  @Test
  void handshakesBeyondTheRateWaitForIt() {
    Endpoint<VirtualNetwork.Sender> server = server(new EndpointLimits(100, 64, 128, 1, 50));
    List<RecordingHandler> clients =
        List.of(new RecordingHandler(), new RecordingHandler(), new RecordingHandler());
    for (int i = 0; i < clients.size(); i++) {
      connect(client(2 + i), clients.get(i));
    }
    assertTrue(
        network.runUntil(() -> clients.stream().allMatch(c -> c.ready.isDone()), 5 * SECOND));
    assertEquals(3, server.counters().connectionsAccepted());
    assertEquals(1, server.counters().retriesSent());
    assertTrue(server.counters().refusedRate() >= 1, "the proven Initial came too early");
    assertTrue(network.scheduler.nowMicros() >= 500_000, "not before the rate allowed it");
  }

  /**
   * A client offering an unknown version in a full-sized datagram gets Version Negotiation listing
   * version 1 and a reserved version, its ids swapped (RFC 9000 §6.1, §17.2.1); a short datagram
   * gets nothing, nor do floods beyond 100 answers at once.
   */
  @Test
  void anUnknownVersionIsAnsweredWithVersionNegotiation() {
    Endpoint<VirtualNetwork.Sender> server = server(EndpointLimits.defaults());
    InetSocketAddress client = VirtualNetwork.address(2, 5000);
    byte[] offer = new byte[1200];
    ByteBuffer header = ByteBuffer.wrap(offer);
    header.put((byte) 0xc0).putInt(0xff00_001d);
    header.put((byte) 4).putInt(0x0a0b0c0d); // Destination Connection ID: 4 bytes, not v1's 8..20
    header.put((byte) 3).put(new byte[] {1, 2, 3});
    network.inject(client, SERVER, offer);
    network.inject(client, SERVER, java.util.Arrays.copyOf(offer, 100));
    network.runFor(100_000);

    List<VirtualNetwork.Transit> answers =
        network.sent.stream().filter(t -> t.from().equals(SERVER)).toList();
    assertEquals(1, answers.size(), "one answer, to the full-sized datagram");
    ByteBuffer answer = ByteBuffer.wrap(answers.get(0).content());
    assertEquals(0xc0, answer.get() & 0xc0, "long header, the second bit set");
    assertEquals(0, answer.getInt(), "the version of Version Negotiation");
    assertEquals(3, answer.get());
    assertEquals(0x010203, (answer.getShort() & 0xffff) << 8 | (answer.get() & 0xff));
    assertEquals(4, answer.get());
    assertEquals(0x0a0b0c0d, answer.getInt());
    assertEquals(1, answer.getInt());
    assertEquals(0x1a2a3a4a, answer.getInt());
    assertEquals(0, answer.remaining());

    for (int i = 0; i < 150; i++) {
      network.inject(client, SERVER, offer);
    }
    network.runFor(100_000);
    // the first, then a refilled burst of 100 of the 150 that arrive at once
    assertEquals(101, server.counters().versionNegotiationsSent());
    assertEquals(0, server.connectionCount());
  }

  /**
   * A closing connection answers a peer that keeps sending with its close at the 1st, 2nd, 4th...
   * datagram only (RFC 9000 §10.2.1's limit), without opening them; it used to answer every one.
   */
  @Test
  void aClosingConnectionRepeatsItsCloseAtPowersOfTwo() {
    Endpoint<VirtualNetwork.Sender> server =
        network.bind(
            SERVER,
            EndpointLimits.defaults(),
            UdpSecurity.tls(tls, null, KEY),
            new Endpoint.Server(
                Loopback.config(Role.SERVER), Loopback.controllers("c4"), PacketTaps.NONE),
            accepted -> {
              RecordingHandler handler = new RecordingHandler();
              closeOnReady = accepted;
              return handler;
            });
    RecordingHandler handler = new RecordingHandler();
    EndpointConnection<VirtualNetwork.Sender> client = connect(client(2), handler);
    assertTrue(network.runUntil(handler.ready::isDone, SECOND));
    network.runFor(100_000);
    InetSocketAddress clientAddress = VirtualNetwork.address(2, 5000);
    network.dropWhere(transit -> transit.to().equals(clientAddress)); // the client hears nothing
    closeOnReady.connection().close(0x1, true, "going away");
    closeOnReady.sender().schedule();
    network.runFor(10_000);
    int before = network.sent.size();
    QuicConnection quic = client.connection();
    Loopback.writeAndFinish(quic, quic.openUnidirectionalStream(9), new byte[200_000]);
    client.sender().schedule();
    // until the closing connection leaves the table (3 probe timeouts): later answers are resets
    assertTrue(network.runUntil(() -> server.connectionCount() == 0, SECOND));

    long fromClient =
        network.sent.stream().skip(before).filter(t -> t.from().equals(clientAddress)).count();
    long closes = network.sent.stream().skip(before).filter(t -> t.from().equals(SERVER)).count();
    assertTrue(fromClient >= 8, "the client kept sending: " + fromClient);
    assertTrue(
        closes <= 64 - Long.numberOfLeadingZeros(fromClient),
        closes + " closes for " + fromClient + " datagrams");
    assertEquals(0, server.counters().droppedUndecodable());
  }

  private EndpointConnection<VirtualNetwork.Sender> closeOnReady;

  /**
   * A server held back by the anti-amplification limit (its client went silent after its first
   * Initial) does not arm its probe timer (RFC 9002 §6.2.2.1). It used to: a probe it could not
   * send fired again at once, and the connection was woken every microsecond, about 8 million times
   * in these 5 s, until the idle timeout; on a real relay, a core spent on each such peer.
   */
  @Test
  void aServerWaitingOnTheAmplificationLimitSleeps() {
    Endpoint<VirtualNetwork.Sender> server = server(EndpointLimits.defaults());
    InetSocketAddress clientAddress = VirtualNetwork.address(2, 5000);
    int[] fromClient = {0};
    network.dropWhere(t -> t.from().equals(clientAddress) && ++fromClient[0] > 1);
    connect(client(2), new RecordingHandler());
    network.runFor(100_000);
    assertEquals(1, server.connectionCount());
    long before = network.eventsRun;
    network.runFor(5 * SECOND);
    assertTrue(network.eventsRun - before < 1_000, (network.eventsRun - before) + " events");
  }
}
