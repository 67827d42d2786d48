package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.simulation.QlogDirectory;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import org.junit.jupiter.api.Test;

/**
 * A suite's runner given {@code --background-cc}: the background really runs the chosen controller
 * (the run's numbers change, and the row says which controller it was), and without the option the
 * rows are those of before it.
 */
class BackgroundColumnTest {
  private static final BackgroundControllerRule SAME =
      BackgroundControllerRule.parse("same", ControllerRegistry.standard());

  private static RunRecord run(
      SuiteDefinition suite, BackgroundControllerRule rule, String scenario, String controller) {
    return suite
        .runner(RunVariation.DEFAULT, (QlogDirectory) null, rule)
        .run(scenario, controller, 0, 1)
        .record();
  }

  @Test
  void shouldRunTheBackgroundWithTheRowsControllerWhenSame() {
    SuiteDefinition suite = new C4TestSuite(Workload.DRAFT);
    RunRecord file = run(suite, BackgroundControllerRule.AS_FILE, "vs_c4", "c4:variant=v4");
    RunRecord same = run(suite, SAME, "vs_c4", "c4:variant=v4");
    assertFalse(file.extra().containsKey(BackgroundColumn.NAME));
    assertEquals("c4:variant=v4", same.extra().get(BackgroundColumn.NAME));
    // a draft-4 background instead of draft 5's changes what the main connection gets
    assertNotEquals(file.completionTimeMicros(), same.completionTimeMicros());
    assertNotEquals(file.extra().get("events"), same.extra().get("events"));
  }

  @Test
  void shouldRunWhatTheFileSaysWhenSameMeetsAnotherFamily() {
    SuiteDefinition suite = new C4TestSuite(Workload.DRAFT);
    RunRecord file = run(suite, BackgroundControllerRule.AS_FILE, "vs_c4", "bbr");
    RunRecord same = run(suite, SAME, "vs_c4", "bbr");
    assertEquals("c4", same.extra().get(BackgroundColumn.NAME));
    assertEquals(file.completionTimeMicros(), same.completionTimeMicros());
    assertEquals(file.extra().get("events"), same.extra().get("events"));
    assertEquals("", run(suite, SAME, "alone_512k", "c4:variant=v4").extra().get("background_cc"));
  }

  @Test
  void shouldAddTheColumnOnlyWhenTheRuleChangesSomething() {
    SuiteDefinition suite = new C4TestSuite(Workload.DRAFT);
    assertEquals(suite.extraColumns(), suite.extraColumns(BackgroundControllerRule.AS_FILE));
    assertEquals(BackgroundColumn.NAME, suite.extraColumns(SAME).get(suite.extraColumns().size()));
    assertTrue(RunsCsv.columns(suite.extraColumns(SAME)).contains(BackgroundColumn.NAME));
  }

  @Test
  void shouldRunTheFairnessSuitesBulkDownloadOfTheRowsFamilyWithTheRowsController() {
    SuiteDefinition fairness = new FairnessSuite(Workload.DRAFT);
    RunRecord row = run(fairness, SAME, "fair_c4", "c4:variant=v4");
    assertEquals("c4:variant=v4", row.extra().get(BackgroundColumn.NAME));
    assertEquals(
        "cubic", run(fairness, SAME, "fair_cubic", "c4:variant=v4").extra().get("background_cc"));
  }
}
