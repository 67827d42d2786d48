package dev.moqbed.media.moqt;

import java.util.OptionalLong;

/**
 * Object extension header types the project knows, and the moqbed capture-timestamp header.
 *
 * <p><b>Capture timestamp</b> ({@link #CAPTURE_TIMESTAMP_MICROS}, type 0x3800, even, so its value
 * is one varint): the time the original publisher captured the object, in microseconds on the
 * publisher's media clock (virtual time in simulation). Subscribers compute per-object latency as
 * arrival time minus this value. Relays forward it unchanged, like any extension they do not
 * interpret. 0x3800 is the first code point of the range 0x3800–0x3FFF that drafts -17 and later
 * reserve for application-specific use and promise never to allocate; in draft-14 the value is
 * unallocated (-14 assigns only 0x0B, 0x3C and 0x3E). One value for every draft means a relay that
 * bridges drafts need not rewrite it. It encodes in two bytes in both varint formats.
 */
public final class ObjectExtension {
  /** Immutable Extensions: a byte value holding nested pairs the relay must not alter. */
  public static final long IMMUTABLE_EXTENSIONS = 0x0B;

  /** Number of groups before this one that will never exist (varint). */
  public static final long PRIOR_GROUP_ID_GAP = 0x3C;

  /** Number of objects before this one in its group that will never exist (varint). */
  public static final long PRIOR_OBJECT_ID_GAP = 0x3E;

  /** moqbed: capture time of the object in microseconds on the publisher's clock (varint). */
  public static final long CAPTURE_TIMESTAMP_MICROS = 0x3800;

  private ObjectExtension() {}

  /** The capture-timestamp extension header for {@code captureTimeMicros}. */
  public static KeyValuePair captureTimestamp(long captureTimeMicros) {
    return KeyValuePair.ofVarint(CAPTURE_TIMESTAMP_MICROS, captureTimeMicros);
  }

  /** The capture time carried by {@code extensions}, if they hold the moqbed header. */
  public static OptionalLong captureTimeMicros(KeyValuePairs extensions) {
    return extensions.varint(CAPTURE_TIMESTAMP_MICROS);
  }
}
