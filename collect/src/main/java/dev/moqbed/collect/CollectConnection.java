package dev.moqbed.collect;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.Consumer;

/**
 * One sender's connection, read on a thread of its own: the Hello, then a subscriber's frames or a
 * relay's path samples, then the End. Whatever goes wrong on it (a malformed or oversized record,
 * silence past the idle timeout, a cut connection) closes this connection alone with one log line;
 * a subscriber run cut short is still written, as incomplete.
 */
final class CollectConnection implements Runnable {
  /** The schema version this collector reads. */
  static final int SCHEMA_VERSION = 1;

  private final Socket socket;
  private final CollectedRuns runs;
  private final PathTable paths;
  private final CollectLimits limits;
  private final Consumer<String> log;
  private final String from;
  private volatile boolean stopping;

  CollectConnection(
      Socket socket,
      CollectedRuns runs,
      PathTable paths,
      CollectLimits limits,
      Consumer<String> log) {
    this.socket = socket;
    this.runs = runs;
    this.paths = paths;
    this.limits = limits;
    this.log = log;
    this.from = socket.getRemoteSocketAddress().toString();
  }

  /** Closes the connection from another thread (the collector stops). */
  void stop() {
    stopping = true;
    try {
      socket.close();
    } catch (IOException ignored) {
      // the reader sees the close and ends the run
    }
  }

  @Override
  public void run() {
    try (Socket open = socket) {
      open.setSoTimeout(limits.idleTimeoutMillis());
      DelimitedReader reader =
          new DelimitedReader(
              new BufferedInputStream(open.getInputStream(), 64 * 1024), limits.maxMessageBytes());
      Hello hello = hello(reader);
      if (hello == null) {
        return;
      }
      if (hello.getRole() == Hello.SenderRole.ROLE_SUBSCRIBER) {
        subscriber(hello, reader);
      } else {
        relay(hello, reader);
      }
    } catch (IOException e) {
      log.accept(from + ": " + problem(e) + "; connection closed");
    }
  }

  /** The Hello, checked; null (logged) when the sender closed or broke the rules. */
  private Hello hello(DelimitedReader reader) throws IOException {
    CollectRecord first;
    try {
      first = reader.next();
    } catch (IOException e) {
      log.accept(from + ": before a Hello, " + problem(e) + "; connection closed");
      return null;
    }
    String refusal = null;
    if (first == null) {
      refusal = "closed before its Hello";
    } else if (!first.hasHello()) {
      refusal = "first record is not a Hello";
    } else {
      Hello hello = first.getHello();
      if (hello.getSchemaVersion() != SCHEMA_VERSION) {
        refusal =
            "schema version "
                + hello.getSchemaVersion()
                + ", this collector reads "
                + SCHEMA_VERSION;
      } else if (hello.getRole() != Hello.SenderRole.ROLE_SUBSCRIBER
          && hello.getRole() != Hello.SenderRole.ROLE_RELAY) {
        refusal = "unknown role " + hello.getRoleValue();
      } else if (!Labels.isTest(hello.getTest())) {
        refusal =
            "test label '"
                + Labels.shorten(hello.getTest())
                + "' is not 1 to 64 of A-Z a-z 0-9 . _ -";
      } else if (!Labels.isController(hello.getController())) {
        refusal = "controller '" + Labels.shorten(hello.getController()) + "' is not an id";
      } else if (!Labels.isText(hello.getHost())) {
        refusal = "host label is empty, too long or not printable";
      } else {
        return hello;
      }
    }
    log.accept(from + ": " + refusal + "; connection closed");
    return null;
  }

  private void subscriber(Hello hello, DelimitedReader reader) throws IOException {
    int run = runs.allocate(hello.getTest(), hello.getController());
    SubscriberRun collected =
        new SubscriberRun(
            hello,
            run,
            new FrameRows(runs.framesFile(hello.getTest(), hello.getController(), run), run),
            limits.maxTracksPerRun());
    String who = "subscriber " + hello.getHost() + " (" + from + ")";
    log.accept(
        who
            + " connected: test "
            + hello.getTest()
            + ", cc "
            + hello.getController()
            + " → run "
            + run);
    End end = null;
    String problem = null;
    try {
      while (end == null) {
        CollectRecord record = reader.next();
        if (record == null) {
          problem = "ended without its End";
          break;
        }
        switch (record.getKindCase()) {
          case FRAME -> collected.frame(record.getFrame());
          case END -> end = record.getEnd();
          case KIND_NOT_SET -> {
            // a keep-alive, or a kind of record a later schema added: skipped
          }
          default ->
              throw new MalformedRecordException(
                  "a subscriber sent a " + record.getKindCase() + " record");
        }
      }
    } catch (IOException e) {
      problem = problem(e);
    }
    runs.append(collected.finish(end));
    if (end == null) {
      log.accept(
          who
              + ": "
              + problem
              + "; run "
              + run
              + " written as incomplete with "
              + collected.frames()
              + " frames");
    } else {
      log.accept(
          who
              + " ended: "
              + collected.frames()
              + " frames collected, "
              + end.getFramesReceived()
              + " received by the subscriber, "
              + end.getRecordsDropped()
              + " dropped by its sender; run "
              + run
              + (end.getCompleted() ? " complete" : " incomplete (" + end.getEndReason() + ")"));
    }
  }

  private void relay(Hello hello, DelimitedReader reader) throws IOException {
    String who = "relay " + hello.getHost() + " (" + from + ")";
    log.accept(who + " connected: test " + hello.getTest() + ", cc " + hello.getController());
    long samples = 0;
    End end = null;
    String problem = null;
    try {
      while (end == null) {
        CollectRecord record = reader.next();
        if (record == null) {
          problem = "ended without its End";
          break;
        }
        switch (record.getKindCase()) {
          case PATH -> {
            if (!Labels.isText(record.getPath().getPeer())) {
              throw new MalformedRecordException("path sample without a printable peer");
            }
            paths.add(hello, record.getPath());
            samples++;
          }
          case END -> end = record.getEnd();
          case KIND_NOT_SET -> {
            // a keep-alive, or a kind of record a later schema added: skipped
          }
          default ->
              throw new MalformedRecordException(
                  "a relay sent a " + record.getKindCase() + " record");
        }
      }
    } catch (IOException e) {
      problem = problem(e);
    } finally {
      paths.flush();
    }
    log.accept(
        who
            + (end == null ? ": " + problem + ";" : " ended:")
            + " "
            + samples
            + " path samples"
            + (end == null ? "" : ", " + end.getRecordsDropped() + " dropped by its sender"));
  }

  private String problem(IOException e) {
    if (stopping) {
      return "collector stopping";
    }
    if (e instanceof SocketTimeoutException) {
      return "silent for " + limits.idleTimeoutMillis() / 1000.0 + " s";
    }
    if (e instanceof MalformedRecordException) {
      return e.getMessage();
    }
    return "connection broken (" + e.getMessage() + ")";
  }
}
