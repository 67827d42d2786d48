package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.suite.report.RunSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardMergeTest {
  @TempDir Path temporary;

  private static SweepArguments arguments(Shard shard) {
    return new SweepArguments(
        "c4-test",
        Workload.DRAFT,
        List.of("alone", "vs_c4", "media"),
        List.of("c4", "bbr", "cubic"),
        4,
        3,
        shard);
  }

  private static Sweep sweep() {
    return new Sweep(new TestRunner(), TestRunner.EXTRA_COLUMNS, 2, SweepProgress.silent());
  }

  @Test
  void shouldGiveTheWholeSweepWhenShardDirectoriesAreMerged() throws IOException {
    Path whole = temporary.resolve("whole");
    sweep().run(arguments(Shard.WHOLE), whole);
    List<Path> shards = new ArrayList<>();
    int shardRuns = 0;
    for (int index = 0; index < 5; index++) {
      Path shard = temporary.resolve("shard-" + index);
      shardRuns += sweep().run(arguments(new Shard(index, 5)), shard).runsDone();
      shards.add(shard);
    }

    assertEquals(36, shardRuns, "the shards together run each job once");
    assertEquals(RunSet.read(List.of(whole)).records(), RunSet.read(shards).records());
    assertEquals(36, RunSet.read(shards).records().size());
  }

  @Test
  void shouldCountARunOnceWhenTwoDirectoriesHoldIt() throws IOException {
    Path first = temporary.resolve("first");
    sweep().run(arguments(Shard.WHOLE), first);
    assertEquals(36, RunSet.read(List.of(first, first)).records().size());
  }

  @Test
  void shouldRefuseMergeWhenTheSameRunHasDifferentValues() throws IOException {
    Path first = temporary.resolve("first");
    sweep().run(arguments(Shard.WHOLE), first);
    Path other = temporary.resolve("other");
    SweepArguments otherSeed =
        new SweepArguments(
            "c4-test", Workload.DRAFT, List.of("alone"), List.of("c4"), 1, 99, Shard.WHOLE);
    sweep().run(otherSeed, other);
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> RunSet.read(List.of(first, other)));
    assertTrue(error.getMessage().startsWith("run alone/c4/#0 appears twice"), error.getMessage());
  }

  @Test
  void shouldNoteAPartialLastLineWhenReadingARunningSweep() throws IOException {
    Path directory = temporary.resolve("running");
    sweep().run(arguments(Shard.WHOLE), directory);
    Files.writeString(
        directory.resolve(RunsCsv.FILE_NAME),
        "alone,c4,9",
        java.nio.file.StandardOpenOption.APPEND);
    RunSet runs = RunSet.read(List.of(directory));
    assertEquals(36, runs.records().size());
    assertEquals(1, runs.notes().size());
    assertTrue(
        runs.notes()
            .get(0)
            .endsWith("ignored a partial last line (a sweep still running, or killed)"));
  }
}
