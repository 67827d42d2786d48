package dev.moqbed.webtransport.capsule;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.util.Objects;

/**
 * One capsule: a type and its value (RFC 9297 §3.2). The value array is owned by the capsule.
 *
 * @param type the capsule type ({@link CapsuleType})
 * @param value the capsule's value, without the type and length fields
 */
public record Capsule(long type, byte[] value) {
  public Capsule {
    Objects.requireNonNull(value, "value");
  }

  /** Type, length and value, as the capsule travels inside DATA frames. */
  public byte[] encode() {
    return new WireWriter(QuicVarint.INSTANCE, value.length + 16)
        .writeVarint(type)
        .writeVarint(value.length)
        .writeBytes(value)
        .toByteArray();
  }
}
