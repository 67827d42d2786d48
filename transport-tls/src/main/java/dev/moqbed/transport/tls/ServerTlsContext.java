package dev.moqbed.transport.tls;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import tech.kwik.agent15.engine.ServerMessageSender;
import tech.kwik.agent15.engine.TlsServerEngine;
import tech.kwik.agent15.engine.TlsStatusEventHandler;

/**
 * What every server handshake of one relay shares: its certificate chain and private key, the
 * application protocols it speaks (in preference order), the cipher suites it accepts and whose
 * code does the handshake's public-key work ({@link HandshakeCrypto}).
 *
 * <p>It owns an engine factory, whose session-ticket registry runs a (non-daemon) clean-up thread
 * from construction on: {@link #close} the context when the server stops.
 */
public final class ServerTlsContext implements AutoCloseable {
  // Replaced whole when the certificate is renewed; each handshake reads it once.
  private volatile ServerEngineFactory factory;
  // Guarded by this: a factory made after close would start a ticket thread nobody stops.
  private boolean closed;
  private final List<String> applicationProtocols;
  private final List<TlsCipherSuite> cipherSuites;
  private final HandshakeCrypto crypto;

  private ServerTlsContext(
      ServerEngineFactory factory,
      List<String> applicationProtocols,
      List<TlsCipherSuite> cipherSuites,
      HandshakeCrypto crypto) {
    this.factory = factory;
    this.applicationProtocols = applicationProtocols;
    this.cipherSuites = cipherSuites;
    this.crypto = crypto;
  }

  /** The certificate chain and PKCS#8 key in these PEM files, every suite of this module. */
  public static ServerTlsContext fromPemFiles(
      Path certificateFile, Path keyFile, List<String> applicationProtocols) {
    return fromPemFiles(
        certificateFile, keyFile, applicationProtocols, HandshakeCrypto.BOUNCY_CASTLE);
  }

  /** As {@link #fromPemFiles(Path, Path, List)}, with the handshake's public-key code chosen. */
  public static ServerTlsContext fromPemFiles(
      Path certificateFile,
      Path keyFile,
      List<String> applicationProtocols,
      HandshakeCrypto crypto) {
    return of(
        PemFiles.readCertificates(certificateFile),
        PemFiles.readPrivateKey(keyFile),
        applicationProtocols,
        TlsCipherSuite.DEFAULT_ORDER,
        crypto);
  }

  /**
   * @param chain the server certificate first, then its issuers (RSA or EC on P-256, P-384, P-521)
   * @param cipherSuites the suites accepted; the client's order picks among them.
   *     TLS_AES_128_GCM_SHA256 is always accepted: agent15's factory adds it, and RFC 8446 §9.1
   *     makes it mandatory anyway.
   */
  public static ServerTlsContext of(
      List<X509Certificate> chain,
      PrivateKey key,
      List<String> applicationProtocols,
      List<TlsCipherSuite> cipherSuites) {
    return of(chain, key, applicationProtocols, cipherSuites, HandshakeCrypto.BOUNCY_CASTLE);
  }

  /** As {@link #of(List, PrivateKey, List, List)}, with the handshake's public-key code chosen. */
  public static ServerTlsContext of(
      List<X509Certificate> chain,
      PrivateKey key,
      List<String> applicationProtocols,
      List<TlsCipherSuite> cipherSuites,
      HandshakeCrypto crypto) {
    if (applicationProtocols.isEmpty()) {
      throw new IllegalArgumentException(
          "a QUIC server needs an application protocol (RFC 9001 §8.1)");
    }
    return new ServerTlsContext(
        newFactory(chain, key, crypto),
        List.copyOf(applicationProtocols),
        List.copyOf(cipherSuites),
        crypto);
  }

  /**
   * Serves handshakes that start from now on with another certificate and key (a renewed
   * self-signed certificate); handshakes under way and connections established keep the one they
   * began with. Session tickets issued under the old one are no longer accepted: those clients make
   * a full handshake. When the new pair is refused, the old one stays.
   *
   * @throws IllegalArgumentException when agent15 cannot sign with the pair, or the key is not the
   *     certificate's
   * @throws IllegalStateException after {@link #close}
   */
  public synchronized void replaceIdentity(List<X509Certificate> chain, PrivateKey key) {
    if (closed) {
      throw new IllegalStateException("the server's TLS context is closed");
    }
    ServerEngineFactory replaced = factory;
    factory = newFactory(chain, key, crypto);
    replaced.dispose();
  }

  private static ServerEngineFactory newFactory(
      List<X509Certificate> chain, PrivateKey key, HandshakeCrypto crypto) {
    if (chain.isEmpty()) {
      throw new IllegalArgumentException("no server certificate");
    }
    requireKeyOf(chain.get(0), key);
    return new ServerEngineFactory(chain, key, crypto);
  }

  /**
   * A key that is not the certificate's would be taken (a key store does not compare them) and fail
   * every handshake's CertificateVerify; a signature checked here fails once, with a reason.
   */
  private static void requireKeyOf(X509Certificate certificate, PrivateKey key) {
    String algorithm = key.getAlgorithm().equals("EC") ? "SHA256withECDSA" : "SHA256withRSA";
    byte[] probe =
        "moqbed certificate and key".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    boolean matches;
    try {
      Signature signer = Signature.getInstance(algorithm);
      signer.initSign(key);
      signer.update(probe);
      byte[] signed = signer.sign();
      Signature verifier = Signature.getInstance(algorithm);
      verifier.initVerify(certificate.getPublicKey());
      verifier.update(probe);
      matches = verifier.verify(signed);
    } catch (GeneralSecurityException e) {
      matches = false;
    }
    if (!matches) {
      throw new IllegalArgumentException(
          "certificate and key do not go together: the key is not the certificate's");
    }
  }

  public List<String> applicationProtocols() {
    return applicationProtocols;
  }

  public List<TlsCipherSuite> cipherSuites() {
    return cipherSuites;
  }

  public HandshakeCrypto handshakeCrypto() {
    return crypto;
  }

  TlsServerEngine newEngine(ServerMessageSender sender, TlsStatusEventHandler events) {
    TlsServerEngine engine = factory.newEngine(sender, events);
    engine.addSupportedCiphers(Agent15CipherSuites.toAgent15(cipherSuites));
    return engine;
  }

  /** Stops the factory's session-ticket registry and its thread. */
  @Override
  public synchronized void close() {
    closed = true;
    factory.dispose();
  }
}
