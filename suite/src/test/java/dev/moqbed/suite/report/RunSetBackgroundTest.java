package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.BackgroundColumn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A report reading sweeps made with {@code --background-cc}: it says what the backgrounds ran, and
 * refuses to merge the same run made against two backgrounds.
 */
class RunSetBackgroundTest {
  private static RunRecord run(String scenario, int run, long time, String background) {
    return new RunRecord(
        scenario,
        "c4:variant=v4",
        run,
        1,
        time,
        100_000L,
        10_000L,
        0.5,
        null,
        null,
        background == null ? Map.of() : Map.of(BackgroundColumn.NAME, background));
  }

  @Test
  void shouldCountTheBackgroundControllersThatRan() {
    Path file = Path.of("V", "runs.csv");
    List<RunRecord> records =
        List.of(
            run("vs_c4", 0, 4_000_000, "c4:variant=v4"),
            run("vs_c4", 1, 4_000_000, "c4:variant=v4"),
            run("vs_cubic", 0, 4_000_000, "cubic"),
            run("alone", 0, 4_000_000, ""));
    assertEquals(
        Optional.of(
            file
                + ": background connections ran c4:variant=v4 in 2 runs, cubic in 1"
                + " (--background-cc)"),
        RunSet.backgroundNote(file, records));
    assertEquals(
        Optional.empty(), RunSet.backgroundNote(file, List.of(run("vs_c4", 0, 4_000_000, null))));
  }

  @Test
  void shouldRefuseOneRunMadeAgainstTwoBackgrounds() {
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                RunSet.of(
                    List.of(
                        run("vs_c4", 0, 4_000_000, null),
                        run("vs_c4", 0, 4_200_000, "c4:variant=v4"))));
    assertEquals(
        "run vs_c4/c4:variant=v4/#0 appears twice with different values, against a background of"
            + " the spec file's and of c4:variant=v4 (--background-cc): report them apart",
        error.getMessage());
    // the same values (a background the option left as the file had it) merge as before
    assertEquals(
        1,
        RunSet.of(List.of(run("vs_c4", 0, 4_000_000, null), run("vs_c4", 0, 4_000_000, "c4")))
            .records()
            .size());
  }
}
