package dev.moqbed.media.moqt;

import java.util.Objects;

/** PUBLISH_NAMESPACE_CANCEL: the receiver of an announcement will send no more subscriptions. */
public record PublishNamespaceCancel(TrackNamespace namespace, long errorCode, String reason)
    implements ControlMessage {
  public PublishNamespaceCancel {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(reason, "reason");
  }
}
