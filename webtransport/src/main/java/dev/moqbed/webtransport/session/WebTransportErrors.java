package dev.moqbed.webtransport.session;

/**
 * The mapping of WebTransport application error codes (32 bits) into the HTTP/3 error code space of
 * RESET_STREAM and STOP_SENDING (draft-ietf-webtrans-http3): a block starting at {@link #FIRST},
 * with the grease values ({@code 0x1f * N + 0x21}) of that range skipped.
 */
public final class WebTransportErrors {
  /** The HTTP/3 code of application code 0. */
  public static final long FIRST = 0x52e4a40fa8dbL;

  /** The HTTP/3 code of application code 2^32 - 1. */
  public static final long LAST = 0x52e5ac983162L;

  private WebTransportErrors() {}

  /** The HTTP/3 code that carries application code {@code code} (0 to 2^32 - 1). */
  public static long toHttp3(long code) {
    if (code < 0 || code > 0xffff_ffffL) {
      throw new IllegalArgumentException("not a 32-bit application error code: " + code);
    }
    // One grease value falls in every 0x1f codes of the block; skip them.
    return FIRST + code + code / 0x1e;
  }

  /**
   * The application code an HTTP/3 code carries, or -1 when it is outside the block or a grease
   * value (then the stream was reset by HTTP/3 itself, not by the application).
   */
  public static long fromHttp3(long http3Code) {
    if (http3Code < FIRST || http3Code > LAST || (http3Code - 0x21) % 0x1f == 0) {
      return -1;
    }
    long shifted = http3Code - FIRST;
    return shifted - shifted / 0x1f;
  }
}
