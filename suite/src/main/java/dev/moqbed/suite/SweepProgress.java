package dev.moqbed.suite;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The progress line of a sweep on standard error: runs done out of the total, runs per second of
 * wall time and the estimated time left. On a terminal the line is rewritten in place (at most four
 * times a second); elsewhere (a log file, a Kubernetes pod) a new line is printed every ten
 * seconds. Wall time is read only here, never by a run.
 */
public final class SweepProgress {
  private static final long TERMINAL_INTERVAL_NANOS = 250_000_000L;
  private static final long LOG_INTERVAL_NANOS = 10_000_000_000L;

  private final PrintWriter err;
  private final boolean terminal;
  private final LongSupplier nanoTime;
  private int total;
  private int alreadyDone;
  private int doneNow;
  private long startNanos;
  private long lastPrintNanos;
  private int lastLength;

  /**
   * @param err where the line goes
   * @param terminal whether {@code err} is a terminal (rewrite in place) or a file (new lines)
   * @param nanoTime the wall clock, {@code System::nanoTime} outside tests
   */
  public SweepProgress(PrintWriter err, boolean terminal, LongSupplier nanoTime) {
    this.err = err;
    this.terminal = terminal;
    this.nanoTime = nanoTime;
  }

  /** A progress that prints nothing. */
  public static SweepProgress silent() {
    return new SweepProgress(null, false, () -> 0L);
  }

  /** Called once before the first run: how many runs in all, and how many were done before. */
  public synchronized void onStart(int totalRuns, int runsAlreadyDone) {
    this.total = totalRuns;
    this.alreadyDone = runsAlreadyDone;
    this.startNanos = nanoTime.getAsLong();
    this.lastPrintNanos = startNanos;
  }

  /** Called after each run is written. */
  public synchronized void onRunDone() {
    doneNow++;
    long now = nanoTime.getAsLong();
    if (now - lastPrintNanos >= (terminal ? TERMINAL_INTERVAL_NANOS : LOG_INTERVAL_NANOS)) {
      lastPrintNanos = now;
      print(line(now));
    }
  }

  /** Called once at the end: the final line, ended. */
  public synchronized void onFinish() {
    if (err == null) {
      return;
    }
    print(line(nanoTime.getAsLong()));
    if (terminal) {
      err.println();
    }
    err.flush();
  }

  /**
   * What an interrupted sweep kept: every finished run is in runs.csv, and the same command resumes
   * from there (a run in progress when it stopped is run again).
   */
  public synchronized String interruptedLine() {
    return "interrupted: "
        + (alreadyDone + doneNow)
        + " of "
        + total
        + " runs kept ("
        + doneNow
        + " run now); run the same command to resume";
  }

  private void print(String line) {
    if (err == null) {
      return;
    }
    if (terminal) {
      // pad with spaces so a shorter line fully covers the previous one
      err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
      lastLength = line.length();
    } else {
      err.println(line);
    }
    err.flush();
  }

  /** The progress text at wall time {@code nowNanos}. */
  synchronized String line(long nowNanos) {
    int done = alreadyDone + doneNow;
    double seconds = (nowNanos - startNanos) / 1e9;
    double rate = seconds > 0 ? doneNow / seconds : 0;
    StringBuilder out =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "sweep: %d/%d runs (%.1f %%), %.1f runs/s",
                done,
                total,
                total == 0 ? 100.0 : 100.0 * done / total,
                rate));
    if (done < total) {
      out.append(", ETA ")
          .append(rate > 0 ? duration(Math.round((total - done) / rate)) : "unknown");
    } else {
      out.append(", done in ").append(duration(Math.round(seconds)));
    }
    return out.toString();
  }

  /** {@code 45s}, {@code 4m05s}, {@code 2h07m}. */
  static String duration(long seconds) {
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", seconds / 3600, (seconds % 3600) / 60);
  }
}
