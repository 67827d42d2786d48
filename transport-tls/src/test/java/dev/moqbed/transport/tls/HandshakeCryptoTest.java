package dev.moqbed.transport.tls;

import static dev.moqbed.transport.tls.EncryptionLevel.INITIAL;
import static dev.moqbed.transport.tls.EncryptionLevel.ONE_RTT;
import static dev.moqbed.transport.tls.Fixtures.MOQT_ALPN;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.List;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tech.kwik.agent15.TlsConstants.HandshakeType;
import tech.kwik.agent15.TlsConstants.NamedGroup;
import tech.kwik.agent15.extension.Extension;
import tech.kwik.agent15.extension.KeyShareExtension;

/**
 * The server's public-key work by BouncyCastle ({@link HandshakeCrypto}): each operation against
 * the JDK's, whole handshakes with the relay's kind of certificate (ECDSA P-256) and both key share
 * groups, and X25519 chosen when a client offers both.
 */
class HandshakeCryptoTest {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final TestCertificates.Issued EC_RELAY =
      TestCertificates.selfSigned(TestCertificates.ecKeys(), "localhost", "localhost");
  private static final TestCertificates.Pem EC_RELAY_PEM =
      EC_RELAY.writeTo(Fixtures.DIRECTORY, "ec-relay");
  private static ServerTlsContext bouncyCastle;

  @BeforeAll
  static void startRelay() {
    bouncyCastle = context(HandshakeCrypto.BOUNCY_CASTLE);
  }

  @AfterAll
  static void stopRelay() {
    bouncyCastle.close();
  }

  private static ServerTlsContext context(HandshakeCrypto crypto) {
    return ServerTlsContext.fromPemFiles(
        EC_RELAY_PEM.certificateFile(), EC_RELAY_PEM.keyFile(), List.of(MOQT_ALPN), crypto);
  }

  private static ClientTlsConfig client(KeyShareGroup group) {
    return ClientTlsConfig.of(
            "localhost",
            List.of(MOQT_ALPN),
            ServerTrust.certificatesIn(EC_RELAY_PEM.certificateFile()))
        .withKeyShare(group);
  }

  @Test
  void theProjectsKeyAgreementProviderIsReachedOnThisJdk() {
    assertTrue(EphemeralKeyProvider.usable());
  }

  @ParameterizedTest
  @EnumSource(KeyShareGroup.class)
  void theServersEphemeralKeyIsBouncyCastlesOnlyWhenChosen(KeyShareGroup group) {
    NamedGroup named = group == KeyShareGroup.X25519 ? NamedGroup.x25519 : NamedGroup.secp256r1;
    try (ServerTlsContext jdk = context(HandshakeCrypto.JDK)) {
      Agent15ServerEngine fast = (Agent15ServerEngine) bouncyCastle.newEngine(null, null);
      Agent15ServerEngine slow = (Agent15ServerEngine) jdk.newEngine(null, null);
      fast.generateKeys(named);
      slow.generateKeys(named);

      assertInstanceOf(EphemeralKey.class, fast.ephemeralPrivateKey());
      assertFalse(slow.ephemeralPrivateKey() instanceof EphemeralKey);
    }
  }

  @ParameterizedTest
  @EnumSource(HandshakeCrypto.class)
  void everyCombinationCompletesWithTheSameSecretsOnBothSides(HandshakeCrypto crypto) {
    try (ServerTlsContext context = context(crypto)) {
      for (KeyShareGroup group : KeyShareGroup.values()) {
        RecordingListener clientEvents = new RecordingListener();
        RecordingListener serverEvents = new RecordingListener();
        HandshakeSession client =
            new Agent15ClientSession(client(group), Fixtures.clientParameters(), clientEvents);
        HandshakeSession server =
            new Agent15ServerSession(context, Fixtures.serverParameters(), serverEvents);
        new CryptoPump(client, server).run();

        assertTrue(client.isComplete(), () -> group + ": " + clientEvents.failures);
        assertTrue(server.isComplete(), () -> group + ": " + serverEvents.failures);
        assertArrayEquals(
            clientEvents.secretsAt(ONE_RTT).serverSecret(),
            serverEvents.secretsAt(ONE_RTT).serverSecret());
      }
    }
  }

  @Test
  void p256SharedSecretIsTheJdksFromEitherSide() throws Exception {
    KeyPair jdk = p256Pair();
    EphemeralPair bc = BcP256.newPair(RANDOM);
    KeyAgreement agreement = KeyAgreement.getInstance("ECDH", "SunEC");
    agreement.init(jdk.getPrivate());
    agreement.doPhase(bc.publicKey(), true);

    byte[] ours =
        BcP256.sharedSecret(bc.privateKey().p256Scalar(), ((ECPublicKey) jdk.getPublic()).getW());

    assertArrayEquals(agreement.generateSecret(), ours);
    assertEquals(32, ours.length);
  }

