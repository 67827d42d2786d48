package dev.moqbed.media.moqt;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * An ordered list of key-value pairs: a message's parameters or an object's extension headers.
 * Order and duplicates are kept exactly as received, because a relay forwards extension headers it
 * does not understand unchanged.
 */
public record KeyValuePairs(List<KeyValuePair> pairs) {
  /** No pairs. */
  public static final KeyValuePairs NONE = new KeyValuePairs(List.of());

  public KeyValuePairs {
    pairs = List.copyOf(pairs);
  }

  /** The given pairs, in order. */
  public static KeyValuePairs of(KeyValuePair... pairs) {
    return pairs.length == 0 ? NONE : new KeyValuePairs(List.of(pairs));
  }

  /** Number of pairs. */
  public int size() {
    return pairs.size();
  }

  /** True when there are no pairs. */
  public boolean isEmpty() {
    return pairs.isEmpty();
  }

  /** The value of the first varint pair of {@code type}, if any. */
  public OptionalLong varint(long type) {
    // Indexed loops here: an iterator per call was garbage per received object.
    for (int i = 0; i < pairs.size(); i++) {
      KeyValuePair pair = pairs.get(i);
      if (pair instanceof KeyValuePair.VarintValue && pair.type() == type) {
        return OptionalLong.of(((KeyValuePair.VarintValue) pair).value());
      }
    }
    return OptionalLong.empty();
  }

  /** The value of the first byte-string pair of {@code type}, if any. */
  public Optional<ByteString> bytes(long type) {
    for (int i = 0; i < pairs.size(); i++) {
      KeyValuePair pair = pairs.get(i);
      if (pair instanceof KeyValuePair.BytesValue && pair.type() == type) {
        return Optional.of(((KeyValuePair.BytesValue) pair).value());
      }
    }
    return Optional.empty();
  }

  /** How many pairs have {@code type}. */
  public int count(long type) {
    int n = 0;
    for (int i = 0; i < pairs.size(); i++) {
      if (pairs.get(i).type() == type) {
        n++;
      }
    }
    return n;
  }

  @Override
  public String toString() {
    return pairs.toString();
  }
}
