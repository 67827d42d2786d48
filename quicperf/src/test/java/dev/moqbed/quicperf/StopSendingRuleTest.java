package dev.moqbed.quicperf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.media.FrameKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reset-delay rule of quicperf's media client (scenarios.md §2.4). */
class StopSendingRuleTest {
  private static final String VMID = "=vmid:s30:p6:S:n120:6250:G30:I62500:D250000;";

  /** 10 Mbit/s, except 0.4 Mbit/s from 1.4 s to 1.9 s: group 1 (1.03 s to 2.03 s) falls behind. */
  private static QuicperfRun runWithADip(String spec) {
    return QuicperfRun.of(spec)
        .bitsPerSecondAt(now -> now >= 1_400_000 && now < 1_900_000 ? 400_000 : 10_000_000)
        .run();
  }

  @Test
  void shouldAbandonTheLateGroupAndResumeWithTheNextIFrame() {
    QuicperfRun run = runWithADip(VMID);
    List<ClientStream> groups = run.client.streams();
    FrameLog frames = run.client.frames();

    ClientStream late = groups.get(1);
    assertTrue(late.stopSentMicros() > 0, "group 1 abandoned");
    assertTrue(late.framesReceived() > 0 && late.framesReceived() < 30);
    assertEquals(late.stopSentMicros(), late.completedMicros());
    // The server answered STOP_SENDING with RESET_STREAM, which reached the client.
    assertEquals(1, run.server.resetStreams());
    assertTrue(late.resetReceivedMicros() > late.stopSentMicros());
    // The other groups were not touched, and group 2 came at its usual time, I-frame first.
    for (int k : new int[] {0, 2, 3}) {
      assertEquals(-1, groups.get(k).stopSentMicros());
      assertEquals(30, groups.get(k).framesReceived());
    }
    ClientStream next = groups.get(2);
    assertEquals(groups.get(0).startMicros() + 2_000_000, next.openedMicros());
    int firstOfNext = firstRecord(frames, 2);
    assertEquals(FrameKind.I, frames.kind(firstOfNext));
    assertEquals(62_500, frames.sizeBytes(firstOfNext));
    assertTrue(frames.arrivalMicros(firstOfNext) > 0);
    assertEquals(QuicperfClient.NO_ERROR, run.client.closeErrorCode());
  }

  @Test
  void shouldStopExactlyAtTheFirstFrameLaterThanDelayPlusOneInterval() {
    QuicperfRun run = runWithADip(VMID);
    ClientStream late = run.client.streams().get(1);
    FrameLog frames = run.client.frames();

    for (int r = 0; r < frames.size(); r++) {
      if (frames.group(r) != 1 || frames.isCancelled(r)) {
        continue;
      }
      int index = frames.frameIndex(r);
      long resetMicros = late.startMicros() + 250_000 + (index + 1) * 1_000_000L / 30;
      boolean last = index == late.framesReceived() - 1;
      assertEquals(last, frames.arrivalMicros(r) > resetMicros, "frame " + index);
      if (last) {
        assertEquals(late.stopSentMicros(), frames.arrivalMicros(r));
      }
    }
  }

  @Test
  void shouldCountTheFramesReceivedBeforeTheStopAndLogTheRestAsCancelled() {
    QuicperfRun run = runWithADip(VMID);
    ClientStream late = run.client.streams().get(1);
    FrameLog frames = run.client.frames();

    long received = 0;
    long cancelled = 0;
    for (int r = 0; r < frames.size(); r++) {
      if (frames.group(r) == 1) {
        received += frames.isCancelled(r) ? 0 : 1;
        cancelled += frames.isCancelled(r) ? 1 : 0;
        assertEquals(!frames.isCancelled(r), frames.isCounted(r));
      }
    }
    assertEquals(late.framesReceived(), received);
    assertEquals(30 - late.framesReceived(), cancelled);
    assertEquals(90 + late.framesReceived(), run.client.stats("vmid").count());
  }

  @Test
  void shouldKeepEveryFrameWhenTheFlowHasNoResetDelay() {
    QuicperfRun run = runWithADip("=vmid:s30:p6:S:n120:6250:G30:I62500;");

    assertEquals(120, run.client.stats("vmid").count());
    assertTrue(run.client.streams().stream().allMatch(s -> s.stopSentMicros() < 0));
    assertEquals(0, run.server.resetStreams());
    // Without the rule, group 1's late frames are all waited for.
    assertTrue(run.client.stats("vmid").maxMicros() > 350_000);
  }

  private static int firstRecord(FrameLog frames, int group) {
    for (int r = 0; r < frames.size(); r++) {
      if (frames.group(r) == group && frames.frameIndex(r) == 0) {
        return r;
      }
    }
    throw new AssertionError("no frame 0 of group " + group);
  }
}
