package dev.moqbed.transport.codec;

import dev.moqbed.transport.quic.Frame;
import dev.moqbed.transport.recovery.AckFrame;
import dev.moqbed.transport.wire.AckFrameContent;

/**
 * One ACK frame a reusing decoder refills for every datagram (see {@link ReusedPackets}): its
 * ranges array, ECN counts and the two frames over them, with and without ECN. A peer's ACK is read
 * while its packet is processed and kept by nothing after (a packet held for its keys keeps a
 * copy), so the objects an ACK was decoded into serve the next one.
 */
final class ReusedAck {
  private long[] ranges = new long[8];
  private final long[] ecn = new long[3];
  private final AckFrame frame = AckFrame.of(0, 0, 0, 0);
  private final Frame.Ack withEcn = new Frame.Ack(frame, ecn);
  private final Frame.Ack withoutEcn = new Frame.Ack(frame, null);

  /** The frame of {@code ack}, its delay in units of 2^{@code exponent} µs. */
  Frame.Ack refill(AckFrameContent ack, int exponent) {
    int count = ack.rangeCount();
    if (ranges.length < 2 * count) {
      ranges = new long[2 * count];
    }
    for (int i = 0; i < count; i++) {
      ranges[2 * i] = ack.rangeSmallest(i);
      ranges[2 * i + 1] = ack.rangeLargest(i);
    }
    frame.refillDecoded(ack.ackDelay() << exponent, exponent, ranges, count);
    if (!ack.hasEcn()) {
      return withoutEcn;
    }
    ecn[0] = ack.ect0();
    ecn[1] = ack.ect1();
    ecn[2] = ack.ecnCe();
    return withEcn;
  }
}
