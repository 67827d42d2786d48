package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * {@code scenario list} and {@code scenario show} of every catalogued scenario fit 120 columns on a
 * terminal, but for a single spec value wider than that (quicperf scenario text, printed whole to
 * be copied); CSV keeps every link's whole description.
 */
class ScenarioTerminalWidthTest {
  private static String run(String... args) {
    StringWriter out = new StringWriter();
    MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(new StringWriter()));
    return out.toString();
  }

  private static void assertFits(String output) {
    for (String line : output.split("\n")) {
      // a quicperf scenario text is one value, printed whole so it can be copied
      assertTrue(
          line.length() <= 120 || line.matches("\\S*_scenario_text[ :]+\\S+"),
          line.length() + " columns: " + line);
    }
  }

  @Test
  void listFitsTheTerminalAndItsCsvKeepsEveryPhase() {
    assertFits(run("scenario", "list"));
    String csv = run("scenario", "list", "--format", "csv");
    assertTrue(csv.contains("queue 100 ms for 1 s; then down 100 Mbit/s"), csv);
    assertTrue(run("scenario", "list").contains("custom: 2 phases, first down 100 Mbit/s"));
  }

  @Test
  void showOfEveryScenarioFitsTheTerminal() {
    ScenarioCatalog catalog = ScenarioCatalog.standard();
    catalog.scenarios().forEach(scenario -> assertFits(run("scenario", "show", scenario.name())));
    catalog.beyondDraft().forEach(scenario -> assertFits(run("scenario", "show", scenario.name())));
  }
}
