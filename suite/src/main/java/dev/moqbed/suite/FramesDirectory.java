package dev.moqbed.suite;

import dev.moqbed.simulation.FrameTable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Where a sweep keeps every frame of its media runs: {@code
 * DIR/frames/SCENARIO/CC/run-NNNN.csv.gz}, one gzip-compressed {@link FrameTable} per run. Each
 * file is written whole under a temporary name and then renamed, before the run's row reaches
 * {@code runs.csv}: a run listed there always has its frames, and a killed sweep leaves at most a
 * temporary file, which the next write replaces.
 */
public final class FramesDirectory {
  /** The folder inside a sweep directory. */
  public static final String NAME = "frames";

  private static final String SUFFIX = ".csv.gz";

  private final Path root;

  public FramesDirectory(Path sweepDirectory) {
    this.root = sweepDirectory.resolve(NAME);
  }

  /**
   * The file of one run. A controller spec may hold {@code :} and {@code ,} ({@code
   * cubic:flavor=rfc,hystart=off}); they become {@code _} and {@code +} so that the folder name is
   * portable.
   */
  public Path file(String scenario, String controller, int run) {
    return root.resolve(scenario)
        .resolve(folderName(controller))
        .resolve(String.format("run-%04d%s", run, SUFFIX));
  }

  static String folderName(String controller) {
    StringBuilder name = new StringBuilder(controller.length());
    for (char c : controller.toCharArray()) {
      if (Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '=') {
        name.append(c);
      } else if (c == ',') {
        name.append('+');
      } else {
        name.append('_');
      }
    }
    return name.toString();
  }

  /** Writes one run's frames, replacing an earlier file of the same run. */
  public void write(String scenario, String controller, int run, FrameTable frames)
      throws IOException {
    Path file = file(scenario, controller, run);
    Files.createDirectories(file.getParent());
    Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(temporary))) {
      out.write(frames.render().getBytes(StandardCharsets.UTF_8));
    }
    Files.move(
        temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** The run files of one scenario and controller, in run order; empty when there are none. */
  public List<Path> runFiles(String scenario, String controller) {
    Path folder = root.resolve(scenario).resolve(folderName(controller));
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      List<Path> runs = new ArrayList<>();
      files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).sorted().forEach(runs::add);
      return runs;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + folder, e);
    }
  }
}
