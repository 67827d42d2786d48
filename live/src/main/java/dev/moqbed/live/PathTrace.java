package dev.moqbed.live;

import dev.moqbed.relay.Relay;
import dev.moqbed.relay.SessionPath;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.session.transport.ControllerState;
import dev.moqbed.session.transport.PathStats;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code --trace FILE.csv} on a live relay: the relay's path to each subscriber, sampled on the
 * relay's event loop every {@link #INTERVAL_MICROS}, in the columns of the simulator's controller
 * trace ({@code run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,
 * bytes_in_flight,delivery_rate_bytes_per_s,state,cc_...}), so {@code report --html} charts it: run
 * = the subscriber session's number in the order the relay first saw it (0 first), time = relay
 * clock since the trace started. The {@code cc_} columns are those of the first session whose
 * controller describes itself (the project's stack); a figure the transport does not give (quiche
 * has no pacing rate, bytes in flight nor controller state to report) is an empty cell. Rows are
 * written as they are sampled (a long relay run never sits in memory) through a 64 KiB buffer.
 */
public final class PathTrace implements Closeable {
  /** How often the paths are sampled: fine enough to see a controller's cycles on a LAN. */
  public static final long INTERVAL_MICROS = 20_000;

  /**
   * The simulator's trace columns before the controller's own (simulation's {@code
   * ControllerTrace.HEADER}, which this module does not depend on; a test in app keeps them equal).
   */
  public static final String HEADER =
      "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,"
          + "bytes_in_flight,delivery_rate_bytes_per_s,state";

  private final Relay relay;
  private final Scheduler loop;
  private final BufferedWriter out;
  private final long startMicros;

  /** The run number of each session still open: a relay's churn never grows it without bound. */
  private final Map<String, Integer> runs = new HashMap<>();

  private int nextRun;
  private List<String> controllerColumns;
  private TimerHandle timer;
  private IOException failure;
  private boolean closed;

  private PathTrace(Relay relay, Scheduler loop, BufferedWriter out) {
    this.relay = relay;
    this.loop = loop;
    this.out = out;
    this.startMicros = loop.nowMicros();
  }

  /**
   * Starts tracing {@code relay}'s subscriber paths into {@code file} (replaced), sampled on {@code
   * loop}, the relay's event loop; call from any thread.
   */
  public static PathTrace start(Relay relay, Scheduler loop, Path file) throws IOException {
    BufferedWriter out =
        new BufferedWriter(
            new java.io.OutputStreamWriter(Files.newOutputStream(file), StandardCharsets.UTF_8),
            64 * 1024);
    PathTrace trace = new PathTrace(relay, loop, out);
    loop.execute(trace::sample);
    return trace;
  }

  private void sample() {
    if (closed) {
      return;
    }
    long now = loop.nowMicros() - startMicros;
    List<SessionPath> sessions = relay.subscriberPaths();
    try {
      for (SessionPath session : sessions) {
        PathStats path = session.path();
        if (path.smoothedRttMicros() < 0) {
          continue; // closed, or not reported yet
        }
        if (controllerColumns == null) {
          controllerColumns = new ArrayList<>(path.controller().values().keySet());
          StringBuilder header = new StringBuilder(HEADER);
          controllerColumns.forEach(name -> header.append(",cc_").append(name));
          out.write(header.append('\n').toString());
        }
        Integer run = runs.computeIfAbsent(session.peer(), peer -> nextRun++);
        out.write(row(run, now, path));
      }
      if (runs.size() > sessions.size()) {
        Set<String> open = new HashSet<>();
        sessions.forEach(session -> open.add(session.peer()));
        runs.keySet().retainAll(open);
      }
    } catch (IOException e) {
      failure = e;
      closed = true;
      return;
    }
    timer = loop.scheduleAfter(INTERVAL_MICROS, this::sample);
  }

  private String row(int run, long now, PathStats path) {
    StringBuilder line = new StringBuilder(160);
    line.append(run).append(',').append(now);
    cell(line, path.congestionWindowBytes());
    cell(line, path.pacingRateBytesPerSecond());
    cell(line, path.latestRttMicros());
    cell(line, path.smoothedRttMicros());
    cell(line, path.bytesInFlight());
    cell(line, path.deliveryRateBytesPerSecond());
    ControllerState controller = path.controller();
    line.append(',').append(controller.state());
    for (String name : controllerColumns) {
      Long value = controller.values().get(name);
      line.append(',');
      if (value != null) {
        line.append(value);
      }
    }
    return line.append('\n').toString();
  }

  private static void cell(StringBuilder line, long value) {
    line.append(',');
    if (value >= 0) {
      line.append(value);
    }
  }

  /** Stops sampling (on the relay's loop) and closes the file; throws a write failure, if any. */
  @Override
  public void close() throws IOException {
    CompletableFuture<Void> stopped = new CompletableFuture<>();
    loop.execute(
        () -> {
          closed = true;
          if (timer != null) {
            timer.cancel();
          }
          stopped.complete(null);
        });
    try {
      stopped.get(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      // a loop already shut down runs no more samples either
    }
    out.close();
    if (failure != null) {
      throw failure;
    }
  }
}
