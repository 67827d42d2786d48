package dev.moqbed.transport.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.quic.ByteSlice;
import dev.moqbed.transport.quic.ConnectionConfig;
import dev.moqbed.transport.quic.DatagramPayload;
import dev.moqbed.transport.quic.QuicConnection;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.wire.TransportParameters;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Two {@link QuicConnection}s speaking real QUIC v1 to each other in memory: agent15's TLS 1.3,
 * AEAD packet protection, the codec's bytes. Each test plays one exchange: the client opens a
 * bidirectional stream (the server answers on it once the client's FIN arrives) and a
 * unidirectional one, the server a unidirectional one, and each sends a DATAGRAM; the bytes are
 * compared with what was written.
 */
class RealQuicConnectionTest {
  private static final String ALPN = Fixtures.MOQT_ALPN;
  private static final long LIMIT_MICROS = 20_000_000;

  private static final byte[] CLIENT_BIDI = bytes(1, 40_000);
  private static final byte[] CLIENT_UNI = bytes(2, 5_000);
  private static final byte[] SERVER_ANSWER = bytes(3, 20_000);
  private static final byte[] SERVER_UNI = bytes(4, 30_000);
  private static final byte[] CLIENT_DATAGRAM = bytes(5, 300);
  private static final byte[] SERVER_DATAGRAM = bytes(6, 200);

  private static final ServerTlsContext RELAY = Fixtures.relayContext(List.of(ALPN));

  /** The server's limits differ from the client's, so each end shows it took the other's. */
  private static ConnectionConfig clientConfig() {
    return ConnectionConfig.builder(Role.CLIENT).maxDatagramFrameSizeBytes(1_200).build();
  }

  private static ConnectionConfig serverConfig() {
    return ConnectionConfig.builder(Role.SERVER)
        .maxDatagramFrameSizeBytes(1_100)
        .initialMaxData(3_000_000)
        .idleTimeoutMicros(20_000_000)
        .build();
  }

  private static InMemoryQuicPair pair(ClientTlsConfig clientTls) {
    return new InMemoryQuicPair(clientConfig(), clientTls, serverConfig(), RELAY);
  }

  private static InMemoryQuicPair trustingPair() {
    return pair(Fixtures.trustingRelay("localhost", List.of(ALPN)));
  }

  @Test
  void handshakeCompletesAndStreamsAndDatagramsArriveIntact() {
    InMemoryQuicPair pair = trustingPair();
    playExchange(pair);

    assertTrue(pair.client.connection().isReady());
    assertTrue(pair.server.connection().isReady());
    assertTrue(
        pair.client.handshake().session().isConfirmed(), "HANDSHAKE_DONE reached the client");
    assertTrue(pair.server.handshake().session().isConfirmed());
    assertEquals(ALPN, pair.client.handshake().session().applicationProtocol().orElseThrow());
    assertEquals(ALPN, pair.server.handshake().session().applicationProtocol().orElseThrow());
    TransportParameters seenByClient =
        pair.client.handshake().session().peerTransportParameters().orElseThrow();
    TransportParameters seenByServer =
        pair.server.handshake().session().peerTransportParameters().orElseThrow();
    assertEquals(3_000_000, seenByClient.initialMaxData());
    assertEquals(1_100, seenByClient.maxDatagramFrameSize());
    assertEquals(20_000, seenByClient.maxIdleTimeoutMillis());
    assertEquals(InMemoryQuicPair.SERVER_ID, seenByClient.initialSourceConnectionId());
    assertEquals(InMemoryQuicPair.SERVER_ID, seenByClient.originalDestinationConnectionId());
    assertEquals(clientConfig().initialMaxData(), seenByServer.initialMaxData());
    assertEquals(1_200, seenByServer.maxDatagramFrameSize());
    assertEquals(InMemoryQuicPair.CLIENT_ID, seenByServer.initialSourceConnectionId());
    assertEquals(0, pair.client.codec().packetsDropped() + pair.server.codec().packetsDropped());
    // The client is ready one round trip after it starts: its Finished and data leave at 20 ms.
    assertEquals(2 * InMemoryQuicPair.ONE_WAY_DELAY_MICROS, pair.clientApp.readyMicros);
    System.out.printf(
        "exchange: client ready %d us, server ready %d us, done %d us, %d+%d datagrams%n",
        pair.clientApp.readyMicros,
        pair.serverApp.readyMicros,
        pair.now,
        pair.client.connection().stats().datagramsSent(),
        pair.server.connection().stats().datagramsSent());
  }

  @Test
  void everyCipherSuiteCarriesTheExchange() {
    for (TlsCipherSuite suite : TlsCipherSuite.values()) {
      InMemoryQuicPair pair =
          pair(Fixtures.trustingRelay("localhost", List.of(ALPN)).withCipherSuites(List.of(suite)));
      playExchange(pair);
      assertEquals(0, pair.server.codec().packetsDropped(), suite.toString());
    }
  }

  @Test
  void lostDatagramsDuringTheHandshakeAndTheTransferAreRecovered() {
    InMemoryQuicPair pair = trustingPair();
    // The client's first Initial (ClientHello), the server's second handshake datagram (part of
    // its certificate flight), and a datagram of each direction during the transfer.
    pair.dropToServer = index -> index == 0 || index == 6;
    pair.dropToClient = index -> index == 1 || index == 9;
    playExchange(pair);
    assertEquals(4, pair.dropped);
    System.out.printf(
        "with 4 datagrams dropped: done at %d us, client lost %d packets, server %d%n",
        pair.now,
        pair.client.connection().stats().packetsLost(),
        pair.server.connection().stats().packetsLost());
    assertTrue(pair.client.connection().stats().packetsLost() > 0);
  }

  @Test
  void aTamperedPacketIsDroppedAndTheConnectionSurvives() {
    InMemoryQuicPair pair = trustingPair();
    pair.tamperToServer = index -> index == 5;
    playExchange(pair);
    assertEquals(1, pair.server.codec().packetsDropped());
    assertTrue(pair.server.connection().isReady());
    // A datagram whose header does not parse (a long header cut after its first byte): dropped.
    pair.server.receive(
        pair.now,
        java.nio.ByteBuffer.wrap(new byte[] {(byte) 0xc0}),
        dev.moqbed.transport.EcnMark.NOT_ECT);
    assertEquals(1, pair.server.malformedDatagrams());
    assertTrue(pair.server.connection().isReady());
  }

  @Test
  void noDatagramGoesToAPeerThatTakesNone() {
    // picoquic's server default: max_datagram_frame_size 0, so DATAGRAM is not supported.
    ConnectionConfig noDatagrams =
        ConnectionConfig.builder(Role.SERVER).maxDatagramFrameSizeBytes(0).build();
    InMemoryQuicPair pair =
        new InMemoryQuicPair(
            clientConfig(), Fixtures.trustingRelay("localhost", List.of(ALPN)), noDatagrams, RELAY);
    pair.clientApp.onReady =
        (connection, now) -> connection.sendDatagram(DatagramPayload.of(CLIENT_DATAGRAM));
    pair.runUntil(() -> false, 500_000);
    assertTrue(pair.server.connection().isReady());
    assertTrue(pair.serverApp.datagrams.isEmpty());
    assertEquals(-1, pair.serverApp.closedCode, "no DATAGRAM frame reached it to refuse");
    assertEquals(0, pair.server.malformedDatagrams());

    // A DATAGRAM frame it never allowed, in a packet the client's keys protect: the server closes
    // with the decoder's error code, and the client hears it.
    dev.moqbed.transport.quic.Frame.Datagram frame =
        new dev.moqbed.transport.quic.Frame.Datagram(DatagramPayload.of(CLIENT_DATAGRAM));
    dev.moqbed.transport.quic.QuicPacket forged =
        new dev.moqbed.transport.quic.QuicPacket(
            dev.moqbed.cc.PacketSpace.APPLICATION, 1_000_000, 4, List.of(frame), 0);
    java.nio.ByteBuffer bytes = pair.client.codec().encode(List.of(forged));
    pair.clientMuted = true; // its keys sealed number 1,000,000: it may not seal lower ones now
    pair.server.receive(pair.now, bytes, dev.moqbed.transport.EcnMark.NOT_ECT);
    assertEquals(0, pair.server.malformedDatagrams(), "an authenticated packet: not dropped");
    assertTrue(pair.runUntil(() -> pair.clientApp.closedCode >= 0, pair.now + 1_000_000));
    long code = pair.clientApp.closedCode;
    assertTrue(code == 0x07 || code == 0x0a, "FRAME_ENCODING_ERROR or PROTOCOL_VIOLATION: " + code);
    assertEquals(
        0,
        pair.client
            .handshake()
            .session()
            .peerTransportParameters()
            .orElseThrow()
            .maxDatagramFrameSize());
  }

  @Test
  void cryptoDataTooFarOutOfOrderClosesWithCryptoBufferExceeded() {
    InMemoryQuicPair pair = trustingPair();
    pair.client
        .handshake()
        .onCryptoFrame(
            0,
            dev.moqbed.cc.PacketSpace.INITIAL,
            new dev.moqbed.transport.quic.Frame.Crypto(100_000, 10, ByteSlice.of(new byte[10])));
    assertEquals(
        0x0d,
        pair.client.handshake().failure().orElseThrow().errorCode(),
        "CRYPTO_BUFFER_EXCEEDED");
    boolean closed = pair.runUntil(() -> pair.serverApp.closedCode >= 0, LIMIT_MICROS);
    assertTrue(closed);
    assertEquals(0x0d, pair.serverApp.closedCode, "the close reached the server in an Initial");
  }

  @Test
  void aServerOutsideTheClientsTrustClosesWithACryptoError() {
    ClientTlsConfig trustingStranger =
        ClientTlsConfig.of(
            "localhost",
            List.of(ALPN),
            ServerTrust.certificatesIn(Fixtures.STRANGER_PEM.certificateFile()));
    InMemoryQuicPair pair = pair(trustingStranger);
    boolean closed =
        pair.runUntil(
            () -> pair.clientApp.closedCode >= 0 && pair.serverApp.closedCode >= 0, LIMIT_MICROS);
    assertTrue(closed, "both ends closed");
    HandshakeFailure failure = pair.client.handshake().failure().orElseThrow();
    long code = failure.errorCode();
    assertTrue(failure.isCryptoError(), "CRYPTO_ERROR, got 0x" + Long.toHexString(code));
    // The close went on the wire in a Handshake packet: the server read the client's code.
    assertEquals(code, pair.serverApp.closedCode);
    System.out.printf(
        "untrusted server: client closed with 0x%x (%s) at %d us%n",
        code, failure.reason(), pair.now);
    assertEquals(-1, pair.clientApp.readyMicros);
    assertEquals(-1, pair.serverApp.readyMicros);
  }

  /** Plays the exchange to its end and checks every byte. */
  private static void playExchange(InMemoryQuicPair pair) {
    pair.clientApp.onReady =
        (connection, now) -> {
          long bidi = connection.openBidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
          connection.write(bidi, ByteSlice.of(CLIENT_BIDI));
          connection.finish(bidi);
          long uni = connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
          connection.write(uni, ByteSlice.of(CLIENT_UNI));
          connection.finish(uni);
          connection.sendDatagram(DatagramPayload.of(CLIENT_DATAGRAM));
        };
    pair.serverApp.onReady =
        (connection, now) -> {
          long uni = connection.openUnidirectionalStream(QuicConnection.DEFAULT_STREAM_PRIORITY);
          connection.write(uni, ByteSlice.of(SERVER_UNI));
          connection.finish(uni);
          connection.sendDatagram(DatagramPayload.of(SERVER_DATAGRAM));
        };
    pair.serverApp.onFin =
        (connection, streamId) -> {
          if (streamId == 0) {
            connection.write(0, ByteSlice.of(SERVER_ANSWER));
            connection.finish(0);
          }
        };
    boolean done =
        pair.runUntil(
            () ->
                pair.serverApp.finished.containsAll(List.of(0L, 2L))
                    && pair.clientApp.finished.containsAll(List.of(0L, 3L))
                    && !pair.clientApp.datagrams.isEmpty()
                    && !pair.serverApp.datagrams.isEmpty(),
            LIMIT_MICROS);
    assertTrue(done, "the exchange ended by " + pair.now + " µs");
    assertArrayEquals(CLIENT_BIDI, pair.serverApp.stream(0));
    assertArrayEquals(CLIENT_UNI, pair.serverApp.stream(2));
    assertArrayEquals(SERVER_ANSWER, pair.clientApp.stream(0));
    assertArrayEquals(SERVER_UNI, pair.clientApp.stream(3));
    assertArrayEquals(CLIENT_DATAGRAM, pair.serverApp.datagrams.get(0));
    assertArrayEquals(SERVER_DATAGRAM, pair.clientApp.datagrams.get(0));
    assertEquals(-1, pair.clientApp.closedCode);
    assertEquals(-1, pair.serverApp.closedCode);
  }

  private static byte[] bytes(long seed, int length) {
    byte[] bytes = new byte[length];
    new SplittableRandom(seed).nextBytes(bytes);
    return bytes;
  }
}
