package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.moq.MoqChainSimulation;
import dev.moqbed.suite.RunsCsv;
import dev.moqbed.suite.RunsFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MoqbedCommandTest {

  /** Exit code, standard output and standard error of one run. */
  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void shouldListSubcommandsWhenAskedForHelp() {
    Result result = run("--help");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().contains("demo"), result.out());
    assertTrue(result.out().contains("media"), result.out());
  }

  /**
   * A command line that names a command gets only that command's model (building all 17 cost about
   * half of a one-run process's CPU); help, a typo and options alone get every command.
   */
  @Test
  void buildsOnlyTheNamedCommand() {
    assertEquals(
        java.util.Set.of("scenario"),
        MoqbedCommand.newCommandLine(new String[] {"scenario", "run", "media"})
            .getSubcommands()
            .keySet());
    int all = MoqbedCommand.SUBCOMMANDS.size();
    for (String[] args :
        List.of(
            new String[] {"help", "scenario"},
            new String[] {"scenrio"},
            new String[] {"--version"},
            new String[] {})) {
      assertEquals(
          all, MoqbedCommand.newCommandLine(args).getSubcommands().size(), String.join(" ", args));
    }
    Result typo = run("scenrio", "list");
    assertEquals(2, typo.exitCode());
    assertTrue(typo.err().contains("did you mean 'scenario'"), typo.err());
  }

  /**
   * Every command's help renders as written: a bare '%' in a description (picocli formats them)
   * makes picocli print a warning and show the raw text.
   */
  @Test
  void everyCommandsHelpFormatsWithoutWarnings() {
    java.io.PrintStream original = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      visitHelp(MoqbedCommand.newCommandLine());
    } finally {
      System.setErr(original);
    }
    String warnings = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertFalse(warnings.contains("Could not format"), warnings);
  }

  private static void visitHelp(picocli.CommandLine command) {
    command.getUsageMessage();
    command.getSubcommands().values().forEach(MoqbedCommandTest::visitHelp);
  }

  @Test
  void shouldRepeatJitterFreeBulkRunsWithTheHolesOffAndRefuseAnUnknownMode() {
    Result result =
        run(
            "sim",
            "bulk",
            "--bytes",
            "300kB",
            "--runs",
            "2",
            "--format",
            "csv",
            "--pn-holes",
            "off",
            "--bbr-seed",
            "run");
    assertEquals(0, result.exitCode(), result.err());
    List<String> rows = result.out().lines().filter(l -> l.matches("[01],.*")).toList();
    assertEquals(2, rows.size(), result.out());
    // run, seed, cc, completion, RTT average and deviation, load: equal; wall time may differ
    String[] first = rows.get(0).split(",");
    String[] second = rows.get(1).split(",");
    for (int column = 3; column < 7; column++) {
      assertEquals(first[column], second[column], "column " + column + ": " + result.out());
    }
    Result bad = run("sim", "bulk", "--pn-holes", "sometimes");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("--pn-holes"), bad.err());
  }

  @Test
  void shouldPrintVersion() {
    Result result = run("--version");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().startsWith("moqbed "), result.out());
  }

  @Test
  void shouldPrintDraftBitratesWhenDescribingMixAsCsv() {
    Result result =
        run(
            "media",
            "describe",
            "--spec",
            "=a1:d50:p2:S:n250:80;=vlow:s30:p4:S:n150:3750:G30:I37500;"
                + "=vmid:s30:p6:S:n150:6250:G30:I62500:D250000;",
            "--format",
            "csv");
    assertEquals(0, result.exitCode(), result.err());
    assertEquals(
        String.join(
            "\n",
            "item,kind,after,copies,priority,fps,group_frames,i_frame_bytes,frame_bytes,objects,"
                + "groups,bytes,duration_s,mean_bitrate_bps",
            "a1,datagram media,,1,2,50,,,80,250,,20000,5,32000",
            "vlow,stream media,,1,4,30,30,37500,3750,150,5,731250,5,1170000",
            "vmid,stream media,,1,6,30,30,62500,6250,150,5,1218750,5,1950000",
            ""),
        result.out());
  }

  @Test
  void shouldDescribeBulkItems() {
    Result result = run("media", "describe", "--spec", "=b1:*1:397:30000000;", "--format", "json");
    assertEquals(0, result.exitCode());
    assertTrue(result.out().contains("\"kind\": \"bulk\""), result.out());
    assertTrue(result.out().contains("\"bytes\": 30000000"), result.out());
  }

  @Test
  void shouldExitTwoWithOneLineWhenSpecIsMalformed() {
    Result result = run("media", "describe", "--spec", "=a1:d50:p2:S:x250:80;");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: media spec: position 14 ('x250'): expected a frame size in bytes (at most"
            + " 16777215)\n",
        result.err());
    assertEquals("", result.out());
  }

  @Test
  void shouldExitTwoWithOneLineWhenArgumentIsUnknown() {
    Result result = run("media", "describe", "--format", "xml");
    assertEquals(2, result.exitCode());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(result.err().startsWith("moqbed: Invalid value for option '--format'"));
  }

  @Test
  void shouldRunTheMediaScenariosAndWriteChartsWhenRunningDemo(@TempDir Path directory)
      throws IOException {
    Result result =
        run("demo", "--runs", "2", "--out", directory.toString(), "--live-duration", "0");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(result.out().contains("vlow          4      150         5   731250"), result.out());
    // every track and frame kind of both scenarios, for each controller
    for (String row : List.of("media     c4     a1     AUDIO", "media_wb  cubic  vmid   P")) {
      assertTrue(result.out().contains(row), row + " in " + result.out());
    }
    // the MoQ chain: audio in one one-way delay on media (30 ms RTT), where the draft workload's
    // figure (from the client's request schedule) is twice that
    assertTrue(
        java.util.regex.Pattern.compile("media +c4 +15\\.\\d\\d +1[56]\\.\\d\\d ")
            .matcher(result.out())
            .find(),
        result.out());
    String html = Files.readString(directory.resolve("report.html"));
    assertTrue(html.contains("The MoQ chain"));
    assertTrue(html.contains("vmid: frames later than x (CCDF, media)"), "the tail, log axes");
    assertTrue(html.contains("vmid: frame latency over time (run 0)"));
    assertTrue(html.contains("\"label\":\"c4 (moq)\",\"color\":\"#0072b2\",\"dashed\":true"));
    assertTrue(html.contains("<h3>media_wb traces</h3>"), "run 0's controller traces");
    assertFalse(html.matches("(?s).*<script[^>]*\\ssrc=.*"), "uPlot inlined, nothing fetched");
    // every line after "Next" is one whole command, pasteable as it is
    String next = result.out().substring(result.out().indexOf("Next, each line a command:"));
    List<String> commands = next.lines().skip(1).map(String::strip).toList();
    assertEquals(DemoCommand.NEXT_COMMANDS, commands, next);
    for (String command : commands) {
      assertTrue(command.startsWith("./moqbed "), command);
      assertFalse(command.endsWith(","), command);
    }
  }

  @Test
  void shouldRefuseATraceFileInAMissingDirectoryBeforeRunning() {
    long start = System.nanoTime();
    Result scenario =
        run("scenario", "run", "alone", "--runs", "1", "--trace", "/nonexistent/dir/t.csv");
    assertEquals(2, scenario.exitCode(), scenario.err());
    assertEquals(
        "moqbed: --trace /nonexistent/dir/t.csv: the folder /nonexistent/dir does not exist",
        scenario.err().strip());
    assertTrue(scenario.out().isEmpty(), "nothing ran: " + scenario.out());
    Result bulk = run("sim", "bulk", "--runs", "1", "--trace", "/nonexistent/dir/t.csv");
    assertEquals(2, bulk.exitCode(), bulk.err());
    assertTrue(bulk.err().contains("does not exist"), bulk.err());
    // refused before the simulations, which take seconds
    assertTrue(System.nanoTime() - start < 2_000_000_000L);
  }

  @Test
  void shouldTraceTheSendersControllerAfterEveryAckWhenAsked(@TempDir Path directory)
      throws Exception {
    Path trace = directory.resolve("trace.csv");
    Result result =
        run(
            "sim",
            "bulk",
            "--bytes",
            "300kB",
            "--cc",
            "cubic",
            "--runs",
            "2",
            "--format",
            "csv",
            "--trace",
            trace.toString());
    assertEquals(0, result.exitCode(), result.err());
    List<String> lines = Files.readAllLines(trace);
    // The path's columns, the state, then every value the controller describes (Cubic's here).
    assertEquals(
        "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,"
            + "bytes_in_flight,delivery_rate_bytes_per_s,state,cc_cwnd_bytes,cc_ssthresh_bytes,"
            + "cc_w_max_bytes,cc_w_reno_bytes,cc_k_micros",
        lines.get(0));
    assertTrue(lines.size() > 20, "one row per ACK: " + lines.size());
    assertTrue(lines.stream().anyMatch(line -> line.startsWith("1,")), "rows of run 1 too");
    String[] first = lines.get(1).split(",");
    assertEquals("slow_start", first[8], lines.get(1));
    assertEquals(first[2], first[9], "the controller's own cwnd is the path's: " + lines.get(1));
  }

  @Test
  void shouldWriteRunsAndFramesForReportWhenRunningAScenarioWithOut(@TempDir Path directory)
      throws Exception {
    Result result =
        run(
            "scenario",
            "run",
            "media",
            "--cc",
            "bbr",
            "--runs",
            "2",
            "--out",
            directory.toString());
    assertEquals(0, result.exitCode(), result.err());
    var runs = dev.moqbed.suite.RunsCsv.read(directory.resolve("runs.csv"));
    assertEquals(2, runs.records().size());
    assertEquals("bbr", runs.records().get(1).controller());
    List<String> frames = Files.readAllLines(directory.resolve("frames.csv"));
    assertTrue(frames.get(0).startsWith("run,track,copy,group,frame,kind"), frames.get(0));
    // 250 audio + 150 vlow + 150 vmid frames per run
    assertEquals(1 + 2 * 550, frames.size());
    Path html = directory.resolve("report.html");
    Result report = run("report", directory.toString(), "--html", html.toString());
    assertEquals(0, report.exitCode(), report.err());
    String page = Files.readString(html);
    assertTrue(page.contains("vmid: frames later than x (CCDF, media)"), "frames kept for --html");
    assertTrue(page.contains("vmid: frame latency over time (run 0)"));
  }

  @Test
  void shouldRefuseABadOutPathBeforeTheFirstRun(@TempDir Path directory) throws IOException {
    Path file = Files.writeString(directory.resolve("a-file"), "");
    Result result =
        run("scenario", "run", "alone", "--cc", "c4", "--runs", "50", "--out", file.toString());
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: --out " + file + " is a file, not a directory\n", result.err());
    assertEquals("", result.out(), "no run started");
    Result under =
        run("scenario", "run", "alone", "--runs", "50", "--out", file.resolve("d").toString());
    assertEquals(2, under.exitCode());
    assertTrue(under.err().startsWith("moqbed: cannot create --out directory"), under.err());
    assertEquals(1, under.err().lines().count(), under.err());
    Result trace =
        run("scenario", "run", "alone", "--trace", directory.resolve("no/t.csv").toString());
    assertEquals(2, trace.exitCode());
    assertTrue(trace.err().contains("the folder " + directory.resolve("no")), trace.err());
  }

  @Test
  void shouldListEveryScenarioWithGroupLinkTrafficAndMetricsWhenCsv() {
    Result result = run("scenario", "list", "--format", "csv");
    assertEquals(0, result.exitCode(), result.err());
    String[] lines = result.out().split("\n");
    assertEquals(52, lines.length);
    assertEquals("name,group,link,traffic,metrics,source", lines[0]);
    assertEquals(
        "alone,network_events,\"20 Mbit/s, RTT 80 ms, queue 80 ms, jitter 2 ms\",main 10 MB"
            + " download,time_avg_us time_p90_us rtt_avg_us rtt_plus_sd_p90_us,draft §3.1.1",
        lines[1]);
    assertEquals(
        "vs_c4_lg2,competition,\"10 Mbit/s, RTT 70 ms, queue 80 ms\",main 15 MB download vs c4"
            + " 10 MB download at 1 s,time_avg_us time_p90_us rtt_avg_us rtt_plus_sd_p90_us"
            + " load_avg_pct load_p90_pct,draft §3.3.5",
        lines[16]);
    assertTrue(lines[43].startsWith("media_backload,media,"), lines[43]);
    // then the eight scenarios beyond the draft
    assertEquals(
        "fair_newreno,fairness,\"20 Mbit/s, RTT 40 ms, queue 100 ms\",main media a1+vlow+vmid"
            + " (10 s) vs newreno 15 MB download at 1 s,media_stalls media_latency_avg_us"
            + " media_latency_max_p90_us bulk_completion_us,beyond the draft",
        lines[44]);
    assertTrue(lines[51].startsWith("fair_wifi_c4,fairness,"), lines[51]);
    assertTrue(lines[51].endsWith(",beyond the draft"), lines[51]);
  }

  @Test
  void shouldShowAFairnessScenarioAsBeyondTheDraft() {
    Result result = run("scenario", "show", "fair_cubic", "--cc", "bbr");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(
        result.out().startsWith("fair_cubic (Fairness to a real-time flow (beyond the draft))\n"),
        result.out());
    assertTrue(result.out().contains("Beyond the draft (issue 15, seed 004)"), result.out());
    assertTrue(result.out().contains("Main controller (the media sender): bbr"), result.out());
    assertTrue(
        result.out().lines().anyMatch(line -> line.matches("background_cc_algo +cubic *")),
        result.out()); // in the key/value block of the parameters table
    assertTrue(result.out().contains("Spec file: fair_cubic.txt (classpath:"), result.out());
  }

  @Test
  void shouldRunAFairnessScenarioThroughTheMoqChainAsTheSweepDoes(@TempDir Path directory)
      throws Exception {
    Path single = directory.resolve("single");
    Path swept = directory.resolve("swept");
    Result result =
        run(
            "scenario",
            "run",
            "fair_c4",
            "--workload",
            "moq",
            "--runs",
            "1",
            "--format",
            "csv",
            "--out",
            single.toString());
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(
        result.out().lines().findFirst().orElse("").contains(",media_stalls,bulk_completion_us,"),
        result.out());
    Result sweep =
        run(
            "sweep",
            "--suite",
            "fairness",
            "--workload",
            "moq",
            "--cc",
            "c4",
            "--scenarios",
            "fair_c4",
            "--runs",
            "1",
            "--out",
            swept.toString());
    assertEquals(0, sweep.exitCode(), sweep.err());
    RunRecord alone = RunsCsv.read(single.resolve(RunsCsv.FILE_NAME)).records().get(0);
    RunRecord inSweep = RunsCsv.read(swept.resolve(RunsCsv.FILE_NAME)).records().get(0);
    // the download waited for and timed, the stalls counted, as the sweep's row says
    assertTrue(
        Long.parseLong(alone.extra().get("bulk_completion_us")) > 6_000_000, alone.toString());
    assertEquals(
        inSweep.extra().get("bulk_completion_us"), alone.extra().get("bulk_completion_us"));
    assertEquals(inSweep.extra().get("media_stalls"), alone.extra().get("media_stalls"));
    assertEquals(inSweep.mediaAverageLatencyMicros(), alone.mediaAverageLatencyMicros());
  }

  @Test
  void shouldListScenariosAsJson() {
    Result result = run("scenario", "list", "--format", "json");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(result.out().contains("\"name\": \"wifi_fade\", \"group\": \"wifi\""));
  }

  @Test
  void shouldShowDescriptionParametersAndFileTextWhenShowingAScenario() {
    Result result = run("scenario", "show", "alone", "--cc", "bbr");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(
        result
            .out()
            .startsWith("alone (Reaction to network events, draft-huitema-ccwg-c4-test-05"));
    assertTrue(result.out().contains("Main controller: bbr (its own spec file"), result.out());
    assertTrue(result.out().contains("\nqueue_delay_max           30000 (30 ms) "), result.out());
    assertTrue(result.out().contains("shallower buffer"), result.out());
    assertTrue(result.out().endsWith("icid: ccc0bb00\nqlog_dir: cclog\n"), result.out());
    assertEquals("", result.err());
  }

  @Test
  void shouldSayTheC4FileIsUsedWhenTheControllerHasNoFileOfItsOwn() {
    Result result = run("scenario", "show", "blackhole", "--cc", "newreno");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(result.out().contains("Main controller: newreno (the draft has no file for it"));
    assertTrue(result.out().contains("Spec file: c4_blackhole.txt"));
    assertTrue(result.out().contains("\nmain_cc_algo              newreno "), result.out());
    assertTrue(
        result.out().contains("    2  2 s     2 s      0 (suspended)  0 (suspended)  70 ms"),
        result.out());
  }

  @Test
  void shouldExitTwoWithOneLineWhenScenarioIsUnknown() {
    Result result = run("scenario", "show", "alone2");
    assertEquals(2, result.exitCode());
    assertEquals(1, result.err().lines().count(), result.err());
    assertTrue(
        result.err().startsWith("moqbed: unknown scenario 'alone2'; valid: alone, "), result.err());
    assertEquals("", result.out());
  }

  @Test
  void shouldExitTwoWhenNeitherOrBothTargetsAreGiven() {
    Result neither = run("scenario", "show");
    assertEquals(2, neither.exitCode());
    assertEquals(1, neither.err().lines().count(), neither.err());
    Result both = run("scenario", "show", "alone", "--spec", "x.txt");
    assertEquals(2, both.exitCode());
    assertTrue(both.err().contains("mutually exclusive"), both.err());
  }

  @Test
  void shouldShowAnySpecFileWhenGivenWithSpec(@TempDir Path directory) throws IOException {
    Path file = directory.resolve("mine.txt");
    Files.writeString(
        file,
        "main_cc_algo: cubic\nmain_scenario_text: =b1:*1:397:1000000;\nnb_connections: 1\n"
            + "data_rate_in_gbps: 0.05\nlatency: 10000\nlink_scenario: drop_and_back\n");
    Result result = run("scenario", "show", "--spec", file.toString(), "--cc", "newreno");
    assertEquals(0, result.exitCode(), result.err());
    assertTrue(result.out().startsWith("spec file: " + file + "\n"), result.out());
    assertTrue(
        result.out().contains("link: 50 Mbit/s, RTT 20 ms, queue unlimited, drop_and_back"),
        result.out());
    assertTrue(result.out().contains("\nmain_cc_algo              newreno "), result.out());
    assertTrue(result.out().contains("    2  1.5 s   2 s      25 Mbit/s"), result.out());
    assertTrue(result.out().endsWith("link_scenario: drop_and_back\n"), result.out());
  }

  @Test
  void shouldExitTwoWithFileAndLineWhenSpecFileIsBad(@TempDir Path directory) throws IOException {
    Path file = directory.resolve("bad.txt");
    Files.writeString(file, "main_cc_algo: c4\nfoo: 1\n");
    Result result = run("scenario", "show", "--spec", file.toString());
    assertEquals(2, result.exitCode());
    assertEquals("moqbed: spec " + file + " line 2: unknown key 'foo'\n", result.err());
    assertEquals("", result.out());
    Path missing = directory.resolve("missing.txt");
    Result absent = run("scenario", "show", "--spec", missing.toString());
    assertEquals(2, absent.exitCode());
    assertEquals("moqbed: --spec " + missing + ": no such file\n", absent.err());
  }

  @Test
  void shouldPrintOneRowPerTrackAndWriteEveryFrameWhenRunningTheMoqWorkload(@TempDir Path dir)
      throws IOException {
    Path frames = dir.resolve("frames.csv");
    Result result =
        run(
            "scenario",
            "run",
            "media",
            "--workload",
            "moq",
            "--runs",
            "1",
            "--format",
            "csv",
            "--frames",
            frames.toString(),
            "--out",
            dir.resolve("out").toString());
    assertEquals(0, result.exitCode(), result.err());
    String[] lines = result.out().split("\n");
    assertEquals(4, lines.length, result.out());
    assertEquals(
        "scenario,cc,run,seed,track,frames,avg_latency_us,max_latency_us,stop_sending,completed,"
            + "wall_ms",
        lines[0]);
    assertTrue(lines[1].startsWith("media,c4,0,1,a1,250,"), lines[1]);
    assertTrue(lines[3].contains(",vmid,150,"), lines[3]);
    List<String> frameLines = Files.readAllLines(frames);
    assertEquals(1 + 250 + 150 + 150, frameLines.size());
    assertEquals(
        "run,track,copy,group,frame,kind,size_bytes,expected_us,arrival_us,latency_us,cancelled,"
            + "counted",
        frameLines.get(0));
    assertTrue(frameLines.get(1).startsWith("0,a1,0,0,0,AUDIO,80,"), frameLines.get(1));
    assertEquals(frameLines, Files.readAllLines(dir.resolve("out/frames.csv")));
    RunsFile runs = RunsCsv.read(dir.resolve("out/runs.csv"));
    assertEquals(MoqChainSimulation.EXTRA_COLUMNS, runs.extraColumns());
    RunRecord record = runs.records().get(0);
    assertEquals("moq", record.extra().get("workload"));
    assertEquals("550", record.extra().get("frames_sent"));
    assertEquals("550", record.extra().get("frames_received"));
    // one way over a 30 ms RTT link, plus serialization: half what the draft workload measures
    assertTrue(record.mediaAverageLatencyMicros() > 15_000, record.toString());
    assertTrue(record.extra().get("media_streams").startsWith("a1:250:"), record.toString());
  }

  @Test
  void shouldTraceTheMainSendersControllerWhenRunningAScenarioWithTrace(@TempDir Path dir)
      throws IOException {
    Path trace = dir.resolve("trace.csv");
    Result result =
        run(
            "scenario",
            "run",
            "satellite",
            "--cc",
            "bbr",
            "--runs",
            "1",
            "--trace",
            trace.toString());
    assertEquals(0, result.exitCode(), result.err());
    List<String> lines = Files.readAllLines(trace);
    assertTrue(
        lines
            .get(0)
            .startsWith(
                "run,time_us,cwnd_bytes,pacing_rate_bytes_per_s,latest_rtt_us,smoothed_rtt_us,"
                    + "bytes_in_flight,delivery_rate_bytes_per_s,state,cc_"),
        lines.get(0));
    // careful resume: the first ACK already runs BBR's long-RTT Startup with the 18.75 MB seed
    String[] first = lines.get(1).split(",");
    assertEquals("18750001", first[2], lines.get(1));
    assertEquals("startup_long_rtt", first[8], lines.get(1));
    assertTrue(Long.parseLong(first[4]) > 600_000 && Long.parseLong(first[4]) < 601_000);
    assertTrue(lines.stream().anyMatch(line -> line.contains(",probe_bw_cruise,")));
    assertTrue(result.err().contains(" ACK rows written to " + trace), result.err());
    Result moq = run("scenario", "run", "media", "--workload", "moq", "--trace", trace.toString());
    assertEquals(2, moq.exitCode());
    assertEquals("moqbed: --trace traces the draft workload's sender only\n", moq.err());
  }

  @Test
  void shouldRefuseTheMoqWorkloadWhenTheScenarioCarriesNoMedia() {
    Result result = run("scenario", "run", "alone", "--workload", "moq", "--runs", "1");
    assertEquals(2, result.exitCode());
    assertEquals(
        "moqbed: --workload moq needs a media scenario (media, media_wb, ...); alone carries no"
            + " media\n",
        result.err());
    assertEquals("", result.out());
  }
}
