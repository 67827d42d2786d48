package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.Fixtures.MOQT_ALPN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A relay renewing its certificate while it runs: handshakes that start after {@link
 * ServerTlsContext#replaceIdentity} present the new certificate, so a client pinning the old one
 * refuses them; a handshake that started before finishes with the old one.
 */
class ServerIdentityReplacementTest {
  private static final int BAD_CERTIFICATE = 0x12a;

  private final ServerTlsContext context = Fixtures.relayContext(List.of(MOQT_ALPN));

  @AfterEach
  void close() {
    context.close();
  }

  private static ClientTlsConfig trusting(TestCertificates.Pem pem) {
    return ClientTlsConfig.of(
        "localhost", List.of(MOQT_ALPN), ServerTrust.certificatesIn(pem.certificateFile()));
  }

  private HandshakeSession server(RecordingListener events) {
    return new Agent15ServerSession(context, Fixtures.serverParameters(), events);
  }

  private static HandshakeSession client(ClientTlsConfig config, RecordingListener events) {
    return new Agent15ClientSession(config, Fixtures.clientParameters(), events);
  }

  private void replaceWithStranger() {
    context.replaceIdentity(
        PemFiles.readCertificates(Fixtures.STRANGER_PEM.certificateFile()),
        PemFiles.readPrivateKey(Fixtures.STRANGER_PEM.keyFile()));
  }

  @Test
  void handshakesAfterTheReplacementPresentTheNewCertificate() {
    replaceWithStranger();

    RecordingListener pinsOld = new RecordingListener();
    HandshakeSession refused = client(trusting(Fixtures.RELAY_PEM), pinsOld);
    new CryptoPump(refused, server(new RecordingListener())).run();
    assertFalse(refused.isComplete(), "a client pinning the old certificate refuses the new one");
    assertEquals(BAD_CERTIFICATE, refused.failure().orElseThrow().errorCode());

    HandshakeSession served = client(trusting(Fixtures.STRANGER_PEM), new RecordingListener());
    new CryptoPump(served, server(new RecordingListener())).run();
    assertTrue(served.isComplete(), "a client pinning the new certificate is served");
  }

  @Test
  void aKeyThatIsNotTheCertificatesIsRefusedAndTheOldPairKept() {
    IllegalArgumentException refused =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                context.replaceIdentity(
                    PemFiles.readCertificates(Fixtures.STRANGER_PEM.certificateFile()),
                    PemFiles.readPrivateKey(Fixtures.RELAY_PEM.keyFile())));
    assertTrue(refused.getMessage().contains("do not go together"), refused.getMessage());

    HandshakeSession served = client(trusting(Fixtures.RELAY_PEM), new RecordingListener());
    new CryptoPump(served, server(new RecordingListener())).run();
    assertTrue(served.isComplete(), "still served with the old certificate");
  }

  @Test
  void aClosedContextTakesNoNewCertificate() {
    context.close();
    assertThrows(IllegalStateException.class, this::replaceWithStranger);
  }

  @Test
  void aHandshakeBegunBeforeTheReplacementKeepsTheOldCertificate() {
    HandshakeSession begun = server(new RecordingListener());
    replaceWithStranger();

    HandshakeSession client = client(trusting(Fixtures.RELAY_PEM), new RecordingListener());
    new CryptoPump(client, begun).run();

    assertTrue(client.isComplete(), "the old factory, disposed, still finishes its handshake");
    assertTrue(begun.isComplete());
  }
}
