package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.EncryptionLevel.HANDSHAKE;
import static dev.moqbed.transport.tls.EncryptionLevel.INITIAL;
import static dev.moqbed.transport.tls.EncryptionLevel.ONE_RTT;
import static dev.moqbed.transport.tls.Fixtures.MOQT_ALPN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every way a handshake ends early ends with the QUIC error RFC 9001 gives it (CRYPTO_ERROR is
 * 0x0100 plus the TLS alert), reported once, with no exception out of {@code receive}.
 */
class HandshakeFailureTest {
  private static final int UNEXPECTED_MESSAGE = 0x10a;
  private static final int BAD_CERTIFICATE = 0x12a;
  private static final int CERTIFICATE_UNKNOWN = 0x12e;
  private static final int DECODE_ERROR = 0x132;
  private static final int MISSING_EXTENSION = 0x16d;
  private static final int NO_APPLICATION_PROTOCOL = 0x178;
  private static final int TRANSPORT_PARAMETER_ERROR = 0x08;
  private static final int PROTOCOL_VIOLATION = 0x0a;
  private static final int CRYPTO_BUFFER_EXCEEDED = 0x0d;

  private static ServerTlsContext relay;

  private final RecordingListener clientEvents = new RecordingListener();
  private final RecordingListener serverEvents = new RecordingListener();

  @BeforeAll
  static void startRelay() {
    relay = Fixtures.relayContext(List.of(MOQT_ALPN));
  }

  @AfterAll
  static void stopRelay() {
    relay.close();
  }

  private HandshakeSession client(ClientTlsConfig config) {
    return new Agent15ClientSession(config, Fixtures.clientParameters(), clientEvents);
  }

  private HandshakeSession client() {
    return client(Fixtures.trustingRelay("localhost", List.of(MOQT_ALPN)));
  }

  private HandshakeSession server() {
    return new Agent15ServerSession(relay, Fixtures.serverParameters(), serverEvents);
  }

  private static byte[] clientHello(HandshakeSession client) {
    client.start();
    return client.poll(INITIAL, Integer.MAX_VALUE);
  }

  private static void feed(HandshakeSession session, EncryptionLevel level, byte[] bytes) {
    session.receive(level, ByteBuffer.wrap(bytes));
  }

  private static void assertFailed(
      long expectedCode, HandshakeSession session, RecordingListener events) {
    HandshakeFailure failure =
        session.failure().orElseThrow(() -> new AssertionError("no failure"));
    assertEquals(
        expectedCode,
        failure.errorCode(),
        () -> "expected 0x" + Long.toHexString(expectedCode) + ", got " + failure);
    assertEquals(List.of(failure), events.failures, "reported once");
    assertFalse(session.isComplete());
    for (EncryptionLevel level : EncryptionLevel.values()) {
      assertEquals(0, session.pendingBytes(level), "nothing more to send after failing");
    }
  }

  @Test
  void aClientOfferingOnlyOtherProtocolsIsRefusedWithNoApplicationProtocol() {
    HandshakeSession client = client(Fixtures.trustingRelay("localhost", List.of("h3")));
    HandshakeSession server = server();

    new CryptoPump(client, server).run();

    assertFailed(NO_APPLICATION_PROTOCOL, server, serverEvents);
    assertTrue(client.failure().isEmpty(), "the client hears of it in CONNECTION_CLOSE");
    assertFalse(client.isComplete());
  }

  @Test
  void aCertificateOutsideTheTrustAnchorsIsABadCertificate() {
    ClientTlsConfig trustsSomeoneElse =
        ClientTlsConfig.of(
            "localhost",
            List.of(MOQT_ALPN),
            ServerTrust.certificatesIn(Fixtures.STRANGER_PEM.certificateFile()));
    HandshakeSession client = client(trustsSomeoneElse);

    new CryptoPump(client, server()).run();

    assertFailed(BAD_CERTIFICATE, client, clientEvents);
    // The handshake secrets came before the certificate; the 1-RTT ones never do.
    assertEquals(List.of("secrets HANDSHAKE", "failed"), clientEvents.events);
  }

  @Test
  void aTrustedCertificateForAnotherNameIsCertificateUnknown() {
    HandshakeSession client =
        client(Fixtures.trustingRelay("relay.example.org", List.of(MOQT_ALPN)));

    new CryptoPump(client, server()).run();

    assertFailed(CERTIFICATE_UNKNOWN, client, clientEvents);
  }

  @Test
  void garbageWhereAClientHelloShouldStartIsAnUnexpectedMessage() {
    HandshakeSession server = server();

    feed(server, INITIAL, new byte[] {0x16, 0x03, 0x01, 0x00, 0x40, 0x01, 0x00});

    assertFailed(UNEXPECTED_MESSAGE, server, serverEvents);
  }

  @Test
  void aClientHelloFullOfGarbageIsADecodeError() {
    byte[] message = new byte[4 + 200];
    message[0] = 1;
    message[3] = (byte) 200;
    for (int i = 4; i < message.length; i++) {
      message[i] = (byte) (i * 37 + 11);
    }
    HandshakeSession server = server();

    feed(server, INITIAL, message);

    assertFailed(DECODE_ERROR, server, serverEvents);
  }

  @Test
  void aServerHelloCutShortInsideItsOwnLengthIsADecodeError() {
    HandshakeSession client = client();
    HandshakeSession server = server();
    feed(server, INITIAL, clientHello(client));
    byte[] serverHello = server.poll(INITIAL, Integer.MAX_VALUE);

    int cut = 20;
    byte[] truncated = Arrays.copyOf(serverHello, serverHello.length - cut);
    int bodyLength = serverHello.length - 4 - cut;
    truncated[1] = (byte) (bodyLength >> 16);
    truncated[2] = (byte) (bodyLength >> 8);
    truncated[3] = (byte) bodyLength;
    feed(client, INITIAL, truncated);

    assertFailed(DECODE_ERROR, client, clientEvents);
  }