  @Test
  void aP256KeyShareOffTheCurveIsRefused() {
    ECPoint valid = ((ECPublicKey) p256Pair().getPublic()).getW();
    ECPoint off = new ECPoint(valid.getAffineX(), valid.getAffineY().add(BigInteger.ONE));

    assertThrows(
        InvalidKeyException.class,
        () -> BcP256.sharedSecret(BcP256.newPair(RANDOM).privateKey().p256Scalar(), off));
  }

  @Test
  void theCertificateVerifySignatureVerifiesWithTheJdk() throws Exception {
    byte[] message = new byte[130];
    RANDOM.nextBytes(message);
    Signature signer = new P256Signature();
    signer.initSign(EC_RELAY.key());
    signer.update(message, 0, 64);
    signer.update(message, 64, 66);
    byte[] signature = signer.sign();

    Signature verifier = Signature.getInstance("SHA256withECDSA");
    verifier.initVerify(EC_RELAY.certificate().getPublicKey());
    verifier.update(message);
    assertTrue(verifier.verify(signature));
    assertTrue(BcP256.isP256((ECPrivateKey) EC_RELAY.key()));
  }

  @Test
  void x25519SharedSecretIsTheJdksFromEitherSide() throws Exception {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("XDH");
    generator.initialize(NamedParameterSpec.X25519);
    KeyPair jdk = generator.generateKeyPair();
    EphemeralPair bc = BcX25519.newPair(RANDOM);
    KeyAgreement agreement = KeyAgreement.getInstance("XDH", "SunEC");
    agreement.init(jdk.getPrivate());
    agreement.doPhase(bc.publicKey(), true);

    byte[] ours =
        BcX25519.sharedSecret(bc.privateKey().x25519Key(), ((XECPublicKey) jdk.getPublic()).getU());

    assertArrayEquals(agreement.generateSecret(), ours);
  }

  @Test
  void anX25519KeyShareOfSmallOrderIsRefused() {
    byte[] key = BcX25519.newPair(RANDOM).privateKey().x25519Key();

    assertThrows(InvalidKeyException.class, () -> BcX25519.sharedSecret(key, BigInteger.ZERO));
    assertThrows(InvalidKeyException.class, () -> BcX25519.sharedSecret(key, BigInteger.ONE));
  }

  @Test
  void x25519IsMovedBeforeP256AmongTheClientsShares() {
    KeyShareExtension shares =
        new KeyShareExtension(
            (ECPublicKey) p256Pair().getPublic(), NamedGroup.secp256r1, HandshakeType.client_hello);
    shares
        .getKeyShareEntries()
        .add(new KeyShareExtension.KeyShareEntry(NamedGroup.x25519, x25519Public()));

    Agent15ServerEngine.preferX25519(List.<Extension>of(shares));

    assertEquals(NamedGroup.x25519, shares.getKeyShareEntries().get(0).getNamedGroup());
    assertEquals(NamedGroup.secp256r1, shares.getKeyShareEntries().get(1).getNamedGroup());
  }

  /**
   * A ClientHello whose first share is P-256 and second X25519 (the project's client with a P-256
   * share spliced in before its own): the ServerHello answers in X25519.
   */
  @Test
  void aServerHelloToBothSharesIsInX25519() {
    HandshakeSession client =
        new Agent15ClientSession(
            client(KeyShareGroup.X25519), Fixtures.clientParameters(), new RecordingListener());
    client.start();
    byte[] hello = withP256ShareFirst(client.poll(INITIAL, Integer.MAX_VALUE));
    RecordingListener serverEvents = new RecordingListener();
    HandshakeSession server =
        new Agent15ServerSession(bouncyCastle, Fixtures.serverParameters(), serverEvents);

    server.receive(INITIAL, ByteBuffer.wrap(hello));
    byte[] serverHello = server.poll(INITIAL, Integer.MAX_VALUE);

    assertTrue(serverEvents.failures.isEmpty(), serverEvents.failures::toString);
    int keyShare = serverHelloExtensionOffset(serverHello, 0x0033);
    assertEquals(0x001d, ClientHelloBytes.uint16(serverHello, keyShare + 4), "X25519's code");
  }

