package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spec file named {@code <cc>_<scenario>.txt} runs as the cell (scenario, cc), the way {@code
 * report --against-reference} names pico_sim's runs of the same file.
 */
class SpecScenarioNameTest {
  private static final List<String> IDS = List.of("c4", "bbr", "cubic", "newreno");

  @Test
  void theControllerBeforeTheFirstUnderscoreIsNotPartOfTheScenario() {
    assertEquals("alone", SpecScenarioName.of("c4_alone.txt", "c4", IDS));
    assertEquals("alone_rtt320ms", SpecScenarioName.of("bbr_alone_rtt320ms.txt", "bbr", IDS));
    assertEquals("vs_newreno", SpecScenarioName.of("cubic_vs_newreno.txt", "cubic", IDS));
    // a controller with options, as report's folder names for a moqbed variant
    assertEquals("alone", SpecScenarioName.of("c4:variant=v4_alone.txt", "c4", IDS));
    // the file's own controller, even one moqbed does not have
    assertEquals("alone", SpecScenarioName.of("prague_alone.txt", "prague", IDS));
  }

  @Test
  void aNameWithoutAControllerPrefixIsTheScenario() {
    assertEquals("mine", SpecScenarioName.of("mine.txt", "c4", IDS));
    assertEquals("wifi_bad", SpecScenarioName.of("wifi_bad.txt", "c4", IDS));
    assertEquals("c4_", SpecScenarioName.of("c4_.txt", "c4", IDS));
    assertEquals("_alone", SpecScenarioName.of("_alone.txt", "c4", IDS));
  }

  @Test
  void scenarioRunNamesTheCellFromTheFileAndTheControllerFromCc(@TempDir Path directory)
      throws IOException {
    Path spec = directory.resolve("bbr_alone_short.txt");
    Files.writeString(
        spec,
        "main_cc_algo: bbr\nmain_scenario_text: =b1:*1:397:200000;\nnb_connections: 1\n"
            + "data_rate_in_gbps: 0.02\nlatency: 20000\n");
    assertEquals("alone_short,bbr", firstCells(run("--spec", spec.toString())));
    assertEquals("alone_short,cubic", firstCells(run("--spec", spec.toString(), "--cc", "cubic")));
  }

  /** The first run's scenario and cc columns. */
  private static String firstCells(String csv) {
    List<String> lines = csv.lines().toList();
    List<String> header = List.of(lines.get(0).split(","));
    String[] row = lines.get(1).split(",");
    return row[header.indexOf("scenario")] + "," + row[header.indexOf("cc")];
  }

  private static String run(String... spec) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] args = new String[spec.length + 6];
    System.arraycopy(
        new String[] {"scenario", "run", "--runs", "1", "--format", "csv"}, 0, args, 0, 6);
    System.arraycopy(spec, 0, args, 6, spec.length);
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    return out.toString();
  }
}
