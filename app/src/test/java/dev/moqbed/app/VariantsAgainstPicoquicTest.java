package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A handful of the variant scenarios (reference/sim_specs_variants: the draft's specs with one
 * parameter moved) keep moqbed within tolerance of picoquic's 30 runs of the same files, stored in
 * {@code picoquic-f00feeb7.csv} there. Four files, one per family that matched on all its cells at
 * 30 runs (docs/results/variants-2026-12-06.md): rate ×4 (BBR), queue ×0.5 (Cubic), C4 against BBR
 * at 50 Mbit/s, and the media mix at RTT ×4 (C4, with its media latency). Five runs each keep it to
 * a few seconds; the check is on the means, each within the tolerance band of picoquic's (time ±5
 * %, RTT and media latency ±15 %, load ±5 points), and no cell may be off.
 */
class VariantsAgainstPicoquicTest {
  private static final Path VARIANTS =
      Path.of("..").toAbsolutePath().normalize().resolve("reference/sim_specs_variants");
  private static final List<String> SPECS =
      List.of(
          "bbr_alone_rate80M", "cubic_alone_queue40ms", "c4_vs_bbr_rate50M", "c4_media_rtt120ms");
  private static final int RUNS = 5;

  private record Result(int exitCode, String out, String err) {}

  private static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
    return new Result(exitCode, out.toString(), err.toString());
  }

  @Test
  void aHandfulOfVariantsStayWithinToleranceOfPicoquicsMeans(@TempDir Path directory)
      throws IOException {
    List<String> report = new ArrayList<>(List.of("report"));
    for (String name : SPECS) {
      // the files name qlog_dir as the draft's do; the results are the same without qlog
      String text =
          Files.readAllLines(VARIANTS.resolve(name + ".txt")).stream()
              .filter(line -> !line.startsWith("qlog_dir:"))
              .collect(Collectors.joining("\n", "", "\n"));
      Path spec = Files.writeString(directory.resolve(name + ".txt"), text);
      Path out = directory.resolve(name);
      Result made =
          run(
              "scenario",
              "run",
              "--spec",
              spec.toString(),
              "--runs",
              String.valueOf(RUNS),
              "--out",
              out.toString(),
              "--format",
              "csv");
      assertEquals(0, made.exitCode(), made.err());
      report.add(out.toString());
    }
    report.addAll(
        List.of(
            "--against-reference",
            VARIANTS.resolve("picoquic-f00feeb7.csv").toString(),
            "--format",
            "csv"));
    Result compared = run(report.toArray(String[]::new));
    assertEquals(0, compared.exitCode(), compared.err());
    List<String> lines = compared.out().lines().toList();
    List<String> header = List.of(lines.get(0).split(","));
    // 3 specs × time, RTT, load, and the media one's latency
    assertEquals(SPECS.size() * 3 + 1, lines.size() - 1, compared.out());
    List<String> outside = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cell = line.split(",");
      double difference = Double.parseDouble(cell[header.indexOf("difference")]);
      double tolerance = Double.parseDouble(cell[header.indexOf("tolerance")]);
      String mark = cell[header.indexOf("mark")];
      if (Math.abs(difference) > tolerance || mark.equals("off")) {
        outside.add(line);
      }
    }
    assertTrue(outside.isEmpty(), "outside picoquic's tolerance:\n" + String.join("\n", outside));
  }
}
