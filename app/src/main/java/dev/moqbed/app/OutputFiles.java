package dev.moqbed.app;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks an output file's path before a command starts its work, so that a typo in {@code --trace}
 * or {@code --out} costs a one-line error (exit 2) rather than a finished run whose results cannot
 * be written.
 */
final class OutputFiles {
  private OutputFiles() {}

  /**
   * Refuses {@code file} unless it can be created or overwritten: its directory exists and is
   * writable, and the path is not a directory itself.
   *
   * @param option the option that named it, for the message
   */
  static void requireWritable(String option, Path file) {
    if (file == null) {
      return;
    }
    Path absolute = file.toAbsolutePath();
    if (Files.isDirectory(absolute)) {
      throw new IllegalArgumentException(option + " " + file + " is a directory; name a file");
    }
    Path directory = absolute.getParent();
    if (directory == null || !Files.isDirectory(directory)) {
      throw new IllegalArgumentException(
          option + " " + file + ": directory " + directory + " does not exist");
    }
    if (Files.exists(absolute) ? !Files.isWritable(absolute) : !Files.isWritable(directory)) {
      throw new IllegalArgumentException(option + " " + file + " cannot be written");
    }
  }
}
