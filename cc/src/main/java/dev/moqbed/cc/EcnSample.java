package dev.moqbed.cc;

/** The peer's ECN counters after they grew, reused by the transport from one call to the next. */
public final class EcnSample {
  private PacketSpace packetSpace = PacketSpace.APPLICATION;
  private long ect0Total;
  private long ect1Total;
  private long ceTotal;
  private long largestAckedPacketNumber;

  public long ect0Total() {
    return ect0Total;
  }

  public long ect1Total() {
    return ect1Total;
  }

  public long ceTotal() {
    return ceTotal;
  }

  /** The largest packet number acknowledged by the frame that carried the counts. */
  public long largestAckedPacketNumber() {
    return largestAckedPacketNumber;
  }

  /** Fills the sample; returns it for chaining. */
  public EcnSample set(
      long ect0Total, long ect1Total, long ceTotal, long largestAckedPacketNumber) {
    this.ect0Total = ect0Total;
    this.ect1Total = ect1Total;
    this.ceTotal = ceTotal;
    this.largestAckedPacketNumber = largestAckedPacketNumber;
    return this;
  }

  /** The packet space of the event; {@link PacketSpace#APPLICATION} unless the transport says. */
  public PacketSpace packetSpace() {
    return packetSpace;
  }

  /** Sets the packet space of the event; returns the sample for chaining. */
  public EcnSample packetSpace(PacketSpace packetSpace) {
    this.packetSpace = packetSpace;
    return this;
  }
}
