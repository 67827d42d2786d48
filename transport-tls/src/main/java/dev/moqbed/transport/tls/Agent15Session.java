package dev.moqbed.transport.tls;

import dev.moqbed.transport.wire.TransportParameters;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tech.kwik.agent15.NewSessionTicket;
import tech.kwik.agent15.ProtectionKeysType;
import tech.kwik.agent15.TlsConstants.AlertDescription;
import tech.kwik.agent15.TlsConstants.CipherSuite;
import tech.kwik.agent15.TlsProtocolException;
import tech.kwik.agent15.alert.DecodeErrorException;
import tech.kwik.agent15.alert.IllegalParameterAlert;
import tech.kwik.agent15.engine.TlsEngine;
import tech.kwik.agent15.engine.TlsMessageParser;
import tech.kwik.agent15.engine.TlsStatusEventHandler;
import tech.kwik.agent15.extension.Extension;

/**
 * What the agent15 client and server sessions share: CRYPTO bytes in (split into messages, checked
 * per level, parsed by agent15 with our transport parameters extension, handed to the engine),
 * CRYPTO bytes out, and the events to the listener.
 *
 * <p>Every exception agent15 or its parsers throw on peer input is caught here and becomes the
 * session's {@link HandshakeFailure}. Listener calls are made outside that catch, so a listener's
 * own bug is never mistaken for the peer's.
 */
abstract class Agent15Session implements HandshakeSession {
  private final boolean server;
  private final HandshakeListener listener;
  private final CryptoOutbox outbox = new CryptoOutbox();
  private final Map<EncryptionLevel, CryptoMessageReader> readers =
      new EnumMap<>(EncryptionLevel.class);
  private final TlsMessageParser parser =
      new TlsMessageParser(QuicTransportParametersExtension.parser());
  private final EngineEvents engineEvents = new EngineEvents();

  private TransportParameters peerParameters;
  private String applicationProtocol;
  private HandshakeFailure failure;

  /** Set by agent15's callbacks, published by {@link #publishEvents}. */
  private boolean handshakeSecretsKnown;

  private boolean finished;
  private boolean confirmationDue;

  private boolean handshakeSecretsPublished;
  private boolean applicationSecretsPublished;
  private boolean completePublished;
  private boolean confirmedPublished;
  private boolean failurePublished;

  Agent15Session(boolean server, HandshakeListener listener) {
    this.server = server;
    this.listener = listener;
    for (EncryptionLevel level : EncryptionLevel.values()) {
      readers.put(
          level,
          new CryptoMessageReader(
              level,
              server ? PeerMessageRules.fromClient(level) : PeerMessageRules.fromServer(level)));
    }
  }

  /** The engine the subclass built with {@link #engineEvents()} as its status handler. */
  abstract TlsEngine engine();

  abstract CipherSuite selectedCipher();

  /** The peer's extensions: ClientHello's on the server, EncryptedExtensions' on the client. */
  abstract void extensionsReceived(List<Extension> extensions) throws TlsProtocolException;

  final TlsStatusEventHandler engineEvents() {
    return engineEvents;
  }

  /** The engine's sender writes its messages here. */
  final void send(EncryptionLevel level, byte[] message) {
    outbox.append(level, message);
  }

  final void peerNegotiated(TransportParameters parameters, String protocol) {
    this.peerParameters = parameters;
    this.applicationProtocol = protocol;
  }

  @Override
  public final void receive(EncryptionLevel level, ByteBuffer cryptoData) {
    if (failure != null) {
      cryptoData.position(cryptoData.limit());
      return;
    }
    CryptoMessageReader reader = readers.get(level);
    reader.append(cryptoData);
    while (failure == null) {
      boolean processed = processNext(reader, level);
      publishEvents();
      if (!processed) {
        break;
      }
    }
  }

  /** Processes the reader's next whole message; false when none is complete or it failed. */
  private boolean processNext(CryptoMessageReader reader, EncryptionLevel level) {
    try {
      ByteBuffer message = reader.next();
      if (message == null) {
        return false;
      }
      parser.parseAndProcessHandshakeMessage(message, engine(), protectionOf(level));
      if (message.hasRemaining()) {
        throw new DecodeErrorException(message.remaining() + " bytes after a handshake message");
      }
      return true;
    } catch (HandshakeAbort e) {
      failure = e.failure();
    } catch (TlsProtocolException e) {
      failure = FailureMapper.fromTls(e);
    } catch (IOException e) {
      // Our senders never throw; agent15 declares it for senders that write to sockets.
      failure = FailureMapper.alert(AlertDescription.internal_error, e.toString());
    } catch (RuntimeException e) {
      failure = FailureMapper.fromUnchecked(e);
    }
    return false;
  }

