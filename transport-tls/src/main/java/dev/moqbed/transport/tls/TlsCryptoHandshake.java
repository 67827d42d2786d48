package dev.moqbed.transport.tls;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.codec.ConnectionIds;
import dev.moqbed.transport.codec.PacketCodec;
import dev.moqbed.transport.crypto.AeadPacketProtection;
import dev.moqbed.transport.crypto.CipherSuite;
import dev.moqbed.transport.crypto.InitialSecrets;
import dev.moqbed.transport.quic.CryptoHandshake;
import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.quic.HandshakeHost;
import dev.moqbed.transport.quic.Role;
import dev.moqbed.transport.wire.ConnectionId;
import dev.moqbed.transport.wire.QuicWireException;
import dev.moqbed.transport.wire.TransportErrorCode;
import dev.moqbed.transport.wire.TransportParameterCodec;
import dev.moqbed.transport.wire.TransportParameters;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.function.Function;

/**
 * The real TLS 1.3 handshake behind a {@link dev.moqbed.transport.quic.QuicConnection}: it feeds
 * each space's CRYPTO frames, reassembled in order, to a {@link HandshakeSession} (agent15), hands
 * the session's output to the connection's CRYPTO streams (which keep it for retransmission), and
 * installs the keys TLS derives into the connection's {@link PacketCodec} as they come (RFC 9001
 * §4.1.4): Handshake keys both ways, 1-RTT write keys at once and, on a server, 1-RTT read keys
 * only once the handshake is complete (§5.7). The peer's transport parameters, with their
 * connection ids authenticated (RFC 9000 §7.3), go to the connection before its 1-RTT keys.
 *
 * <p>1-RTT CRYPTO data (the server's NewSessionTicket) is read but none is sent: without resumption
 * a ticket is of no use, so a server's tickets are dropped here.
 */
public final class TlsCryptoHandshake implements CryptoHandshake {
  private final Role role;
  private final PacketCodec codec;
  private final ConnectionIds ids;
  private final ConnectionId originalDestinationId;
  private final HandshakeSession session;
  private final CryptoReassembly[] incoming = {
    new CryptoReassembly(), new CryptoReassembly(), new CryptoReassembly()
  };
  private final boolean[] discarded = new boolean[PacketSpace.values().length];

  private HandshakeHost host;
  private long nowMicros;
  private boolean handshakeKeys;
  private boolean applicationWriteKeys;
  private boolean complete;
  private boolean completionReported;
  private boolean failed;
  private HandshakeFailure failure;

  /** The Source Connection ID of the server's Retry, null without one (client only). */
  private ConnectionId retrySourceId;

  /** A server's 1-RTT read keys, installed only once its handshake completes. */
  private AeadPacketProtection applicationOpeningPending;

  /**
   * @param codec the connection's codec, which receives the keys
   * @param ids the connection's ids: the peer's first Initial carried {@code ids.remote()} as its
   *     Source Connection ID
   * @param originalDestinationId the Destination Connection ID of the client's first Initial
   * @param sessions makes the TLS session, given the listener it must report to
   */
  public TlsCryptoHandshake(
      Role role,
      PacketCodec codec,
      ConnectionIds ids,
      ConnectionId originalDestinationId,
      Function<HandshakeListener, HandshakeSession> sessions) {
    this.role = role;
    this.codec = codec;
    this.ids = ids;
    this.originalDestinationId = originalDestinationId;
    this.session = sessions.apply(new Events());
    if (role == Role.CLIENT) {
      codec.acceptRetry(originalDestinationId, this::onRetry);
    }
  }

  /**
   * The server answered the first Initial with a Retry (RFC 9000 §17.2.5.2): the codec now sends to
   * the Retry's Source Connection ID with its token; the Initial keys come from that id (RFC 9001
   * §5.2) and the ClientHello goes again in a new Initial. The first Initials stay in flight until
   * the Initial space is discarded; the server's parameters must then name the Retry's id.
   */
  private void onRetry(ConnectionId retryId) {
    retrySourceId = retryId;
    InitialSecrets initial = InitialSecrets.of(retryId);
    codec.installKeys(PacketSpace.INITIAL, initial.clientProtection(), initial.serverProtection());
    if (host != null) {
      host.resendUnacknowledgedCrypto();
    }
  }

