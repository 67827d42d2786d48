package dev.moqbed.cc;

/**
 * A {@link PathView} whose values are set directly: for hosts that keep their path state in one
 * place, for controller tests that script a path, and for benchmarks. Setters return {@code this}.
 * Defaults match a fresh picoquic path: 1,252-byte packets, 250 ms smoothed RTT, no samples.
 */
public final class SettablePathView implements PathView {
  private int maxDatagramSizeBytes = 1252;
  private long bytesInFlight = 0;
  private long smoothedRttMicros = 250_000;
  private long rttVarianceMicros = 0;
  private long minRttMicros = 0;
  private long latestRttMicros = 0;
  private long deliveryRateBytesPerSecond = 0;
  private long peakDeliveryRateBytesPerSecond = 0;
  private long deliveredBytes = 0;
  private long nextPacketNumber = 0;
  private long lowestOutstandingPacketNumber = 0;
  private long largestAckedPacketNumber = -1;
  private boolean isReady = true;
  private long lastSenderLimitedMicros = Long.MIN_VALUE;
  private long lastAckedDataSentMicros = 0;
  private boolean congestionWindowBlocked = false;
  private long peerEct0Total = 0;
  private long peerEct1Total = 0;
  private long peerCeTotal = 0;

  @Override
  public int maxDatagramSizeBytes() {
    return maxDatagramSizeBytes;
  }

  public SettablePathView maxDatagramSizeBytes(int value) {
    this.maxDatagramSizeBytes = value;
    return this;
  }

  @Override
  public long bytesInFlight() {
    return bytesInFlight;
  }

  public SettablePathView bytesInFlight(long value) {
    this.bytesInFlight = value;
    return this;
  }

  @Override
  public long smoothedRttMicros() {
    return smoothedRttMicros;
  }

  public SettablePathView smoothedRttMicros(long value) {
    this.smoothedRttMicros = value;
    return this;
  }

  @Override
  public long rttVarianceMicros() {
    return rttVarianceMicros;
  }

  public SettablePathView rttVarianceMicros(long value) {
    this.rttVarianceMicros = value;
    return this;
  }

  @Override
  public long minRttMicros() {
    return minRttMicros;
  }

  public SettablePathView minRttMicros(long value) {
    this.minRttMicros = value;
    return this;
  }

  @Override
  public long latestRttMicros() {
    return latestRttMicros;
  }

  public SettablePathView latestRttMicros(long value) {
    this.latestRttMicros = value;
    return this;
  }

  @Override
  public long deliveryRateBytesPerSecond() {
    return deliveryRateBytesPerSecond;
  }

  public SettablePathView deliveryRateBytesPerSecond(long value) {
    this.deliveryRateBytesPerSecond = value;
    return this;
  }

  @Override
  public long peakDeliveryRateBytesPerSecond() {
    return peakDeliveryRateBytesPerSecond;
  }

  public SettablePathView peakDeliveryRateBytesPerSecond(long value) {
    this.peakDeliveryRateBytesPerSecond = value;
    return this;
  }

  @Override
  public long deliveredBytes() {
    return deliveredBytes;
  }

  public SettablePathView deliveredBytes(long value) {
    this.deliveredBytes = value;
    return this;
  }

  @Override
  public long nextPacketNumber() {
    return nextPacketNumber;
  }

  public SettablePathView nextPacketNumber(long value) {
    this.nextPacketNumber = value;
    return this;
  }

  @Override
  public long lowestOutstandingPacketNumber() {
    return lowestOutstandingPacketNumber;
  }

  public SettablePathView lowestOutstandingPacketNumber(long value) {
    this.lowestOutstandingPacketNumber = value;
    return this;
  }

  @Override
  public long largestAckedPacketNumber() {
    return largestAckedPacketNumber;
  }

  public SettablePathView largestAckedPacketNumber(long value) {
    this.largestAckedPacketNumber = value;
    return this;
  }

  @Override
  public boolean isReady() {
    return isReady;
  }

  public SettablePathView isReady(boolean value) {
    this.isReady = value;
    return this;
  }

  @Override
  public long lastSenderLimitedMicros() {
    return lastSenderLimitedMicros;
  }

  public SettablePathView lastSenderLimitedMicros(long value) {
    this.lastSenderLimitedMicros = value;
    return this;
  }

  @Override
  public long lastAckedDataSentMicros() {
    return lastAckedDataSentMicros;
  }

  public SettablePathView lastAckedDataSentMicros(long value) {
    this.lastAckedDataSentMicros = value;
    return this;
  }

  @Override
  public boolean congestionWindowBlocked() {
    return congestionWindowBlocked;
  }

  public SettablePathView congestionWindowBlocked(boolean value) {
    this.congestionWindowBlocked = value;
    return this;
  }

  @Override
  public long peerEct0Total() {
    return peerEct0Total;
  }

  public SettablePathView peerEct0Total(long value) {
    this.peerEct0Total = value;
    return this;
  }

  @Override
  public long peerEct1Total() {
    return peerEct1Total;
  }

  public SettablePathView peerEct1Total(long value) {
    this.peerEct1Total = value;
    return this;
  }

  @Override
  public long peerCeTotal() {
    return peerCeTotal;
  }

  public SettablePathView peerCeTotal(long value) {
    this.peerCeTotal = value;
    return this;
  }

  @Override
  public void overrideMinRttMicros(long minRttMicros) {
    this.minRttMicros = minRttMicros;
  }
}
