package dev.moqbed.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.moqbed.collect.v1.CollectRecord;
import dev.moqbed.collect.v1.End;
import dev.moqbed.collect.v1.Hello;
import dev.moqbed.collect.v1.PathSample;
import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.output.LatencyIntervalLog;
import dev.moqbed.simulation.FrameTable;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.subscriber.FrameRecord;
import dev.moqbed.suite.FramesDirectory;
import dev.moqbed.suite.report.FrameLatencyCdfs;
import dev.moqbed.suite.report.MoqChainTable;
import dev.moqbed.suite.report.ReportModel;
import dev.moqbed.suite.report.RunSet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Senders over loopback TCP into a collector, and what {@code report} then reads. */
class CollectServerTest {
  @TempDir Path out;

  private final List<String> log = Collections.synchronizedList(new ArrayList<>());

  private CollectServer start(CollectLimits limits) throws IOException {
    return CollectServer.start(new InetSocketAddress("127.0.0.1", 0), out, limits, log::add);
  }

  private static List<FrameRecord> frames(int audio, long latencyMicros) {
    List<FrameRecord> frames = new ArrayList<>();
    for (int i = 0; i < audio; i++) {
      long capture = i * 20_000L;
      frames.add(
          new FrameRecord(
              "a1",
              i,
              0,
              FrameKind.AUDIO,
              80,
              capture,
              capture + latencyMicros,
              latencyMicros,
              List.of(capture + 1_000)));
    }
    for (int i = 0; i < 30; i++) {
      long capture = i * 33_333L;
      frames.add(
          new FrameRecord(
              "vlow",
              0,
              i,
              i == 0 ? FrameKind.I : FrameKind.P,
              i == 0 ? 37_500 : 3_750,
              capture,
              capture + 2 * latencyMicros,
              2 * latencyMicros,
              List.of()));
    }
    return frames;
  }

  /** Streams one subscriber run the way the subscriber command does, and waits for its End. */
  private static void sendRun(
      InetSocketAddress collector, String host, String controller, List<FrameRecord> frames) {
    RecordSender sender =
        RecordSender.start(
            collector,
            RecordsSchemaTest.hello(
                Hello.SenderRole.ROLE_SUBSCRIBER, host, controller, "live-test"),
            RecordSender.DEFAULT_QUEUE_RECORDS,
            line -> {});
    for (FrameRecord frame : frames) {
      assertTrue(sender.offer(SubscriberRecords.frame(frame)));
    }
    sender.finish(
        End.newBuilder()
            .setCompleted(true)
            .setFramesReceived(frames.size())
            .setStopSending(1)
            .setEndedUs(1_700_000_010_000_000L)
            .build());
    assertTrue(sender.close(10_000), "the End reached the collector");
    assertEquals(0, sender.dropped());
  }

  private void awaitRuns(int rows) throws Exception {
    Path runs = out.resolve("runs.csv");
    for (int i = 0; i < 200; i++) {
      if (Files.exists(runs) && Files.readAllLines(runs).size() == rows + 1) {
        return;
      }
      Thread.sleep(25);
    }
    fail("runs.csv never got " + rows + " rows: " + log);
  }

  @Test
  void shouldWriteRunsAndFramesThatReportReadsAsMoqChainRuns() throws Exception {
    try (CollectServer server = start(CollectLimits.DEFAULT)) {
      sendRun(server.localAddress(), "vm-b", "quiche:cubic", frames(50, 4_000));
      sendRun(server.localAddress(), "vm-c", "quiche:cubic", frames(50, 6_000));
      sendRun(server.localAddress(), "vm-b", "quiche:bbr", frames(50, 3_000));
      awaitRuns(3);
    }
    RunSet runs = RunSet.read(List.of(out));
    assertEquals(3, runs.records().size());
    RunRecord second = runs.runs("live-test", "quiche:cubic").get(1);
    assertEquals(1, second.run(), "the collector numbers the runs of one test and controller");
    assertEquals("vm-c", second.extra().get("host"));
    assertEquals("3", second.extra().get("sender_run"));
    assertEquals("80", second.extra().get("frames_collected"));
    assertEquals("0", second.extra().get("records_dropped"));
    assertEquals(12_000L, second.mediaAverageLatencyMicros(), "vlow's average, the largest");
    assertEquals("a1:50:6000:6000;vlow:30:12000:12000", second.extra().get("media_streams"));

    ReportModel model = ReportModel.build(List.of(out.toString()), runs, null);
    MoqChainTable table = model.moqChain();
    assertEquals(List.of("a1", "vlow"), table.tracks());
    assertEquals(2, table.rows().size(), "one row per test and controller");
    MoqChainTable.Row cubic =
        table.rows().stream().filter(r -> r.controller().equals("quiche:cubic")).findFirst().get();
    assertEquals(2, cubic.runs());
    assertEquals(5_000L, cubic.trackAverageLatency().get("a1"));
    assertEquals(1.0, cubic.stopSending());

    FrameLatencyCdfs cdfs = FrameLatencyCdfs.read(List.of(out));
    double[] audio = cdfs.of("live-test").get("a1").get("quiche:cubic (moq)").latencyMicros();
    assertEquals(4_000, audio[0]);
    assertEquals(6_000, audio[audio.length - 1]);
  }

