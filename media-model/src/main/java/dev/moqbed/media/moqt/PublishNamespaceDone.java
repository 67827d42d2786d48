package dev.moqbed.media.moqt;

import java.util.Objects;

/** PUBLISH_NAMESPACE_DONE: the publisher withdraws its namespace announcement. */
public record PublishNamespaceDone(TrackNamespace namespace) implements ControlMessage {
  public PublishNamespaceDone {
    Objects.requireNonNull(namespace, "namespace");
  }
}
