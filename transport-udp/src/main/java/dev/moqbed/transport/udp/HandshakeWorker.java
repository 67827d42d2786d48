package dev.moqbed.transport.udp;

import dev.moqbed.transport.endpoint.HandshakeOffload;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server endpoint's thread for ClientHellos: the key exchange and the CertificateVerify signature
 * of each new connection run here instead of on the event loop that forwards media, and the loop
 * takes the connection back when they are done. One daemon thread, started with the first
 * handshake, ended with the endpoint; its queue holds at most what the handshake budget lets in.
 */
final class HandshakeWorker implements HandshakeOffload, AutoCloseable {
  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Executor loop;
  private final ThreadPoolExecutor thread;

  HandshakeWorker(Executor loop) {
    this.loop = loop;
    this.thread =
        new ThreadPoolExecutor(
            1,
            1,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread worker = new Thread(task, "moqbed-handshakes-" + THREADS.incrementAndGet());
              worker.setDaemon(true);
              return worker;
            });
  }

  @Override
  public void run(Runnable work, Runnable done) {
    try {
      thread.execute(
          () -> {
            try {
              work.run();
            } finally {
              handBack(done);
            }
          });
    } catch (RejectedExecutionException e) {
      // Closed with its endpoint: the connection goes with the endpoint's table.
    }
  }

  private void handBack(Runnable done) {
    try {
      loop.execute(done);
    } catch (RejectedExecutionException e) {
      // The loop has stopped: nothing is left to take the connection over.
    }
  }

  /** Stops the thread; a handshake under way is abandoned with its endpoint. */
  @Override
  public void close() {
    thread.shutdownNow();
  }
}
