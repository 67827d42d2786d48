package dev.moqbed.session;

import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupStreamDecoder;
import dev.moqbed.session.transport.ReceiveStream;

/**
 * An incoming subgroup stream: its header, a way to stop it, and a slot for the role's own state.
 */
public final class SubgroupReader {
  private final ReceiveStream stream;
  private final SubgroupStreamDecoder decoder;
  private SubgroupHeader header;
  private boolean stopped;
  private boolean ended;
  private long objectsReceived;
  private Object attachment;

  SubgroupReader(ReceiveStream stream, SubgroupStreamDecoder decoder) {
    this.stream = stream;
    this.decoder = decoder;
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
    }
  }

  /** True once {@link #stopSending} was called. */
  public boolean isStopped() {
    return stopped;
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
  }
}
