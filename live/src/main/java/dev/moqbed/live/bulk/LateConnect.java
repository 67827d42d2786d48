package dev.moqbed.live.bulk;

import dev.moqbed.live.stack.ClientEndpoint;
import dev.moqbed.live.stack.LiveConnection;
import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.netty.ClientTrust;
import dev.moqbed.netty.EventLoopScheduler;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A bulk client's connection, opened at the flow's start time rather than beforehand, as
 * picoquic_ns creates a background connection at its start time: its handshake, then at once its
 * first request. A connection opened early would sit idle until the start, and on the project's
 * stack its ACK-only packets would time out there as picoquic's do (the ACK-only timer loss), so
 * its controller would enter the transfer with a collapsed window and no slow start: a NewReno
 * download on a jittery link then took twice as long live as simulated.
 *
 * <p>The handshake blocks, so it runs on a thread of its own, never on a loop.
 */
final class LateConnect implements AutoCloseable {
  private static final long JOIN_MILLIS = 5_000;

  private final LiveStack stack;
  private final InetSocketAddress remote;
  private final ClientTrust trust;
  private Thread thread;
  private ClientEndpoint client;
  private boolean closed;
  private volatile long startedMicros = -1;

  LateConnect(LiveStack stack, InetSocketAddress remote, ClientTrust trust) {
    this.stack = stack;
    this.remote = remote;
    this.trust = trust;
  }

  /**
   * Connects {@code delayMicros} from now; {@code onConnected} runs on the connection's loop once
   * the handshake is done, {@code onFailed} on the connecting thread when it failed (not after
   * {@link #close}). Once only.
   */
  synchronized void start(
      long delayMicros, Consumer<LiveConnection> onConnected, Consumer<IOException> onFailed) {
    if (thread != null) {
      throw new IllegalStateException("a bulk client connects once");
    }
    thread =
        new Thread(() -> connectAt(delayMicros, onConnected, onFailed), "bulk-connect-" + remote);
    thread.setDaemon(true);
    thread.start();
  }

  private void connectAt(
      long delayMicros, Consumer<LiveConnection> onConnected, Consumer<IOException> onFailed) {
    try {
      TimeUnit.MICROSECONDS.sleep(Math.max(0, delayMicros));
    } catch (InterruptedException e) {
      return; // closed before the start
    }
    ClientEndpoint opened;
    try {
      synchronized (this) {
        if (closed) {
          return;
        }
        startedMicros = EventLoopScheduler.wallClockMicros();
      }
      opened = stack.connect(remote, "localhost", trust, BulkUpload.ALPN, onConnected, null);
    } catch (IOException e) {
      synchronized (this) {
        if (!closed) {
          onFailed.accept(e);
        }
      }
      return;
    }
    synchronized (this) {
      if (!closed) {
        client = opened;
        return;
      }
    }
    opened.close(); // closed during the handshake
  }

  /** When the connection attempt began, on the loops' clock; -1 before. */
  long startedMicros() {
    return startedMicros;
  }

  /** Stops a start still waiting, and closes the connection made. */
  @Override
  public void close() {
    Thread waiting;
    ClientEndpoint opened;
    synchronized (this) {
      closed = true;
      waiting = thread;
      opened = client;
      client = null;
    }
    if (waiting != null) {
      waiting.interrupt();
      try {
        waiting.join(JOIN_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (opened != null) {
      opened.close();
    }
  }
}
