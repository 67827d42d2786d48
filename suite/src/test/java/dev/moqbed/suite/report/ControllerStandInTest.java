package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringReader;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code --reference-cc REFERENCE_CC=CC}: the split, the errors and the runs it renames. */
class ControllerStandInTest {
  private static final List<String> SWEEP = List.of("c4:variant=v4", "c4");

  @Test
  void splitsAtTheOneEqualsSignThatNamesAControllerOnEachSide() {
    assertEquals(
        new ControllerStandIn("c4", "c4:variant=v4"),
        ControllerStandIn.parse("c4=c4:variant=v4", Set.of("c4", "bbr"), SWEEP));
    assertEquals(
        new ControllerStandIn("c4:variant=v5", "c4"),
        ControllerStandIn.parse("c4:variant=v5=c4", Set.of("c4:variant=v5"), SWEEP));
  }

  @Test
  void namesBothSidesControllersWhenNoSplitFits() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> ControllerStandIn.parse("c4=c4:variant=v5", List.of("c4", "bbr"), SWEEP));
    assertEquals(
        "--reference-cc c4=c4:variant=v5: expected REFERENCE_CC=CC, the reference's controller"
            + " (c4, bbr) = the sweep's (c4:variant=v4, c4)",
        error.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> ControllerStandIn.parse("c4", List.of("c4"), SWEEP));
  }

  @Test
  void theReferencesRunsAlsoStandForTheSweepsControllerAndKeepTheirOwnName() throws Exception {
    ReferenceRuns runs =
        ReferenceRuns.parse(
            new StringReader(
                ReferenceRuns.HEADER
                    + "\nalone,c4,0,100,10,0.9,\nalone,c4,1,200,20,0.8,\nalone,bbr,0,300,30,0.7,\n"),
            "ref.csv");
    ReferenceRuns both = runs.alsoAs("c4", "c4:variant=v4");
    assertEquals(List.of("c4", "c4:variant=v4", "bbr"), List.copyOf(both.controllers()));
    assertArrayEquals(
        new double[] {100, 200}, both.values("alone", "c4:variant=v4", ReferenceMetric.TIME));
    assertArrayEquals(new double[] {100, 200}, both.values("alone", "c4", ReferenceMetric.TIME));
    assertEquals(0, runs.values("alone", "c4:variant=v4", ReferenceMetric.TIME).length);
    assertEquals(
        "ref.csv has no controller cubic; it has c4, bbr",
        assertThrows(IllegalArgumentException.class, () -> runs.alsoAs("cubic", "x")).getMessage());
    assertEquals(
        "ref.csv already has runs of bbr; it cannot stand for c4 too",
        assertThrows(IllegalArgumentException.class, () -> runs.alsoAs("c4", "bbr")).getMessage());
  }
}
