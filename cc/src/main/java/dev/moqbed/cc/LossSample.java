package dev.moqbed.cc;

/** One packet declared lost, with the transport's snapshot taken when it was sent; reused. */
public final class LossSample {
  private PacketSpace packetSpace = PacketSpace.APPLICATION;
  private long packetNumber;
  private long sentMicros;
  private int sizeBytes;
  private LossTrigger trigger = LossTrigger.ACK_THRESHOLD;
  private long bytesInFlightAtSend;
  private long deliveredSinceSentBytes;
  private long lostSinceSentBytes;
  private boolean applicationLimitedAtSend;
  private boolean congestionWindowLimitedAtSend;

  public long packetNumber() {
    return packetNumber;
  }

  public long sentMicros() {
    return sentMicros;
  }

  public int sizeBytes() {
    return sizeBytes;
  }

  public LossTrigger trigger() {
    return trigger;
  }

  /** Bytes in flight just before the lost packet was sent. */
  public long bytesInFlightAtSend() {
    return bytesInFlightAtSend;
  }

  /** Bytes delivered between the packet's send and its loss. */
  public long deliveredSinceSentBytes() {
    return deliveredSinceSentBytes;
  }

  /** Bytes declared lost between the packet's send and its loss, this packet included. */
  public long lostSinceSentBytes() {
    return lostSinceSentBytes;
  }

  public boolean applicationLimitedAtSend() {
    return applicationLimitedAtSend;
  }

  public boolean congestionWindowLimitedAtSend() {
    return congestionWindowLimitedAtSend;
  }

  /** Fills the sample; returns it for chaining. */
  public LossSample set(
      long packetNumber,
      long sentMicros,
      int sizeBytes,
      LossTrigger trigger,
      long bytesInFlightAtSend,
      long deliveredSinceSentBytes,
      long lostSinceSentBytes,
      boolean applicationLimitedAtSend,
      boolean congestionWindowLimitedAtSend) {
    this.packetNumber = packetNumber;
    this.sentMicros = sentMicros;
    this.sizeBytes = sizeBytes;
    this.trigger = trigger;
    this.bytesInFlightAtSend = bytesInFlightAtSend;
    this.deliveredSinceSentBytes = deliveredSinceSentBytes;
    this.lostSinceSentBytes = lostSinceSentBytes;
    this.applicationLimitedAtSend = applicationLimitedAtSend;
    this.congestionWindowLimitedAtSend = congestionWindowLimitedAtSend;
    return this;
  }

  /** The packet space of the event; {@link PacketSpace#APPLICATION} unless the transport says. */
  public PacketSpace packetSpace() {
    return packetSpace;
  }

  /** Sets the packet space of the event; returns the sample for chaining. */
  public LossSample packetSpace(PacketSpace packetSpace) {
    this.packetSpace = packetSpace;
    return this;
  }
}