  /** The TLS session: negotiated ALPN, the peer's transport parameters, completion, failure. */
  public HandshakeSession session() {
    return session;
  }

  @Override
  public Optional<String> applicationProtocol() {
    return session.applicationProtocol();
  }

  /** Why the handshake failed, once it did. */
  public Optional<HandshakeFailure> failure() {
    return Optional.ofNullable(failure);
  }

  @Override
  public void attach(HandshakeHost host, long nowMicros) {
    this.host = host;
    this.nowMicros = nowMicros;
    session.start();
    afterTls();
  }

  @Override
  public void onCryptoFrame(long nowMicros, PacketSpace space, Frame.Crypto crypto) {
    if (failed) {
      return;
    }
    this.nowMicros = nowMicros;
    if (crypto.data() == null) {
      fail(TransportErrorCode.INTERNAL_ERROR, "a modelled CRYPTO frame reached real TLS");
      return;
    }
    CryptoReassembly stream = incoming[space.ordinal()];
    long delivered = stream.deliveredOffset();
    byte[] run = stream.add(crypto.offset(), crypto.data().toArray());
    if (run == null) {
      fail(
          TransportErrorCode.CRYPTO_BUFFER_EXCEEDED,
          "CRYPTO data too far out of order, or in too many pieces");
      return;
    }
    if (run.length == 0) {
      if (role == Role.SERVER
          && space == PacketSpace.INITIAL
          && crypto.offset() + crypto.length() <= delivered) {
        // The client repeated its Initial: our flight was lost, send it again now (as picoquic).
        host.resendUnacknowledgedCrypto();
      }
      return;
    }
    session.receive(level(space), ByteBuffer.wrap(run));
    afterTls();
  }

  @Override
  public boolean hasApplicationKeys() {
    return applicationWriteKeys;
  }

  /**
   * The codec keeps the packets whose keys are missing: what reaches the connection is readable.
   */
  @Override
  public boolean canProcess(PacketSpace space) {
    return true;
  }

  @Override
  public void onHandshakeDone(long nowMicros) {
    this.nowMicros = nowMicros;
    session.handshakeDoneReceived();
    afterTls();
  }

  @Override
  public void onSpaceDiscarded(PacketSpace space) {
    discarded[space.ordinal()] = true;
    codec.discardKeys(space);
    incoming[space.ordinal()].clear();
  }

  @Override
  public PacketSpace closeSpace() {
    if (complete) {
      return PacketSpace.APPLICATION;
    }
    if (handshakeKeys && !discarded[PacketSpace.HANDSHAKE.ordinal()]) {
      return PacketSpace.HANDSHAKE;
    }
    return discarded[PacketSpace.INITIAL.ordinal()] ? PacketSpace.APPLICATION : PacketSpace.INITIAL;
  }

  /** What TLS produced while it ran: its bytes to the CRYPTO streams, then its outcome. */
  private void afterTls() {
    if (!failed) {
      flush(EncryptionLevel.INITIAL, PacketSpace.INITIAL);
      flush(EncryptionLevel.HANDSHAKE, PacketSpace.HANDSHAKE);
      int tickets = session.pendingBytes(EncryptionLevel.ONE_RTT);
      if (tickets > 0) {
        session.poll(EncryptionLevel.ONE_RTT, tickets); // no resumption: tickets are not sent
      }
    }
    if (failure != null && !failed) {
      failed = true;
      host.fail(nowMicros, failure.errorCode(), failure.reason());
      return;
    }
    if (complete && !completionReported && !failed) {
      completionReported = true;
      if (role == Role.CLIENT) {
        host.onHandshakeComplete(nowMicros);
      } else {
        host.onHandshakeConfirmed(nowMicros); // a server's handshake is confirmed on completion
      }
    }
  }

  private void flush(EncryptionLevel level, PacketSpace space) {
    int pending = session.pendingBytes(level);
    if (pending == 0) {
      return;
    }
    byte[] bytes = session.poll(level, pending);
    if (discarded[space.ordinal()]) {
      return;
    }
    try {
      host.sendCrypto(space, bytes);
    } catch (IllegalStateException e) {
      failure = HandshakeFailure.transport(TransportErrorCode.INTERNAL_ERROR, e.getMessage());
    }
  }

