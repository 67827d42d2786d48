package dev.moqbed.live.fanout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The fan-out benchmark's subscriber process as the benchmark sees it: started with its command
 * line, read line by line ({@link FanoutProtocol}), its last error lines kept for the message when
 * it fails, and destroyed on {@link #close} if it is still running.
 */
final class SwarmProcess implements AutoCloseable {
  /** How many of the swarm's last error lines a failure message quotes. */
  private static final int ERROR_LINES_KEPT = 5;

  private static final String END_OF_OUTPUT = "\u0000EOF";

  /** What the swarm said once every subscription was answered. */
  record Ready(int fast, int slow) {}

  /** What the swarm reported at the end: per group and track, the latency it measured. */
  /**
   * @param gc the swarm's garbage collections over the measured window (null if it did not say)
   */
  record Report(List<TrackLatency> latencies, GcTime gc) {}

  private final Process process;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final ArrayDeque<String> lastErrors = new ArrayDeque<>();
  private final PrintWriter input;

  private SwarmProcess(Process process, Consumer<String> log) {
    this.process = process;
    this.input =
        new PrintWriter(
            new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
    pipe(process.getInputStream(), lines::add, "moqbed-swarm-out");
    pipe(
        process.getErrorStream(),
        line -> {
          if (line.equals(END_OF_OUTPUT)) {
            return;
          }
          log.accept("swarm: " + line);
          synchronized (lastErrors) {
            lastErrors.add(line);
            if (lastErrors.size() > ERROR_LINES_KEPT) {
              lastErrors.poll();
            }
          }
        },
        "moqbed-swarm-err");
  }

  static SwarmProcess start(List<String> command, Consumer<String> log) throws IOException {
    Process process = new ProcessBuilder(command).start();
    return new SwarmProcess(process, log);
  }

  /**
   * Waits for {@code READY}, passing each {@code CONNECTED n} to {@code connected}.
   *
   * @throws IOException when the process ends or stays silent past {@code timeoutNanos}
   */
  Ready awaitReady(long timeoutNanos, Consumer<Integer> connected)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    while (true) {
      String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      if (line == null) {
        throw new IOException("the subscriber process did not get ready: " + lastErrors());
      }
      if (line.startsWith(FanoutProtocol.CONNECTED)) {
        connected.accept(Integer.parseInt(line.split(" ")[1]));
      } else if (line.startsWith(FanoutProtocol.READY)) {
        String[] fields = line.split(" ");
        return new Ready(Integer.parseInt(fields[1]), Integer.parseInt(fields[2]));
      } else if (line.equals(END_OF_OUTPUT)) {
        throw new IOException("the subscriber process ended: " + lastErrors());
      }
    }
  }

  /** Frames captured before {@code wallMicros} are the warm-up: the swarm does not count them. */
  void measureFrom(long wallMicros) {
    input.println(FanoutProtocol.MEASURE_FROM + " " + wallMicros);
  }

  /**
   * Waits for the swarm's latency lines and {@code DONE}; after {@code patience} without them it is
   * told to {@code STOP} (report what it has), and after as long again the wait fails.
   */
  Report awaitReport(Duration patience) throws IOException, InterruptedException {
    List<TrackLatency> latencies = new ArrayList<>();
    GcTime gc = null;
    long deadline = System.nanoTime() + patience.toNanos();
    boolean stopSent = false;
    while (true) {
      String line = lines.poll(1, TimeUnit.SECONDS);
      if (line == null) {
        if (System.nanoTime() > deadline) {
          if (stopSent) {
            throw new IOException("the subscriber process did not report: " + lastErrors());
          }
          input.println(FanoutProtocol.STOP);
          stopSent = true;
          deadline = System.nanoTime() + patience.toNanos();
        }
      } else if (line.startsWith(FanoutProtocol.LATENCY)) {
        latencies.add(TrackLatency.decode(line.substring(FanoutProtocol.LATENCY.length())));
      } else if (line.startsWith(FanoutProtocol.GC + " ")) {
        String[] fields = line.split(" ");
        gc = new GcTime(Long.parseLong(fields[1]), Long.parseLong(fields[2]));
      } else if (line.startsWith(FanoutProtocol.DONE)) {
        input.close();
        process.waitFor(10, TimeUnit.SECONDS);
        return new Report(latencies, gc);
      } else if (line.equals(END_OF_OUTPUT)) {
        throw new IOException("the subscriber process ended early: " + lastErrors());
      }
    }
  }

  /** The process's CPU time so far (user and system, all threads); -1 when the system hides it. */
  long cpuNanos() {
    return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
  }

  @Override
  public void close() {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private String lastErrors() {
    synchronized (lastErrors) {
      return lastErrors.isEmpty() ? "(no message)" : String.join(" | ", lastErrors);
    }
  }

  private static void pipe(InputStream stream, Consumer<String> sink, String name) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                  sink.accept(line);
                }
              } catch (IOException e) {
                // the process went away; the end-of-output line follows
              }
              sink.accept(END_OF_OUTPUT);
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }
}
