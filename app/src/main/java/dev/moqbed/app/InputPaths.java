package dev.moqbed.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Checks of the files a command will read, made before it starts anything: a missing certificate or
 * spec file is named with its option and what is wrong with it ("--relay-cert relay.pem: no such
 * file or directory"), an {@link IllegalArgumentException} that the {@link ErrorReporter} turns
 * into exit 2, instead of surfacing later as a library's exception.
 */
final class InputPaths {
  private InputPaths() {}

  /** {@code file} exists, is a file and can be opened for reading; returns it. */
  static Path requireReadableFile(Path file, String option) {
    if (Files.isDirectory(file)) {
      throw new IllegalArgumentException(option + " " + file + ": is a directory, not a file");
    }
    try {
      // Opening is the check: it fails as reading would (missing, not allowed, a file as folder).
      Files.newByteChannel(file).close();
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(option + " " + file + ": no such file");
    } catch (IOException e) {
      throw new IllegalArgumentException(option + " " + file + ": " + FileErrors.words(e));
    }
    return file;
  }

  /** {@code directory} exists and is a directory ({@code name}: its option or parameter). */
  static void requireDirectory(Path directory, String name) {
    if (Files.isDirectory(directory)) {
      return;
    }
    String what = Files.exists(directory) ? "not a directory" : "no such directory";
    throw new IllegalArgumentException(
        (name.startsWith("-") ? name + " " : "") + directory + ": " + what);
  }

  /** {@code file} is readable as a file or, when it is a directory, the directory exists. */
  static void requireReadableFileOrDirectory(Path file, String option) {
    if (!Files.isDirectory(file)) {
      requireReadableFile(file, option);
    }
  }
}
