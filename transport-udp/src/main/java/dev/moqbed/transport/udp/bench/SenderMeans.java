package dev.moqbed.transport.udp.bench;

import dev.moqbed.transport.quic.AckListener;
import dev.moqbed.transport.quic.QuicConnection;

/**
 * The project's sender as it was during the transfer, not only at its end: after every ACK it
 * processed, its latest RTT sample, its bytes in flight and its pacing rate, averaged. They say
 * what limited a run: a flight well under the final window with a pacing rate near the achieved
 * rate is a paced sender (C4 cruising at its nominal rate), a flight near the window is
 * window-limited, and the RTT is what the sender's queue cost.
 */
public final class SenderMeans implements AckListener {
  /** The means of one transfer; {@link #UNKNOWN} for a quiche sender (Netty reports no history). */
  public record Means(double rttMicros, double inFlightBytes, double pacingBytesPerSecond) {
    public static final Means UNKNOWN = new Means(-1, -1, -1);

    public boolean known() {
      return rttMicros >= 0;
    }
  }

  private boolean counting;
  private long acks;
  private double rttSum;
  private double inFlightSum;
  private double pacingSum;

  /** Starts averaging: the request arrived, the handshake is over. */
  void start() {
    counting = true;
  }

  SenderMeans() {}

  @Override
  public void onAckProcessed(long nowMicros, QuicConnection connection) {
    if (!counting) {
      return;
    }
    acks++;
    rttSum += connection.path().latestRttMicros();
    inFlightSum += connection.path().bytesInFlight();
    pacingSum += connection.controller().pacingRateBytesPerSecond();
  }

  Means means() {
    return acks == 0
        ? Means.UNKNOWN
        : new Means(rttSum / acks, inFlightSum / acks, pacingSum / acks);
  }
}
