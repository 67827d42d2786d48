package dev.moqbed.suite.report;

import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.scenarios.spec.SimSpecParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A folder of pico_sim runs laid out as docs/statistics.md makes them: one sub-folder per spec,
 * {@code NAME/NAME.txt} (the spec pico_sim ran), {@code NAME/results.txt} (its result lines) and
 * the qlogs in the spec's {@code qlog_dir} under it. Each run gets its time and media latency from
 * its result line ({@link PicoSimResults}), and its RTT and load from the server qlog of its main
 * connection ({@link PicoquicServerQlog}), beside the background connection's when the spec has
 * one. A run without qlogs keeps its time and media latency only.
 *
 * <p>picoquic_ns names a connection's qlog by its initial connection ID: 16 hex digits whose
 * characters 12-13 are the repetition and 14-15 the client (00 main, 01 background). One folder per
 * spec keeps apart the specs that share an ID's first bytes.
 */
final class PicoSimRunsDirectory {
  static final String RESULTS = "results.txt";

  /** Repetitions whose qlogs one folder can hold apart: the initial CID has one byte for it. */
  static final int REPETITIONS_PER_QLOG_FOLDER = 256;

  private static final String SERVER_QLOG = "[0-9a-f]{16}\\.server\\.qlog";

  private PicoSimRunsDirectory() {}

  /** Whether {@code directory} has a sub-folder with pico_sim's result lines. */
  static boolean holdsRuns(Path directory) throws IOException {
    try (Stream<Path> children = Files.list(directory)) {
      return children.anyMatch(child -> Files.isRegularFile(child.resolve(RESULTS)));
    }
  }

  static ReferenceRuns read(Path directory) throws IOException {
    ReferenceRuns runs = ReferenceRuns.empty(directory.toString());
    List<Path> folders;
    try (Stream<Path> children = Files.list(directory)) {
      folders =
          children.filter(child -> Files.isRegularFile(child.resolve(RESULTS))).sorted().toList();
    }
    for (Path folder : folders) {
      readFolder(folder, runs);
    }
    return runs;
  }

  private static void readFolder(Path folder, ReferenceRuns runs) throws IOException {
    String name = folder.getFileName().toString();
    Path specFile = folder.resolve(name + ".txt");
    if (!Files.isRegularFile(specFile)) {
      throw new IllegalArgumentException(
          folder + ": no " + name + ".txt, the spec pico_sim ran (its rate and qlog_dir)");
    }
    SimSpec spec = new SimSpecParser().parse(specFile);
    Map<Integer, Path> qlogs =
        spec.qlogDir() == null || spec.qlogDir().isBlank()
            ? Map.of()
            : serverQlogs(folder.resolve(spec.qlogDir()));
    List<PicoSimResults.Result> results;
    try (BufferedReader reader =
        Files.newBufferedReader(folder.resolve(RESULTS), StandardCharsets.UTF_8)) {
      results = PicoSimResults.results(reader, folder.resolve(RESULTS).toString());
    }
    if (!qlogs.isEmpty() && results.size() > REPETITIONS_PER_QLOG_FOLDER) {
      // Run 256's qlogs took run 0's names: read on, run 0 would get run 256's RTT and load.
      throw new IllegalArgumentException(
          folder
              + ": "
              + results.size()
              + " repetitions, but pico_sim names a run's qlogs by one byte of its repetition, so"
              + " runs from 256 on overwrote the first runs' qlogs; run at most "
              + REPETITIONS_PER_QLOG_FOLDER
              + " repetitions per folder");
    }
    for (PicoSimResults.Result result : results) {
      PicoSimResults.add(runs, result);
      Path main = qlogs.get(key(result.repetition(), 0));
      if (main == null) {
        continue;
      }
      PicoquicServerQlog mainQlog = PicoquicServerQlog.read(main);
      Path background = spec.hasBackground() ? qlogs.get(key(result.repetition(), 1)) : null;
      double load =
          mainQlog.load(
              background == null ? null : PicoquicServerQlog.read(background),
              spec.nominalRateBitsPerSecond());
      String scenario = result.scenario();
      int run = result.repetition();
      runs.add(scenario, result.controller(), run, ReferenceMetric.RTT, mainQlog.rttAverage());
      runs.add(scenario, result.controller(), run, ReferenceMetric.LOAD, load);
    }
  }

  /** The server qlogs of {@code directory} by (repetition, client); empty when it is missing. */
  private static Map<Integer, Path> serverQlogs(Path directory) throws IOException {
    Map<Integer, Path> qlogs = new HashMap<>();
    if (!Files.isDirectory(directory)) {
      return qlogs;
    }
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (name.matches(SERVER_QLOG)) {
          int repetition = Integer.parseInt(name.substring(12, 14), 16);
          int client = Integer.parseInt(name.substring(14, 16), 16);
          qlogs.put(key(repetition, client), file);
        }
      }
    }
    return qlogs;
  }

  private static int key(int repetition, int client) {
    return repetition * 256 + client;
  }
}
