package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.Fixtures.MOQT_ALPN;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tech.kwik.agent15.TlsConstants.SignatureScheme;

/**
 * The signature schemes a server certificate gets (what agent15's own factory chose), and
 * certificates other than P-256 still handshaking beside BouncyCastle's key exchange.
 */
class SignatureSchemesTest {
  @Test
  void eachEcCurveSignsWithItsOwnScheme() {
    assertEquals(List.of(SignatureScheme.ecdsa_secp256r1_sha256), schemesOf(ecKeys("secp256r1")));
    assertEquals(List.of(SignatureScheme.ecdsa_secp384r1_sha384), schemesOf(ecKeys("secp384r1")));
  }

  @Test
  void rsa2048PrefersPssWithSha256ThenOffersTheOthers() {
    assertEquals(
        List.of(
            SignatureScheme.rsa_pss_rsae_sha256,
            SignatureScheme.rsa_pss_rsae_sha384,
            SignatureScheme.rsa_pss_rsae_sha512),
        SignatureSchemes.forCertificate(Fixtures.RELAY.certificate()));
  }

  @ParameterizedTest
  @EnumSource(HandshakeCrypto.class)
  void aP384CertificateCompletesWithEitherCode(HandshakeCrypto crypto) {
    TestCertificates.Issued issued =
        TestCertificates.selfSigned(ecKeys("secp384r1"), "localhost", "localhost");
    TestCertificates.Pem pem = issued.writeTo(Fixtures.DIRECTORY, "p384-" + crypto);
    try (ServerTlsContext context =
        ServerTlsContext.fromPemFiles(
            pem.certificateFile(), pem.keyFile(), List.of(MOQT_ALPN), crypto)) {
      RecordingListener clientEvents = new RecordingListener();
      HandshakeSession client =
          new Agent15ClientSession(
              ClientTlsConfig.of(
                  "localhost",
                  List.of(MOQT_ALPN),
                  ServerTrust.certificatesIn(pem.certificateFile())),
              Fixtures.clientParameters(),
              clientEvents);
      HandshakeSession server =
          new Agent15ServerSession(context, Fixtures.serverParameters(), new RecordingListener());
      new CryptoPump(client, server).run();

      assertTrue(client.isComplete(), clientEvents.failures::toString);
      assertTrue(server.isComplete());
    }
  }

  private static List<SignatureScheme> schemesOf(KeyPair keys) {
    return SignatureSchemes.forCertificate(
        TestCertificates.selfSigned(keys, "localhost", "localhost").certificate());
  }

  private static KeyPair ecKeys(String curve) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(new ECGenParameterSpec(curve));
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
