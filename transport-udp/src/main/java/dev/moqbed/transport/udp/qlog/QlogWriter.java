package dev.moqbed.transport.udp.qlog;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one thread that touches the disk for a {@link QlogFiles} directory: event loops hand it
 * filled chunks and never wait for it. The bytes handed over and not yet written are bounded by
 * {@link #MAX_QUEUED_BYTES} by default; a chunk that would go above is refused and its records
 * counted as dropped, so a disk slower than the connections costs records, never the media's
 * latency. Opening, writing and closing files all happen here; the first failure of a file is kept
 * for the summary, and the file takes no more writes.
 */
final class QlogWriter {
  /** 16 MiB in flight to the disk: about a second of a busy relay's qlog (0.4 kB per packet). */
  static final long MAX_QUEUED_BYTES = 16 << 20;

  private static final long JOIN_TIMEOUT_SECONDS = 30;

  private sealed interface Task permits Write, Close, Stop {}

  private record Write(ChunkedFile file, byte[] bytes, int length) implements Task {}

  private record Close(ChunkedFile file) implements Task {}

  private record Stop() implements Task {}

  private final LinkedBlockingQueue<Task> tasks = new LinkedBlockingQueue<>();
  private final AtomicLong queuedBytes = new AtomicLong();
  private final AtomicLong bytesWritten = new AtomicLong();
  private final AtomicLong filesClosed = new AtomicLong();
  private final List<String> failures = new ArrayList<>(); // the writer thread's, read after join
  private final long maxQueuedBytes;
  private final Thread thread;

  QlogWriter(String name) {
    this(name, MAX_QUEUED_BYTES);
  }

  /** With another bound: tests, to make the disk "slow" without a slow disk. */
  QlogWriter(String name, long maxQueuedBytes) {
    this.maxQueuedBytes = maxQueuedBytes;
    thread = new Thread(this::run, name);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Hands a chunk over; the caller gives {@code bytes} up.
   *
   * @param force admitted above the bound (a file's first chunk: its header, without which the file
   *     would not parse)
   * @return false when refused: the disk is behind
   */
  boolean write(ChunkedFile file, byte[] bytes, int length, boolean force) {
    if (!force && queuedBytes.get() + length > maxQueuedBytes) {
      return false;
    }
    queuedBytes.addAndGet(length);
    tasks.add(new Write(file, bytes, length));
    return true;
  }

  /** The file gets nothing more: written out and closed after what is queued for it. */
  void close(ChunkedFile file) {
    tasks.add(new Close(file));
  }

  /**
   * Writes out everything queued, closes every file still open, and stops the thread.
   *
   * @return false when it did not finish within 30 s
   */
  boolean stop() {
    tasks.add(new Stop());
    try {
      thread.join(TimeUnit.SECONDS.toMillis(JOIN_TIMEOUT_SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !thread.isAlive();
  }

  long bytesWritten() {
    return bytesWritten.get();
  }

  long filesClosed() {
    return filesClosed.get();
  }

  /** One line per file that failed; read only after {@link #stop}. */
  List<String> failures() {
    return failures;
  }

  private void run() {
    Set<ChunkedFile> open = new LinkedHashSet<>();
    while (true) {
      Task task;
      try {
        task = tasks.take();
      } catch (InterruptedException e) {
        return; // a daemon thread: the process is going
      }
      if (task instanceof Write write) {
        write(write);
        if (write.file().out != null) {
          open.add(write.file());
        }
      } else if (task instanceof Close close) {
        closeFile(close.file());
        open.remove(close.file());
      } else {
        for (ChunkedFile file : open) {
          closeFile(file);
        }
        return;
      }
    }
  }

  private void write(Write write) {
    queuedBytes.addAndGet(-write.length());
    ChunkedFile file = write.file();
    if (file.out == null && file.failure == null) {
      open(file);
    }
    if (file.out != null) {
      try {
        file.out.write(write.bytes(), 0, write.length());
        bytesWritten.addAndGet(write.length());
      } catch (IOException e) {
        fail(file, e);
      }
    }
  }

  private void open(ChunkedFile file) {
    try {
      file.out = Files.newOutputStream(file.path());
    } catch (IOException e) {
      fail(file, e);
    }
  }

  private void closeFile(ChunkedFile file) {
    if (file.out == null) {
      return;
    }
    try {
      file.out.close();
      filesClosed.incrementAndGet();
    } catch (IOException e) {
      fail(file, e);
    }
    file.out = null;
  }

  private void fail(ChunkedFile file, IOException e) {
    file.failure = e;
    if (file.out != null) {
      try {
        file.out.close();
      } catch (IOException ignored) {
        // the first failure is the one reported
      }
      file.out = null;
    }
    failures.add(file.path() + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
  }
}
