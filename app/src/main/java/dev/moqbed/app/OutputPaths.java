package dev.moqbed.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks of the paths a command will write, made before it runs: a run of minutes must not end in
 * "cannot write". Each failure is an {@link IllegalArgumentException}, one line naming the option,
 * which the {@link ErrorReporter} turns into exit 2.
 */
final class OutputPaths {
  private OutputPaths() {}

  /** Creates the directory of {@code option} now (with its parents), or says why it cannot be. */
  static void requireWritableDirectory(Path directory, String option) {
    if (Files.exists(directory) && !Files.isDirectory(directory)) {
      throw new IllegalArgumentException(option + " " + directory + " is a file, not a directory");
    }
    try {
      Files.createDirectories(directory);
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(
          "cannot create "
              + option
              + " directory "
              + directory
              + " ("
              + reason(e, directory)
              + ")");
    }
    if (!Files.isWritable(directory)) {
      throw new IllegalArgumentException(option + " directory " + directory + " is not writable");
    }
  }

  /** The file of {@code option} can be written: its folder exists, and it is not a directory. */
  static void requireWritableFile(Path file, String option) {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(option + " " + file + " is a directory, not a file");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      throw new IllegalArgumentException(
          option + " " + file + ": the folder " + parent + " does not exist");
    }
    if (!Files.isWritable(parent) || (Files.exists(file) && !Files.isWritable(file))) {
      throw new IllegalArgumentException(option + " " + file + " is not writable");
    }
  }

  private static String reason(Exception e, Path directory) {
    if (e instanceof java.nio.file.FileSystemException system) {
      // The path where it failed may be a parent of the one given: then name it.
      String file = system.getFile();
      boolean same = file == null || Path.of(file).equals(directory);
      return FileErrors.words(system) + (same ? "" : ": " + file);
    }
    return e instanceof IOException io ? FileErrors.words(io) : String.valueOf(e.getMessage());
  }
}
