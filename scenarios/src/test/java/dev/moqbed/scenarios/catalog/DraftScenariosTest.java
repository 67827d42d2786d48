package dev.moqbed.scenarios.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class DraftScenariosTest {
  private static List<Scenario> parse(String text) throws Exception {
    return DraftScenarios.parse(new BufferedReader(new StringReader(text)));
  }

  @Test
  void theFileHoldsTheDraftsFortyThreeScenariosInTheTablesOrder() {
    List<Scenario> scenarios = DraftScenarios.load();
    assertEquals(43, scenarios.size());
    assertEquals("alone", scenarios.get(0).name());
    assertEquals(ScenarioGroup.NETWORK_EVENTS, scenarios.get(0).group());
    assertEquals("3.1.1", scenarios.get(0).draftSection());
    assertEquals(43, scenarios.stream().map(Scenario::name).distinct().count(), "names unique");
  }

  @Test
  void continuationLinesJoinWithOneSpaceAndAMissingDeviationIsEmpty() throws Exception {
    List<Scenario> scenarios =
        parse(
            "# a comment\n\nscenario one\ngroup WIFI\nsection 3.4.1\npurpose first half\n"
                + "  second half\n\nscenario two\ngroup ECN\nsection 3.5\npurpose p\n"
                + "deviations d\n");
    assertEquals(
        List.of(
            new Scenario("one", ScenarioGroup.WIFI, "3.4.1", "first half second half", ""),
            new Scenario("two", ScenarioGroup.ECN, "3.5", "p", "d")),
        scenarios);
  }

  @Test
  void aMalformedFileNamesTheLineAndWhatIsWrong() {
    assertEquals(
        "draft-scenarios.txt line 2: a continuation with no field above it",
        assertThrows(IllegalStateException.class, () -> parse("\n continued\n")).getMessage());
    assertEquals(
        "draft-scenarios.txt line 2: unknown or repeated field 'name'",
        assertThrows(IllegalStateException.class, () -> parse("scenario a\nname b\n"))
            .getMessage());
    assertEquals(
        "draft-scenarios.txt line 4: the block above has no 'section'",
        assertThrows(
                IllegalStateException.class, () -> parse("scenario a\ngroup WIFI\npurpose p\n"))
            .getMessage());
  }
}
