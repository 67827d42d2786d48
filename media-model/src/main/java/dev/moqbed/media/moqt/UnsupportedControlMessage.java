package dev.moqbed.media.moqt;

import dev.moqbed.media.moqt.wire.MoqtProtocolException;
import java.util.Objects;

/**
 * A control message the version defines but this codec does not parse (FETCH, PUBLISH,
 * SUBSCRIBE_UPDATE, TRACK_STATUS, SUBSCRIBE_NAMESPACE and their replies on draft-14), handed over
 * whole so the session can decide: answer with an error for a request, or close the session. Types
 * the version does not define at all are a {@link MoqtProtocolException} instead.
 */
public record UnsupportedControlMessage(long type, ByteString payload) implements ControlMessage {
  public UnsupportedControlMessage {
    Objects.requireNonNull(payload, "payload");
  }
}
