package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.EncryptionLevel.HANDSHAKE;
import static dev.moqbed.transport.tls.EncryptionLevel.INITIAL;
import static dev.moqbed.transport.tls.EncryptionLevel.ONE_RTT;
import static dev.moqbed.transport.tls.Fixtures.MOQT_ALPN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Client and server sessions handshaking in memory, CRYPTO bytes passed level by level. */
class HandshakeTest {
  private static ServerTlsContext relay;

  @BeforeAll
  static void startRelay() {
    relay = Fixtures.relayContext(List.of(MOQT_ALPN));
  }

  @AfterAll
  static void stopRelay() {
    relay.close();
  }

  /** One handshake: the two sessions, their listeners and the bytes that moved. */
  private static final class Run {
    final RecordingListener clientEvents = new RecordingListener();
    final RecordingListener serverEvents = new RecordingListener();
    final HandshakeSession client;
    final HandshakeSession server;
    final CryptoPump pump;

    Run(ClientTlsConfig config, ServerTlsContext context, int chunkBytes) {
      client = new Agent15ClientSession(config, Fixtures.clientParameters(), clientEvents);
      server = new Agent15ServerSession(context, Fixtures.serverParameters(), serverEvents);
      pump = new CryptoPump(client, server, chunkBytes).run();
    }
  }

  private static Run handshake(ClientTlsConfig config) {
    return new Run(config, relay, Integer.MAX_VALUE);
  }

  private static ClientTlsConfig relayClient() {
    return Fixtures.trustingRelay("localhost", List.of(MOQT_ALPN));
  }

  @Test
  void bothSidesDeriveTheSameHandshakeAndOneRttSecrets() {
    Run run = handshake(relayClient());

    for (EncryptionLevel level : List.of(HANDSHAKE, ONE_RTT)) {
      TrafficSecrets client = run.clientEvents.secretsAt(level);
      TrafficSecrets server = run.serverEvents.secretsAt(level);
      assertEquals(TlsCipherSuite.TLS_AES_128_GCM_SHA256, client.suite());
      assertEquals(client.suite(), server.suite());
      assertArrayEquals(client.clientSecret(), server.clientSecret(), level + " client secret");
      assertArrayEquals(client.serverSecret(), server.serverSecret(), level + " server secret");
      assertEquals(32, client.clientSecret().length);
      assertFalse(
          Arrays.equals(client.clientSecret(), client.serverSecret()),
          "each direction has its own secret");
    }
    assertFalse(
        Arrays.equals(
            run.clientEvents.secretsAt(HANDSHAKE).clientSecret(),
            run.clientEvents.secretsAt(ONE_RTT).clientSecret()));
  }

  @Test
  void transportParametersArriveIntactBothWays() {
    Run run = handshake(relayClient());

    assertEquals(Fixtures.clientParameters(), run.server.peerTransportParameters().orElseThrow());
    assertEquals(Fixtures.serverParameters(), run.client.peerTransportParameters().orElseThrow());
  }

  @Test
  void theServersPreferredProtocolAmongTheClientsOffersIsNegotiated() {
    try (ServerTlsContext context = Fixtures.relayContext(List.of(MOQT_ALPN, "h3"))) {
      Run run =
          new Run(
              Fixtures.trustingRelay("localhost", List.of("h3", "moq-01", MOQT_ALPN)),
              context,
              Integer.MAX_VALUE);

      assertEquals(MOQT_ALPN, run.client.applicationProtocol().orElseThrow());
      assertEquals(MOQT_ALPN, run.server.applicationProtocol().orElseThrow());
    }
  }

  @Test
  void eventsComeInHandshakeOrderAndTheClientConfirmsOnHandshakeDone() {
    Run run = handshake(relayClient());

    assertEquals(
        List.of("secrets HANDSHAKE", "secrets ONE_RTT", "complete", "confirmed"),
        run.serverEvents.events);
    assertEquals(
        List.of("secrets HANDSHAKE", "secrets ONE_RTT", "complete"), run.clientEvents.events);
    assertTrue(run.client.isComplete());
    assertFalse(run.client.isConfirmed());

    run.client.handshakeDoneReceived();

    assertTrue(run.client.isConfirmed());
    assertTrue(run.server.isConfirmed());
    assertEquals("confirmed", run.clientEvents.events.get(3));
  }

  @ParameterizedTest
  @EnumSource(TlsCipherSuite.class)
  void eachCipherSuiteNegotiatesWhenItIsTheOnlyOneOffered(TlsCipherSuite suite) {
    Run run = handshake(relayClient().withCipherSuites(List.of(suite)));

    int hashBytes = suite == TlsCipherSuite.TLS_AES_256_GCM_SHA384 ? 48 : 32;
    for (EncryptionLevel level : List.of(HANDSHAKE, ONE_RTT)) {
      TrafficSecrets client = run.clientEvents.secretsAt(level);
      TrafficSecrets server = run.serverEvents.secretsAt(level);
      assertEquals(suite, client.suite());
      assertEquals(suite, server.suite());
      assertEquals(hashBytes, client.serverSecret().length);
      assertArrayEquals(client.serverSecret(), server.serverSecret());
      assertArrayEquals(client.clientSecret(), server.clientSecret());
    }
  }

