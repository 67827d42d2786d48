package dev.moqbed.publisher;

import dev.moqbed.media.spec.MediaSpec;
import java.util.Objects;

/**
 * What a publisher publishes.
 *
 * @param namespace the namespace its tracks live in (one field)
 * @param media the media flows, one track per flow, named by the flow id
 * @param durationMicros how long each flow runs (its frame count is cut or extended to this), 0 to
 *     keep the spec's frame counts
 * @param startOnAnnounce true to start the media as soon as the namespace is accepted; false to
 *     wait for {@link Publisher#startMedia()}
 * @param lingerMicros how long to keep the session open after the last PUBLISH_DONE, so the last
 *     objects reach the relay before the connection closes
 */
public record PublisherConfig(
    String namespace,
    MediaSpec media,
    long durationMicros,
    boolean startOnAnnounce,
    long lingerMicros) {
  public PublisherConfig {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(media, "media");
    if (media.flows().isEmpty()) {
      throw new IllegalArgumentException("the media spec has no media flow to publish");
    }
    if (durationMicros < 0 || lingerMicros < 0) {
      throw new IllegalArgumentException("negative duration");
    }
  }
}
