package dev.moqbed.netsim;

/**
 * Counters of one link, or of one flow on one link. Invariant, at any instant: {@code packetsSent()
 * == packetsDelivered() + packetsDropped() + packetsQueued()}. Queue delay is the time from
 * submission to the start of serialization, measured on delivered packets (it includes time held by
 * a suspension or by the AQM).
 */
public final class TrafficStatistics {
  private long packetsSent;
  private long bytesSent;
  private long packetsDelivered;
  private long bytesDelivered;
  private final long[] droppedByReason = new long[LinkDropReason.VALUES.length];
  private long packetsQueued;
  private long queueDelaySamples;
  private long queueDelaySumMicros;
  private long queueDelayMaxMicros;
  private long ceMarks;

  void onSent(int sizeBytes) {
    packetsSent++;
    bytesSent += sizeBytes;
    packetsQueued++;
  }

  void onDelivered(int sizeBytes, long queueDelayMicros) {
    packetsDelivered++;
    bytesDelivered += sizeBytes;
    packetsQueued--;
    queueDelaySamples++;
    queueDelaySumMicros += queueDelayMicros;
    queueDelayMaxMicros = Math.max(queueDelayMaxMicros, queueDelayMicros);
  }

  void onDropped(LinkDropReason reason) {
    droppedByReason[reason.ordinal()]++;
    packetsQueued--;
  }

  void onCeMarked() {
    ceMarks++;
  }

  public long packetsSent() {
    return packetsSent;
  }

  public long bytesSent() {
    return bytesSent;
  }

  public long packetsDelivered() {
    return packetsDelivered;
  }

  public long bytesDelivered() {
    return bytesDelivered;
  }

  public long packetsDropped(LinkDropReason reason) {
    return droppedByReason[reason.ordinal()];
  }

  public long packetsDropped() {
    long total = 0;
    for (long count : droppedByReason) {
      total += count;
    }
    return total;
  }

  /** Submitted and neither delivered nor dropped yet: in the AQM, the serializer or the air. */
  public long packetsQueued() {
    return packetsQueued;
  }

  /** Packets an AQM marked CE on this link (they are also counted as delivered or queued). */
  public long packetsCeMarked() {
    return ceMarks;
  }

  public long queueDelaySamples() {
    return queueDelaySamples;
  }

  public long queueDelaySumMicros() {
    return queueDelaySumMicros;
  }

  public long queueDelayMaxMicros() {
    return queueDelayMaxMicros;
  }

  /** Mean queue delay of delivered packets, or 0 before any delivery. */
  public double queueDelayMeanMicros() {
    return queueDelaySamples == 0 ? 0 : (double) queueDelaySumMicros / queueDelaySamples;
  }

  @Override
  public String toString() {
    StringBuilder drops = new StringBuilder();
    for (LinkDropReason reason : LinkDropReason.VALUES) {
      if (droppedByReason[reason.ordinal()] > 0) {
        drops.append(' ').append(reason).append('=').append(droppedByReason[reason.ordinal()]);
      }
    }
    return "sent "
        + packetsSent
        + ", delivered "
        + packetsDelivered
        + ", dropped "
        + packetsDropped()
        + drops
        + ", queued "
        + packetsQueued
        + ", mean queue delay "
        + Math.round(queueDelayMeanMicros())
        + " us";
  }
}
