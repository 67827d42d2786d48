package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.live.stack.LiveStack;
import dev.moqbed.live.stack.LiveTransport;
import dev.moqbed.media.spec.MediaFlow;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code live run|compare}: the scenario mapping and the arguments refused before any socket. */
class LiveScenarioTest {
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldTakeTheLinkAndMediaTheSimulatorsMoqWorkloadRuns() {
    for (String name : LiveScenario.SUPPORTED) {
      LiveScenario live = LiveScenario.of(name, "cubic");
      var spec = ScenarioCatalog.standard().resolve(name, "cubic").spec();
      assertEquals(spec.linkSchedule().toString(), live.link().toString(), name);
      assertEquals(spec.mainScenario(), live.media(), name);
      assertEquals("cubic", live.spec().mainCcAlgo(), name);
    }
    LiveScenario wb = LiveScenario.of("media_wb", "c4");
    assertEquals(
        List.of("a1", "vlow", "vmid"), wb.media().flows().stream().map(MediaFlow::id).toList());
    assertEquals(5_000_000, wb.mediaMicros());
    assertNull(wb.bulk());
    assertEquals(20_000_000, LiveScenario.of("media_600fr", "c4").mediaMicros());
  }

  @Test
  void shouldPlayTheBackloadAsTheSpecsTenMegabyteCubicUploadAtTwoSeconds() {
    LiveScenario backload = LiveScenario.of("media_backload", "bbr");
    LiveScenario.BulkFlow bulk = backload.bulk();
    assertEquals(LiveScenario.Direction.UPLOAD, bulk.direction());
    assertEquals(10_000_000, bulk.bytes());
    assertEquals(2_000_000, bulk.startMicros());
    assertEquals("cubic", bulk.controller());
    assertEquals(LiveTransport.MOQBED, bulk.stack(LiveTransport.MOQBED).transport());
    assertEquals("cubic", bulk.stack(LiveTransport.MOQBED).controller());
    assertEquals("quiche:cubic", bulk.stack(LiveTransport.QUICHE).controller());
    assertFalse(backload.fairness());
  }

  @Test
  void shouldPlayAFairnessScenariosBackgroundAsAFifteenMegabyteDownloadAtOneSecond() {
    for (String bulkController : List.of("newreno", "cubic", "bbr", "c4")) {
      for (String name : List.of("fair_" + bulkController, "fair_wifi_" + bulkController)) {
        LiveScenario live = LiveScenario.of(name, "c4");
        assertTrue(live.fairness(), name);
        LiveScenario.BulkFlow bulk = live.bulk();
        assertEquals(LiveScenario.Direction.DOWNLOAD, bulk.direction(), name);
        assertEquals(397, bulk.requestBytes(), name);
        assertEquals(15_000_000, bulk.bytes(), name);
        assertEquals(1_000_000, bulk.startMicros(), name);
        assertEquals(bulkController, bulk.controller(), name);
        assertEquals(bulkController, bulk.stack(LiveTransport.MOQBED).controller(), name);
        assertEquals(10_000_000, live.mediaMicros(), name);
        assertEquals("c4", live.spec().mainCcAlgo(), name);
      }
    }
    LiveScenario wifi = LiveScenario.of("fair_wifi_cubic", "cubic");
    assertEquals(
        ScenarioCatalog.standard()
            .resolve("fair_wifi_cubic", "cubic")
            .spec()
            .linkSchedule()
            .toString(),
        wifi.link().toString());
  }

  @Test
  void shouldMapTheBulkControllerToQuichesCounterpartAndRefuseC4() {
    assertEquals(
        "quiche:reno",
        LiveScenario.of("fair_newreno", "c4").bulk().stack(LiveTransport.QUICHE).controller());
    assertEquals(
        "quiche:cubic",
        LiveScenario.of("fair_cubic", "c4").bulk().stack(LiveTransport.QUICHE).controller());
    assertEquals(
        "quiche:bbr",
        LiveScenario.of("fair_wifi_bbr", "c4").bulk().stack(LiveTransport.QUICHE).controller());
    IllegalArgumentException c4 =
        assertThrows(
            IllegalArgumentException.class,
            () -> LiveScenario.of("fair_c4", "c4").bulk().stack(LiveTransport.QUICHE));
    assertTrue(c4.getMessage().contains("quiche has no counterpart of the bulk controller 'c4'"));
    Result refused = run("live", "run", "fair_c4", "--cc", "c4", "--bulk-transport", "quiche");
    assertEquals(2, refused.exitCode(), refused.err());
    assertTrue(refused.err().startsWith("moqbed: quiche has no counterpart"), refused.err());
  }