  private void onSecrets(TrafficSecrets secrets) {
    CipherSuite suite =
        CipherSuite.byCode(secrets.suite().code())
            .orElseThrow(() -> new IllegalStateException("no protection for " + secrets.suite()));
    AeadPacketProtection client = AeadPacketProtection.of(suite, secrets.clientSecret());
    AeadPacketProtection server = AeadPacketProtection.of(suite, secrets.serverSecret());
    AeadPacketProtection sealing = role == Role.CLIENT ? client : server;
    AeadPacketProtection opening = role == Role.CLIENT ? server : client;
    if (secrets.level() == EncryptionLevel.HANDSHAKE) {
      codec.installKeys(PacketSpace.HANDSHAKE, sealing, opening);
      handshakeKeys = true;
      return;
    }
    if (role == Role.SERVER) {
      codec.installKeys(PacketSpace.APPLICATION, sealing, null);
      applicationOpeningPending = opening;
    } else {
      codec.installKeys(PacketSpace.APPLICATION, sealing, opening);
    }
    if (applyPeerParameters()) {
      applicationWriteKeys = true;
      host.onApplicationKeys();
    }
  }

  /** Authenticates and applies the peer's transport parameters; false when they fail. */
  private boolean applyPeerParameters() {
    Optional<TransportParameters> peer = session.peerTransportParameters();
    if (peer.isEmpty()) {
      failure =
          HandshakeFailure.transport(
              TransportErrorCode.TRANSPORT_PARAMETER_ERROR, "no transport parameters");
      return false;
    }
    try {
      boolean peerIsServer = role == Role.CLIENT;
      // A client checks the server's id as the codec learnt it from the server's first packet
      // (followPeerSourceId): quiche picks its own, unlike a moqbed server (RFC 9000 §7.3).
      TransportParameterCodec.authenticateConnectionIds(
          peer.get(),
          peerIsServer,
          peerIsServer ? codec.ids().remote() : ids.remote(),
          peerIsServer ? originalDestinationId : null,
          peerIsServer ? retrySourceId : null);
    } catch (QuicWireException e) {
      failure = HandshakeFailure.transport(e.error(), e.getMessage());
      return false;
    }
    TransportParameters parameters = peer.get();
    // The model sizes packets for 8-byte ids; a peer's longer id (quiche: 20 bytes) adds to each
    // datagram, so the largest the peer takes is lowered by the difference (RFC 9000 §18.2).
    int longerId = codec.ids().remote().length() - ConnectionIds.MODEL_LENGTH;
    if (longerId > 0 && parameters.maxUdpPayloadSize() - longerId >= 1200) {
      parameters.maxUdpPayloadSize(parameters.maxUdpPayloadSize() - longerId);
    }
    host.applyPeerParameters(parameters);
    codec.setPeerAckDelayExponent((int) peer.get().ackDelayExponent());
    if (role == Role.CLIENT) {
      codec.setPeerResetToken(parameters.statelessResetToken()); // only a server sends one
    }
    return true;
  }

  private void fail(TransportErrorCode error, String reason) {
    failure = HandshakeFailure.transport(error, reason);
    afterTls();
  }

  private static EncryptionLevel level(PacketSpace space) {
    switch (space) {
      case INITIAL:
        return EncryptionLevel.INITIAL;
      case HANDSHAKE:
        return EncryptionLevel.HANDSHAKE;
      default:
        return EncryptionLevel.ONE_RTT;
    }
  }

  /** The session's events, as they happen inside {@link HandshakeSession#receive}. */
  private final class Events implements HandshakeListener {
    @Override
    public void secretsAvailable(TrafficSecrets secrets) {
      if (failure == null) {
        onSecrets(secrets);
      }
    }

    @Override
    public void handshakeComplete() {
      complete = true;
      if (role == Role.SERVER && applicationOpeningPending != null) {
        codec.installKeys(PacketSpace.APPLICATION, null, applicationOpeningPending);
        applicationOpeningPending = null;
      }
    }

    @Override
    public void handshakeFailed(HandshakeFailure handshakeFailure) {
      if (failure == null) {
        failure = handshakeFailure;
      }
    }
  }
}
