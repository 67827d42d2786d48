package dev.moqbed.suite.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The RTT and load of picoquic's server qlogs, against values computed by hand. */
class PicoSimRunsDirectoryTest {
  /** A server qlog as picoquic writes it, with the events in {@code events} (one per line). */
  private static String qlog(long referenceTime, String events) {
    return "{ \"qlog_version\": \"draft-00\", \"title\": \"picoquic\", \"traces\": [\n"
        + "{ \"vantage_point\": { \"name\": \"backend-67\", \"type\": \"server\" },\n"
        + "\"title\": \"picoquic\", \"description\": \"ccc0bb0000000000\",\"event_fields\":"
        + " [\"relative_time\", \"category\", \"event\", \"data\"],\n"
        + "\"common_fields\": { \"protocol_type\": \"QUIC_HTTP3\", \"reference_time\": \""
        + referenceTime
        + "\"},\n\"events\": [\n"
        + events
        + "]}]}\n";
  }

  /**
   * Sends of 1000, 1000 and 500 bytes at 0, 1000 and 2000 µs after the reference; RTT samples: none
   * before the first latest_rtt, then 100, 100 (carried forward) and 131.
   */
  private static final String MAIN_EVENTS =
      "[0, \"transport\", \"datagram_sent\", { \"byte_length\": 1000}],\n"
          + "[10, \"recovery\", \"metrics_updated\", {\"cwnd\": 15360,\"bytes_in_flight\": 1763}],\n"
          + "[20, \"recovery\", \"metrics_updated\", {\"cwnd\": 16853,\"latest_rtt\": 100}],\n"
          + "[25, \"transport\", \"packet_sent\", { \"packet_type\": \"1RTT\", \"frames\": [{ \n"
          + "    \"frame_type\": \"ack\", \"latest_rtt\": 999}]}],\n"
          + "[30, \"recovery\", \"metrics_updated\", {\"bytes_in_flight\": 3203}],\n"
          + "[40, \"recovery\", \"metrics_updated\", {\"latest_rtt\": 131}],\n"
          + "[1000, \"transport\", \"datagram_sent\", { \"byte_length\": 1000}],\n"
          + "[2000, \"transport\", \"datagram_sent\", { \"byte_length\": 500}]";

  private static PicoquicServerQlog read(String text) throws Exception {
    return PicoquicServerQlog.read(new BufferedReader(new StringReader(text)), "q.qlog");
  }

  @Test
  void rttIsTheMeanOfTheLatestRttAtEveryMetricsUpdate() throws Exception {
    PicoquicServerQlog main = read(qlog(1000, MAIN_EVENTS));
    assertEquals(3, main.rttSamples());
    assertEquals(110, main.rttAverage(), "int((100 + 100 + 131) / 3) = int(110.33)");
    assertArrayEquals(new long[] {1000, 2000, 3000}, main.sendTimes(), "on the shared clock");
  }

  @Test
  void loadIsTheBytesOverTheSendingPeriodOrTheOverlapWithTheBackground() throws Exception {
    PicoquicServerQlog main = read(qlog(1000, MAIN_EVENTS));
    // alone: 2500 bytes × 8 over 2000 µs = 10 Mbit/s of a nominal 20
    assertEquals(0.5, main.load(null, 20_000_000), 1e-12);
    // a background sending from 1500 to 2500 µs: only the 1000 bytes sent at 2000 count, over
    // 1000 µs: 8 Mbit/s
    PicoquicServerQlog background =
        read(
            qlog(
                1500,
                "[0, \"transport\", \"datagram_sent\", { \"byte_length\": 1}],\n"
                    + "[1000, \"transport\", \"datagram_sent\", { \"byte_length\": 1}]"));
    assertEquals(0.4, main.load(background, 20_000_000), 1e-12);
    // one that sends after the main connection has finished: the whole period, as the scripts do
    PicoquicServerQlog later =
        read(
            qlog(
                9000,
                "[0, \"transport\", \"datagram_sent\", { \"byte_length\": 1}],\n"
                    + "[1000, \"transport\", \"datagram_sent\", { \"byte_length\": 1}]"));
    assertEquals(0.5, main.load(later, 20_000_000), 1e-12);
  }

  @Test
  void refusesAFileThatIsNoSuchQlog() {
    assertEquals(
        "q.qlog: not a picoquic qlog with sent datagrams (no reference_time or datagram_sent)",
        assertThrows(IllegalArgumentException.class, () -> read("{}\n")).getMessage());
  }

  @Test
  void readsAFolderOfRunsAsTheDocumentedLoopLeavesIt(@TempDir Path directory) throws Exception {
    Path folder = Files.createDirectories(directory.resolve("bbr_alone/cclog"));
    writeAloneSpec(directory);
    Files.writeString(
        directory.resolve("bbr_alone/results.txt"),
        "Success, 0, 4689346, 0, 0, bbr_alone\nSuccess, 1, 4689416, 0, 0, bbr_alone\n");
    // repetition 0's main connection (characters 12-13: repetition, 14-15: client); repetition 1
    // has no qlog, and a client qlog is not read
    Files.writeString(folder.resolve("ccc0bb0000000000.server.qlog"), qlog(1000, MAIN_EVENTS));
    Files.writeString(folder.resolve("ccc0bb0000000000.client.qlog"), "not read");
    assertTrue(PicoSimRunsDirectory.holdsRuns(directory));
    ReferenceRuns runs = ReferenceRuns.read(directory);
    assertArrayEquals(
        new double[] {4_689_346, 4_689_416}, runs.values("alone", "bbr", ReferenceMetric.TIME));
    assertArrayEquals(new double[] {110}, runs.values("alone", "bbr", ReferenceMetric.RTT));
    assertArrayEquals(new double[] {0.5}, runs.values("alone", "bbr", ReferenceMetric.LOAD));
    Files.delete(directory.resolve("bbr_alone/bbr_alone.txt"));
    assertEquals(
        directory.resolve("bbr_alone")
            + ": no bbr_alone.txt, the spec pico_sim ran (its rate and qlog_dir)",
        assertThrows(IllegalArgumentException.class, () -> ReferenceRuns.read(directory))
            .getMessage());
  }

  @Test
  void refusesMoreRepetitionsThanTheQlogNamesKeepApart(@TempDir Path directory) throws Exception {
    Path folder = Files.createDirectories(directory.resolve("bbr_alone/cclog"));
    writeAloneSpec(directory);
    StringBuilder lines = new StringBuilder();
    for (int repetition = 0; repetition <= 256; repetition++) {
      lines.append("Success, ").append(repetition).append(", 4689346, 0, 0, bbr_alone\n");
    }
    Files.writeString(directory.resolve("bbr_alone/results.txt"), lines);
    // repetition 256 wrote this name too, over repetition 0's
    Files.writeString(folder.resolve("ccc0bb0000000000.server.qlog"), qlog(1000, MAIN_EVENTS));
    String message =
        assertThrows(IllegalArgumentException.class, () -> ReferenceRuns.read(directory))
            .getMessage();
    assertTrue(message.contains("257 repetitions") && message.contains("at most 256"), message);
  }

  /** The spec of bbr_alone as the documented loop leaves it, its qlogs in cclog. */
  private static void writeAloneSpec(Path directory) throws Exception {
    Files.writeString(
        directory.resolve("bbr_alone/bbr_alone.txt"),
        "main_cc_algo: bbr\nmain_scenario_text: =b1:*1:397:10000000;\nnb_connections: 1\n"
            + "data_rate_in_gbps: 0.02\nlatency: 40000\nicid: ccc0bb00\nqlog_dir: cclog\n");
  }
}
