package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.moqbed.transport.recovery.AckFlavor;
import dev.moqbed.transport.recovery.AckFrequencyPolicy;
import org.junit.jupiter.api.Test;

/**
 * A lost ACK_FREQUENCY frame is repeated as it was, unless it is the latest sent: picoquic's {@code
 * picoquic_check_frame_needs_repeat} (frames.c). The copy joins the control frames, which leave
 * under pacing whatever the window, as picoquic's misc-frame queue.
 */
class LostAckFrequencyTest {

  @Test
  void aStaleLostRequestIsQueuedAgainVerbatimAndTheLatestIsNot() {
    PathState path = queuedPath();
    AckFrequencyRequest request = new AckFrequencyRequest(AckFlavor.PICOQUIC, path);
    PendingFrames pending = new PendingFrames();
    LostFrames lostFrames = new LostFrames(null, pending, request);
    PacketNumberSpace space = null; // an ACK_FREQUENCY frame touches no packet number space

    Frame.AckFrequency first = send(request);
    // A receive rate that moves the ACK delay by more than 1/8: the next request goes out.
    long smoothed = path.rtt().smoothedRttMicros();
    request.onBytesReceived(1_000_000, 55);
    request.onBytesReceived(1_000_000 + smoothed + 1_000, 55);
    Frame.AckFrequency second = send(request);
    assertEquals(first.sequence() + 1, second.sequence());

    lostFrames.requeue(space, first);
    assertEquals(1, pending.controlFrames.size(), "the stale request is repeated");
    assertSame(first, pending.controlFrames.peekFirst(), "same sequence and values");
    assertFalse(request.isDue(), "no new request is asked for");

    pending.controlFrames.clear();
    lostFrames.requeue(space, second);
    assertTrue(pending.controlFrames.isEmpty(), "the latest request is not repeated");
    assertFalse(request.isDue(), "nor replaced: picoquic waits for the next RTT update");
  }

  private static Frame.AckFrequency send(AckFrequencyRequest request) {
    AckFrequencyPolicy.Update update = request.compute();
    assertTrue(update.send());
    Frame.AckFrequency frame =
        new Frame.AckFrequency(update.sequence(), update.gapPackets(), update.delayMicros());
    request.onFrameSent();
    return frame;
  }

  /** A server path whose smoothed RTT exceeds 1.5 x min RTT, so the receive rate sets the delay. */
  private static PathState queuedPath() {
    ReadyPair pair = new ReadyPair();
    PathState path = (PathState) pair.server.path();
    long now = pair.scheduler.nowMicros();
    for (int i = 0; i < 30; i++) {
      path.rtt().onSample(now, 4 * path.rtt().minRttMicros(), 0, true);
    }
    return path;
  }
}
