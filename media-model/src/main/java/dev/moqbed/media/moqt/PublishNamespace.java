package dev.moqbed.media.moqt;

import java.util.Objects;

/** PUBLISH_NAMESPACE (ANNOUNCE before draft-13): the sender has tracks under this namespace. */
public record PublishNamespace(long requestId, TrackNamespace namespace, KeyValuePairs parameters)
    implements ControlMessage {
  public PublishNamespace {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(parameters, "parameters");
  }
}
