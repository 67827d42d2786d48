package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.suite.report.ControllerTraces;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.HtmlReport;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code moqbed chain --cc LIST}: one chain per controller, each on its stack, one table. */
@Tag("network")
class ChainComparisonNetworkTest {

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldRunOneChainPerControllerOnItsOwnStackAndPrintOneTable() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,quiche:cubic",
              "--duration",
              "2s",
              "--subscribers",
              "1",
              "--warmup",
              "0s",
              "--late",
              "0",
              "--format",
              "csv"
            },
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    assertTrue(err.toString().contains("1/2: c4 on moqbed's QUIC stack"), err.toString());
    assertTrue(err.toString().contains("2/2: quiche:cubic on quiche (Netty)"), err.toString());
    List<String> lines = Arrays.asList(out.toString().split("\n"));
    assertEquals(
        "cc,track,kind,sent,received,p50_us,p90_us,p99_us,max_us,stop_sending,cancelled",
        lines.get(0));
    for (String controller : List.of("c4", "quiche:cubic")) {
      // every audio datagram of 2 s at 50 per second, and the I frames of both video groups
      assertTrue(
          lines.stream().anyMatch(l -> l.startsWith(controller + ",a1,AUDIO,100,100,")),
          out.toString());
      assertTrue(
          lines.stream().anyMatch(l -> l.startsWith(controller + ",vlow,I,60,2,")), out.toString());
    }
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldWriteOneRunPerControllerThatReportReadsAndCharts(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("live");
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {
              "chain",
              "--cc",
              "c4,quiche:cubic",
              "--duration",
              "2s",
              "--subscribers",
              "2",
              "--warmup",
              "0s",
              "--format",
              "csv",
              "--out",
              out.toString()
            },
            new PrintWriter(new StringWriter()),
            new PrintWriter(err));
    assertEquals(0, exitCode, err.toString());
    RunSet runs = RunSet.read(List.of(out));
    assertEquals(2, runs.records().size(), "one run per controller");
    for (String controller : List.of("c4", "quiche:cubic")) {
      RunRecord run = runs.runs("live", controller).get(0);
      assertEquals("true", run.extra().get("completed"), controller);
      assertEquals(
          controller.startsWith("quiche") ? "loopback-quiche" : "loopback-moqbed",
          run.extra().get("host"));
      // both subscribers' frames: 2 s of audio at 50 per second, twice
      assertTrue(run.extra().get("media_streams").startsWith("a1:200:"), run.extra().toString());
      assertEquals("0", run.extra().get("records_dropped"));
    }
    ReportModel model = ReportModel.build(List.of(out.toString()), runs, null);
    assertEquals(2, model.moqChain().rows().size(), "one row per controller");
    FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(out));
    for (String controller : List.of("c4", "quiche:cubic")) {
      FrameLatencyCdfs.Ccdf audio = cdfs.of("live").get("a1").get(controller + " (moq)");
      assertEquals(200, audio.frames(), controller);
    }
    String html = HtmlReport.render(model, cdfs, ControllerTraces.read(List.of(out)));
    assertTrue(html.contains("c4 (moq)") && html.contains("quiche:cubic (moq)"));
  }

  @Test
  void shouldRefuseSeparateStacksWithAListOfControllers() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        MoqbedCommand.run(
            new String[] {"chain", "--cc", "c4,cubic", "--relay-transport", "moqbed"},
            new PrintWriter(out),
            new PrintWriter(err));
    assertEquals(2, exitCode, err.toString());
    assertTrue(err.toString().contains("drop --relay-transport"), err.toString());
  }
}
