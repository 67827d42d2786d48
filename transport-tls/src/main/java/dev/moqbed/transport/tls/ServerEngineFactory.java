package dev.moqbed.transport.tls;

import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import tech.kwik.agent15.TlsConstants.CipherSuite;
import tech.kwik.agent15.TlsConstants.SignatureScheme;
import tech.kwik.agent15.engine.ServerMessageSender;
import tech.kwik.agent15.engine.TlsServerEngine;
import tech.kwik.agent15.engine.TlsStatusEventHandler;
import tech.kwik.agent15.engine.impl.TlsSessionRegistryImpl;

/**
 * One server identity's engines: its certificate chain and key, the signature schemes they allow,
 * and the session-ticket registry every handshake of the identity shares. It does what agent15's
 * {@code TlsServerEngineFactory} did, but builds {@link Agent15ServerEngine}s.
 *
 * <p>The registry runs a clean-up thread from construction on: {@link #dispose} stops it.
 */
final class ServerEngineFactory {
  private final List<X509Certificate> chain;
  private final PrivateKey key;
  private final List<SignatureScheme> schemes;
  private final HandshakeCrypto crypto;
  private final TlsSessionRegistryImpl registry;

  /**
   * @throws IllegalArgumentException when no signature scheme fits the certificate (before the
   *     registry's thread starts)
   */
  ServerEngineFactory(List<X509Certificate> chain, PrivateKey key, HandshakeCrypto crypto) {
    this.chain = List.copyOf(chain);
    this.key = key;
    this.schemes = SignatureSchemes.forCertificate(chain.get(0));
    this.crypto = crypto;
    this.registry = new TlsSessionRegistryImpl();
  }

  TlsServerEngine newEngine(ServerMessageSender sender, TlsStatusEventHandler events) {
    Agent15ServerEngine engine =
        new Agent15ServerEngine(chain, key, schemes, crypto, sender, events, registry);
    // RFC 8446 §9.1: mandatory, so always accepted (agent15's own factory adds it too).
    engine.addSupportedCiphers(List.of(CipherSuite.TLS_AES_128_GCM_SHA256));
    return engine;
  }

  void dispose() {
    registry.shutdown();
  }
}