  private static ProtectionKeysType protectionOf(EncryptionLevel level) {
    switch (level) {
      case INITIAL:
        return ProtectionKeysType.None;
      case HANDSHAKE:
        return ProtectionKeysType.Handshake;
      default:
        return ProtectionKeysType.Application;
    }
  }

  /** Ends the handshake for a reason the connection found (a frame, not CRYPTO bytes). */
  final void fail(HandshakeFailure reason) {
    if (failure == null) {
      failure = reason;
      publishEvents();
    }
  }

  /** The client's HANDSHAKE_DONE, once the handshake is complete. */
  final void confirm() {
    if (completePublished && failure == null) {
      confirmationDue = true;
      publishEvents();
    }
  }

  /** Tells the listener what changed since the last call, in the order it happened. */
  private void publishEvents() {
    if (failure != null) {
      if (!failurePublished) {
        failurePublished = true;
        listener.handshakeFailed(failure);
      }
      return;
    }
    if (handshakeSecretsKnown && !handshakeSecretsPublished) {
      handshakeSecretsPublished = true;
      TlsEngine engine = engine();
      listener.secretsAvailable(
          new TrafficSecrets(
              EncryptionLevel.HANDSHAKE,
              Agent15CipherSuites.fromAgent15(selectedCipher()),
              engine.getClientHandshakeTrafficSecret(),
              engine.getServerHandshakeTrafficSecret()));
    }
    if (handshakeSecretsPublished && !applicationSecretsPublished && applicationSecretsKnown()) {
      applicationSecretsPublished = true;
      TlsEngine engine = engine();
      listener.secretsAvailable(
          new TrafficSecrets(
              EncryptionLevel.ONE_RTT,
              Agent15CipherSuites.fromAgent15(selectedCipher()),
              engine.getClientApplicationTrafficSecret(),
              engine.getServerApplicationTrafficSecret()));
    }
    if (finished && !completePublished) {
      completePublished = true;
      // RFC 9001 §4.1.2: the server's handshake is confirmed when it completes.
      confirmationDue = server;
      listener.handshakeComplete();
    }
    if (confirmationDue && !confirmedPublished) {
      confirmedPublished = true;
      listener.handshakeConfirmed();
    }
  }

  /**
   * agent15 computes the application secrets without a callback: the server right after its
   * Finished, the client right before reporting the handshake finished.
   */
  private boolean applicationSecretsKnown() {
    return engine().getServerApplicationTrafficSecret() != null;
  }

  @Override
  public int pendingBytes(EncryptionLevel level) {
    return failure != null ? 0 : outbox.pendingBytes(level);
  }

  @Override
  public byte[] poll(EncryptionLevel level, int maxBytes) {
    return failure != null ? new byte[0] : outbox.poll(level, maxBytes);
  }

  @Override
  public long sendOffset(EncryptionLevel level) {
    return outbox.sendOffset(level);
  }

  @Override
  public Optional<TransportParameters> peerTransportParameters() {
    return Optional.ofNullable(peerParameters);
  }

  @Override
  public Optional<String> applicationProtocol() {
    return Optional.ofNullable(applicationProtocol);
  }

  @Override
  public boolean isComplete() {
    return completePublished && failure == null;
  }

  @Override
  public boolean isConfirmed() {
    return confirmedPublished && failure == null;
  }

  @Override
  public Optional<HandshakeFailure> failure() {
    return Optional.ofNullable(failure);
  }

  /** The one extension of {@code type} in {@code extensions}; two of a kind are refused. */
  static <T extends Extension> Optional<T> single(List<Extension> extensions, Class<T> type)
      throws IllegalParameterAlert {
    T found = null;
    for (Extension extension : extensions) {
      if (type.isInstance(extension)) {
        if (found != null) {
          // RFC 8446 §4.2: no more than one extension of a type in a block.
          throw new IllegalParameterAlert("two " + type.getSimpleName() + " extensions");
        }
        found = type.cast(extension);
      }
    }
    return Optional.ofNullable(found);
  }

  /** agent15's view of the session's progress; kept off the public surface. */
  private final class EngineEvents implements TlsStatusEventHandler {
    @Override
    public void earlySecretsKnown() {
      // 0-RTT is not offered or accepted; the early secret has no use here.
    }

    @Override
    public void handshakeSecretsKnown() {
      handshakeSecretsKnown = true;
    }

    @Override
    public void handshakeFinished() {
      finished = true;
    }

    @Override
    public void newSessionTicketReceived(NewSessionTicket ticket) {
      // Session resumption is not implemented; the ticket is dropped.
    }

    @Override
    public void extensionsReceived(List<Extension> extensions) throws TlsProtocolException {
      Agent15Session.this.extensionsReceived(extensions);
    }

    @Override
    public boolean isEarlyDataAccepted() {
      return false;
    }
  }
}
