package dev.moqbed.app;

import dev.moqbed.cc.ControllerRegistry;
import java.util.List;

/**
 * The scenario a spec file names. The draft's spec files, and the variants beside them, are named
 * {@code <cc>_<scenario>.txt} ({@code c4_alone.txt}, {@code bbr_alone_rtt320ms.txt}), and {@code
 * report --against-reference} splits pico_sim's spec names the same way. So a run of {@code --spec
 * c4_alone.txt} is the cell (alone, c4), not (c4_alone, c4), and a sweep of it meets picoquic's
 * runs of the same file.
 */
final class SpecScenarioName {
  private SpecScenarioName() {}

  /**
   * The scenario of {@code fileName}: the text after the first {@code _} when the text before it is
   * a controller (the file's own {@code main_cc_algo}, or one of {@code ids}, options allowed:
   * {@code c4:variant=v4_alone}); otherwise the whole name without {@code .txt}.
   */
  static String of(String fileName, String fileController, List<String> ids) {
    String name =
        fileName.endsWith(".txt") ? fileName.substring(0, fileName.length() - 4) : fileName;
    int separator = name.indexOf('_');
    if (separator <= 0 || separator == name.length() - 1) {
      return name;
    }
    String prefix = name.substring(0, separator);
    int colon = prefix.indexOf(':');
    String id = colon < 0 ? prefix : prefix.substring(0, colon);
    return prefix.equals(fileController) || ids.contains(id) ? name.substring(separator + 1) : name;
  }

  /** {@link #of(String, String, List)} with the controllers on the class path. */
  static String of(String fileName, String fileController) {
    return of(fileName, fileController, ControllerRegistry.standard().ids());
  }
}
