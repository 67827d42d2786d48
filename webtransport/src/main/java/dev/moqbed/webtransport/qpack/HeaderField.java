package dev.moqbed.webtransport.qpack;

import java.util.Objects;

/**
 * One field line of an HTTP message: a lower-case name (pseudo-headers start with ':') and its
 * value. HTTP field values are bytes, not text; both strings hold one byte per character
 * (ISO-8859-1), so every byte a peer sends survives decoding and encoding unchanged.
 *
 * @param name the field name, lower case as HTTP/3 requires (RFC 9114 §4.2)
 * @param value the field value
 */
public record HeaderField(String name, String value) {
  public HeaderField {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
  }

  /**
   * The size RFC 9114 §4.2.2 counts against SETTINGS_MAX_FIELD_SECTION_SIZE: name and value bytes
   * plus 32 for the overhead of an entry.
   */
  public long sectionSize() {
    return name.length() + (long) value.length() + 32L;
  }
}
