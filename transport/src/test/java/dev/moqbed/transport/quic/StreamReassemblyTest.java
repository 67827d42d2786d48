package dev.moqbed.transport.quic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
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

  /**
   * Frames arriving back to back behind a hole are joined into one piece, whatever their order
   * around it; the budget counts pieces, and is free again once they are delivered. The senders'
   * arrays are never written: a join copies into a buffer of the piece's own.
   */
  @Test
  void shouldJoinBackToBackFramesIntoOnePieceAndFreeTheBudgetOnDelivery() {
    ReassemblyBudget budget = new ReassemblyBudget(10);
    StreamReceiveState receiver = new StreamReceiveState(4, budget);
    byte[] content = new byte[1000];
    new SplittableRandom(7).nextBytes(content);
    byte[] original = content.clone();
    ByteArrayOutputStream delivered = new ByteArrayOutputStream();
    StreamReceiveState.Consumer consumer =
        (id, offset, length, data, fin) -> delivered.write(data.array(), data.offset(), length);
    for (int offset = 100; offset < 1000; offset += 10) {
      receiver.onFrame(frame(content, offset, 10, offset == 990), consumer);
    }
    assertEquals(1, budget.heldPieces(), "ninety frames after the hole, one piece");
    receiver.onFrame(frame(content, 20, 30, false), consumer); // a second hole before it
    receiver.onFrame(frame(content, 60, 40, false), consumer); // joins the long piece
    assertEquals(2, budget.heldPieces());
    receiver.onFrame(frame(content, 0, 20, false), consumer);
    receiver.onFrame(frame(content, 50, 10, false), consumer);
    assertEquals(0, budget.heldPieces());
    assertArrayEquals(content, delivered.toByteArray());
    assertArrayEquals(original, content);
  }

  /** Pieces with a hole between each are counted one by one, until the budget says too many. */
  @Test
  void shouldCountSeparatePiecesAgainstTheBudget() {
    ReassemblyBudget budget = new ReassemblyBudget(3);
    StreamReceiveState receiver = new StreamReceiveState(4, budget);
    byte[] content = new byte[10];
    StreamReceiveState.Consumer ignore = (id, offset, length, data, fin) -> {};
    for (int offset = 1; offset <= 7; offset += 2) {
      assertFalse(budget.isExceeded());
      receiver.onFrame(frame(content, offset, 1, false), ignore);
    }
    assertTrue(budget.isExceeded());
    receiver.onReset(10);
    assertEquals(0, budget.heldPieces(), "a reset gives back what the stream held");
  }

  /** The simulator's frames carry no bytes: never joined, never counted, delivered as they came. */
  @Test
  void shouldLeaveFramesWithoutBytesAsTheyCame() {
    ReassemblyBudget budget = new ReassemblyBudget(0);
    StreamReceiveState receiver = new StreamReceiveState(4, budget);
    List<Integer> lengths = new ArrayList<>();
    StreamReceiveState.Consumer consumer = (id, offset, length, data, fin) -> lengths.add(length);
    receiver.onFrame(new Frame.Stream(4, 10, 5, false, true, null), consumer);
    receiver.onFrame(new Frame.Stream(4, 15, 5, false, true, null), consumer);
    assertFalse(budget.isExceeded());
    receiver.onFrame(new Frame.Stream(4, 0, 10, false, true, null), consumer);
    assertEquals(List.of(10, 5, 5), lengths);
  }

  private static Frame.Stream frame(byte[] content, int offset, int length, boolean fin) {
    return new Frame.Stream(4, offset, length, fin, true, new ByteSlice(content, offset, length));
  }

  private static Frame.Stream copy(Frame.Stream frame) {
    return new Frame.Stream(
        frame.streamId(), frame.offset(), frame.length(), frame.fin(), true, null);
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

    StreamReceiveState receiver =
        new StreamReceiveState(4, new ReassemblyBudget(Integer.MAX_VALUE));
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
    ArrayDeque<Frame.Stream> lost = new ArrayDeque<>(); // as StreamRepeats: whole frames, in parts
    int rounds = 0;
    while (!sender.isFullyAcknowledged()) {
      assertTrue(++rounds < 10_000, "stalled");
      for (int i = 0; i < 8; i++) {
        Frame.Stream frame = null;
        while (frame == null && !lost.isEmpty()) {
          Frame.Stream old = lost.pollFirst();
          if (sender.needsRepeat(old.offset(), old.length(), old.fin())) {
            int part = Math.min(old.length(), 1 + random.nextInt(1400));
            boolean whole = part == old.length();
            frame = sender.repeatFrame(old.offset(), part, whole && old.fin(), true, output);
            if (!whole) {
              lost.addFirst(
                  new Frame.Stream(
                      4, old.offset() + part, old.length() - part, old.fin(), true, null));
            }
          }
        }
        if (frame == null) {
          frame = sender.takeNew(1 + random.nextInt(1400), Integer.MAX_VALUE, output);
        }
        if (frame != null) {
          inFlight.add(frame);
        }
      }
      Collections.shuffle(inFlight, new java.util.Random(random.nextLong()));
      for (Frame.Stream frame : inFlight) {
        int fate = random.nextInt(10);
        if (fate < 2) {
          lost.addLast(copy(frame)); // the frame object may be refilled: keep its values
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
