package dev.moqbed.simulation.moq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import dev.moqbed.media.MediaObject;
import dev.moqbed.media.TrackName;
import dev.moqbed.scenarios.catalog.ResolvedScenario;
import dev.moqbed.scenarios.catalog.ScenarioCatalog;
import dev.moqbed.scenarios.spec.SimSpec;
import dev.moqbed.simulation.CompletedRun;
import dev.moqbed.simulation.RunRecord;
import dev.moqbed.simulation.RunVariation;
import dev.moqbed.subscriber.FrameRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A MoQ-chain run of a fairness scenario counts its stalls as the draft workload's rule does, and a
 * simulated one lasts until its bulk download is done.
 */
class ChainFairnessTest {
  private static final ResolvedScenario FAIR_CUBIC =
      ScenarioCatalog.standard().resolve("fair_cubic", "c4");
  private static final SimSpec SPEC = FAIR_CUBIC.spec();

  private static final long ORIGIN = 5_000_000;

  private static MediaObject object(String track, long group, long object, long captureFromStart) {
    FrameKind kind = track.equals("a1") ? FrameKind.AUDIO : object == 0 ? FrameKind.I : FrameKind.P;
    return new MediaObject(
        new TrackName("live", track),
        group,
        0,
        object,
        1,
        100,
        ORIGIN + captureFromStart,
        kind,
        false);
  }

  private static FrameRecord arrival(MediaObject sent, long latency) {
    return new FrameRecord(
        sent.track().name(),
        sent.groupId(),
        sent.objectId(),
        sent.kind(),
        sent.sizeBytes(),
        sent.captureTimeMicros(),
        sent.captureTimeMicros() + latency,
        latency,
        List.of());
  }

  @Test
  void shouldCountLateAndMissingCheckedFramesFromTheStatsStartButEveryDatagram() {
    List<MediaObject> sent = new ArrayList<>();
    List<FrameRecord> received = new ArrayList<>();
    // audio before the 200 ms stats start still counts (datagrams always do): late, a stall
    MediaObject earlyAudio = object("a1", 0, 0, 0);
    sent.add(earlyAudio);
    received.add(arrival(earlyAudio, 450_000));
    // video before the stats start is left out, however late
    MediaObject earlyVideo = object("vlow", 0, 0, 100_000);
    sent.add(earlyVideo);
    received.add(arrival(earlyVideo, 900_000));
    // on time, and exactly at the deadline: no stall
    MediaObject onTime = object("vlow", 0, 7, 233_333);
    sent.add(onTime);
    received.add(arrival(onTime, 50_000));
    MediaObject atDeadline = object("vlow", 0, 8, 266_666);
    sent.add(atDeadline);
    received.add(arrival(atDeadline, 400_000));
    // one microsecond late, and never arrived (a reset group's object): two stalls
    MediaObject late = object("vlow", 0, 9, 300_000);
    sent.add(late);
    received.add(arrival(late, 400_001));
    sent.add(object("vlow", 1, 0, 1_000_000));
    sent.add(object("a1", 0, 60, 1_200_000)); // a lost datagram: a stall
    // vmid is media_excluded: never counted
    MediaObject excluded = object("vmid", 0, 9, 300_000);
    sent.add(excluded);
    received.add(arrival(excluded, 2_000_000));
    sent.add(object("vmid", 1, 0, 1_000_000));

    ChainFairness.Checked checked = ChainFairness.checked(SPEC, sent, received);
    assertEquals(4, checked.stalls());
    assertEquals(6, checked.frames(), "2 audio and 4 vlow frames from 200 ms");
    // the latency columns: the checked frames that arrived, largest per-track average and max
    assertEquals(450_000L, checked.latencies().averageLatencyMicros(), "a1's one frame");
    assertEquals(450_000L, checked.latencies().maxLatencyMicros());
    assertFalse(checked.latencies().has("vmid"));

    RunRecord chain =
        new RunRecord(
            "fair_cubic",
            "live:c4",
            0,
            1,
            10_000_000L,
            null,
            null,
            null,
            2_000_000L,
            2_000_000L,
            Map.of("workload", "moq", "media_streams", "vmid:1:2000000:2000000"));
    RunRecord fairness = ChainFairness.record(chain, SPEC, sent, received, 7_500_000);
    assertEquals("4", fairness.extra().get("media_stalls"));
    assertEquals("7500000", fairness.extra().get("bulk_completion_us"));
    assertEquals(450_000L, fairness.mediaAverageLatencyMicros());
    assertEquals("vmid:1:2000000:2000000", fairness.extra().get("media_streams"), "every track");
    RunRecord unfinished = ChainFairness.record(chain, SPEC, sent, received, -1);
    assertFalse(unfinished.extra().containsKey("bulk_completion_us"), "not finished: empty");
  }

  @Test
  void shouldRunTheSimulatedChainUntilTheBulkDownloadIsDoneRepeatably() {
    CompletedRun first = ChainFairness.runWithFrames(FAIR_CUBIC, 0, 1, RunVariation.DEFAULT);
    CompletedRun second = ChainFairness.runWithFrames(FAIR_CUBIC, 0, 1, RunVariation.DEFAULT);
    RunRecord record = first.record();
    assertEquals(record, second.record(), "same seed, same row");
    assertEquals(ChainFairness.EXTRA_COLUMNS, List.copyOf(record.extra().keySet()));
    long stalls = Long.parseLong(record.extra().get("media_stalls"));
    // 10 s of a1 (500 datagrams) and vlow from 200 ms (294 frames) at most
    assertTrue(stalls >= 0 && stalls <= 794, "stalls " + stalls);
    long bulk = Long.parseLong(record.extra().get("bulk_completion_us"));
    // 15 MB at 20 Mbit/s takes at least 6 s, whoever shares the link
    assertTrue(bulk > 6_000_000, "bulk completion " + bulk);
    assertNotNull(record.completionTimeMicros(), "the subscriber finished");
    long simulated = Long.parseLong(record.extra().get("simulated_us"));
    assertTrue(simulated >= 1_000_000 + bulk, "the run lasts until the download is done too");
    assertTrue(
        record.completionTimeMicros() < 13_000_000,
        "completion is the subscriber's end, not the run's: " + record.completionTimeMicros());
  }
}
