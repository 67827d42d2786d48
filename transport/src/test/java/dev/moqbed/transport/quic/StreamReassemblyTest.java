package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A send stream and a receive stream joined by a lossy, duplicating, reordering channel: every byte
 * must reach the application exactly once and in order, with the FIN once at the end.
 */
class StreamReassemblyTest {

  @Test
  void shouldDeliverEveryByteOnceInOrderDespiteLossDuplicatesAndReordering() {
    for (long seed = 1; seed <= 50; seed++) {
      runOnce(seed);
    }
  }

  private static void runOnce(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    byte[] content = new byte[20_000 + random.nextInt(20_000)];
    random.nextBytes(content);
    StreamSendState sender = new StreamSendState(4, 9, Long.MAX_VALUE);
    int written = 0;
    while (written < content.length) {
      int chunk = Math.min(content.length - written, 1 + random.nextInt(3000));
      sender.write(new ByteSlice(content, written, chunk), chunk);
      written += chunk;
    }
    sender.finish();

    StreamReceiveState receiver = new StreamReceiveState(4);
    ByteArrayOutputStream delivered = new ByteArrayOutputStream();
    long[] expectedOffset = {0};
    int[] fins = {0};
    StreamReceiveState.Consumer consumer =
        (id, offset, length, data, fin) -> {
          assertEquals(expectedOffset[0], offset, "in order, no gap, no repeat");
          expectedOffset[0] += length;
          if (length > 0) {
            delivered.write(data.array(), data.offset(), length);
          }
          if (fin) {
            fins[0]++;
          }
        };

    OutputRecycling output = new OutputRecycling(); // off: every frame a new object
    List<Frame.Stream> inFlight = new ArrayList<>();
    int rounds = 0;
    while (!sender.isFullyAcknowledged()) {
      assertTrue(++rounds < 10_000, "stalled");
      for (int i = 0; i < 8; i++) {
        Frame.Stream frame =
            sender.hasResendData()
                ? sender.takeResend(1 + random.nextInt(1400), Integer.MAX_VALUE, output)
                : sender.takeNew(1 + random.nextInt(1400), Integer.MAX_VALUE, output);
        if (frame != null) {
          inFlight.add(frame);
        }
      }
      Collections.shuffle(inFlight, new java.util.Random(random.nextLong()));
      for (Frame.Stream frame : inFlight) {
        int fate = random.nextInt(10);
        if (fate < 2) {
          sender.onFrameLost(frame);
        } else {
          receiver.onFrame(frame, consumer);
          if (fate == 2) {
            receiver.onFrame(frame, consumer); // duplicate
          }
          sender.onFrameAcknowledged(frame);
        }
      }
      inFlight.clear();
    }
    assertEquals(1, fins[0], "seed " + seed);
    assertArrayEquals(content, delivered.toByteArray(), "seed " + seed);
  }
}
