package dev.moqbed.scenarios.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.spec.SimSpec;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code --background-cc}: which background connections each rule replaces, with what, and the
 * one-line errors for values that name no rule.
 */
class BackgroundControllerRuleTest {
  private static final ControllerRegistry REGISTRY = ControllerRegistry.standard();
  private static final ScenarioCatalog CATALOG =
      new ScenarioCatalog(
          ReferenceSpecs.inDirectory(Path.of("..", "reference", "sim_specs")), REGISTRY);

  private static BackgroundControllerRule rule(String text) {
    return BackgroundControllerRule.parse(text, REGISTRY);
  }

  private static String background(String rule, String scenario, String controller) {
    ResolvedScenario resolved = rule(rule).apply(CATALOG.resolve(scenario, controller), REGISTRY);
    assertEquals(controller, resolved.controller(), "the main controller is never touched");
    return resolved.spec().backgroundCcAlgo();
  }

  @Test
  void shouldRunTheSpecFilesBackgroundWhenFile() {
    assertSame(BackgroundControllerRule.AS_FILE, rule("file"));
    assertSame(BackgroundControllerRule.AS_FILE, rule(" FILE "));
    assertTrue(rule("file").asFile());
    ResolvedScenario resolved = CATALOG.resolve("vs_c4", "c4:variant=v4");
    assertSame(resolved, rule("file").apply(resolved, REGISTRY));
    assertEquals("c4", background("file", "vs_c4", "c4:variant=v4"));
  }

  @Test
  void shouldGiveABackgroundOfTheRowsFamilyTheRowsControllerWhenSame() {
    assertEquals("same", rule("Same").label());
    assertEquals("c4:variant=v4", background("same", "vs_c4", "c4:variant=v4"));
    assertEquals("c4:variant=v4", background("same", "wifi_bad_c4", "c4:variant=v4"));
    assertEquals("c4:variant=v4", background("same", "bbloat_c4", "c4:variant=v4"));
    // another family's background stays the file's: vs_cubic must not become a second vs_c4
    assertEquals("cubic", background("same", "vs_cubic", "c4:variant=v4"));
    assertEquals("bbr", background("same", "vs_bbr", "c4:variant=v4"));
    // a bbr row has no C4 under test: its C4 background is the file's
    assertEquals("c4", background("same", "vs_c4", "bbr"));
    assertEquals("cubic:flavor=rfc", background("same", "vs_cubic", "cubic:flavor=rfc"));
  }

  @Test
  void shouldLeaveTheSpecUntouchedWhenSameChangesNothing() {
    for (String scenario : new String[] {"vs_c4", "alone", "vs_cubic", "media_backload"}) {
      ResolvedScenario resolved = CATALOG.resolve(scenario, "c4");
      assertSame(resolved, rule("same").apply(resolved, REGISTRY), scenario);
    }
  }

  @Test
  void shouldGiveEveryBackgroundOfAListedFamilyItsSpecWhateverTheRow() {
    assertEquals("c4:variant=v4", background("c4:variant=v4", "vs_c4", "bbr"));
    assertEquals("c4:variant=v4", background("c4:variant=v4", "vs_c4", "c4"));
    assertEquals("cubic", background("c4:variant=v4", "vs_cubic", "c4"));
    BackgroundControllerRule two = rule("c4:variant=v4,cubic:flavor=rfc,hystart=off");
    assertEquals(
        "c4:variant=v4," + REGISTRY.parse("cubic:flavor=rfc,hystart=off").spec(), two.label());
    assertEquals(two, rule(two.label()), "the label sweep.json keeps reads back as the rule");
    assertEquals(
        REGISTRY.parse("cubic:flavor=rfc,hystart=off").spec(),
        two.apply(CATALOG.resolve("vs_cubic", "bbr"), REGISTRY).spec().backgroundCcAlgo());
  }

  @Test
  void shouldDropThePicoquicOptionStringOfAReplacedBackground() {
    SimSpec spec =
        CATALOG.resolve("vs_c4", "c4").spec().toBuilder().backgroundCcOptions("T250").build();
    SimSpec replaced = rule("same").apply(spec, "c4:variant=v4", REGISTRY);
    assertEquals("c4:variant=v4", replaced.backgroundCcAlgo());
    assertNull(replaced.backgroundCcOptions());
    assertEquals("T250", rule("same").apply(spec, "c4", REGISTRY).backgroundCcOptions());
    assertEquals(
        spec.toBuilder().backgroundCcAlgo("c4:variant=v4").backgroundCcOptions(null).build(),
        replaced);
  }

  @Test
  void shouldNotBeEqualAcrossLabels() {
    assertNotEquals(rule("same"), BackgroundControllerRule.AS_FILE);
    assertEquals(rule("c4:variant=v4"), rule("C4:variant=v4"));
  }

  @Test
  void shouldRefuseValuesThatNameNoRuleInOneLine() {
    assertError("vegas", "unknown congestion controller 'vegas'; valid: ");
    assertError("c4:variant=v9", "");
    assertError("c4:variant=v4,c4", "two controllers of the c4 family (c4:variant=v4, c4)");
    assertError("", "empty: give file, same or a controller spec such as c4:variant=v4");
    assertError(" , ", "empty: give file, same or a controller spec such as c4:variant=v4");
    assertError("same,c4", "'same' stands alone, not in a list of controllers");
  }

  private static void assertError(String value, String start) {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> rule(value));
    assertTrue(error.getMessage().startsWith(start), error.getMessage());
    assertEquals(1, error.getMessage().lines().count(), error.getMessage());
    if (!start.startsWith("two") && !start.startsWith("empty") && !start.startsWith("'")) {
      assertTrue(
          error.getMessage().endsWith("; or file (the spec file's) or same (the row's controller)"),
          error.getMessage());
    }
  }
}
