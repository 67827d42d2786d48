package dev.moqbed.media.moqt;

import java.util.List;

/**
 * A track namespace: an ordered tuple of 1 to 32 byte fields (draft-14 §2.4.1). Relays match
 * namespaces by whole-field prefix.
 */
public record TrackNamespace(List<ByteString> fields) {
  /** Most fields a namespace tuple may have. */
  public static final int MAX_FIELDS = 32;

  public TrackNamespace {
    fields = List.copyOf(fields);
    if (fields.isEmpty() || fields.size() > MAX_FIELDS) {
      throw new IllegalArgumentException(
          "a namespace has 1.." + MAX_FIELDS + " fields, not " + fields.size());
    }
  }

  /** A namespace whose fields are the UTF-8 encodings of {@code fields}. */
  public static TrackNamespace of(String... fields) {
    ByteString[] encoded = new ByteString[fields.length];
    for (int i = 0; i < fields.length; i++) {
      encoded[i] = ByteString.utf8(fields[i]);
    }
    return new TrackNamespace(List.of(encoded));
  }

  /** Sum of the field lengths in bytes (counts towards the 4096-byte full track name limit). */
  public int totalBytes() {
    int total = 0;
    for (ByteString field : fields) {
      total += field.size();
    }
    return total;
  }

  /** True when every field of {@code prefix} equals the field at the same place here. */
  public boolean startsWith(TrackNamespace prefix) {
    int n = prefix.fields.size();
    return n <= fields.size() && fields.subList(0, n).equals(prefix.fields);
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
