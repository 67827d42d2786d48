package dev.moqbed.media.moqt;

import java.util.Objects;

/** The rules every object obeys, on streams and in datagrams (draft-14 §10.2.1). */
final class ObjectRules {
  private ObjectRules() {}

  static void check(
      ObjectStatus status, KeyValuePairs extensions, ByteString payload, int payloadSize) {
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(extensions, "extensions");
    Objects.requireNonNull(payload, "payload");
    if (payloadSize < 0 || (payload.size() != payloadSize && !payload.isEmpty())) {
      throw new IllegalArgumentException(
          "payload size " + payloadSize + " for a payload of " + payload.size() + " bytes");
    }
    if (status != ObjectStatus.NORMAL && payloadSize != 0) {
      throw new IllegalArgumentException(status + " object with a payload");
    }
    if (status == ObjectStatus.DOES_NOT_EXIST && !extensions.isEmpty()) {
      throw new IllegalArgumentException("DOES_NOT_EXIST object with extension headers");
    }
  }
}
