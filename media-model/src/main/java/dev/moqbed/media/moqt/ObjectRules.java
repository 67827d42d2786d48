package dev.moqbed.media.moqt;

import java.util.Objects;

/** The rules every object obeys, on streams and in datagrams (draft-14 §10.2.1). */
final class ObjectRules {
  private ObjectRules() {}

  static void check(ObjectStatus status, KeyValuePairs extensions, ByteString payload) {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(extensions, "extensions");
    Objects.requireNonNull(payload, "payload");
    if (status != ObjectStatus.NORMAL && !payload.isEmpty()) {
      throw new IllegalArgumentException(status + " object with a payload");
    }
    if (status == ObjectStatus.DOES_NOT_EXIST && !extensions.isEmpty()) {
      throw new IllegalArgumentException("DOES_NOT_EXIST object with extension headers");
    }
  }
}
