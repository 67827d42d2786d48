package dev.moqbed.transport.udp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.crypto.StatelessResetKey;
import dev.moqbed.transport.endpoint.Endpoint;
import dev.moqbed.transport.endpoint.EndpointLimits;
import dev.moqbed.transport.endpoint.HandshakeOffload;
import dev.moqbed.transport.endpoint.PacketTap;
import dev.moqbed.transport.endpoint.PacketTaps;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.tls.ClientTlsConfig;
import dev.moqbed.transport.tls.ServerTlsContext;
import dev.moqbed.transport.tls.ServerTrust;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server endpoint that answers ClientHellos through a {@link HandshakeOffload}, in virtual time
 * with real TLS: the ClientHello (the server's key exchange and signature, milliseconds of CPU) is
 * processed inside the offload's work, never inside the endpoint's receive, so the thread that
 * forwards media does not carry it (docs/results/handshake-cost-2026-12-07.md). The offload here
 * runs each pass a fixed virtual delay later, as another thread would.
 */
class OffLoopHandshakeVirtualTimeTest {
  private static final List<String> ALPN = List.of("moqbed-test");
  private static final long ONE_WAY_MICROS = 10_000;
  private static final long SECOND = 1_000_000;
  private static final InetSocketAddress SERVER = VirtualNetwork.address(1, 4433);
  private static final InetSocketAddress CLIENT = VirtualNetwork.address(2, 5000);
  private static final StatelessResetKey KEY = StatelessResetKey.of(Loopback.bytes(32, 7));

  private final LocalhostTls localhost = LocalhostTls.load(ALPN);
  private final ServerTlsContext tls = localhost.server();
  private final ClientTlsConfig clientTls = localhost.client();
  private final VirtualNetwork network = new VirtualNetwork(ONE_WAY_MICROS, 42);
  private final List<Boolean> receivedInOffload = new ArrayList<>();
  private int tapsClosed;

  /** Each pass {@link #delayMicros} later on the network's scheduler; notes when work runs. */
  private final class DeferredOffload implements HandshakeOffload {
    long delayMicros = 5_000;
    boolean working;
    int passes;

    @Override
    public void run(Runnable work, Runnable done) {
      network.scheduler.scheduleAfter(
          delayMicros,
          () -> {
            working = true;
            try {
              work.run();
            } finally {
              working = false;
            }
            passes++;
            done.run();
          });
    }
  }

  private final DeferredOffload offload = new DeferredOffload();

  @AfterEach
  void close() {
    tls.close();
  }

  /** A server whose connections' received datagrams note whether the offload's work ran them. */
  private Endpoint<VirtualNetwork.Sender> server() {
    PacketTaps taps =
        (connection, remote, groupId, nowMicros) ->
            new PacketTap() {
              @Override
              public void onSent(long now, Datagram datagram) {}

              @Override
              public void onReceived(long now, Datagram datagram) {
                receivedInOffload.add(offload.working);
              }

              @Override
              public void afterReceived(long now) {}

              @Override
              public void close() {
                tapsClosed++;
              }
            };
    Endpoint<VirtualNetwork.Sender> server =
        network.bind(
            SERVER,
            EndpointLimits.defaults(),
            UdpSecurity.tls(tls, null, KEY),
            new Endpoint.Server(Loopback.config(Role.SERVER), Loopback.controllers("c4"), taps),
            accepted -> new RecordingHandler());
    server.offloadHandshakes(offload);
    return server;
  }

  private RecordingHandler connect() {
    return connect(clientTls);
  }

  private RecordingHandler connect(ClientTlsConfig tlsConfig) {
    RecordingHandler handler = new RecordingHandler();
    network
        .bind(
            CLIENT,
            EndpointLimits.defaults(),
            UdpSecurity.tls(null, tlsConfig),
            null,
            accepted -> {
              throw new IllegalStateException("a client accepts nothing");
            })
        .connect(
            SERVER,
            Loopback.config(Role.CLIENT),
            Loopback.controllers("c4"),
            handler,
            PacketTaps.NONE);
    return handler;
  }

  /** When the server sent its first datagram (its ServerHello), -1 if never. */
  private long serversFirstAnswerMicros() {
    return network.sent.stream()
        .filter(transit -> transit.from().equals(SERVER))
        .mapToLong(VirtualNetwork.Transit::atMicros)
        .findFirst()
        .orElse(-1);
  }

  @Test
  void theClientHelloIsAnsweredInTheOffloadAndTheRestOnTheEndpointsThread() {
    Endpoint<VirtualNetwork.Sender> server = server();
    RecordingHandler client = connect();

    assertTrue(network.runUntil(client.ready::isDone, SECOND));
    network.runFor(100_000); // the client's Finished and the first 1-RTT packets reach the server

    assertEquals(1, offload.passes, "one pass: the ClientHello fits one datagram");
    assertEquals(1, server.counters().handshakesOffLoop());
    assertTrue(receivedInOffload.get(0), "the ClientHello's datagram was processed off the loop");
    assertTrue(receivedInOffload.size() > 1, "the client's Finished reached the server");
    assertFalse(
        receivedInOffload.subList(1, receivedInOffload.size()).contains(true),
        "after the ClientHello the connection is the endpoint thread's");
    assertTrue(
        serversFirstAnswerMicros() >= ONE_WAY_MICROS + offload.delayMicros,
        "the server answered only once the offload had run: " + serversFirstAnswerMicros());
  }

  @Test
  void theClientsResentInitialsWaitForThePassAndMakeNoSecondConnection() {
    offload.delayMicros = 1_500_000; // past the client's first probe timeout (about 1 s)
    Endpoint<VirtualNetwork.Sender> server = server();
    RecordingHandler client = connect();

    assertTrue(network.runUntil(client.ready::isDone, 3 * SECOND));

    long clientDatagramsBeforeAnswer =
        network.sent.stream()
            .filter(t -> t.from().equals(CLIENT) && t.atMicros() < serversFirstAnswerMicros())
            .count();
    assertTrue(clientDatagramsBeforeAnswer > 1, "the client resent its Initial meanwhile");
    assertEquals(1, server.counters().connectionsAccepted(), "the resends joined the connection");
    assertEquals(1, server.counters().handshakesOffLoop());
    assertEquals(1, offload.passes, "the resends were processed on the endpoint's thread");
  }

  /**
   * A client whose ClientHello needs several Initials: it offers 12 protocols of 200 bytes before
   * the server's (about 2,400 bytes of ALPN).
   */
  private ClientTlsConfig clientOfALargeClientHello() throws Exception {
    List<String> protocols = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      protocols.add(String.valueOf((char) ('a' + i)).repeat(200));
    }
    protocols.addAll(ALPN);
    Path certificate = QuicheServerInteropNetworkTest.resource("server-cert.pem");
    return ClientTlsConfig.of("localhost", protocols, ServerTrust.certificatesIn(certificate));
  }

  @Test
  void aClientHelloOfSeveralDatagramsIsAnsweredInAPassEachOffTheLoop() throws Exception {
    Endpoint<VirtualNetwork.Sender> server = server();
    RecordingHandler client = connect(clientOfALargeClientHello());

    assertTrue(network.runUntil(client.ready::isDone, SECOND));

    long clientHelloDatagrams =
        network.sent.stream()
            .filter(t -> t.from().equals(CLIENT) && t.atMicros() < serversFirstAnswerMicros())
            .count();
    assertTrue(clientHelloDatagrams > 1, "a ClientHello of several datagrams");
    assertEquals(clientHelloDatagrams, offload.passes, "one pass per datagram of the ClientHello");
    assertFalse(
        receivedInOffload.subList(0, offload.passes).contains(false),
        "every datagram of the ClientHello processed off the loop");
    assertEquals(1, server.counters().handshakesOffLoop());
    assertEquals(1, server.counters().connectionsAccepted());
  }

  @Test
  void aClientHelloThatNeverCompletesIsRemovedAtTheIdleTimeout() throws Exception {
    Endpoint<VirtualNetwork.Sender> server = server();
    boolean[] firstSeen = {false};
    network.dropWhere( // only the client's very first datagram arrives: half a ClientHello
        transit -> {
          if (!transit.from().equals(CLIENT)) {
            return false;
          }
          boolean first = !firstSeen[0];
          firstSeen[0] = true;
          return !first;
        });
    connect(clientOfALargeClientHello());
    network.runFor(ONE_WAY_MICROS + 10_000);
    assertEquals(1, offload.passes);
    assertEquals(1, server.connectionCount(), "waiting for the rest of its ClientHello");

    long idleTimeout = Loopback.config(Role.SERVER).idleTimeoutMicros();
    network.runFor(idleTimeout);

    assertEquals(0, server.connectionCount());
    assertEquals(1, server.counters().offLoopHandshakesExpired());
    assertEquals(0, server.counters().handshakesOffLoop());
    assertEquals(1, tapsClosed);
    assertEquals(-1, serversFirstAnswerMicros(), "nothing sent for half a ClientHello");
  }

  @Test
  void aConnectionRemovedDuringThePassIsLetGoWhenThePassEnds() {
    Endpoint<VirtualNetwork.Sender> server = server();
    connect();
    network.runFor(ONE_WAY_MICROS + 1_000); // the Initial arrived; its pass waits 5 ms
    assertEquals(1, server.connectionCount());

    server.removeAll();
    assertEquals(0, tapsClosed, "the pass may still be writing to the tap");
    network.runFor(10_000);

    assertEquals(1, offload.passes);
    assertEquals(1, tapsClosed, "closed once the pass was done");
    assertEquals(0, server.connectionCount());
    assertEquals(0, server.counters().handshakesOffLoop(), "not taken over after its removal");
    assertEquals(-1, serversFirstAnswerMicros(), "nothing sent for a removed connection");
  }
}
