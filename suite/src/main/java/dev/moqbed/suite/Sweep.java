package dev.moqbed.suite;

import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.RunRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the jobs of one shard of a sweep on a fixed pool of threads and appends each finished run to
 * {@code DIR/runs.csv} at once. A sweep killed at any point and started again with the same
 * arguments skips what is in {@code runs.csv} and loses nothing; {@code DIR/sweep.json} holds the
 * arguments, and a directory made with other arguments is refused. The frames of a media run go to
 * {@link FramesDirectory} before its row goes to {@code runs.csv}.
 *
 * <p>Each run is independent and single-threaded, and a function of its arguments only, so the set
 * of rows, and every value in them, does not depend on the thread count; only the order of the
 * lines does.
 */
public final class Sweep {
  /** The arguments file inside a sweep directory. */
  public static final String ARGUMENTS_FILE = "sweep.json";

  private final ScenarioRunner runner;
  private final List<String> extraColumns;
  private final int threads;
  private final SweepProgress progress;

  /** What one invocation did. */
  public record Outcome(int totalRuns, int runsAlreadyDone, int runsDone) {}

  /**
   * @param runner makes one run
   * @param extraColumns the columns the runner's records may fill after the standard ones
   * @param threads the pool size, usually {@code Runtime.availableProcessors()}
   * @param progress where progress goes
   */
  public Sweep(
      ScenarioRunner runner, List<String> extraColumns, int threads, SweepProgress progress) {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
    }
    this.runner = runner;
    this.extraColumns = List.copyOf(extraColumns);
    this.threads = threads;
    this.progress = progress;
    RunsCsv.columns(this.extraColumns); // reject clashing column names now
  }

  /**
   * Runs what is missing of {@code arguments}' shard into {@code directory}.
   *
   * @throws IllegalArgumentException when the directory belongs to another sweep, or its files are
   *     not a sweep's
   * @throws SweepFailure when a run fails; runs written before it are kept
   */
  public Outcome run(SweepArguments arguments, Path directory) throws IOException {
    Files.createDirectories(directory);
    Path runsFile = directory.resolve(RunsCsv.FILE_NAME);
    claim(arguments, directory, runsFile);
    List<SweepJob> jobs = arguments.shardJobs();
    Resumption resumption = resumption(jobs, arguments.seed(), runsFile);
    List<SweepJob> missing = new ArrayList<>();
    for (SweepJob job : jobs) {
      if (!resumption.done().contains(job)) {
        missing.add(job);
      }
    }
    progress.onStart(jobs.size(), jobs.size() - missing.size());
    FramesDirectory frames = new FramesDirectory(directory);
    try (RunsCsvWriter writer =
        RunsCsvWriter.open(runsFile, resumption.completeBytes(), extraColumns)) {
      runAll(missing, arguments.seed(), writer, frames);
    } finally {
      progress.onFinish();
    }
    return new Outcome(jobs.size(), jobs.size() - missing.size(), missing.size());
  }

  /** Writes {@code sweep.json}, or checks that the one there has the same arguments. */
  private static void claim(SweepArguments arguments, Path directory, Path runsFile)
      throws IOException {
    Path argumentsFile = directory.resolve(ARGUMENTS_FILE);
    if (Files.exists(argumentsFile)) {
      SweepArguments recorded;
      try {
        recorded = SweepArguments.fromJson(Files.readString(argumentsFile, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(argumentsFile + ": " + e.getMessage(), e);
      }
      List<String> differences = arguments.differencesFrom(recorded, "here", "in " + directory);
      if (!differences.isEmpty()) {
        throw new IllegalArgumentException(
            directory
                + " holds another sweep ("
                + String.join("; ", differences)
                + "): resume it with its own arguments, or choose another --out");
      }
      return;
    }
    if (Files.exists(runsFile)) {
      throw new IllegalArgumentException(
          directory
              + " has a runs.csv but no sweep.json, so it cannot be resumed safely;"
              + " choose another --out");
    }
    Path temporary = directory.resolve(ARGUMENTS_FILE + ".tmp");
    Files.writeString(temporary, arguments.toJson(), StandardCharsets.UTF_8);
    Files.move(temporary, argumentsFile, StandardCopyOption.ATOMIC_MOVE);
  }

  /** What an earlier invocation left: its finished jobs, and the bytes of whole lines to keep. */
  private record Resumption(Set<SweepJob> done, long completeBytes) {}

  /**
   * Reads what is already in {@code runsFile}. Only the jobs are kept, not the records: a resumed
   * sweep of the whole suite at 100 runs would otherwise hold its 12,900 rows in the heap while it
   * runs, a heap the launcher sizes for the runs alone.
   */
  private Resumption resumption(List<SweepJob> jobs, long seed, Path runsFile) throws IOException {
    RunsFile existing =
        Files.exists(runsFile)
            ? RunsCsv.read(runsFile)
            : new RunsFile(List.of(), List.of(), 0, false);
    return new Resumption(completedJobs(existing, jobs, seed, runsFile), existing.completeBytes());
  }

  private Set<SweepJob> completedJobs(
      RunsFile existing, List<SweepJob> jobs, long seed, Path runsFile) {
    if (existing.columns().isEmpty()) {
      return Set.of();
    }
    if (!existing.extraColumns().equals(extraColumns)) {
      throw new IllegalArgumentException(
          runsFile
              + " has the extra columns ["
              + String.join(",", existing.extraColumns())
              + "] where this suite writes ["
              + String.join(",", extraColumns)
              + "]; choose another --out");
    }
    Set<SweepJob> wanted = new HashSet<>(jobs);
    Set<SweepJob> done = new HashSet<>();
    for (RunRecord record : existing.records()) {
      SweepJob job = SweepJob.of(record);
      if (!wanted.contains(job) || record.seed() != seed) {
        throw new IllegalArgumentException(
            runsFile
                + " holds run "
                + job
                + " (seed "
                + record.seed()
                + "), not part of this sweep");
      }
      done.add(job);
    }
    return done;
  }

  private void runAll(List<SweepJob> jobs, long seed, RunsCsvWriter writer, FramesDirectory frames)
      throws IOException {
    if (jobs.isEmpty()) {
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads, new RunThreads());
    AtomicReference<SweepFailure> failure = new AtomicReference<>();
    try {
      for (SweepJob job : jobs) {
        pool.execute(() -> runOne(job, seed, writer, frames, failure));
      }
      pool.shutdown();
      while (!pool.awaitTermination(1, TimeUnit.HOURS)) {
        // runs can be long; keep waiting
      }
    } catch (InterruptedException e) {
      pool.shutdownNow();
      Thread.currentThread().interrupt();
      throw new SweepFailure("sweep interrupted; re-run it to finish", e);
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  private void runOne(
      SweepJob job,
      long seed,
      RunsCsvWriter writer,
      FramesDirectory frames,
      AtomicReference<SweepFailure> failure) {
    if (failure.get() != null) {
      return; // stop starting runs after the first failure
    }
    try {
      CompletedRun completed = runner.run(job.scenario(), job.controller(), job.run(), seed);
      RunRecord record = completed == null ? null : completed.record();
      if (record == null || !SweepJob.of(record).equals(job) || record.seed() != seed) {
        throw new IllegalStateException(
            "the runner answered "
                + (record == null ? "nothing" : SweepJob.of(record) + " seed " + record.seed()));
      }
      if (completed.frames() != null) {
        frames.write(job.scenario(), job.controller(), job.run(), completed.frames());
      }
      writer.append(record);
      progress.onRunDone();
    } catch (IOException e) {
      failure.compareAndSet(
          null, new SweepFailure("cannot write run " + job + ": " + e.getMessage(), e));
    } catch (RuntimeException | Error e) {
      failure.compareAndSet(null, new SweepFailure("run " + job + " failed: " + e, e));
    }
  }

  /** Daemon worker threads with readable names. */
  private static final class RunThreads implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable task) {
      Thread thread = new Thread(task, "sweep-run-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    }
  }
}
