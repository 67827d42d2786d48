package dev.moqbed.relay;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.TrackNamespace;

/** A full track name. */
record TrackKey(TrackNamespace namespace, ByteString name) {
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    for (ByteString field : namespace.fields()) {
      out.append(field.asUtf8()).append('/');
    }
    return out.append(name.asUtf8()).toString();
  }
}
