package dev.moqbed.cc;

/**
 * What one ACK frame taught the transport, reused from one call to the next. "P" below is the
 * newest packet the frame newly acknowledged; the delivery-rate fields follow
 * draft-cheng-iccrg-delivery-rate-estimation as picoquic implements it.
 */
public final class AckSample {
  private PacketSpace packetSpace = PacketSpace.APPLICATION;
  private long ackedBytes;
  private long largestAckedPacketNumber;
  private long largestAckedSentMicros;
  private long rttMicros;
  private long bytesInFlightBefore;
  private long bytesInFlightAtSend;
  private long deliveredSinceSentBytes;
  private long lostSinceSentBytes;
  private long sendIntervalMicros;
  private long deliveryRateBytesPerSecond;
  private boolean applicationLimited;
  private boolean congestionWindowLimitedAtSend;

  /** Bytes newly acknowledged by this frame. */
  public long ackedBytes() {
    return ackedBytes;
  }

  public long largestAckedPacketNumber() {
    return largestAckedPacketNumber;
  }

  /** When P was sent. */
  public long largestAckedSentMicros() {
    return largestAckedSentMicros;
  }

  /** The RTT sample this frame gave, -1 if none. */
  public long rttMicros() {
    return rttMicros;
  }

  /** Bytes in flight when the frame arrived, before the acknowledged bytes were removed. */
  public long bytesInFlightBefore() {
    return bytesInFlightBefore;
  }

  /** Bytes in flight just before P was sent (picoquic's {@code inflight_prior}). */
  public long bytesInFlightAtSend() {
    return bytesInFlightAtSend;
  }

  /** Bytes delivered between P's send and this ACK (picoquic's delivered-since-sent). */
  public long deliveredSinceSentBytes() {
    return deliveredSinceSentBytes;
  }

  /** Bytes declared lost between P's send and this ACK. */
  public long lostSinceSentBytes() {
    return lostSinceSentBytes;
  }

  /** The send-side interval of the delivery-rate sample. */
  public long sendIntervalMicros() {
    return sendIntervalMicros;
  }

  /** The delivery-rate sample taken on this ACK, 0 if none was taken. */
  public long deliveryRateBytesPerSecond() {
    return deliveryRateBytesPerSecond;
  }

  /** Whether the rate sample was taken while the sender was application-limited. */
  public boolean applicationLimited() {
    return applicationLimited;
  }

  /** Whether bytes in flight had reached the window when P was sent. */
  public boolean congestionWindowLimitedAtSend() {
    return congestionWindowLimitedAtSend;
  }

  /** Fills the acknowledgement part; returns the sample for chaining. */
  public AckSample acknowledged(
      long ackedBytes,
      long largestAckedPacketNumber,
      long largestAckedSentMicros,
      long rttMicros,
      long bytesInFlightBefore) {
    this.ackedBytes = ackedBytes;
    this.largestAckedPacketNumber = largestAckedPacketNumber;
    this.largestAckedSentMicros = largestAckedSentMicros;
    this.rttMicros = rttMicros;
    this.bytesInFlightBefore = bytesInFlightBefore;
    return this;
  }

  /** Fills the delivery-rate part; returns the sample for chaining. */
  public AckSample delivery(
      long bytesInFlightAtSend,
      long deliveredSinceSentBytes,
      long lostSinceSentBytes,
      long sendIntervalMicros,
      long deliveryRateBytesPerSecond,
      boolean applicationLimited,
      boolean congestionWindowLimitedAtSend) {
    this.bytesInFlightAtSend = bytesInFlightAtSend;
    this.deliveredSinceSentBytes = deliveredSinceSentBytes;
    this.lostSinceSentBytes = lostSinceSentBytes;
    this.sendIntervalMicros = sendIntervalMicros;
    this.deliveryRateBytesPerSecond = deliveryRateBytesPerSecond;
    this.applicationLimited = applicationLimited;
    this.congestionWindowLimitedAtSend = congestionWindowLimitedAtSend;
    return this;
  }

  /** The packet space of the event; {@link PacketSpace#APPLICATION} unless the transport says. */
  public PacketSpace packetSpace() {
    return packetSpace;
  }

  /** Sets the packet space of the event; returns the sample for chaining. */
  public AckSample packetSpace(PacketSpace packetSpace) {
    this.packetSpace = packetSpace;
    return this;
  }
}
