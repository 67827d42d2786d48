package dev.moqbed.app;

import dev.moqbed.live.stack.LiveStack;
import java.nio.file.Path;

/**
 * Where a live command's {@code --trace FILE.csv} goes when one command runs several controllers.
 */
final class TraceFiles {
  private TraceFiles() {}

  /**
   * {@code FILE-CC.csv} for the controller of {@code stack} (its id with every character other than
   * a letter, digit, '.', '_' or '-' as '_': {@code trace-quiche_cubic.csv}); null without a file.
   */
  static Path perController(Path file, LiveStack stack) {
    if (file == null) {
      return null;
    }
    String name = file.getFileName().toString();
    String stem = name.endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
    String controller = stack.controller().replaceAll("[^A-Za-z0-9._-]", "_");
    return file.resolveSibling(stem + "-" + controller + ".csv");
  }
}
