package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertNull(wb.backload());
    assertEquals(20_000_000, LiveScenario.of("media_600fr", "c4").mediaMicros());
  }

  @Test
  void shouldPlayTheBackloadAsTheSpecsTenMegabyteCubicUploadAtTwoSeconds() {
    LiveScenario backload = LiveScenario.of("media_backload", "bbr");
    assertEquals(10_000_000, backload.backload().bytes());
    assertEquals(2_000_000, backload.backload().startMicros());
    assertEquals("cubic", backload.backload().controller());
    assertEquals(LiveTransport.MOQBED, backload.backload().stack(LiveTransport.MOQBED).transport());
    assertEquals("cubic", backload.backload().stack(LiveTransport.MOQBED).controller());
    assertEquals("quiche:cubic", backload.backload().stack(LiveTransport.QUICHE).controller());
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
        "moqbed: live runs play the draft's media scenarios only: 'vs_cubic' is not one of media,"
            + " media10, media_600fr, media_short_long, media_wb, media_wf, media_ws,"
            + " media_backload\n",
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
    };
    for (String[] args : cases) {
      Result result = run(args);
      String what = String.join(" ", args) + ": " + result.err();
      assertEquals(2, result.exitCode(), what);
      assertEquals(1, result.err().strip().lines().count(), what);
      assertTrue(result.err().startsWith("moqbed: ") || result.err().contains("Missing"), what);
    }
    java.nio.file.Files.delete(file);
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
