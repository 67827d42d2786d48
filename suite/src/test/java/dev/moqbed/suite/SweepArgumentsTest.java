package dev.moqbed.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.cc.ControllerRegistry;
import dev.moqbed.scenarios.catalog.BackgroundControllerRule;
import dev.moqbed.scenarios.catalog.ScenarioGroup;
import dev.moqbed.simulation.ClientReadyMode;
import dev.moqbed.simulation.ControllerSeeding;
import dev.moqbed.simulation.PacketNumberHoleMode;
import dev.moqbed.simulation.RunVariation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SweepArgumentsTest {

  private static SweepArguments arguments(Shard shard) {
    return new SweepArguments(
        "c4-test",
        Workload.DRAFT,
        List.of("alone", "blackhole"),
        List.of("c4", "bbr"),
        3,
        1,
        shard);
  }

  @Test
  void shouldOrderJobsByScenarioThenControllerThenRun() {
    List<SweepJob> jobs = arguments(Shard.WHOLE).allJobs();
    assertEquals(12, jobs.size());
    assertEquals(new SweepJob("alone", "c4", 0), jobs.get(0));
    assertEquals(new SweepJob("alone", "c4", 2), jobs.get(2));
    assertEquals(new SweepJob("alone", "bbr", 0), jobs.get(3));
    assertEquals(new SweepJob("blackhole", "bbr", 2), jobs.get(11));
  }

  @Test
  void shouldDealJobsRoundRobinWhenSharded() {
    assertEquals(
        List.of(
            new SweepJob("alone", "c4", 1),
            new SweepJob("blackhole", "c4", 0),
            new SweepJob("blackhole", "bbr", 2)),
        arguments(new Shard(1, 5)).shardJobs());
  }

  @Test
  void shouldPartitionTheSweepWhenShardsAreTakenTogether() {
    for (int count = 1; count <= 13; count++) {
      List<SweepJob> union = new ArrayList<>();
      for (int index = 0; index < count; index++) {
        union.addAll(arguments(new Shard(index, count)).shardJobs());
      }
      assertEquals(12, union.size(), "no job twice with " + count + " shards");
      assertEquals(
          new HashSet<>(arguments(Shard.WHOLE).allJobs()),
          new HashSet<>(union),
          "every job once with " + count + " shards");
    }
  }

  @Test
  void shouldParseShardWhenWrittenIOverN() {
    assertEquals(new Shard(3, 8), Shard.parse("3/8"));
    assertEquals(Shard.WHOLE, Shard.parse("0/1"));
    assertEquals("3/8", new Shard(3, 8).toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"8/8", "-1/4", "0/0", "1", "a/b", "1/", "/2", ""})
  void shouldRefuseShardWhenNotIOverNWithIBelowN(String text) {
    IllegalArgumentException error =
        assertThrows(IllegalArgumentException.class, () -> Shard.parse(text));
    assertTrue(
        error.getMessage().startsWith("shard must be I/N with 0 <= I < N"), error.getMessage());
  }

  @Test
  void shouldWriteArgumentsAsJsonAndReadThemBack() {
    SweepArguments arguments =
        new SweepArguments(
            "c4-test",
            Workload.DRAFT,
            List.of("alone"),
            List.of("c4", "cubic:flavor=rfc,hystart=off"),
            100,
            -5,
            new Shard(2, 4));
    assertEquals(
        "{\n"
            + "  \"format\": 1,\n"
            + "  \"suite\": \"c4-test\",\n"
            + "  \"workload\": \"draft\",\n"
            + "  \"scenarios\": [\"alone\"],\n"
            + "  \"cc\": [\"c4\", \"cubic:flavor=rfc,hystart=off\"],\n"
            + "  \"runs\": 100,\n"
            + "  \"seed\": -5,\n"
            + "  \"shard\": \"2/4\",\n"
            + "  \"pn_holes\": \"picoquic\",\n"
            + "  \"bbr_seed\": \"clock\",\n"
            + "  \"receive_batch\": 0,\n"
            + "  \"client_ready\": \"picoquic\",\n"
            + "  \"background_cc\": \"file\"\n"
            + "}\n",
        arguments.toJson());
    assertEquals(arguments, SweepArguments.fromJson(arguments.toJson()));
    // a sweep.json from before the receive batch has picoquic_ns's order
    String older = arguments.toJson().replace(",\n  \"receive_batch\": 0", "");
    assertEquals(arguments, SweepArguments.fromJson(older));
    // and one from before --client-ready was run with confirmation on HANDSHAKE_DONE (the
    // default then), which a sweep of today's default must not resume
    String beforeReady = arguments.toJson().replace(",\n  \"client_ready\": \"picoquic\"", "");
    SweepArguments unready = SweepArguments.fromJson(beforeReady);
    assertEquals(ClientReadyMode.HANDSHAKE_DONE, unready.variation().clientReady());
    assertEquals(
        List.of("client_ready picoquic here, handshake_done there"),
        arguments.differencesFrom(unready, "here", "there"));
  }

  @Test
  void shouldReadSweepFilesWithoutWorkloadAsTheDraftWorkload() {
    String before =
        "{\"format\": 1, \"suite\": \"c4-test\", \"scenarios\": [\"media\"], \"cc\": [\"c4\"],"
            + " \"runs\": 2, \"seed\": 1, \"shard\": \"0/1\"}";
    assertEquals(Workload.DRAFT, SweepArguments.fromJson(before).workload());
    SweepArguments moq =
        new SweepArguments(
            "c4-test", Workload.MOQ, List.of("media"), List.of("c4"), 2, 1, Shard.WHOLE);
    assertEquals(moq, SweepArguments.fromJson(moq.toJson()));
    assertEquals(
        List.of(
            "workload moq here, draft there",
            "pn_holes picoquic here, off there",
            "bbr_seed clock here, run there",
            "client_ready picoquic here, handshake_done there"),
        moq.differencesFrom(SweepArguments.fromJson(before), "here", "there"));
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SweepArguments.fromJson(
                    before.replace("\"suite\"", "\"workload\": \"x\", \"suite\"")));
    assertEquals("unknown workload 'x'; valid: draft, moq", error.getMessage());
  }

  @Test
  void shouldReadASweepWrittenBeforeTheHolesAsOneWithoutThem() {
    String before =
        "{\"format\": 1, \"suite\": \"c4-test\", \"scenarios\": [\"alone\"], \"cc\": [\"c4\"],"
            + " \"runs\": 2, \"seed\": 1, \"shard\": \"0/1\"}";
    SweepArguments old = SweepArguments.fromJson(before);
    assertEquals(RunVariation.BEFORE_HOLES, old.variation());
    SweepArguments now =
        new SweepArguments(
            "c4-test", Workload.DRAFT, List.of("alone"), List.of("c4"), 2, 1, Shard.WHOLE);
    assertEquals(
        List.of(
            "pn_holes picoquic here, off there",
            "bbr_seed clock here, run there",
            "client_ready picoquic here, handshake_done there"),
        now.differencesFrom(old, "here", "there"));
    SweepArguments off = alone(new RunVariation(PacketNumberHoleMode.OFF, ControllerSeeding.CLOCK));
    assertEquals(off, SweepArguments.fromJson(off.toJson()));
    SweepArguments batched =
        alone(new RunVariation(PacketNumberHoleMode.OFF, ControllerSeeding.CLOCK, 16));
    assertEquals(batched, SweepArguments.fromJson(batched.toJson()));
    assertEquals(
        List.of("receive_batch 16 here, 0 there"), batched.differencesFrom(off, "here", "there"));
    SweepArguments onHandshakeDone =
        alone(
            new RunVariation(
                PacketNumberHoleMode.OFF,
                ControllerSeeding.CLOCK,
                0,
                ClientReadyMode.HANDSHAKE_DONE));
    assertEquals(onHandshakeDone, SweepArguments.fromJson(onHandshakeDone.toJson()));
    assertEquals(
        List.of("client_ready handshake_done here, picoquic there"),
        onHandshakeDone.differencesFrom(off, "here", "there"));
  }

  @Test
  void shouldKeepTheBackgroundRuleInSweepJsonAndReadOlderFilesAsTheSpecFilesOwn() {
    BackgroundControllerRule same =
        BackgroundControllerRule.parse("same", ControllerRegistry.standard());
    SweepArguments file = alone(RunVariation.DEFAULT);
    SweepArguments following =
        new SweepArguments(
            "c4-test",
            Workload.DRAFT,
            List.of("alone"),
            List.of("c4"),
            2,
            1,
            Shard.WHOLE,
            RunVariation.DEFAULT,
            same);
    assertTrue(following.toJson().contains("\"background_cc\": \"same\""), following.toJson());
    assertEquals(following, SweepArguments.fromJson(following.toJson()));
    assertEquals(same, SweepArguments.fromJson(following.toJson()).background());
    // a sweep.json from before the option ran the spec files' background controllers
    String older = file.toJson().replace(",\n  \"background_cc\": \"file\"", "");
    assertEquals(file, SweepArguments.fromJson(older));
    assertEquals(
        List.of("background_cc same here, file there"),
        following.differencesFrom(file, "here", "there"));
    SweepArguments listed =
        new SweepArguments(
            "c4-test",
            Workload.DRAFT,
            List.of("alone"),
            List.of("c4"),
            2,
            1,
            Shard.WHOLE,
            RunVariation.DEFAULT,
            BackgroundControllerRule.parse(
                "c4:variant=v4,cubic:flavor=rfc", ControllerRegistry.standard()));
    assertEquals(listed, SweepArguments.fromJson(listed.toJson()));
    IllegalArgumentException error =
        assertThrows(
            IllegalArgumentException.class,
            () -> SweepArguments.fromJson(older.replace("}", ", \"background_cc\": \"vegas\"}")));
    assertTrue(
        error.getMessage().startsWith("unknown congestion controller 'vegas'"), error.getMessage());
  }

  /** Two runs of alone with C4, whole, with {@code variation}. */
  private static SweepArguments alone(RunVariation variation) {
    return new SweepArguments(
        "c4-test", Workload.DRAFT, List.of("alone"), List.of("c4"), 2, 1, Shard.WHOLE, variation);
  }

  @Test
  void shouldListEveryDifferenceWhenComparingArguments() {
    SweepArguments a = arguments(Shard.WHOLE);
    SweepArguments b =
        new SweepArguments(
            "c4-test",
            Workload.DRAFT,
            List.of("alone"),
            List.of("c4", "bbr"),
            3,
            1,
            new Shard(0, 2));
    assertEquals(
        List.of("scenarios alone,blackhole now, alone then", "shard 0/1 now, 0/2 then"),
        a.differencesFrom(b, "now", "then"));
    assertEquals(List.of(), a.differencesFrom(arguments(Shard.WHOLE), "now", "then"));
  }

  @Test
  void shouldRefuseArgumentsFileWhenAMemberIsMissingOrOfAnotherFormat() {
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () -> SweepArguments.fromJson("{\"format\": 1, \"suite\": \"c4-test\"}"));
    assertEquals("sweep.json: 'scenarios' must be a list of strings", missing.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SweepArguments.fromJson("{\"format\": 2}"));
    assertThrows(IllegalArgumentException.class, () -> SweepArguments.fromJson("[1, 2]"));
  }

  @Test
  void shouldRefuseSweepWhenRunsBelowOne() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new SweepArguments(
                "c4-test", Workload.DRAFT, List.of("alone"), List.of("c4"), 0, 1, Shard.WHOLE));
  }

  @Test
  void shouldNameEveryDraftScenarioOnceInTheSuite() {
    List<String> all = ScenarioGroup.allScenarios();
    Set<String> unique = new HashSet<>(all);
    assertEquals(43, all.size());
    assertEquals(43, unique.size());
    assertEquals(ScenarioGroup.WIFI, ScenarioGroup.of("wifi_bad_c4"));
  }
}
