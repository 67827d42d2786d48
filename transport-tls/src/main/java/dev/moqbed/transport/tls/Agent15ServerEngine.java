package dev.moqbed.transport.tls;

import java.io.IOException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import tech.kwik.agent15.ProtectionKeysType;
import tech.kwik.agent15.TlsConstants.NamedGroup;
import tech.kwik.agent15.TlsConstants.SignatureScheme;
import tech.kwik.agent15.TlsProtocolException;
import tech.kwik.agent15.alert.HandshakeFailureAlert;
import tech.kwik.agent15.engine.ServerMessageSender;
import tech.kwik.agent15.engine.TlsSessionRegistry;
import tech.kwik.agent15.engine.TlsStatusEventHandler;
import tech.kwik.agent15.engine.impl.TlsServerEngineImpl;
import tech.kwik.agent15.extension.Extension;
import tech.kwik.agent15.extension.KeyShareExtension;
import tech.kwik.agent15.handshake.ClientHello;

/**
 * agent15's server engine with cheaper public-key work: the ephemeral key pair, the shared secret
 * and the P-256 CertificateVerify by BouncyCastle ({@link HandshakeCrypto#BOUNCY_CASTLE}), and,
 * when the client sent key shares of both groups, X25519 chosen before P-256. agent15 takes the
 * client's first share it supports; a HelloRetryRequest is never needed for this, since only shares
 * the client sent are chosen among.
 */
final class Agent15ServerEngine extends TlsServerEngineImpl {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final boolean bouncyCastleKeys;
  private final boolean bouncyCastleSignature;

  Agent15ServerEngine(
      List<X509Certificate> chain,
      PrivateKey key,
      List<SignatureScheme> schemes,
      HandshakeCrypto crypto,
      ServerMessageSender sender,
      TlsStatusEventHandler events,
      TlsSessionRegistry registry) {
    super(chain, key, schemes, sender, events, registry);
    boolean bouncyCastle = crypto == HandshakeCrypto.BOUNCY_CASTLE;
    this.bouncyCastleKeys = bouncyCastle && EphemeralKeyProvider.usable();
    this.bouncyCastleSignature =
        bouncyCastle
            && key instanceof java.security.interfaces.ECPrivateKey
            && BcP256.isP256((java.security.interfaces.ECPrivateKey) key);
  }

  @Override
  public void received(ClientHello clientHello, ProtectionKeysType protectedBy)
      throws TlsProtocolException, IOException {
    preferX25519(clientHello.getExtensions());
    super.received(clientHello, protectedBy);
  }

  /**
   * Moves an X25519 share before a P-256 one in the parsed extension (the transcript hashes the
   * ClientHello's bytes as received, so only agent15's pick changes): X25519 costs the server less
   * than P-256 with either implementation.
   */
  static void preferX25519(List<Extension> extensions) {
    for (Extension extension : extensions) {
      if (extension instanceof KeyShareExtension) {
        List<KeyShareExtension.KeyShareEntry> entries =
            ((KeyShareExtension) extension).getKeyShareEntries();
        try {
          entries.sort(
              java.util.Comparator.comparingInt(
                  entry -> entry.getNamedGroup() == NamedGroup.x25519 ? 0 : 1));
        } catch (UnsupportedOperationException unmodifiable) {
          // A later agent15 that hands out a copy: its own pick, the client's order, stands.
        }
      }
    }
  }

  @Override
  protected void generateKeys(NamedGroup group) {
    EphemeralPair pair = null;
    if (bouncyCastleKeys && group == NamedGroup.secp256r1) {
      pair = BcP256.newPair(RANDOM);
    } else if (bouncyCastleKeys && group == NamedGroup.x25519) {
      pair = BcX25519.newPair(RANDOM);
    }
    if (pair == null) {
      super.generateKeys(group);
    } else {
      privateKey = pair.privateKey();
      publicKey = pair.publicKey();
    }
  }

  /** The ephemeral private key {@link #generateKeys} made last (tests tell whose it is). */
  PrivateKey ephemeralPrivateKey() {
    return privateKey;
  }

  @Override
  protected Signature getSignatureAlgorithm(SignatureScheme scheme) throws HandshakeFailureAlert {
    if (bouncyCastleSignature && scheme == SignatureScheme.ecdsa_secp256r1_sha256) {
      return new P256Signature();
    }
    return super.getSignatureAlgorithm(scheme);
  }
}
