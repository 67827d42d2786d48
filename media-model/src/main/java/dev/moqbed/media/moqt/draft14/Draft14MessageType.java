package dev.moqbed.media.moqt.draft14;

/**
 * Every control message type draft-14 defines (§9, message type table), and whether this codec
 * parses it into a record. The rest are handed over as {@link
 * dev.moqbed.media.moqt.UnsupportedControlMessage}. The reserved values 0x01, 0x40 and 0x41 (setup
 * of older versions) count as unknown.
 */
public enum Draft14MessageType {
  SUBSCRIBE_UPDATE(0x02, false),
  SUBSCRIBE(0x03, true),
  SUBSCRIBE_OK(0x04, true),
  SUBSCRIBE_ERROR(0x05, true),
  PUBLISH_NAMESPACE(0x06, true),
  PUBLISH_NAMESPACE_OK(0x07, true),
  PUBLISH_NAMESPACE_ERROR(0x08, true),
  PUBLISH_NAMESPACE_DONE(0x09, true),
  UNSUBSCRIBE(0x0A, true),
  PUBLISH_DONE(0x0B, true),
  PUBLISH_NAMESPACE_CANCEL(0x0C, true),
  TRACK_STATUS(0x0D, false),
  TRACK_STATUS_OK(0x0E, false),
  TRACK_STATUS_ERROR(0x0F, false),
  GOAWAY(0x10, true),
  SUBSCRIBE_NAMESPACE(0x11, false),
  SUBSCRIBE_NAMESPACE_OK(0x12, false),
  SUBSCRIBE_NAMESPACE_ERROR(0x13, false),
  UNSUBSCRIBE_NAMESPACE(0x14, false),
  MAX_REQUEST_ID(0x15, true),
  FETCH(0x16, false),
  FETCH_CANCEL(0x17, false),
  FETCH_OK(0x18, false),
  FETCH_ERROR(0x19, false),
  REQUESTS_BLOCKED(0x1A, true),
  PUBLISH(0x1D, false),
  PUBLISH_OK(0x1E, false),
  PUBLISH_ERROR(0x1F, false),
  CLIENT_SETUP(0x20, true),
  SERVER_SETUP(0x21, true);

  private static final Draft14MessageType[] BY_CODE = new Draft14MessageType[0x22];

  static {
    for (Draft14MessageType type : values()) {
      BY_CODE[(int) type.code] = type;
    }
  }

  private final long code;
  private final boolean parsed;

  Draft14MessageType(long code, boolean parsed) {
    this.code = code;
    this.parsed = parsed;
  }

  /** The wire value. */
  public long code() {
    return code;
  }

  /** True when this codec decodes the message into its own record. */
  public boolean isParsed() {
    return parsed;
  }

  /** The type with wire value {@code code}, or null when draft-14 defines none. */
  public static Draft14MessageType fromCode(long code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[(int) code] : null;
  }
}
