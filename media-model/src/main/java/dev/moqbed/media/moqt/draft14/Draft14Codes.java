package dev.moqbed.media.moqt.draft14;

/**
 * Draft-14 code points that later drafts renumbered: message parameter types (§9.2.1), request
 * error codes and PUBLISH_DONE status codes (§13.1). Codes are plain longs on the wire; a peer may
 * send values not listed here.
 */
public final class Draft14Codes {
  private Draft14Codes() {}

  // Message parameters (version-specific namespace).
  /** DELIVERY_TIMEOUT parameter: milliseconds to keep trying to forward an object (varint). */
  public static final long PARAMETER_DELIVERY_TIMEOUT = 0x02;

  /** AUTHORIZATION_TOKEN parameter (bytes). */
  public static final long PARAMETER_AUTHORIZATION_TOKEN = 0x03;

  /** MAX_CACHE_DURATION parameter: milliseconds an object may be served from cache (varint). */
  public static final long PARAMETER_MAX_CACHE_DURATION = 0x04;

  // SUBSCRIBE_ERROR codes.
  public static final long SUBSCRIBE_INTERNAL_ERROR = 0x0;
  public static final long SUBSCRIBE_UNAUTHORIZED = 0x1;
  public static final long SUBSCRIBE_TIMEOUT = 0x2;
  public static final long SUBSCRIBE_NOT_SUPPORTED = 0x3;
  public static final long SUBSCRIBE_TRACK_DOES_NOT_EXIST = 0x4;
  public static final long SUBSCRIBE_INVALID_RANGE = 0x5;
  public static final long SUBSCRIBE_MALFORMED_AUTH_TOKEN = 0x10;
  public static final long SUBSCRIBE_EXPIRED_AUTH_TOKEN = 0x12;

  // PUBLISH_DONE status codes.
  public static final long DONE_INTERNAL_ERROR = 0x0;
  public static final long DONE_UNAUTHORIZED = 0x1;
  public static final long DONE_TRACK_ENDED = 0x2;
  public static final long DONE_SUBSCRIPTION_ENDED = 0x3;
  public static final long DONE_GOING_AWAY = 0x4;
  public static final long DONE_EXPIRED = 0x5;
  public static final long DONE_TOO_FAR_BEHIND = 0x6;
  public static final long DONE_MALFORMED_TRACK = 0x7;

  /** PUBLISH_DONE stream count when the publisher cannot tell: 2^62 - 1. */
  public static final long DONE_STREAM_COUNT_UNKNOWN = (1L << 62) - 1;

  // PUBLISH_NAMESPACE_ERROR and PUBLISH_NAMESPACE_CANCEL codes.
  public static final long NAMESPACE_INTERNAL_ERROR = 0x0;
  public static final long NAMESPACE_UNAUTHORIZED = 0x1;
  public static final long NAMESPACE_TIMEOUT = 0x2;
  public static final long NAMESPACE_NOT_SUPPORTED = 0x3;
  public static final long NAMESPACE_UNINTERESTED = 0x4;
  public static final long NAMESPACE_MALFORMED_AUTH_TOKEN = 0x10;
  public static final long NAMESPACE_EXPIRED_AUTH_TOKEN = 0x12;

  // RESET_STREAM / STOP_SENDING codes on data streams.
  public static final long RESET_INTERNAL_ERROR = 0x0;
  public static final long RESET_CANCELLED = 0x1;
  public static final long RESET_DELIVERY_TIMEOUT = 0x2;
  public static final long RESET_SESSION_CLOSED = 0x3;

  /** True for the known message parameters that must not appear twice in one message. */
  static boolean isSingleInstanceParameter(long type) {
    return type == PARAMETER_DELIVERY_TIMEOUT || type == PARAMETER_MAX_CACHE_DURATION;
  }
}
