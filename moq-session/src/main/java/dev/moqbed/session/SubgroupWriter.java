package dev.moqbed.session;

import dev.moqbed.media.moqt.ByteString;
import dev.moqbed.media.moqt.SharedObjectHead;
import dev.moqbed.media.moqt.SubgroupHeader;
import dev.moqbed.media.moqt.SubgroupObject;
import dev.moqbed.media.moqt.SubgroupStreamEncoder;
import dev.moqbed.media.moqt.wire.WireWriter;
import dev.moqbed.session.transport.SendStream;
import dev.moqbed.session.transport.SendStreamListener;

/**
 * An outgoing subgroup stream: the header was written when it was opened; objects follow in
 * increasing id order; then {@link #finish()} or {@link #reset}. Objects are never reordered: they
 * go to the stream in the order they are written.
 */
public final class SubgroupWriter {
  private final SendStream stream;
  private final SubgroupStreamEncoder encoder;
  private final WireWriter scratch;
  private SubgroupWriterListener listener;
  private boolean stoppedByPeer;
  private boolean done;
  private long objectsWritten;
  private Object attachment;

  SubgroupWriter(SendStream stream, SubgroupStreamEncoder encoder, WireWriter scratch) {
    this.stream = stream;
    this.encoder = encoder;
    this.scratch = scratch;
    stream.setListener(
        new SendStreamListener() {
          @Override
          public void onStopSending(long errorCode) {
            onPeerStopSending(errorCode);
          }

          @Override
          public void onWritable() {
            if (listener != null && !done) {
              listener.onWritable(SubgroupWriter.this);
            }
          }
        });
    scratch.clear();
    encoder.writeHeader(scratch);
    stream.write(scratch.view());
  }

  public SubgroupHeader header() {
    return encoder.header();
  }

  public long streamId() {
    return stream.id();
  }

  public void setListener(SubgroupWriterListener listener) {
    this.listener = listener;
  }

  /**
   * Writes one object; ignored once the stream is finished, reset or stopped. Its head is copied,
   * its payload shared with the stream (never copied here).
   */
  public void write(SubgroupObject object) {
    if (done) {
      return;
    }
    scratch.clear();
    encoder.writeObjectHead(object, scratch);
    stream.write(scratch.view());
    if (!object.payload().isEmpty()) {
      stream.writeShared(object.payload());
    }
    objectsWritten++;
  }

  /**
   * Writes one object as {@link #write(SubgroupObject)} does, its head taken from {@code shared}
   * when another stream already encoded it in the same state: a relay writing one object to every
   * subscriber's stream encodes its head once and shares the bytes, head and payload, with every
   * stream (nothing is copied or allocated per stream).
   */
  public void write(SubgroupObject object, SharedObjectHead shared) {
    if (done) {
      return;
    }
    ByteString head = encoder.objectHead(object, shared, scratch);
    stream.writeShared(head);
    if (!object.payload().isEmpty()) {
      stream.writeShared(object.payload());
    }
    objectsWritten++;
  }

  /** Ends the stream after the objects written (FIN). */
  public void finish() {
    if (!done) {
      done = true;
      stream.finish();
    }
  }

  /** Abandons the stream with RESET_STREAM; objects not yet sent are dropped. */
  public void reset(long errorCode) {
    if (!done) {
      done = true;
      stream.reset(errorCode);
    }
  }

  /** Changes the stream's urgency (0 = most urgent); ignored once the stream is closed. */
  public void setUrgency(int urgency) {
    if (!done) {
      stream.setUrgency(urgency);
    }
  }

  /** True while the transport takes more bytes without building a backlog. */
  public boolean isWritable() {
    return !done && stream.isWritable() && !stream.isClosed();
  }

  /** True once finished, reset or stopped by the peer. */
  public boolean isClosed() {
    return done;
  }

  /** True when the peer sent STOP_SENDING. */
  public boolean isStoppedByPeer() {
    return stoppedByPeer;
  }

  public long objectsWritten() {
    return objectsWritten;
  }

  /** The role's state for this stream. */
  public Object attachment() {
    return attachment;
  }

  public void attach(Object attachment) {
    this.attachment = attachment;
  }

  private void onPeerStopSending(long errorCode) {
    if (stoppedByPeer) {
      return;
    }
    stoppedByPeer = true;
    boolean wasDone = done;
    done = true;
    if (!wasDone) {
      // QUIC wants a RESET_STREAM in answer to STOP_SENDING; transports that already sent one
      // ignore this.
      stream.reset(errorCode < 0 ? 0 : errorCode);
    }
    if (listener != null) {
      listener.onStopSending(this, errorCode);
    }
  }
}
