package dev.moqbed.media.moqt;

import java.util.Objects;

/**
 * PUBLISH_DONE (called SUBSCRIBE_DONE before draft-14): the publisher will send nothing more for
 * the subscription.
 *
 * @param streamCount how many data streams the publisher opened for it; 2^62 - 1 when unknown
 */
public record PublishDone(long requestId, long statusCode, long streamCount, String reason)
    implements ControlMessage {
  public PublishDone {
    Objects.requireNonNull(reason, "reason");
  }
}
