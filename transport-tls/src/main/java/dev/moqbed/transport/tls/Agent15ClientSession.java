package dev.moqbed.transport.tls;

import static tech.kwik.agent15.TlsConstants.SignatureScheme.ecdsa_secp256r1_sha256;
import static tech.kwik.agent15.TlsConstants.SignatureScheme.ecdsa_secp384r1_sha384;
import static tech.kwik.agent15.TlsConstants.SignatureScheme.ecdsa_secp521r1_sha512;
import static tech.kwik.agent15.TlsConstants.SignatureScheme.rsa_pss_rsae_sha256;
import static tech.kwik.agent15.TlsConstants.SignatureScheme.rsa_pss_rsae_sha384;
import static tech.kwik.agent15.TlsConstants.SignatureScheme.rsa_pss_rsae_sha512;

import dev.moqbed.transport.wire.TransportParameters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import tech.kwik.agent15.TlsConstants.CipherSuite;
import tech.kwik.agent15.TlsConstants.NamedGroup;
import tech.kwik.agent15.TlsConstants.SignatureScheme;
import tech.kwik.agent15.TlsProtocolException;
import tech.kwik.agent15.alert.IllegalParameterAlert;
import tech.kwik.agent15.alert.MissingExtensionAlert;
import tech.kwik.agent15.alert.NoApplicationProtocolAlert;
import tech.kwik.agent15.engine.ClientMessageSender;
import tech.kwik.agent15.engine.TlsClientEngine;
import tech.kwik.agent15.engine.TlsClientEngineFactory;
import tech.kwik.agent15.engine.TlsEngine;
import tech.kwik.agent15.extension.ApplicationLayerProtocolNegotiationExtension;
import tech.kwik.agent15.extension.Extension;
import tech.kwik.agent15.handshake.CertificateMessage;
import tech.kwik.agent15.handshake.CertificateVerifyMessage;
import tech.kwik.agent15.handshake.ClientHello;
import tech.kwik.agent15.handshake.FinishedMessage;

/**
 * A QUIC client's TLS handshake over agent15's client engine: ClientHello with SNI, ALPN, one key
 * share ({@link KeyShareGroup}) and our transport parameters; the server's certificate checked
 * against the configured {@link ServerTrust} and server name; the server's ALPN choice and
 * transport parameters checked in its EncryptedExtensions.
 */
public final class Agent15ClientSession extends Agent15Session {
  /** Every signature agent15 verifies: RSA-PSS and ECDSA (no Ed25519, no PKCS#1 in TLS 1.3). */
  private static final List<SignatureScheme> SIGNATURE_SCHEMES =
      List.of(
          rsa_pss_rsae_sha256,
          rsa_pss_rsae_sha384,
          rsa_pss_rsae_sha512,
          ecdsa_secp256r1_sha256,
          ecdsa_secp384r1_sha384,
          ecdsa_secp521r1_sha512);

  private final TlsClientEngine engine;
  private final List<String> offeredProtocols;
  private final NamedGroup keyShareGroup;
  private boolean started;

  /**
   * @param localParameters what this client declares (initial_source_connection_id at least)
   */
  public Agent15ClientSession(
      ClientTlsConfig config, TransportParameters localParameters, HandshakeListener listener) {
    super(false, listener);
    this.offeredProtocols = config.applicationProtocols();
    this.keyShareGroup =
        config.keyShare() == KeyShareGroup.X25519 ? NamedGroup.x25519 : NamedGroup.secp256r1;
    this.engine = TlsClientEngineFactory.createClientEngine(new Sender(), engineEvents());
    engine.setServerName(config.serverName());
    engine.addSupportedCiphers(Agent15CipherSuites.toAgent15(config.cipherSuites()));
    engine.setTrustManager(config.trust().trustManager());
    engine.setHostnameVerifier(
        config.trust().checksServerName() ? new ServerNameVerifier() : (name, cert) -> true);
    // RFC 9001 §8.4: a QUIC client must not ask for TLS 1.3 middlebox compatibility mode.
    engine.setCompatibilityMode(false);
    engine.add(QuicTransportParametersExtension.of(localParameters, false));
    engine.add(new ApplicationLayerProtocolNegotiationExtension(offeredProtocols));
  }

  @Override
  public void start() {
    if (started) {
      throw new IllegalStateException("handshake already started");
    }
    started = true;
    try {
      engine.startHandshake(keyShareGroup, SIGNATURE_SCHEMES);
    } catch (IOException e) {
      throw new UncheckedIOException("agent15's sender is ours and never throws", e);
    }
  }

  @Override
  public void handshakeDoneReceived() {
    // HANDSHAKE_DONE comes in 1-RTT packets, readable only once the handshake is complete.
    confirm();
  }

  @Override
  TlsEngine engine() {
    return engine;
  }

  @Override
  CipherSuite selectedCipher() {
    return engine.getSelectedCipher();
  }

  /** The server's EncryptedExtensions (agent15 has checked it answers only what we asked). */
  @Override
  void extensionsReceived(List<Extension> extensions) throws TlsProtocolException {
    ApplicationLayerProtocolNegotiationExtension alpn =
        single(extensions, ApplicationLayerProtocolNegotiationExtension.class)
            // RFC 9001 §8.1: no negotiated protocol is no_application_protocol (0x0178).
            .orElseThrow(NoApplicationProtocolAlert::new);
    List<String> chosen = alpn.getProtocols();
    if (chosen.size() != 1 || !offeredProtocols.contains(chosen.get(0))) {
      // RFC 7301 §3.1: the server names exactly one of the protocols the client offered.
      throw new IllegalParameterAlert(
          "server chose ALPN " + chosen + ", offered " + offeredProtocols);
    }
    QuicTransportParametersExtension parameters =
        single(extensions, QuicTransportParametersExtension.class)
            // RFC 9001 §8.2: missing_extension, 0x016d.
            .orElseThrow(() -> new MissingExtensionAlert("no quic_transport_parameters"));
    peerNegotiated(parameters.decode(true), chosen.get(0));
  }

  /** ClientHello leaves in Initial packets, the client's Finished in Handshake packets. */
  private final class Sender implements ClientMessageSender {
    @Override
    public void send(ClientHello clientHello) {
      Agent15ClientSession.this.send(EncryptionLevel.INITIAL, clientHello.getBytes());
    }

    @Override
    public void send(FinishedMessage finished) {
      Agent15ClientSession.this.send(EncryptionLevel.HANDSHAKE, finished.getBytes());
    }

    @Override
    public void send(CertificateMessage certificate) {
      // Only sent when the server asks for client authentication.
      Agent15ClientSession.this.send(EncryptionLevel.HANDSHAKE, certificate.getBytes());
    }

    @Override
    public void send(CertificateVerifyMessage certificateVerify) {
      Agent15ClientSession.this.send(EncryptionLevel.HANDSHAKE, certificateVerify.getBytes());
    }
  }
}
