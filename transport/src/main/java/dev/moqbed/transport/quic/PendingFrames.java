package dev.moqbed.transport.quic;

import java.util.ArrayDeque;

/**
 * Frames waiting for a 1-RTT packet that belong to no stream: queued control frames (STOP_SENDING,
 * MAX_DATA and MAX_STREAM_DATA to resend), the NEW_CONNECTION_ID frames and HANDSHAKE_DONE still
 * owed, and the application's DATAGRAM frames with their priority.
 */
final class PendingFrames {
  /**
   * picoquic sends this many NEW_CONNECTION_ID frames (active_connection_id_limit 8, minus one).
   */
  static final int NEW_CONNECTION_IDS = 7;

  /** Control frames in the order they were queued; paced but not window-limited. */
  final ArrayDeque<Frame> controlFrames = new ArrayDeque<>();

  /** DATAGRAM frames in the order the application sent them; never resent. */
  final ArrayDeque<Frame.Datagram> datagrams = new ArrayDeque<>();

  /** The priority of every DATAGRAM frame of the connection (quicperf: the request's value). */
  int datagramPriority = 0;

  /** NEW_CONNECTION_ID frames still to send, the last {@code n} of the sequence. */
  int newConnectionIdsToSend;

  boolean handshakeDoneToSend;

  /**
   * The peer's active_connection_id_limit: it takes that many ids in all, the handshake's included.
   * The model's peer takes picoquic's 8.
   */
  long peerConnectionIdLimit = NEW_CONNECTION_IDS + 1;

  /** The peer's max_datagram_frame_size (RFC 9221 §3): larger DATAGRAM frames are not sent. */
  long peerMaxDatagramFrameBytes = Long.MAX_VALUE;

  /** The 1-RTT keys are there: announce the spare connection ids. */
  void onApplicationKeys() {
    newConnectionIdsToSend = (int) Math.min(NEW_CONNECTION_IDS, peerConnectionIdLimit - 1);
  }

  /** The sequence number of the next NEW_CONNECTION_ID frame, and one fewer to send. */
  int takeNewConnectionId() {
    int sequence = NEW_CONNECTION_IDS - newConnectionIdsToSend;
    newConnectionIdsToSend--;
    return sequence;
  }

  /**
   * A PATH_CHALLENGE: a PATH_RESPONSE with its data goes in the next packet (RFC 9000 §8.2.2). Only
   * the latest challenge is answered (§8.2.2 allows it), so a peer that floods challenges makes
   * this end send one response, not one per challenge.
   */
  void answerPathChallenge(long data) {
    controlFrames.removeIf(frame -> frame instanceof Frame.PathResponse);
    controlFrames.add(new Frame.PathResponse(data));
  }
}
