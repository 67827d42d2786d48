package dev.moqbed.transport.udp.bench;

import dev.moqbed.transport.quic.AckListener;
import dev.moqbed.transport.quic.QuicConnection;

/**
 * The project's sender as it was during the transfer, not only at its end. After every ACK it
 * processed: its latest RTT sample and its bytes in flight, averaged over the ACKs, and its pacing
 * rate, averaged over time. They say what limited a run: a flight well under the final window with
 * a pacing rate near the achieved rate is a paced sender (C4 cruising at its nominal rate), a
 * flight near the window is window-limited, and the RTT is what the sender's queue cost.
 *
 * <p>The pacing rate is weighted by how long it held (a controller changes it only when it
 * processes an ACK or a loss, so from one ACK to the next): an average over ACKs would weigh fast
 * periods more, since they bring more ACKs per second, and overstate the rate the pacer allowed.
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
  private double pacingByteMicros;
  private long pacingMicros;
  private long previousAckMicros;
  private long previousPacingBytesPerSecond;

  /** Starts averaging: the request arrived, the handshake is over. */
  void start() {
    counting = true;
  }

  SenderMeans() {}

  @Override
  public void onAckProcessed(long nowMicros, QuicConnection connection) {
    if (counting) {
      record(
          nowMicros,
          connection.path().latestRttMicros(),
          connection.path().bytesInFlight(),
          connection.controller().pacingRateBytesPerSecond());
    }
  }

  /** One processed ACK: the sender's figures right after it. */
  void record(long nowMicros, long rttMicros, long inFlightBytes, long pacingBytesPerSecond) {
    if (acks > 0 && nowMicros > previousAckMicros) {
      long heldMicros = nowMicros - previousAckMicros;
      pacingByteMicros += (double) previousPacingBytesPerSecond * heldMicros;
      pacingMicros += heldMicros;
    }
    acks++;
    rttSum += rttMicros;
    inFlightSum += inFlightBytes;
    previousAckMicros = nowMicros;
    previousPacingBytesPerSecond = pacingBytesPerSecond;
  }

  Means means() {
    if (acks == 0) {
      return Means.UNKNOWN;
    }
    double pacing =
        pacingMicros == 0 ? previousPacingBytesPerSecond : pacingByteMicros / pacingMicros;
    return new Means(rttSum / acks, inFlightSum / acks, pacing);
  }
}
