package dev.moqbed.media;

import java.util.Objects;

/** A track's full name: the namespace it is published under and its name within it. */
public record TrackName(String namespace, String name) {
  public TrackName {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
  }

  @Override
  public String toString() {
    return namespace + "/" + name;
  }
}