  @Test
  void shouldWriteFramesInTheLayoutOfALocalMoqChainRun() throws Exception {
    List<FrameRecord> frames = frames(5, 4_000);
    try (CollectServer server = start(CollectLimits.DEFAULT)) {
      sendRun(server.localAddress(), "vm-b", "c4", frames);
      awaitRuns(1);
    }
    List<MediaObject> sent = new ArrayList<>();
    for (FrameRecord frame : frames) {
      sent.add(
          new MediaObject(
              new TrackName("live", frame.track()),
              frame.groupId(),
              0,
              frame.objectId(),
              0,
              frame.sizeBytes(),
              frame.captureMicros(),
              frame.kind(),
              false));
    }
    FrameTable local = new FrameTable();
    local.add(0, sent, frames);
    Path file = new FramesDirectory(out).file("live-test", "c4", 0);
    try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
      assertEquals(local.render(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void shouldWriteALatencyIntervalLogBesideTheFrames() throws Exception {
    try (CollectServer server = start(CollectLimits.DEFAULT)) {
      sendRun(server.localAddress(), "vm-b", "c4", frames(60, 4_000)); // audio over 1.2 s
      awaitRuns(1);
    }
    Path file = new FramesDirectory(out).file("live-test", "c4", 0);
    Path hlog = LatencyIntervalLog.besideFrames(file);
    assertTrue(Files.exists(hlog), "no " + hlog.getFileName() + " beside " + file.getFileName());
    Map<String, List<Long>> countsPerTrack = new TreeMap<>();
    Map<String, Long> maxPerTrack = new TreeMap<>();
    try (InputStream in = Files.newInputStream(hlog)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      for (EncodableHistogram read = reader.nextIntervalHistogram();
          read != null;
          read = reader.nextIntervalHistogram()) {
        Histogram interval = (Histogram) read;
        countsPerTrack
            .computeIfAbsent(interval.getTag(), tag -> new ArrayList<>())
            .add(interval.getTotalCount());
        maxPerTrack.merge(
            interval.getTag(), interval.highestEquivalentValue(interval.getMaxValue()), Math::max);
      }
    }
    // one histogram per track and second: audio every 20 ms from the first arrival, 50 then 10
    assertEquals(Map.of("a1", List.of(50L, 10L), "vlow", List.of(30L)), countsPerTrack);
    assertEquals(4_000, maxPerTrack.get("a1"), 4, "microseconds, HdrHistogram's 3 digits");
    assertEquals(8_000, maxPerTrack.get("vlow"), 8);
  }

  @Test
  void shouldCloseOnlyTheConnectionThatSentAMalformedOrOversizedRecord() throws Exception {
    try (CollectServer server = start(new CollectLimits(8, 1024, 30_000, 64))) {
      InetSocketAddress address = server.localAddress();
      try (Socket good = new Socket(address.getAddress(), address.getPort());
          Socket oversized = new Socket(address.getAddress(), address.getPort());
          Socket garbage = new Socket(address.getAddress(), address.getPort());
          Socket noHello = new Socket(address.getAddress(), address.getPort())) {
        OutputStream goodOut = good.getOutputStream();
        CollectRecord.newBuilder()
            .setHello(RecordsSchemaTest.hello(Hello.SenderRole.ROLE_SUBSCRIBER, "vm-b", "c4", "t"))
            .build()
            .writeDelimitedTo(goodOut);
        SubscriberRecords.frame(frames(1, 1_000).get(0)).writeDelimitedTo(goodOut);
        goodOut.flush();

        OutputStream big = oversized.getOutputStream();
        CollectRecord.newBuilder()
            .setHello(RecordsSchemaTest.hello(Hello.SenderRole.ROLE_SUBSCRIBER, "vm-c", "c4", "t"))
            .build()
            .writeDelimitedTo(big);
        CollectRecord.newBuilder()
            .setPath(PathSample.newBuilder().setPeer("x".repeat(2000)))
            .build()
            .writeDelimitedTo(big);
        big.flush();
        garbage.getOutputStream().write(new byte[] {5, 1, 2, 3, 4, 5});
        garbage.getOutputStream().flush();
        CollectRecord.newBuilder()
            .setEnd(End.getDefaultInstance())
            .build()
            .writeDelimitedTo(noHello.getOutputStream());

        assertEquals(-1, readUntilClosed(oversized), "the oversized sender is closed");
        assertEquals(-1, readUntilClosed(garbage));
        assertEquals(-1, readUntilClosed(noHello));

        // the good connection is still served, and skips a keep-alive (an empty record)
        CollectRecord.getDefaultInstance().writeDelimitedTo(goodOut);
        SubscriberRecords.frame(frames(2, 1_000).get(1)).writeDelimitedTo(goodOut);
        CollectRecord.newBuilder()
            .setEnd(End.newBuilder().setCompleted(true).setFramesReceived(2))
            .build()
            .writeDelimitedTo(goodOut);
        goodOut.flush();
        awaitRuns(2);
      }
    }
    RunSet runs = RunSet.read(List.of(out));
    RunRecord good =
        runs.records().stream().filter(r -> "vm-b".equals(r.extra().get("host"))).findFirst().get();
    assertEquals("true", good.extra().get("completed"));
    assertEquals("2", good.extra().get("frames_collected"));
    RunRecord cut =
        runs.records().stream().filter(r -> "vm-c".equals(r.extra().get("host"))).findFirst().get();
    assertEquals("false", cut.extra().get("completed"), "the cut run is written as incomplete");
    assertNull(cut.completionTimeMicros());
    String lines = String.join("\n", log);
    assertTrue(lines.contains("message of 2006 bytes is over the limit of 1024"), lines);
    assertTrue(lines.contains("not a CollectRecord"), lines);
    assertTrue(lines.contains("first record is not a Hello"), lines);
    for (String line : log) {
      assertTrue(!line.contains("\n") && !line.contains("Exception"), line);
    }
  }

  @Test
  void shouldRefuseAHelloWhoseLabelsWouldLeaveTheDirectory() throws Exception {
    try (CollectServer server = start(CollectLimits.DEFAULT);
        Socket socket = new Socket("127.0.0.1", server.localAddress().getPort())) {
      CollectRecord.newBuilder()
          .setHello(
              RecordsSchemaTest.hello(Hello.SenderRole.ROLE_SUBSCRIBER, "h", "c4", "../../etc"))
          .build()
          .writeDelimitedTo(socket.getOutputStream());
      assertEquals(-1, readUntilClosed(socket));
    }
    assertTrue(String.join("\n", log).contains("test label '../../etc' is not"), log.toString());
    assertTrue(!Files.exists(out.resolve("frames")), "nothing written for a refused sender");
  }

  @Test
  void shouldCloseASilentConnectionAfterTheIdleTimeout() throws Exception {
    try (CollectServer server = start(new CollectLimits(8, 1024, 300, 64));
        Socket socket = new Socket("127.0.0.1", server.localAddress().getPort())) {
      long start = System.nanoTime();
      assertEquals(-1, readUntilClosed(socket));
      assertTrue(System.nanoTime() - start < 5_000_000_000L);
    }
    assertTrue(String.join("\n", log).contains("silent for 0.3 s"), log.toString());
  }

  private static int readUntilClosed(Socket socket) throws IOException {
    socket.setSoTimeout(5_000);
    InputStream in = socket.getInputStream();
    ByteArrayOutputStream ignored = new ByteArrayOutputStream();
    int b;
    try {
      while ((b = in.read()) >= 0) {
        ignored.write(b);
      }
    } catch (java.net.SocketException reset) {
      return -1;
    }
    return b;
  }
}
