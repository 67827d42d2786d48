package dev.moqbed.collect;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsCsvWriter;
import dev.moqbed.suite.RunsFile;
import dev.moqbed.suite.SweepJob;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The collector's {@code runs.csv} and {@code frames/}: the files a sweep writes, so {@code report}
 * reads a collected directory as a sweep's. The collector numbers the runs of each (test,
 * controller) itself, in the order their senders said Hello, because several subscribers of one
 * test report the same run number; a directory collected into before continues its numbering.
 */
final class CollectedRuns implements Closeable {
  /** A MoQ-chain run's columns, then who sent the run and what the sender counted. */
  static final List<String> EXTRA_COLUMNS = extraColumns();

  private final RunsCsvWriter writer;
  private final FramesDirectory frames;
  private final Map<SweepJob, Integer> nextRun = new HashMap<>();

  private CollectedRuns(RunsCsvWriter writer, FramesDirectory frames, List<RunRecord> existing) {
    this.writer = writer;
    this.frames = frames;
    for (RunRecord record : existing) {
      SweepJob key = key(record.scenario(), record.controller());
      nextRun.merge(key, record.run() + 1, Math::max);
    }
  }

  private static List<String> extraColumns() {
    List<String> columns = new ArrayList<>(MoqChainSimulation.EXTRA_COLUMNS);
    columns.addAll(
        List.of(
            "host",
            "sender_run",
            "clock_offset_us",
            "frames_collected",
            "records_dropped",
            "end_reason"));
    return List.copyOf(columns);
  }

  /**
   * Opens {@code directory}, creating it, or continuing the runs.csv a collector wrote there.
   *
   * @throws IllegalArgumentException when its runs.csv is not a collector's
   */
  static CollectedRuns open(Path directory) throws IOException {
    Files.createDirectories(directory);
    Path file = directory.resolve(RunsCsv.FILE_NAME);
    List<RunRecord> existing = List.of();
    long complete = 0;
    if (Files.exists(file)) {
      RunsFile runs = RunsCsv.read(file);
      if (!runs.columns().isEmpty() && !runs.extraColumns().equals(EXTRA_COLUMNS)) {
        throw new IllegalArgumentException(
            file + " was not written by moqbed collect (other columns); give another --out");
      }
      existing = runs.records();
      complete = runs.completeBytes();
    }
    return new CollectedRuns(
        RunsCsvWriter.open(file, complete, EXTRA_COLUMNS),
        new FramesDirectory(directory),
        existing);
  }

  /** The next run number of a test with a controller. */
  synchronized int allocate(String test, String controller) {
    SweepJob key = key(test, controller);
    int run = nextRun.getOrDefault(key, 0);
    nextRun.put(key, run + 1);
    return run;
  }

  /** Where the frames of that run go. */
  Path framesFile(String test, String controller, int run) {
    return frames.file(test, controller, run);
  }

  void append(RunRecord record) throws IOException {
    writer.append(record);
  }

  private static SweepJob key(String test, String controller) {
    return new SweepJob(test, controller, 0);
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
