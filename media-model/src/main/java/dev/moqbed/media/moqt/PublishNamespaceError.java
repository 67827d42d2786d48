package dev.moqbed.media.moqt;

import java.util.Objects;

/** PUBLISH_NAMESPACE_ERROR: the namespace announcement is refused. */
public record PublishNamespaceError(long requestId, long errorCode, String reason)
    implements ControlMessage {
  public PublishNamespaceError {
    Objects.requireNonNull(reason, "reason");
  }
}
