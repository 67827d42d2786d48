package dev.moqbed.transport.wire;

/**
 * Input from the peer that breaks the wire format, reported with the transport error code the
 * connection closes with (RFC 9000 §20.1) and, for frames, the type of the offending frame (the
 * Frame Type field of CONNECTION_CLOSE, RFC 9000 §19.19).
 *
 * <p>Checked on purpose: every caller of a decoder must decide between closing the connection and
 * dropping the packet (a malformed header is discarded, RFC 9000 §5.2 and §12.2, while a malformed
 * frame closes the connection, §12.4). The stack trace is not filled in: the peer controls how
 * often this is thrown, and the message and codes say all there is to know.
 */
public final class QuicWireException extends Exception {
  private static final long serialVersionUID = 1L;

  /** Frame type of an error that is not about a particular frame. */
  public static final long NO_FRAME = 0;

  private final TransportErrorCode error;
  private final long frameType;

  public QuicWireException(TransportErrorCode error, long frameType, String message) {
    super(message, null, false, false);
    this.error = error;
    this.frameType = frameType;
  }

  public QuicWireException(TransportErrorCode error, String message) {
    this(error, NO_FRAME, message);
  }

  /** The transport error code to close with. */
  public TransportErrorCode error() {
    return error;
  }

  /**
   * The frame type that triggered the error, or {@link #NO_FRAME} (0, as CONNECTION_CLOSE uses).
   */
  public long frameType() {
    return frameType;
  }

  @Override
  public String toString() {
    return error
        + (frameType != NO_FRAME ? " in frame 0x" + Long.toHexString(frameType) : "")
        + ": "
        + getMessage();
  }
}