  @Test
  void shouldChooseTheBulkStackFromTheOptionOrTheFlowsDirection() {
    LiveScenarioOptions options = new LiveScenarioOptions();
    LiveStack media = LiveStack.of(LiveTransport.QUICHE, "quiche:bbr");
    LiveScenario fairness = LiveScenario.of("fair_bbr", "quiche:bbr");
    // the download runs the project's controller unless told otherwise, whatever the media's stack
    assertEquals(LiveTransport.MOQBED, options.bulkStack(fairness, media).transport());
    // the upload stays on the run's stack, as media_backload always did
    LiveScenario backload = LiveScenario.of("media_backload", "quiche:bbr");
    assertEquals("quiche:cubic", options.bulkStack(backload, media).controller());
    options.bulkTransport = "quiche";
    assertEquals("quiche:bbr", options.bulkStack(fairness, media).controller());
    assertNull(options.bulkStack(LiveScenario.of("media_wb", "c4"), media));
    LiveStack quicheBulk = options.bulkStack(fairness, media);
    assertEquals("live:c4/bulk=quiche:bbr", LiveScenarioRun.label("c4", quicheBulk));
    assertEquals("live:c4", LiveScenarioRun.label("c4", LiveStack.of(LiveTransport.MOQBED, "bbr")));
    assertEquals("live:c4", LiveScenarioRun.label("c4", null));
  }

  @Test
  void shouldUseTheC4FilesLinkForAQuicheController() {
    LiveScenario live = LiveScenario.of("media_backload", "quiche:bbr");
    assertEquals("c4", live.spec().mainCcAlgo());
    assertEquals(105_000, live.spec().queueDelayMaxMicros());
  }

  @Test
  void shouldRefuseAnotherScenarioListingThePlayableOnes() {
    IllegalArgumentException refused =
        assertThrows(IllegalArgumentException.class, () -> LiveScenario.of("media_ecn", "c4"));
    assertTrue(refused.getMessage().contains("media, media10, media_600fr"), refused.getMessage());
    Result result = run("live", "run", "vs_cubic", "--cc", "c4");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: live runs play the draft's media scenarios and the fairness ones only:"
            + " 'vs_cubic' is not one of media, media10, media_600fr, media_short_long, media_wb,"
            + " media_wf, media_ws, media_backload, fair_newreno, fair_cubic, fair_bbr, fair_c4,"
            + " fair_wifi_newreno, fair_wifi_cubic, fair_wifi_bbr, fair_wifi_c4\n",
        result.err());
  }

  @Test
  void shouldRefuseBadArgumentsInOneLineWithExitCodeTwo() throws Exception {
    java.nio.file.Path file = java.nio.file.Files.createTempFile("moqbed-live", ".txt");
    String[][] cases = {
      {"live", "run", "media_wb", "--cc", "c4", "--runs", "0"},
      {"live", "run", "media_wb", "--cc", "c4", "--duration", "0s"},
      {"live", "run", "media_wb", "--cc", "c4", "--duration", "3"},
      {"live", "run", "media_wb", "--cc", "nosuch"},
      {"live", "run", "media_wb", "--cc", "c4", "--transport", "quiche"},
      {"live", "run", "media_wb"},
      {"live", "compare", "media_wb", "--cc", "quiche:cubic"},
      {"live", "compare", "media_wb", "--cc", "c4", "--out", file.toString()},
      {"live", "run", "media_wb", "--cc", "c4", "--bulk-transport", "quiche"},
      {"live", "run", "fair_cubic", "--cc", "c4", "--bulk-transport", "nosuch"},
      {"live", "compare", "fair_cubic", "--cc", "c4", "--bulk-transport", "quiche"},
      {"live", "compare", "media_wb", "--cc", "c4", "--from", "-1ms"},
      {"live", "compare", "media_wb", "--cc", "c4", "--receive-batch", "-1"},
      {"live", "run", "media_wb", "--cc", "c4", "--qlog", file.toString()},
    };
    for (String[] args : cases) {
      Result result = run(args);
      String what = String.join(" ", args) + ": " + result.err();
      assertEquals(2, result.exitCode(), what);
      assertEquals(1, result.err().strip().lines().count(), what);
      assertTrue(result.err().startsWith("moqbed: ") || result.err().contains("Missing"), what);
    }
    java.nio.file.Files.delete(file);
    Result unknown = run("live", "run", "fair_cubic", "--cc", "c4", "--bulk-transport", "nosuch");
    assertEquals(
        "moqbed: --bulk-transport: unknown transport 'nosuch'; valid: quiche, moqbed\n",
        unknown.err());
    Result noBulk = run("live", "run", "media_wb", "--cc", "c4", "--bulk-transport", "quiche");
    assertTrue(noBulk.err().contains("media_wb has no bulk flow"), noBulk.err());
    Result quicheBulk =
        run("live", "compare", "fair_cubic", "--cc", "c4", "--bulk-transport", "quiche");
    assertTrue(quicheBulk.err().contains("needs a bulk flow the simulator runs"), quicheBulk.err());
    Result compare = run("live", "compare", "media_wb", "--cc", "quiche:cubic");
    assertTrue(compare.err().contains("quiche:cubic is quiche's"), compare.err());
  }

  @Test
  void shouldListLiveWithItsTwoSubcommands() {
    assertTrue(run("--help").out().contains("live"));
    String help = run("live", "--help").out();
    assertTrue(help.contains("run") && help.contains("compare"), help);
  }
}
