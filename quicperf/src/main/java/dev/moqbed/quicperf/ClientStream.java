package dev.moqbed.quicperf;

/**
 * One stream the quicperf client opened: a batch transfer, a group of frames, or the request of a
 * datagram flow. Read-only to callers; the client updates it as bytes arrive.
 */
public final class ClientStream {
  /** What the stream carries. */
  public enum Kind {
    BATCH,
    MEDIA_GROUP,
    DATAGRAM_REQUEST
  }

  private final int itemIndex;
  private final String itemId;
  private final int copy;
  private final long group;
  private final long streamId;
  private final Kind kind;
  private final long startMicros;
  private final long openedMicros;

  // What the client expects (media): frames in this stream or flow, their sizes and rate.
  final long frameCount;
  final long frameSizeBytes;
  final long firstFrameSizeBytes;
  final int framesPerSecond;
  final long resetDelayMicros;

  // What the client expects (batch).
  final long responseBytes;
  final boolean unlimitedResponse;

  long framesReceived;
  long bytesInFrame;
  long receivedBytes;
  boolean closed;
  long completedMicros = -1;
  long stopSentMicros = -1;
  long resetReceivedMicros = -1;

  private ClientStream(
      int itemIndex,
      String itemId,
      int copy,
      long group,
      long streamId,
      Kind kind,
      long startMicros,
      long openedMicros,
      long frameCount,
      long frameSizeBytes,
      long firstFrameSizeBytes,
      int framesPerSecond,
      long resetDelayMicros,
      long responseBytes,
      boolean unlimitedResponse) {
    this.itemIndex = itemIndex;
    this.itemId = itemId;
    this.copy = copy;
    this.group = group;
    this.streamId = streamId;
    this.kind = kind;
    this.startMicros = startMicros;
    this.openedMicros = openedMicros;
    this.frameCount = frameCount;
    this.frameSizeBytes = frameSizeBytes;
    this.firstFrameSizeBytes = firstFrameSizeBytes;
    this.framesPerSecond = framesPerSecond;
    this.resetDelayMicros = resetDelayMicros;
    this.responseBytes = responseBytes;
    this.unlimitedResponse = unlimitedResponse;
  }

  static ClientStream batch(
      int itemIndex,
      String itemId,
      int copy,
      long streamId,
      long nowMicros,
      long responseBytes,
      boolean unlimited) {
    return new ClientStream(
        itemIndex,
        itemId,
        copy,
        0,
        streamId,
        Kind.BATCH,
        nowMicros,
        nowMicros,
        0,
        0,
        0,
        0,
        0,
        responseBytes,
        unlimited);
  }

  static ClientStream media(
      int itemIndex,
      String itemId,
      int copy,
      long group,
      long streamId,
      boolean datagram,
      long startMicros,
      long openedMicros,
      long frameCount,
      long frameSizeBytes,
      long firstFrameSizeBytes,
      int framesPerSecond,
      long resetDelayMicros) {
    return new ClientStream(
        itemIndex,
        itemId,
        copy,
        group,
        streamId,
        datagram ? Kind.DATAGRAM_REQUEST : Kind.MEDIA_GROUP,
        startMicros,
        openedMicros,
        frameCount,
        frameSizeBytes,
        firstFrameSizeBytes,
        framesPerSecond,
        resetDelayMicros,
        0,
        false);
  }

  /** When frame {@code index} of this stream is expected: start + index/F, truncated. */
  long expectedMicros(long index) {
    return framesPerSecond == 0 ? startMicros : startMicros + index * 1_000_000L / framesPerSecond;
  }

  /** The size of frame {@code index}: the first frame is the I-frame. */
  long frameSizeBytes(long index) {
    return index == 0 ? firstFrameSizeBytes : frameSizeBytes;
  }

  /** Index of the stream's description in the scenario. */
  public int itemIndex() {
    return itemIndex;
  }

  public String itemId() {
    return itemId;
  }

  /** Which parallel copy ({@code *N}), from 0. */
  public int copy() {
    return copy;
  }

  /** Group number within the flow; 0 for batch and datagram requests. */
  public long group() {
    return group;
  }

  public long streamId() {
    return streamId;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * The time frames are measured from: the group's scheduled start (t0 + k·g/F), the datagram
   * request's time, or the batch request's time.
   */
  public long startMicros() {
    return startMicros;
  }

  /** When the client opened the stream. */
  public long openedMicros() {
    return openedMicros;
  }

  /** Frames this stream (group) or datagram flow carries; 0 for batch. */
  public long frameCount() {
    return frameCount;
  }

  /** Frames completely received (for datagram flows: datagrams received). */
  public long framesReceived() {
    return framesReceived;
  }

  /** Response bytes received (batch). */
  public long receivedBytes() {
    return receivedBytes;
  }

  /** When the client was done with the stream (FIN, STOP_SENDING or RESET_STREAM); -1 before. */
  public long completedMicros() {
    return completedMicros;
  }

  /** When the client sent STOP_SENDING on it; -1 if never. */
  public long stopSentMicros() {
    return stopSentMicros;
  }

  /** When the server's RESET_STREAM arrived; -1 if never. */
  public long resetReceivedMicros() {
    return resetReceivedMicros;
  }
}
