package dev.moqbed.collect;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Streams one sender's records to a collector without ever holding up the role that produces them.
 * {@link #offer} puts a record in a bounded queue and returns at once; when the queue is full (the
 * collector is slow, unreachable or stopped reading) the record is dropped and counted. A thread of
 * its own connects (retrying with a doubling pause while the collector is not there yet; records
 * queue meanwhile), writes the {@link Hello}, then every queued record, then the {@link End} with
 * the number dropped. A connection that breaks after it was made is not reopened: the collector has
 * closed that run, so the rest of the records are counted as dropped instead.
 */
public final class RecordSender implements AutoCloseable {
  /** Queue size of the roles' senders: 10,000 records, about 90 s of the draft's media mix. */
  public static final int DEFAULT_QUEUE_RECORDS = 10_000;

  static final long FIRST_RETRY_MILLIS = 100;
  static final long MAX_RETRY_MILLIS = 5_000;
  private static final int CONNECT_TIMEOUT_MILLIS = 2_000;
  private static final int RECORDS_PER_FLUSH = 256;

  /**
   * Silence after which the sender writes an empty record, well inside the collector's idle timeout
   * (30 s by default): a relay without subscribers has nothing else to say.
   */
  static final long KEEPALIVE_NANOS = 5_000_000_000L;

  private final InetSocketAddress collector;
  private final Hello hello;
  private final BlockingQueue<CollectRecord> queue;
  private final Consumer<String> log;
  private final AtomicLong dropped = new AtomicLong();
  private final AtomicLong written = new AtomicLong();
  private final Thread thread;
  private volatile End end;
  private volatile boolean lost;
  private volatile boolean delivered;
  private volatile Socket socket;

  private RecordSender(
      InetSocketAddress collector, Hello hello, int queueRecords, Consumer<String> log) {
    this.collector = collector;
    this.hello = hello;
    this.queue = new ArrayBlockingQueue<>(queueRecords);
    this.log = log;
    this.thread = new Thread(this::run, "moqbed-collect-sender");
    this.thread.setDaemon(true);
  }

  /**
   * Starts sending to {@code collector}.
   *
   * @param log receives one line per event worth telling the operator (connected, unreachable,
   *     lost), from the sender's thread
   */
  public static RecordSender start(
      InetSocketAddress collector, Hello hello, int queueRecords, Consumer<String> log) {
    if (queueRecords < 1) {
      throw new IllegalArgumentException("the queue must hold at least one record");
    }
    RecordSender sender = new RecordSender(collector, hello, queueRecords, log);
    sender.thread.start();
    return sender;
  }

  /** Queues one record; never blocks. False (and counted) when it was dropped. */
  public boolean offer(CollectRecord record) {
    if (lost || end != null || !queue.offer(record)) {
      dropped.incrementAndGet();
      return false;
    }
    return true;
  }

  /** Records dropped so far. */
  public long dropped() {
    return dropped.get();
  }

  /** Records written to the collector's connection so far (Hello and End not counted). */
  public long written() {
    return written.get();
  }

  /**
   * Ends the stream with {@code end}, whose {@code records_dropped} the sender fills in when it
   * writes it. Records offered after this are dropped.
   */
  public void finish(End end) {
    this.end = end;
  }

  /** True once the End reached the collector's connection. */
  public boolean delivered() {
    return delivered;
  }

  /**
   * Waits at most {@code timeoutMillis} for the queue and the End to be written, then stops the
   * thread whatever it is doing.
   *
   * @return whether everything up to the End was written
   */
  public boolean close(long timeoutMillis) {
    if (end == null) {
      finish(End.getDefaultInstance());
    }
    try {
      thread.join(Math.max(1, timeoutMillis));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (thread.isAlive()) {
      closeSocket();
      thread.interrupt();
      try {
        thread.join(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (!delivered) {
      dropQueue();
    }
    return delivered;
  }

  @Override
  public void close() {
    close(2_000);
  }

  private void run() {
    Socket connected = connect();
    if (connected == null) {
      dropQueue();
      return;
    }
    try (Socket open = connected) {
      OutputStream out = new BufferedOutputStream(open.getOutputStream(), 64 * 1024);
      CollectRecord.newBuilder().setHello(hello).build().writeDelimitedTo(out);
      out.flush();
      int sinceFlush = 0;
      long lastWrite = System.nanoTime();
      while (true) {
        CollectRecord record =
            sinceFlush < RECORDS_PER_FLUSH ? queue.poll(50, TimeUnit.MILLISECONDS) : null;
        if (record != null) {
          record.writeDelimitedTo(out);
          written.incrementAndGet();
          sinceFlush++;
          lastWrite = System.nanoTime();
          continue;
        }
        if (System.nanoTime() - lastWrite > KEEPALIVE_NANOS) {
          CollectRecord.getDefaultInstance().writeDelimitedTo(out);
          lastWrite = System.nanoTime();
        }
        out.flush();
        sinceFlush = 0;
        End last = end;
        if (last != null && queue.isEmpty()) {
          CollectRecord.newBuilder()
              .setEnd(last.toBuilder().setRecordsDropped(dropped.get()))
              .build()
              .writeDelimitedTo(out);
          out.flush();
          open.shutdownOutput();
          delivered = true;
          return;
        }
      }
    } catch (IOException e) {
      lost = true;
      log.accept(
          "connection to the collector "
              + collector
              + " lost ("
              + e.getMessage()
              + "); the remaining records are dropped and counted");
      dropQueue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      dropQueue();
    }
  }

  /** Connects, pausing between attempts; null when closed before a connection was made. */
  private Socket connect() {
    long pause = FIRST_RETRY_MILLIS;
    boolean told = false;
    while (true) {
      Socket attempt = new Socket();
      socket = attempt;
      try {
        attempt.setTcpNoDelay(true);
        attempt.connect(collector, CONNECT_TIMEOUT_MILLIS);
        log.accept("sending records to the collector " + collector);
        return attempt;
      } catch (IOException e) {
        closeSocket();
        if (!told) {
          log.accept(
              "collector "
                  + collector
                  + " not reachable ("
                  + e.getMessage()
                  + "); retrying, records queue meanwhile (at most "
                  + (queue.remainingCapacity() + queue.size())
                  + ")");
          told = true;
        }
      }
      try {
        Thread.sleep(pause);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      pause = Math.min(pause * 2, MAX_RETRY_MILLIS);
    }
  }

  private void dropQueue() {
    lost = true;
    while (queue.poll() != null) {
      dropped.incrementAndGet();
    }
  }

  private void closeSocket() {
    Socket current = socket;
    if (current != null) {
      try {
        current.close();
      } catch (IOException ignored) {
        // closing to unblock the writer: nothing more to do
      }
    }
  }
}