  @Test
  void aMessageStillArrivingIsWaitedForNotRefused() {
    HandshakeSession client = client();
    HandshakeSession server = server();
    byte[] hello = clientHello(client);

    feed(server, INITIAL, Arrays.copyOf(hello, 100));

    assertTrue(server.failure().isEmpty());
    assertEquals(0, server.pendingBytes(INITIAL));
    feed(server, INITIAL, Arrays.copyOfRange(hello, 100, hello.length));
    assertTrue(server.pendingBytes(INITIAL) > 0, "ServerHello written once the rest came");
  }

  @Test
  void aMessageLargerThanTheReaderBuffersIsCryptoBufferExceeded() {
    HandshakeSession server = server();

    feed(server, INITIAL, new byte[] {0x01, 0x10, 0x00, 0x00});

    assertFailed(CRYPTO_BUFFER_EXCEEDED, server, serverEvents);
  }

  @Test
  void aTlsKeyUpdateIsAnUnexpectedMessageInQuic() {
    HandshakeSession client = client();
    new CryptoPump(client, server()).run();
    assertTrue(client.isComplete());

    // RFC 9001 §6: KeyUpdate is forbidden; 0x010a.
    feed(client, ONE_RTT, new byte[] {24, 0, 0, 1, 0});

    assertFailed(UNEXPECTED_MESSAGE, client, clientEvents);
  }

  @Test
  void aServerFlightAtTheWrongLevelIsAnUnexpectedMessage() {
    HandshakeSession client = client();
    HandshakeSession server = server();
    feed(server, INITIAL, clientHello(client));
    feed(client, INITIAL, server.poll(INITIAL, Integer.MAX_VALUE));

    // EncryptedExtensions belongs in Handshake packets.
    feed(client, INITIAL, server.poll(HANDSHAKE, Integer.MAX_VALUE));

    assertFailed(UNEXPECTED_MESSAGE, client, clientEvents);
  }

  @Test
  void aServerHelloSentToAServerIsAnUnexpectedMessage() {
    HandshakeSession otherServer = server();
    feed(otherServer, INITIAL, clientHello(client()));
    byte[] serverHello = otherServer.poll(INITIAL, Integer.MAX_VALUE);
    RecordingListener events = new RecordingListener();
    HandshakeSession server = new Agent15ServerSession(relay, Fixtures.serverParameters(), events);

    feed(server, INITIAL, serverHello);

    assertFailed(UNEXPECTED_MESSAGE, server, events);
  }

  @Test
  void aClientHelloWithoutTransportParametersIsMissingExtension() {
    byte[] hello = clientHello(client());
    int at = ClientHelloBytes.extensionOffset(hello, QuicTransportParametersExtension.CODEPOINT);
    assertTrue(at > 0);
    // Renamed to an unknown extension, which TLS skips: the parameters are simply absent.
    hello[at + 1] = 0x3a;
    HandshakeSession server = server();

    feed(server, INITIAL, hello);

    assertFailed(MISSING_EXTENSION, server, serverEvents);
  }

  @Test
  void invalidTransportParametersAreATransportParameterError() {
    HandshakeSession client =
        new Agent15ClientSession(
            Fixtures.trustingRelay("localhost", List.of(MOQT_ALPN)),
            Fixtures.clientParameters().ackDelayExponent(20),
            clientEvents);
    byte[] hello = clientHello(client);
    int at = ClientHelloBytes.extensionOffset(hello, QuicTransportParametersExtension.CODEPOINT);
    int end = at + 4 + ClientHelloBytes.uint16(hello, at + 2);
    // ack_delay_exponent (id 0x0a, length 1, value 20) becomes 21, above §18.2's limit.
    int value = indexOf(hello, new byte[] {0x0a, 0x01, 0x14}, at + 4, end) + 2;
    hello[value] = 0x15;
    HandshakeSession server = server();

    feed(server, INITIAL, hello);

    assertFailed(TRANSPORT_PARAMETER_ERROR, server, serverEvents);
  }

  @Test
  void aHandshakeDoneFromAClientIsAProtocolViolation() {
    HandshakeSession server = server();
    new CryptoPump(client(), server).run();

    server.handshakeDoneReceived();

    assertFailed(PROTOCOL_VIOLATION, server, serverEvents);
  }

  @Test
  void inputAfterAFailureIsIgnored() {
    HandshakeSession server = server();
    feed(server, INITIAL, new byte[] {0x02, 0x00, 0x00, 0x01, 0x00});
    assertFailed(UNEXPECTED_MESSAGE, server, serverEvents);

    ByteBuffer validHello = ByteBuffer.wrap(clientHello(client()));
    server.receive(INITIAL, validHello);

    assertFalse(validHello.hasRemaining(), "consumed");
    assertFailed(UNEXPECTED_MESSAGE, server, serverEvents);
  }

  @Test
  void noBytesCrossAfterEitherSideFailed() {
    HandshakeSession client = client(Fixtures.trustingRelay("localhost", List.of("h3")));
    HandshakeSession server = server();
    Map<EncryptionLevel, Long> sent = new EnumMap<>(EncryptionLevel.class);
    feed(server, INITIAL, clientHello(client));

    assertFalse(CryptoPump.move(server, client, sent, Integer.MAX_VALUE));
  }

  private static int indexOf(byte[] haystack, byte[] needle, int from, int to) {
    for (int i = from; i + needle.length <= to; i++) {
      if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    throw new AssertionError("not found");
  }
}
