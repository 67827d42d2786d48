package dev.moqbed.media.moqt;

import java.util.Objects;

/** SUBSCRIBE_ERROR: the subscription failed; codes are the version's (e.g. draft-14 §9.9). */
public record SubscribeError(long requestId, long errorCode, String reason)
    implements ControlMessage {
  public SubscribeError {
    Objects.requireNonNull(reason, "reason");
  }
}
