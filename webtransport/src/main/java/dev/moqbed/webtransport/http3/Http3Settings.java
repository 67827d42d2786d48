package dev.moqbed.webtransport.http3;

import dev.moqbed.media.moqt.wire.QuicVarint;
import dev.moqbed.media.moqt.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The content of one SETTINGS frame (RFC 9114 §7.2.4): identifier and value pairs, in the order
 * they were sent. Decoding refuses what §7.2.4 forbids (a repeated identifier, an HTTP/2-only one)
 * and keeps every other pair, known or not, so the session decides what it understands and a grease
 * identifier is simply never asked for.
 */
public final class Http3Settings {
  private final Map<Long, Long> values;

  private Http3Settings(Map<Long, Long> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** A builder for the settings this endpoint sends. */
  public static Builder builder() {
    return new Builder();
  }

  /** The value of {@code id}, if the sender sent it. */
  public OptionalLong value(long id) {
    Long value = values.get(id);
    return value == null ? OptionalLong.empty() : OptionalLong.of(value);
  }

  /** The value of {@code id}, or {@code fallback} (the protocol's default) when not sent. */
  public long valueOr(long id, long fallback) {
    return values.getOrDefault(id, fallback);
  }

  /** Every pair, in the order sent. */
  public Map<Long, Long> asMap() {
    return values;
  }

  /** The frame payload: each identifier and value as varints, nothing else. */
  public byte[] encodePayload() {
    WireWriter writer = new WireWriter(QuicVarint.INSTANCE);
    values.forEach(
        (id, value) -> {
          writer.writeVarint(id);
          writer.writeVarint(value);
        });
    return writer.toByteArray();
  }

  /**
   * Decodes a SETTINGS payload.
   *
   * @throws Http3Exception H3_SETTINGS_ERROR for a repeated or HTTP/2-only identifier,
   *     H3_FRAME_ERROR for a payload that ends inside a pair
   */
  public static Http3Settings decode(byte[] payload) {
    ByteBuffer buffer = ByteBuffer.wrap(payload);
    Map<Long, Long> values = new LinkedHashMap<>();
    while (buffer.hasRemaining()) {
      long id = BufferVarints.read(buffer, Http3ErrorCode.H3_FRAME_ERROR, "setting identifier");
      long value = BufferVarints.read(buffer, Http3ErrorCode.H3_FRAME_ERROR, "setting value");
      if (Http3SettingId.isHttp2Only(id)) {
        throw new Http3Exception(
            Http3ErrorCode.H3_SETTINGS_ERROR, "HTTP/2 setting 0x" + Long.toHexString(id));
      }
      if (values.putIfAbsent(id, value) != null) {
        throw new Http3Exception(
            Http3ErrorCode.H3_SETTINGS_ERROR, "setting 0x" + Long.toHexString(id) + " repeated");
      }
    }
    return new Http3Settings(values);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("Http3Settings{");
    values.forEach(
        (id, value) ->
            text.append(text.length() > 14 ? ", " : "")
                .append("0x")
                .append(Long.toHexString(id))
                .append('=')
                .append(value));
    return text.append('}').toString();
  }

  /** Collects the pairs this endpoint sends, in order; a repeated identifier is refused. */
  public static final class Builder {
    private final Map<Long, Long> values = new LinkedHashMap<>();

    private Builder() {}

    /** Adds one pair. */
    public Builder set(long id, long value) {
      if (Http3SettingId.isHttp2Only(id)) {
        throw new IllegalArgumentException("HTTP/2 setting 0x" + Long.toHexString(id));
      }
      if (values.putIfAbsent(id, value) != null) {
        throw new IllegalArgumentException("setting 0x" + Long.toHexString(id) + " set twice");
      }
      return this;
    }

    /** The settings. */
    public Http3Settings build() {
      return new Http3Settings(new LinkedHashMap<>(values));
    }
  }
}
