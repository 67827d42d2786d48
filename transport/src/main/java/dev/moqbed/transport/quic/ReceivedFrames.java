package dev.moqbed.transport.quic;

import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import dev.moqbed.transport.recovery.TransportDefaults;
import dev.moqbed.transport.wire.TransportErrorCode;
import java.util.List;

/**
 * Hands each frame of a received packet to the part of the connection it concerns, in the packet's
 * order, and stops at a frame that closes the connection.
 */
final class ReceivedFrames {
  private final QuicConnection connection;
  private final PathState path;
  private final StreamTable streams;
  private final AckProcessor acks;
  private final CryptoHandshake handshake;
  private final ConnectionStats stats;
  private final PendingFrames pending;
  private final PeerConnectionIds peerIds =
      new PeerConnectionIds(TransportDefaults.ACTIVE_CONNECTION_ID_LIMIT);

  ReceivedFrames(
      QuicConnection connection,
      PathState path,
      StreamTable streams,
      AckProcessor acks,
      CryptoHandshake handshake,
      PendingFrames pending,
      ConnectionStats stats) {
    this.connection = connection;
    this.pending = pending;
    this.path = path;
    this.streams = streams;
    this.acks = acks;
    this.handshake = handshake;
    this.stats = stats;
  }

  void process(long nowMicros, PacketNumberSpace space, QuicPacket packet) {
    boolean ackSeen = false;
    List<Frame> frames = packet.frames();
    for (int i = 0; i < frames.size(); i++) { // indexed: no iterator per packet received
      Frame frame = frames.get(i);
      if (frame instanceof Frame.Ack ack) {
        acks.onAckFrame(nowMicros, space, ack);
        ackSeen = true;
      } else if (frame instanceof Frame.Crypto crypto) {
        stats.cryptoFramesReceived++;
        handshake.onCryptoFrame(nowMicros, space.space, crypto);
      } else if (frame instanceof Frame.Stream stream) {
        streams.onStreamFrame(nowMicros, stream);
      } else if (frame instanceof Frame.Datagram datagram) {
        connection.handler().onDatagram(connection, nowMicros, datagram.payload());
      } else if (frame instanceof Frame.ResetStream reset) {
        streams.onResetStream(nowMicros, reset);
      } else if (frame instanceof Frame.StopSending stop) {
        streams.onStopSending(nowMicros, stop);
      } else if (frame instanceof Frame.MaxData maxData) {
        streams.onMaxData(maxData);
      } else if (frame instanceof Frame.MaxStreamData maxStreamData) {
        streams.onMaxStreamData(maxStreamData);
      } else if (frame instanceof Frame.MaxStreams maxStreams) {
        streams.onMaxStreams(nowMicros, maxStreams);
      } else if (frame instanceof Frame.HandshakeDone) {
        handshake.onHandshakeDone(nowMicros);
        connection.onHandshakeConfirmed(nowMicros);
      } else if (frame instanceof Frame.AckFrequency frequency) {
        space.receivedPackets.onAckFrequency(
            frequency.sequence(),
            frequency.ackElicitingThreshold(),
            frequency.maxAckDelayMicros(),
            AckFrequencyPolicy.REORDERING_THRESHOLD);
      } else if (frame instanceof Frame.ConnectionClose connectionClose) {
        connection.onConnectionClose(nowMicros, connectionClose);
      } else if (frame instanceof Frame.PathChallenge challenge) {
        pending.answerPathChallenge(challenge.data());
      } else if (frame instanceof Frame.PathResponse response) {
        connection.pathValidation().onPathResponse(response.data());
      } else if (frame instanceof Frame.NewConnectionId newId
          && !peerIds.onNewConnectionId(newId.sequence(), newId.retirePriorTo())) {
        connection.close(
            TransportErrorCode.CONNECTION_ID_LIMIT_ERROR.code(),
            false,
            "more than " + TransportDefaults.ACTIVE_CONNECTION_ID_LIMIT + " active connection ids");
      }
      // PING, PADDING, *_BLOCKED: nothing to do beyond acknowledging.
      QuicConnection.State state = connection.state();
      if (state == QuicConnection.State.CLOSED || state == QuicConnection.State.DRAINING) {
        return;
      }
    }
    if (ackSeen) {
      stats.onRttEvent(path.rtt().latestRttMicros());
    }
  }
}
