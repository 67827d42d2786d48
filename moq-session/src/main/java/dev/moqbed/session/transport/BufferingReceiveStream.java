package dev.moqbed.session.transport;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * The receiving half of a stream for connection implementations: bytes, FIN or reset that arrive
 * before the session set a listener wait and are handed over when it does; after STOP_SENDING
 * nothing more is delivered. Implementations feed it with {@link #deliver} and {@link #onReset} and
 * say how STOP_SENDING reaches the peer. While {@link #pause paused}, what arrives waits the same
 * way; a transport with flow control overrides {@link #onPause()} and {@link #onResume()} to stop
 * delivering (and granting credit) itself, so what waits here stays within one delivery.
 */
public abstract class BufferingReceiveStream implements ReceiveStream {
  private final long id;
  private final ArrayDeque<byte[]> early = new ArrayDeque<>();
  private boolean earlyFin;
  private long earlyReset = -1;
  private ReceiveStreamListener streamListener;
  private boolean stopped;
  private boolean ended;
  private boolean paused;

  protected BufferingReceiveStream(long id) {
    this.id = id;
  }

  @Override
  public final long id() {
    return id;
  }

  @Override
  public final void setListener(ReceiveStreamListener listener) {
    this.streamListener = listener;
    if (!paused) {
      drain();
    }
  }

  @Override
  public final void pause() {
    if (!paused && !stopped && !ended) {
      paused = true;
      onPause();
    }
  }

  @Override
  public final void resume() {
    if (!paused) {
      return;
    }
    paused = false;
    if (streamListener != null) {
      drain();
    }
    if (!paused && !stopped && !ended) {
      onResume();
    }
  }

  /** The stream was paused: a transport with flow control stops delivering here. */
  protected void onPause() {}

  /** The stream was resumed: the transport delivers (and grants credit) again. */
  protected void onResume() {}

  private void drain() {
    ReceiveStreamListener listener = streamListener;
    while (!early.isEmpty() && !stopped && !paused) {
      listener.onData(ByteBuffer.wrap(early.poll()));
    }
    if (stopped || ended || paused) {
      return;
    }
    if (earlyReset >= 0) {
      ended = true;
      listener.onReset(earlyReset);
    } else if (earlyFin) {
      ended = true;
      listener.onFinished();
    }
  }

  @Override
  public final void stopSending(long errorCode) {
    if (stopped || ended || !canStopSending()) {
      return;
    }
    stopped = true;
    early.clear();
    sendStopSending(errorCode);
  }

  /** Whether STOP_SENDING can still reach the peer (false once the connection is closed). */
  protected boolean canStopSending() {
    return true;
  }

  /** Sends STOP_SENDING with {@code errorCode} to the peer. */
  protected abstract void sendStopSending(long errorCode);

  /**
   * The next bytes of the stream, in order, with the FIN on the last ones; {@code bytes} is read
   * during the call only (handed to the listener as it is, copied only when it must wait here).
   */
  public final void deliver(ByteBuffer bytes, boolean fin) {
    if (stopped || ended) {
      return;
    }
    if (streamListener == null || paused) {
      if (bytes.hasRemaining()) {
        byte[] kept = new byte[bytes.remaining()];
        bytes.get(kept);
        early.add(kept);
      }
      earlyFin |= fin;
      return;
    }
    if (bytes.hasRemaining()) {
      streamListener.onData(bytes);
    }
    if (fin && !stopped) {
      if (paused) {
        // paused while it read these bytes: the end waits for resume() like the bytes after it
        earlyFin = true;
        return;
      }
      ended = true;
      streamListener.onFinished();
    }
  }

  /** The peer reset the stream (RESET_STREAM with {@code errorCode}). */
  public final void onReset(long errorCode) {
    if (stopped || ended) {
      return;
    }
    if (streamListener == null || paused) {
      earlyReset = errorCode;
      return;
    }
    ended = true;
    streamListener.onReset(errorCode);
  }
}
