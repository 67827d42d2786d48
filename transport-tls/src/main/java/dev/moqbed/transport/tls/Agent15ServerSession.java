package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.TransportErrorCode;
import dev.moqbed.transport.wire.TransportParameters;
import java.util.List;
import tech.kwik.agent15.TlsConstants.CipherSuite;
import tech.kwik.agent15.TlsProtocolException;
import tech.kwik.agent15.alert.MissingExtensionAlert;
import tech.kwik.agent15.alert.NoApplicationProtocolAlert;
import tech.kwik.agent15.engine.ServerMessageSender;
import tech.kwik.agent15.engine.TlsEngine;
import tech.kwik.agent15.engine.TlsServerEngine;
import tech.kwik.agent15.extension.ApplicationLayerProtocolNegotiationExtension;
import tech.kwik.agent15.extension.Extension;
import tech.kwik.agent15.handshake.CertificateMessage;
import tech.kwik.agent15.handshake.CertificateVerifyMessage;
import tech.kwik.agent15.handshake.EncryptedExtensions;
import tech.kwik.agent15.handshake.FinishedMessage;
import tech.kwik.agent15.handshake.NewSessionTicketMessage;
import tech.kwik.agent15.handshake.ServerHello;

/**
 * A QUIC server's TLS handshake over agent15's server engine, one per connection: on the client's
 * ClientHello it picks the application protocol (its own preference order among the client's
 * offers), decodes the client's transport parameters and answers with its own in
 * EncryptedExtensions.
 */
public final class Agent15ServerSession extends Agent15Session {
  private final TlsServerEngine engine;
  private final List<String> supportedProtocols;
  private final QuicTransportParametersExtension localParameters;

  /**
   * @param localParameters what this server declares; they must include the
   *     original_destination_connection_id and initial_source_connection_id of this connection (RFC
   *     9000 §7.3), which is why a session is made per connection
   */
  public Agent15ServerSession(
      ServerTlsContext context, TransportParameters localParameters, HandshakeListener listener) {
    super(true, listener);
    this.supportedProtocols = context.applicationProtocols();
    // Encoded now, so bad local parameters fail here rather than in the middle of a handshake.
    this.localParameters = QuicTransportParametersExtension.of(localParameters, true);
    this.engine = context.newEngine(new Sender(), engineEvents());
  }

  @Override
  public void start() {
    // The server speaks when the ClientHello arrives.
  }

  @Override
  public void handshakeDoneReceived() {
    fail(
        HandshakeFailure.transport(
            TransportErrorCode.PROTOCOL_VIOLATION,
            "HANDSHAKE_DONE from a client (RFC 9000 §19.20)"));
  }

  @Override
  TlsEngine engine() {
    return engine;
  }

  @Override
  CipherSuite selectedCipher() {
    return engine.getSelectedCipher();
  }

  /** The ClientHello's extensions, before agent15 writes ServerHello and EncryptedExtensions. */
  @Override
  void extensionsReceived(List<Extension> extensions) throws TlsProtocolException {
    ApplicationLayerProtocolNegotiationExtension alpn =
        single(extensions, ApplicationLayerProtocolNegotiationExtension.class)
            // RFC 9001 §8.1: without an agreed protocol the server closes with 0x0178.
            .orElseThrow(NoApplicationProtocolAlert::new);
    List<String> offered = alpn.getProtocols();
    String chosen =
        supportedProtocols.stream()
            .filter(offered::contains)
            .findFirst()
            .orElseThrow(() -> new NoApplicationProtocolAlert(offered));
    QuicTransportParametersExtension parameters =
        single(extensions, QuicTransportParametersExtension.class)
            .orElseThrow(() -> new MissingExtensionAlert("no quic_transport_parameters"));
    peerNegotiated(parameters.decode(false), chosen);
    engine.setSelectedApplicationLayerProtocol(chosen);
    engine.addServerExtensions(new ApplicationLayerProtocolNegotiationExtension(chosen));
    engine.addServerExtensions(localParameters);
  }

  /**
   * ServerHello leaves in Initial packets, EncryptedExtensions to Finished in Handshake packets,
   * NewSessionTicket in 1-RTT packets once the client's Finished is verified.
   */
  private final class Sender implements ServerMessageSender {
    @Override
    public void send(ServerHello serverHello) {
      Agent15ServerSession.this.send(EncryptionLevel.INITIAL, serverHello.getBytes());
    }

    @Override
    public void send(EncryptedExtensions encryptedExtensions) {
      Agent15ServerSession.this.send(EncryptionLevel.HANDSHAKE, encryptedExtensions.getBytes());
    }

    @Override
    public void send(CertificateMessage certificate) {
      Agent15ServerSession.this.send(EncryptionLevel.HANDSHAKE, certificate.getBytes());
    }

    @Override
    public void send(CertificateVerifyMessage certificateVerify) {
      Agent15ServerSession.this.send(EncryptionLevel.HANDSHAKE, certificateVerify.getBytes());
    }

    @Override
    public void send(FinishedMessage finished) {
      Agent15ServerSession.this.send(EncryptionLevel.HANDSHAKE, finished.getBytes());
    }

    @Override
    public void send(NewSessionTicketMessage ticket) {
      Agent15ServerSession.this.send(EncryptionLevel.ONE_RTT, ticket.getBytes());
    }
  }
}