  @ParameterizedTest
  @EnumSource(KeyShareGroup.class)
  void eitherKeyShareGroupCompletes(KeyShareGroup group) {
    Run run = handshake(relayClient().withKeyShare(group));

    assertTrue(run.client.isComplete());
    assertTrue(run.server.isComplete());
  }

  @Test
  void messagesSplitIntoSingleBytesAreReassembled() {
    Run run = new Run(relayClient(), relay, 1);

    assertTrue(run.client.isComplete());
    assertTrue(run.server.isComplete());
    assertArrayEquals(
        run.clientEvents.secretsAt(ONE_RTT).serverSecret(),
        run.serverEvents.secretsAt(ONE_RTT).serverSecret());
  }

  @Test
  void anEcCertificateSignedByATrustedAuthorityIsAccepted() {
    TestCertificates.Issued authority =
        TestCertificates.authority(TestCertificates.ecKeys(), "moqbed test CA");
    TestCertificates.Issued leaf =
        TestCertificates.signedBy(
            authority, TestCertificates.ecKeys(), "relay.example", "relay.example");
    TestCertificates.Pem leafFiles =
        leaf.writeTo(Fixtures.DIRECTORY, "ca-leaf", authority.certificate());
    TestCertificates.Pem authorityFiles = authority.writeTo(Fixtures.DIRECTORY, "ca");
    try (ServerTlsContext context =
        ServerTlsContext.fromPemFiles(
            leafFiles.certificateFile(), leafFiles.keyFile(), List.of(MOQT_ALPN))) {
      ClientTlsConfig config =
          ClientTlsConfig.of(
              "relay.example",
              List.of(MOQT_ALPN),
              ServerTrust.certificatesIn(authorityFiles.certificateFile()));

      Run run = new Run(config, context, Integer.MAX_VALUE);

      assertTrue(run.client.isComplete(), () -> run.clientEvents.failures.toString());
      assertTrue(run.server.isComplete());
    }
  }

  @Test
  void anInsecureClientTakesAnyCertificateForAnyName() {
    ClientTlsConfig config =
        ClientTlsConfig.of("relay.elsewhere", List.of(MOQT_ALPN), ServerTrust.insecure());

    Run run = handshake(config);

    assertTrue(run.client.isComplete());
  }

  @Test
  void cryptoStreamOffsetsCountWhatWasPolled() {
    Run run = handshake(relayClient());

    for (EncryptionLevel level : EncryptionLevel.values()) {
      assertEquals(run.pump.clientSent.get(level), run.client.sendOffset(level));
      assertEquals(run.pump.serverSent.get(level), run.server.sendOffset(level));
      assertEquals(0, run.client.pendingBytes(level));
    }
  }

  /**
   * What a real flight costs, next to the picotls flight sizes QuicConnection models
   * (CLIENT_INITIAL_CRYPTO_BYTES 280, SERVER_INITIAL 126, SERVER_HANDSHAKE 1258, CLIENT_HANDSHAKE
   * 36). The certificate is the relay's kind (RSA 2048, self-signed); docs/transport/tls.md keeps
   * the numbers this prints.
   */
  @Test
  void cryptoBytesPerLevel() {
    for (KeyShareGroup group : KeyShareGroup.values()) {
      Run run = handshake(relayClient().withKeyShare(group));
      long clientInitial = run.pump.clientSent.get(INITIAL);
      long serverInitial = run.pump.serverSent.get(INITIAL);
      long serverHandshake = run.pump.serverSent.get(HANDSHAKE);
      long clientHandshake = run.pump.clientSent.get(HANDSHAKE);
      long serverOneRtt = run.pump.serverSent.get(ONE_RTT);
      System.out.printf(
          "CRYPTO bytes (%s key share): client Initial %d, server Initial %d, server Handshake"
              + " %d, client Handshake %d, server 1-RTT %d, client 1-RTT %d%n",
          group,
          clientInitial,
          serverInitial,
          serverHandshake,
          clientHandshake,
          serverOneRtt,
          run.pump.clientSent.get(ONE_RTT));
      // The Finished messages are exact: a 4-byte header and a SHA-256 HMAC.
      assertEquals(36, clientHandshake);
      // ServerHello: fixed fields, supported_versions and one key share (65 or 32 bytes).
      assertEquals(group == KeyShareGroup.SECP256R1 ? 123 : 90, serverInitial);
      // The RSA-2048 certificate alone is about 800 bytes; its signature 256.
      assertTrue(
          serverHandshake > 1000 && serverHandshake < 1600, "server flight " + serverHandshake);
      assertTrue(clientInitial > 150 && clientInitial < 400, "ClientHello " + clientInitial);
      assertEquals(0, run.pump.clientSent.get(ONE_RTT));
    }
  }
}
