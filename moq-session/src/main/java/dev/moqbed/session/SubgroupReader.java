package dev.moqbed.session;

import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.session.transport.ReceiveStream;
import java.util.function.Consumer;

/**
 * An incoming subgroup stream: its header, a way to stop it, and a slot for the role's own state.
 */
public final class SubgroupReader {
  private final ReceiveStream stream;
  private final Consumer<SubgroupReader> onRelease;
  private final Consumer<SubgroupReader> onResume;
  // Dropped once the stream is stopped or ended, so its partial object can be collected although
  // transports keep ended streams (and their listeners) until the connection closes.
  private SubgroupStreamDecoder decoder;
  private long accountedBytes;
  private SubgroupHeader header;
  private boolean stopped;
  private boolean ended;
  private long objectsReceived;
  private Object attachment;
  private boolean paused;
  // the first object, decoded with the header before the listener paused the stream
  private SubgroupObject waitingObject;

  SubgroupReader(
      ReceiveStream stream,
      SubgroupStreamDecoder decoder,
      Consumer<SubgroupReader> onRelease,
      Consumer<SubgroupReader> onResume) {
    this.stream = stream;
    this.decoder = decoder;
    this.onRelease = onRelease;
    this.onResume = onResume;
  }

  /** The stream header (its subgroup id resolved once the first object arrived). */
  public SubgroupHeader header() {
    return header;
  }

  public long streamId() {
    return stream.id();
  }

  /** Objects delivered so far. */
  public long objectsReceived() {
    return objectsReceived;
  }

  /** Sends STOP_SENDING with {@code errorCode}; no further objects of this stream are delivered. */
  public void stopSending(long errorCode) {
    if (!stopped && !ended) {
      stopped = true;
      stream.stopSending(errorCode);
      onRelease.accept(this);
    }
  }

  /** True once {@link #stopSending} was called. */
  public boolean isStopped() {
    return stopped;
  }

  /**
   * Delivers nothing more until {@link #resume()}: for a stream the listener cannot place yet, one
   * whose track alias arrived ahead of the SUBSCRIBE_OK naming it. What the peer sends meanwhile
   * waits within the stream's flow-control credit, which the transport stops extending.
   */
  public void pause() {
    if (!stopped && !ended && !paused) {
      paused = true;
      stream.pause();
    }
  }

  /** Delivers again: first the objects that waited, then the stream's end if it came. */
  public void resume() {
    if (paused) {
      paused = false;
      onResume.accept(this);
    }
  }

  /** True between {@link #pause()} and {@link #resume()}. */
  public boolean isPaused() {
    return paused;
  }

  /** The role's state for this stream. */
  public Object attachment() {
    return attachment;
  }

  public void attach(Object attachment) {
    this.attachment = attachment;
  }

  SubgroupStreamDecoder decoder() {
    return decoder;
  }

  /** Bytes the decoder holds now (0 once released). */
  long decoderBufferedBytes() {
    return decoder == null ? 0 : decoder.bufferedBytes();
  }

  /** The bytes last counted for this stream in the session's total. */
  long accountedBytes() {
    return accountedBytes;
  }

  void setAccountedBytes(long bytes) {
    accountedBytes = bytes;
  }

  /** Lets the decoder and its buffered bytes go; nothing more is decoded. */
  void release() {
    if (decoder != null) {
      decoder.release();
    }
    decoder = null;
    waitingObject = null;
  }

  void keepWaiting(SubgroupObject object) {
    waitingObject = object;
  }

  /** The object decoded before the pause, if any, no longer kept. */
  SubgroupObject takeWaiting() {
    SubgroupObject object = waitingObject;
    waitingObject = null;
    return object;
  }

  /** Lets the transport deliver this stream's bytes again. */
  void resumeStream() {
    stream.resume();
  }

  void onHeader(SubgroupHeader decoded) {
    header = decoded;
  }

  void onObjectDelivered() {
    objectsReceived++;
  }

  boolean isEnded() {
    return ended;
  }

  void onEnded() {
    ended = true;
    onRelease.accept(this);
  }
}
