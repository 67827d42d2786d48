package dev.moqbed.cc;

/** One RTT measurement, reused by the transport from one call to the next. */
public final class RttSample {
  private PacketSpace packetSpace = PacketSpace.APPLICATION;
  private long rttMicros;
  private long ackDelayMicros;
  private long oneWayDelayMicros = -1;

  /** The sample as the transport computed it (ACK delay removed where the transport does so). */
  public long rttMicros() {
    return rttMicros;
  }

  /** The ACK delay the peer reported for the newest acknowledged packet. */
  public long ackDelayMicros() {
    return ackDelayMicros;
  }

  /** The one-way delay from a peer timestamp, -1 when unknown. */
  public long oneWayDelayMicros() {
    return oneWayDelayMicros;
  }

  /** Fills the sample; returns it for chaining. */
  public RttSample set(long rttMicros, long ackDelayMicros, long oneWayDelayMicros) {
    this.rttMicros = rttMicros;
    this.ackDelayMicros = ackDelayMicros;
    this.oneWayDelayMicros = oneWayDelayMicros;
    return this;
  }

  /** The packet space of the event; {@link PacketSpace#APPLICATION} unless the transport says. */
  public PacketSpace packetSpace() {
    return packetSpace;
  }

  /** Sets the packet space of the event; returns the sample for chaining. */
  public RttSample packetSpace(PacketSpace packetSpace) {
    this.packetSpace = packetSpace;
    return this;
  }
}
