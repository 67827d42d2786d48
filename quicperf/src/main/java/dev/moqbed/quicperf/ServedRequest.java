package dev.moqbed.quicperf;

/**
 * A request the quicperf server answered, as it decoded it.
 *
 * @param streamId the client's stream
 * @param kind what the client asked for
 * @param startMicros when the request's first byte arrived (the server's time base for its frames)
 * @param priority the media priority byte (0: default); 0 for batch
 * @param frameCount frames asked for (a group's frames for streams, all for datagrams); 0 for batch
 * @param framesPerSecond frame rate; 0 for batch
 * @param responseBytes bytes asked for by a batch request, -1 for "unlimited"; 0 for media
 */
public record ServedRequest(
    long streamId,
    Kind kind,
    long startMicros,
    int priority,
    long frameCount,
    int framesPerSecond,
    long responseBytes) {

  /** The three kinds of quicperf request. */
  public enum Kind {
    BATCH,
    MEDIA_STREAM,
    MEDIA_DATAGRAM
  }
}
