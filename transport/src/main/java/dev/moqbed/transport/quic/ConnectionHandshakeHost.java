package dev.moqbed.transport.quic;

import dev.moqbed.cc.PacketSpace;
import dev.moqbed.transport.wire.TransportParameters;

/** The connection as its {@link CryptoHandshake} sees it: the parts a handshake's events touch. */
final class ConnectionHandshakeHost implements HandshakeHost {
  private final QuicConnection connection;
  private final ConnectionConfig config;
  private final PacketNumberSpace[] spaces;
  private final PathState path;
  private final LossDetection loss;
  private final StreamTable streams;
  private final PendingFrames pending;

  ConnectionHandshakeHost(
      QuicConnection connection,
      ConnectionConfig config,
      PacketNumberSpace[] spaces,
      PathState path,
      LossDetection loss,
      StreamTable streams,
      PendingFrames pending) {
    this.connection = connection;
    this.config = config;
    this.spaces = spaces;
    this.path = path;
    this.loss = loss;
    this.streams = streams;
    this.pending = pending;
  }

  @Override
  public ConnectionConfig config() {
    return config;
  }

  @Override
  public void sendCrypto(PacketSpace space, byte[] bytes) {
    if (space == PacketSpace.APPLICATION) {
      throw new IllegalArgumentException("1-RTT CRYPTO data is not sent by this connection");
    }
    PacketNumberSpace target = spaces[space.ordinal()];
    if (!target.discarded) {
      target.cryptoToSend.append(bytes);
    }
  }

  @Override
  public void resendUnacknowledgedCrypto() {
    loss.resendUnacknowledgedCrypto();
  }

  @Override
  public void applyPeerParameters(TransportParameters peer) {
    connection.stats().peerParameters = peer; // for qlog's parameters_set: what the peer offered
    streams.applyPeerParameters(peer);
    path.setPeerMaxAckDelayMicros(peer.maxAckDelayMillis() * 1000);
    path.mtu().limitToPeerMaximum(peer.maxUdpPayloadSize());
    connection.applyPeerIdleTimeout(peer.maxIdleTimeoutMillis() * 1000);
    pending.peerMaxDatagramFrameBytes = peer.maxDatagramFrameSize();
    pending.peerConnectionIdLimit = peer.activeConnectionIdLimit();
    if (peer.minAckDelayMicros() == TransportParameters.NO_MIN_ACK_DELAY) {
      path.onPeerWithoutAckFrequency(); // quiche: no ACK frequency extension
    }
  }

  @Override
  public void onApplicationKeys() {
    path.onPeerParametersKnown();
    pending.onApplicationKeys();
    path.mtu().start();
  }

  @Override
  public void onHandshakeComplete(long nowMicros) {
    if (connection.role() == Role.CLIENT) {
      connection.onClientHandshakeComplete(nowMicros);
    }
  }

  @Override
  public void onHandshakeConfirmed(long nowMicros) {
    if (connection.role() == Role.SERVER) {
      pending.handshakeDoneToSend = true;
    }
    connection.onHandshakeConfirmed(nowMicros);
  }

  @Override
  public void fail(long nowMicros, long errorCode, String reason) {
    connection.close(errorCode, false, reason);
  }
}
