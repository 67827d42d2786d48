package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * One key-value pair (draft-14 §1.4.2): the shape of message parameters, setup parameters and
 * object extension headers. The parity of the type decides the value's form: an even type carries
 * one varint, an odd type a length-prefixed byte string of at most {@value #MAX_BYTES} bytes.
 */
public sealed interface KeyValuePair permits KeyValuePair.VarintValue, KeyValuePair.BytesValue {
  /** The longest byte value a pair may carry (2^16 - 1). */
  int MAX_BYTES = 0xFFFF;

  /** The pair's type. */
  long type();

  /** A pair with an even type and a varint value. */
  static KeyValuePair ofVarint(long type, long value) {
    return new VarintValue(type, value);
  }

  /** A pair with an odd type and a byte-string value. */
  static KeyValuePair ofBytes(long type, ByteString value) {
    return new BytesValue(type, value);
  }

  /** A pair with an even type: the value is a varint. */
  record VarintValue(long type, long value) implements KeyValuePair {
    public VarintValue {
      if (type < 0 || (type & 1) != 0) {
        throw new IllegalArgumentException("varint-valued pairs have an even type: " + type);
      }
      if (value < 0) {
        throw new IllegalArgumentException("negative value for type " + type + ": " + value);
      }
    }

    @Override
    public String toString() {
      return "0x" + Long.toHexString(type) + "=" + value;
    }
  }

  /** A pair with an odd type: the value is a byte string. */
  record BytesValue(long type, ByteString value) implements KeyValuePair {
    public BytesValue {
      if (type < 0 || (type & 1) == 0) {
        throw new IllegalArgumentException("byte-valued pairs have an odd type: " + type);
      }
      Objects.requireNonNull(value, "value");
      if (value.size() > MAX_BYTES) {
        throw new IllegalArgumentException(
            "pair value of " + value.size() + " bytes exceeds " + MAX_BYTES);
      }
    }

    @Override
    public String toString() {
      return "0x" + Long.toHexString(type) + "=" + value;
    }
  }
}
