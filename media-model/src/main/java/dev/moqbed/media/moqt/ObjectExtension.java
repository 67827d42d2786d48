package dev.moqbed.media.moqt;

import java.util.ArrayList;
import java.util.List;
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
 *
 * <p><b>Relay arrival timestamp</b> ({@link #RELAY_ARRIVAL_MICROS}, type 0x3802, even: one varint):
 * the time a moqbed relay had received the whole object, in microseconds on that relay's clock.
 * Each relay on the path appends its own, so the headers list the relays' arrival times in path
 * order (first relay first); a subscriber turns them into per-hop latencies. Like 0x3800 it lies in
 * the application range of drafts -17+ and is unallocated in draft-14.
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

  /** moqbed: arrival time of the object at one relay, microseconds on its clock (varint). */
  public static final long RELAY_ARRIVAL_MICROS = 0x3802;

  private ObjectExtension() {}

  /** {@code extensions} with one more relay-arrival header, {@code arrivalMicros}, at the end. */
  public static KeyValuePairs withRelayArrival(KeyValuePairs extensions, long arrivalMicros) {
    List<KeyValuePair> pairs = new ArrayList<>(extensions.size() + 1);
    pairs.addAll(extensions.pairs());
    pairs.add(KeyValuePair.ofVarint(RELAY_ARRIVAL_MICROS, arrivalMicros));
    return new KeyValuePairs(pairs);
  }

  /** The relay-arrival times carried by {@code extensions}, in path order (empty: no relay). */
  public static long[] relayArrivalsMicros(KeyValuePairs extensions) {
    return relayArrivalsMicros(extensions, null);
  }

  /**
   * The relay-arrival times carried by {@code extensions}, written into {@code reuse} when it has
   * exactly their number (a receiver that stamps every frame of one path reuses one array), else
   * into a new array.
   */
  public static long[] relayArrivalsMicros(KeyValuePairs extensions, long[] reuse) {
    int count = extensions.count(RELAY_ARRIVAL_MICROS);
    long[] arrivals = reuse != null && reuse.length == count ? reuse : new long[count];
    int next = 0;
    List<KeyValuePair> pairs = extensions.pairs();
    for (int i = 0; i < pairs.size(); i++) {
      if (pairs.get(i) instanceof KeyValuePair.VarintValue varint
          && varint.type() == RELAY_ARRIVAL_MICROS) {
        arrivals[next++] = varint.value();
      }
    }
    return arrivals;
  }

  /** The capture-timestamp extension header for {@code captureTimeMicros}. */
  public static KeyValuePair captureTimestamp(long captureTimeMicros) {
    return KeyValuePair.ofVarint(CAPTURE_TIMESTAMP_MICROS, captureTimeMicros);
  }

  /** The capture time carried by {@code extensions}, if they hold the moqbed header. */
  public static OptionalLong captureTimeMicros(KeyValuePairs extensions) {
    return extensions.varint(CAPTURE_TIMESTAMP_MICROS);
  }
}
