package dev.moqbed.session.transport;

/**
 * One QUIC connection as the MoQ session uses it. All methods are called on the connection's
 * scheduler thread and never block.
 */
public interface TransportConnection {

  /**
   * Sets who hears about peer-opened streams, datagrams and the end of the connection. Set it
   * before the scheduler runs the connection's first event.
   */
  void setListener(TransportListener listener);

  /** Opens a bidirectional stream (the MoQT control stream). */
  BidirectionalStream openBidirectionalStream();

  /**
   * Opens a unidirectional stream whose bytes are sent before those of streams with a larger
   * urgency (0 = most urgent). Streams of equal urgency are served in the order they were opened.
   *
   * @throws IllegalStateException when {@link #canOpenUnidirectionalStream()} is false: the peer's
   *     stream limit would refuse the stream, and its id would be lost (Netty's codec takes the id
   *     before quiche refuses it, and the peer counts every id below the highest as opened)
   */
  SendStream openUnidirectionalStream(int urgency);

  /**
   * True when the peer's stream limit (QUIC's MAX_STREAMS for unidirectional streams) lets this end
   * open one more unidirectional stream now. When false, wait for {@link
   * TransportListener#onUnidirectionalStreamCredit()}: the peer raises its limit as streams it
   * received end. A transport without stream limits always answers true.
   */
  boolean canOpenUnidirectionalStream();

  /**
   * Sends one DATAGRAM frame. Returns false when the payload is larger than {@link
   * #maxDatagramBytes()} or the connection cannot queue it; datagrams are never retransmitted.
   */
  boolean sendDatagram(byte[] payload);

  /**
   * {@link #sendDatagram}, for a payload the caller hands over: it never touches the array again,
   * so a transport that queues it may keep it instead of a copy. A transport that copies anyway
   * (into a pooled buffer, behind a WebTransport prefix) needs nothing more than the default.
   */
  default boolean handOverDatagram(byte[] payload) {
    return sendDatagram(payload);
  }

  /**
   * {@link #handOverDatagram(byte[])} of a payload in two parts: {@code prefixLength} bytes packed
   * in {@code prefix} (the first in the most significant of its low bytes), then {@code rest},
   * which other datagrams share and nobody writes. A transport that can queue the two parts keeps
   * them as they are; the default joins them in one new array.
   */
  default boolean handOverDatagram(long prefix, int prefixLength, byte[] rest) {
    byte[] whole = new byte[prefixLength + rest.length];
    for (int i = 0; i < prefixLength; i++) {
      whole[i] = (byte) (prefix >>> (8 * (prefixLength - 1 - i)));
    }
    System.arraycopy(rest, 0, whole, prefixLength, rest.length);
    return handOverDatagram(whole);
  }

  /** The largest datagram payload the path carries now (0 before it is known or when off). */
  int maxDatagramBytes();

  /** The path's current statistics; cheap enough to call every few milliseconds. */
  PathStats pathStats();

  /**
   * Closes the connection with an application error code (sent in CONNECTION_CLOSE). Unsent data is
   * discarded. The listener's {@link TransportListener#onClosed} follows.
   */
  void close(long applicationErrorCode, String reason);

  /** True until the connection is closed, by either side or by an idle timeout. */
  boolean isOpen();

  /** A short text naming the peer, for logs. */
  String peerDescription();
}
