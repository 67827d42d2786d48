package dev.moqbed.webtransport.http3;

/**
 * Bytes from the peer that break an HTTP/3, QPACK, capsule or WebTransport rule, with the error
 * code the connection closes with ({@link Http3ErrorCode}). Thrown only for input the peer sent;
 * misuse by local code is an {@link IllegalArgumentException} or {@link IllegalStateException}.
 */
public final class Http3Exception extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final long errorCode;

  /**
   * @param errorCode the HTTP/3 error code that names the broken rule
   * @param message what exactly was wrong, for logs and the CONNECTION_CLOSE reason
   */
  public Http3Exception(long errorCode, String message) {
    super(Http3ErrorCode.name(errorCode) + ": " + message);
    this.errorCode = errorCode;
  }

  /** The HTTP/3 error code to close the connection (or the stream) with. */
  public long errorCode() {
    return errorCode;
  }
}
