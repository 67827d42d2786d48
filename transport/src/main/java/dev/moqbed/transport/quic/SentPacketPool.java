package dev.moqbed.transport.quic;

/**
 * The connection's free sent-packet records (picoquic keeps a free list of packets the same way): a
 * packet acknowledged, or declared lost and then forgotten, gives its record back, and the next
 * packet sent takes it, so a sender in steady state allocates no record per packet.
 *
 * <p>Bounded: at most {@link #MAX_FREE} records wait here; beyond that they are left to the garbage
 * collector. In steady state a sender takes back about as many records per ACK as it then sends,
 * far fewer than the bound; a burst of losses or a discarded space frees more.
 */
final class SentPacketPool {
  static final int MAX_FREE = 512;

  private final OutputRecycling output;
  private SentPacket free;
  private int freeCount;

  /**
   * @param output takes the frames of each record given back, when the connection reuses them
   */
  SentPacketPool(OutputRecycling output) {
    this.output = output;
  }

  /** A record for a packet that leaves now, reused when one is free. */
  SentPacket take() {
    SentPacket record = free;
    if (record == null) {
      return new SentPacket();
    }
    free = record.nextFree;
    record.nextFree = null;
    record.pooled = false;
    freeCount--;
    return record;
  }

  /**
   * Takes back a record that no list of its space holds any more and that nothing will read again.
   * Its frames are let go: to {@link OutputRecycling} (which keeps them only when the connection's
   * output is encoded at once), or to the simulated network still carrying the sent packet.
   */
  void release(SentPacket record) {
    if (record.pooled) {
      // Two owners of one record would corrupt two packets: a bug in the connection, never input.
      throw new IllegalStateException("sent packet " + record.packetNumber + " released twice");
    }
    record.pooled = true;
    output.giveBack(record.frames);
    record.frames = null;
    if (freeCount >= MAX_FREE) {
      return;
    }
    record.nextFree = free;
    free = record;
    freeCount++;
  }

  /** Free records waiting to be reused. */
  int freeCount() {
    return freeCount;
  }
}
