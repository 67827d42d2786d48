package dev.moqbed.collect;

import dev.moqbed.output.Csv;
import dev.moqbed.output.FramesLatencyLog;
import dev.moqbed.simulation.FrameTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.GZIPOutputStream;

/**
 * One collected run's frames file, written as the frames arrive (a long run never sits in memory)
 * in {@link FrameTable}'s layout, so {@code report} reads it as a local run's: under a temporary
 * name, renamed into place by {@link #commit} before the run's row reaches {@code runs.csv}, its
 * {@code .hlog} beside it. Every row is a frame that arrived: a subscriber cannot know the frames
 * that never came.
 */
final class FrameRows {
  private final Path file;
  private final Path temporary;
  private final int run;
  private final Writer out;
  private boolean open = true;

  FrameRows(Path file, int run) throws IOException {
    this.file = file;
    this.run = run;
    Files.createDirectories(file.getParent());
    this.temporary = file.resolveSibling(file.getFileName() + ".tmp");
    this.out =
        new BufferedWriter(
            new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(temporary)), StandardCharsets.UTF_8));
    out.write(FrameTable.HEADER);
  }

  /** One frame that arrived, counted and not cancelled, as a local MoQ-chain run writes it. */
  void add(
      String track,
      long group,
      long object,
      String kind,
      int sizeBytes,
      long captureMicros,
      long arrivalMicros,
      long latencyMicros)
      throws IOException {
    Csv.appendRecord(
        out,
        run,
        track,
        0,
        group,
        object,
        kind,
        sizeBytes,
        captureMicros,
        arrivalMicros,
        latencyMicros,
        false,
        true);
  }

  /**
   * Closes the file and moves it to its name, then writes its latency interval log beside it
   * ({@code run-0001.hlog}: one histogram per track and second, as the live subscriber's {@code
   * --out} has), from the file itself so that both hold the same frames.
   */
  void commit() throws IOException {
    if (open) {
      open = false;
      out.close();
      Files.move(
          temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      FramesLatencyLog.writeBeside(file);
    }
  }
}
