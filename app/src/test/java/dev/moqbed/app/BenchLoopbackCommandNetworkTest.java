package dev.moqbed.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code moqbed bench loopback} end to end on a small transfer, and its refusals of bad input. */
@Tag("network")
class BenchLoopbackCommandNetworkTest {

  private static int run(StringWriter out, StringWriter err, String... args) {
    return MoqbedCommand.run(args, new PrintWriter(out), new PrintWriter(err));
  }

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void shouldPrintEveryPairingWithTheRatioToQuicheAndTheBytesMoved() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode =
        run(
            out,
            err,
            "bench",
            "loopback",
            "--cc",
            "c4,cubic",
            "--server-transport",
            "moqbed,quiche",
            "--client-transport",
            "quiche,moqbed",
            "--bytes",
            "1MB",
            "--warmup",
            "0",
            "--runs",
            "2",
            "--format",
            "csv");
    assertEquals(0, exitCode, err.toString());
    String[] lines = out.toString().split("\n");
    assertEquals(
        "pairing,cc,bytes,runs,seconds,gbit_per_s,min_gbit_per_s,max_gbit_per_s,"
            + "ratio_to_quiche,loop_cpu_s,gbit_per_cpu_s,packets_per_flush,packets_per_write,"
            + "alloc_bytes_per_packet,receiver_alloc_bytes_per_packet,loss_rate,final_cwnd_bytes,"
            + "pacing_rate_mbit_per_s,mean_rtt_us,mean_flight_bytes,mean_pacing_mbit_per_s,socket",
        lines[0]);
    // quiche->quiche once (the reference), then three pairings with each of the two controllers.
    assertEquals(1 + 1 + 3 * 2, lines.length, out.toString());
    assertEquals("quiche->quiche", lines[1].split(",")[0]);
    assertEquals(1.0, Double.parseDouble(lines[1].split(",")[8]));
    List<String> pairings = new ArrayList<>();
    for (int i = 1; i < lines.length; i++) {
      String[] cells = lines[i].split(",");
      pairings.add(cells[0]);
      assertEquals("1000000", cells[2]);
      assertEquals("2", cells[3], lines[i]); // every row measured in each of the two rounds
      double median = Double.parseDouble(cells[5]);
      assertTrue(median > 0, lines[i]);
      // Of two runs the lower is the median: the slowest equals it, the fastest is at least it.
      assertEquals(median, Double.parseDouble(cells[6]), lines[i]);
      assertTrue(Double.parseDouble(cells[7]) >= median, lines[i]);
      assertTrue(Double.parseDouble(cells[8]) > 0, lines[i]);
      assertTrue(Long.parseLong(cells[16]) > 0, lines[i]); // final_cwnd_bytes
      if (cells[0].endsWith("->moqbed")) {
        // The project's receiving loop allocates (the JDK's AES-GCM at least) and is counted.
        assertTrue(Double.parseDouble(cells[14]) > 0, lines[i]);
      } else {
        assertEquals("-", cells[14], lines[i]); // no counter on quiche's client thread
      }
      if (cells[0].startsWith("moqbed")) {
        assertTrue(Double.parseDouble(cells[11]) >= 1, lines[i]);
        // The project's sender averaged over its ACKs: an RTT, a flight and a pacing rate. The
        // flight may be zero: on a 1 MB transfer each ACK can acknowledge all that was sent.
        assertTrue(Double.parseDouble(cells[18]) > 0, lines[i]);
        assertTrue(Double.parseDouble(cells[19]) >= 0, lines[i]);
        assertTrue(Double.parseDouble(cells[20]) > 0, lines[i]);
      } else {
        assertEquals("-", cells[18], lines[i]); // Netty reports no history of a quiche sender
      }
    }
    assertEquals(
        List.of(
            "quiche->quiche",
            "moqbed->quiche",
            "moqbed->quiche",
            "moqbed->moqbed",
            "moqbed->moqbed",
            "quiche->moqbed",
            "quiche->moqbed"),
        pairings);
    assertEquals("c4", lines[2].split(",")[1]);
    assertEquals("cubic", lines[3].split(",")[1]);
  }

  @Test
  void shouldRefuseBadInputWithOneLineAndExitTwo() {
    for (String[] args :
        new String[][] {
          {"bench", "loopback", "--cc", "nosuch"},
          {"bench", "loopback", "--bytes", "0"},
          {"bench", "loopback", "--bytes", "lots"},
          {"bench", "loopback", "--runs", "0"},
          {"bench", "loopback", "--server-transport", "kwik"},
          {"bench", "loopback", "--quiche-cc", "c4"}
        }) {
      StringWriter out = new StringWriter();
      StringWriter err = new StringWriter();
      assertEquals(2, run(out, err, args), String.join(" ", args) + ": " + err);
      assertEquals(1, err.toString().strip().split("\n").length, err.toString());
      assertTrue(err.toString().startsWith("moqbed: "), err.toString());
    }
  }
}