  /** A share off the curve fails the handshake the same way with either code. */
  @ParameterizedTest
  @EnumSource(HandshakeCrypto.class)
  void aClientHelloWithAP256ShareOffTheCurveFailsWithInternalError(HandshakeCrypto crypto) {
    HandshakeSession client =
        new Agent15ClientSession(
            client(KeyShareGroup.SECP256R1), Fixtures.clientParameters(), new RecordingListener());
    client.start();
    byte[] hello = client.poll(INITIAL, Integer.MAX_VALUE);
    int keyShare = ClientHelloBytes.extensionOffset(hello, 0x0033);
    hello[keyShare + 4 + 2 + 4 + 64] ^= 1; // the last byte of the point's y coordinate
    RecordingListener serverEvents = new RecordingListener();
    try (ServerTlsContext context = context(crypto)) {
      HandshakeSession server =
          new Agent15ServerSession(context, Fixtures.serverParameters(), serverEvents);

      server.receive(INITIAL, ByteBuffer.wrap(hello));

      assertEquals(1, serverEvents.failures.size(), serverEvents.events::toString);
      assertEquals(
          0x0100 + 80,
          serverEvents.failures.get(0).errorCode(),
          () -> serverEvents.failures.toString());
    }
  }

  private static byte[] withP256ShareFirst(byte[] clientHello) {
    int keyShare = ClientHelloBytes.extensionOffset(clientHello, 0x0033);
    byte[] point = new byte[65];
    ECPoint w = ((ECPublicKey) p256Pair().getPublic()).getW();
    point[0] = 4;
    copyUnsigned(w.getAffineX(), point, 1);
    copyUnsigned(w.getAffineY(), point, 33);
    ByteBuffer entry = ByteBuffer.allocate(4 + point.length);
    entry.putShort((short) 0x0017).putShort((short) point.length).put(point);
    int added = entry.capacity();
    int sharesStart = keyShare + 4 + 2;
    byte[] out = new byte[clientHello.length + added];
    System.arraycopy(clientHello, 0, out, 0, sharesStart);
    System.arraycopy(entry.array(), 0, out, sharesStart, added);
    System.arraycopy(
        clientHello, sharesStart, out, sharesStart + added, clientHello.length - sharesStart);
    addTo(out, keyShare + 2, 2, added); // the extension's length
    addTo(out, keyShare + 4, 2, added); // client_shares' length
    addTo(out, extensionsLengthOffset(clientHello), 2, added);
    addTo(out, 1, 3, added); // the handshake message's length
    return out;
  }

  private static int extensionsLengthOffset(byte[] clientHello) {
    int at = 4 + 2 + 32;
    at += 1 + (clientHello[at] & 0xff);
    at += 2 + ClientHelloBytes.uint16(clientHello, at);
    return at + 1 + (clientHello[at] & 0xff);
  }

  private static int serverHelloExtensionOffset(byte[] serverHello, int type) {
    int at = 4 + 2 + 32;
    at += 1 + (serverHello[at] & 0xff); // legacy_session_id_echo
    at += 2 + 1; // cipher_suite, legacy_compression_method
    int end = at + 2 + ClientHelloBytes.uint16(serverHello, at);
    for (at += 2; at + 4 <= end; at += 4 + ClientHelloBytes.uint16(serverHello, at + 2)) {
      if (ClientHelloBytes.uint16(serverHello, at) == type) {
        return at;
      }
    }
    throw new AssertionError("no extension " + type + " in the ServerHello");
  }

  private static void addTo(byte[] bytes, int at, int width, int added) {
    long value = 0;
    for (int i = 0; i < width; i++) {
      value = (value << 8) | (bytes[at + i] & 0xff);
    }
    value += added;
    for (int i = width - 1; i >= 0; i--) {
      bytes[at + i] = (byte) value;
      value >>= 8;
    }
  }

  private static void copyUnsigned(BigInteger value, byte[] into, int at) {
    byte[] bytes = value.toByteArray();
    int length = Math.min(bytes.length, 32);
    System.arraycopy(bytes, bytes.length - length, into, at + 32 - length, length);
  }

  private static KeyPair p256Pair() {
    return TestCertificates.ecKeys();
  }

  private static java.security.PublicKey x25519Public() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("XDH");
      generator.initialize(NamedParameterSpec.X25519);
      return generator.generateKeyPair().getPublic();
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theSecretsDifferBetweenHandshakes() {
    byte[] first = oneRttServerSecret();
    assertFalse(Arrays.equals(first, oneRttServerSecret()));
  }

  private static byte[] oneRttServerSecret() {
    RecordingListener serverEvents = new RecordingListener();
    HandshakeSession client =
        new Agent15ClientSession(
            client(KeyShareGroup.SECP256R1), Fixtures.clientParameters(), new RecordingListener());
    HandshakeSession server =
        new Agent15ServerSession(bouncyCastle, Fixtures.serverParameters(), serverEvents);
    new CryptoPump(client, server).run();
    return serverEvents.secretsAt(ONE_RTT).serverSecret();
  }
}
