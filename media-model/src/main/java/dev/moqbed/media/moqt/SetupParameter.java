package dev.moqbed.media.moqt;

/**
 * Setup parameter types of CLIENT_SETUP / SERVER_SETUP (draft-14 §9.3.2). The draft keeps this
 * namespace separate from the per-version message parameters.
 *
 * <p>MOQT_IMPLEMENTATION is deliberately absent: draft-14 gives it 0x05, the same value as
 * AUTHORITY (a typo that -15 fixed by moving it to 0x07), so no value is safe to send on -14.
 */
public final class SetupParameter {
  /** Path and query of the {@code moqt://} URI; client only, raw QUIC only (bytes). */
  public static final long PATH = 0x01;

  /** Initial Maximum Request ID the peer may use, plus one; default 0 = no requests (varint). */
  public static final long MAX_REQUEST_ID = 0x02;

  /** An authorization token (bytes; may repeat). */
  public static final long AUTHORIZATION_TOKEN = 0x03;

  /** Bytes of registered token aliases the sender will store (varint). */
  public static final long MAX_AUTH_TOKEN_CACHE_SIZE = 0x04;

  /** Authority of the {@code moqt://} URI; client only, raw QUIC only (bytes). */
  public static final long AUTHORITY = 0x05;

  private SetupParameter() {}

  /** True for the known setup parameters that must not appear twice in one message. */
  public static boolean isSingleInstance(long type) {
    return type == PATH
        || type == MAX_REQUEST_ID
        || type == MAX_AUTH_TOKEN_CACHE_SIZE
        || type == AUTHORITY;
  }
}
