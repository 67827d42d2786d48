package dev.moqbed.transport.quic;

/**
 * Counters of one connection end, for the draft's metrics: datagrams and bytes sent between the
 * first and the last send (load), and the RTT as picoquic's qlog samples it — the latest RTT once
 * per sent packet and once per processed ACK (its {@code metrics_updated} events), so the per-run
 * average is weighted the way the draft's tables are.
 */
public final class ConnectionStats {
  long datagramsSent;
  long bytesSent;
  long firstSendMicros = -1;
  long lastSendMicros = -1;
  long packetsLost;
  long spuriousLosses;
  long probeTimeouts;
  long packetNumbersSkipped;
  long rttEvents;
  double rttSum;
  double rttSquareSum;
  long cryptoFramesReceived;

  /** The peer's transport parameters once its handshake gave them; null before (and in a model). */
  dev.moqbed.transport.wire.TransportParameters peerParameters;

  /**
   * Send times and sizes of every datagram since {@link #keepSendHistory}, so load can be measured
   * over any window; null when not kept.
   */
  private long[] sendTimesMicros;

  private int[] sendSizes;
  private int historyLength;

  /**
   * Keeps every datagram's send time and size from now on, for {@link #bytesSentBetween}: the
   * simulation's load metric, which learns its window only at the end of a run. Off by default: a
   * live connection would grow by 12 bytes a datagram for as long as it lives.
   */
  public void keepSendHistory() {
    if (sendTimesMicros == null) {
      sendTimesMicros = new long[1024];
      sendSizes = new int[1024];
    }
  }

  /** Records one datagram sent (the connection calls this; public for tools that replay logs). */
  public void onDatagramSent(long nowMicros, int sizeBytes) {
    if (sendTimesMicros != null) {
      record(nowMicros, sizeBytes);
    }
    datagramsSent++;
    bytesSent += sizeBytes;
    if (firstSendMicros < 0) {
      firstSendMicros = nowMicros;
    }
    lastSendMicros = nowMicros;
  }

  void onRttEvent(long latestRttMicros) {
    if (latestRttMicros > 0) {
      rttEvents++;
      rttSum += latestRttMicros;
      rttSquareSum += (double) latestRttMicros * latestRttMicros;
    }
  }

  public long datagramsSent() {
    return datagramsSent;
  }

  public long bytesSent() {
    return bytesSent;
  }

  /** Time of the first datagram sent, -1 before any. */
  public long firstSendMicros() {
    return firstSendMicros;
  }

  /** Time of the last datagram sent, -1 before any. */
  public long lastSendMicros() {
    return lastSendMicros;
  }

  private void record(long nowMicros, int sizeBytes) {
    if (historyLength == sendTimesMicros.length) {
      sendTimesMicros = java.util.Arrays.copyOf(sendTimesMicros, historyLength * 2);
      sendSizes = java.util.Arrays.copyOf(sendSizes, historyLength * 2);
    }
    sendTimesMicros[historyLength] = nowMicros;
    sendSizes[historyLength] = sizeBytes;
    historyLength++;
  }

  /**
   * Bytes of the datagrams sent at times in {@code [fromMicros, toMicros]}; needs {@link
   * #keepSendHistory} from before the first datagram.
   */
  public long bytesSentBetween(long fromMicros, long toMicros) {
    if (sendTimesMicros == null) {
      throw new IllegalStateException("no send history kept (keepSendHistory)");
    }
    long total = 0;
    for (int i = 0; i < historyLength; i++) {
      if (sendTimesMicros[i] >= fromMicros && sendTimesMicros[i] <= toMicros) {
        total += sendSizes[i];
      }
    }
    return total;
  }

  /** CRYPTO frames received, in every space: none in a server's first Initial, no ClientHello. */
  /** The peer's transport parameters, null until the handshake has given them. */
  public dev.moqbed.transport.wire.TransportParameters peerParameters() {
    return peerParameters;
  }

  public long cryptoFramesReceived() {
    return cryptoFramesReceived;
  }

  public long packetsLost() {
    return packetsLost;
  }

  public long spuriousLosses() {
    return spuriousLosses;
  }

  /** 1-RTT packet numbers skipped as picoquic's optimistic-ACK holes. */
  public long packetNumbersSkipped() {
    return packetNumbersSkipped;
  }

  /**
   * Probe timeouts in the ready state, and before it the timer expiries that back the retransmit
   * timer off (picoquic's {@code nb_retransmit}, {@link PreReadyRetransmit}).
   */
  public long probeTimeouts() {
    return probeTimeouts;
  }

  /** Number of RTT samples in the qlog-style series. */
  public long rttEvents() {
    return rttEvents;
  }

  /** Mean of the qlog-style RTT series, truncated as the draft's scripts do (int(mean)). */
  public long rttAverageMicros() {
    return rttEvents == 0 ? 0 : (long) (rttSum / rttEvents);
  }

  /** sqrt(mean(x²) − avg²) with avg the truncated mean, truncated, as the draft's scripts. */
  public long rttStandardDeviationMicros() {
    if (rttEvents == 0) {
      return 0;
    }
    long average = rttAverageMicros();
    double variance = rttSquareSum / rttEvents - (double) average * average;
    return variance <= 0 ? 0 : (long) Math.sqrt(variance);
  }
}
