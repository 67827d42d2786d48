package dev.moqbed.session;

import dev.moqbed.media.moqt.MaxRequestId;
import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;

/**
 * Keeps a quiet session's QUIC connection busy enough for the peer to answer: every period it sends
 * MAX_REQUEST_ID one higher than the last (draft-14 §9.5: the value may only grow), a
 * control-stream frame the peer must acknowledge. With QUIC's idle timeout set to a short liveness
 * timeout, a peer that stops answering (a relay that restarted and lost the connection) ends the
 * connection after that timeout even when no media flows; a live peer's acknowledgements keep it
 * open. Netty's QUIC codec has no PING of its own, and MoQT draft-14 has no keep-alive message, so
 * this is the least surprising frame a draft-14 peer can receive: it grants one more request id,
 * which the peer may ignore.
 */
public final class KeepAlive {
  private final Scheduler scheduler;
  private final MoqtSession session;
  private final long periodMicros;
  private long nextMaximum = MoqtSession.ADVERTISED_MAX_REQUEST_ID;
  private TimerHandle timer;
  private long sent;

  private KeepAlive(Scheduler scheduler, MoqtSession session, long periodMicros) {
    this.scheduler = scheduler;
    this.session = session;
    this.periodMicros = periodMicros;
  }

  /** Starts sending every {@code periodMicros} until the session closes or {@link #stop()}. */
  public static KeepAlive start(Scheduler scheduler, MoqtSession session, long periodMicros) {
    if (periodMicros <= 0) {
      throw new IllegalArgumentException("keep-alive period must be positive");
    }
    KeepAlive keepAlive = new KeepAlive(scheduler, session, periodMicros);
    keepAlive.schedule();
    return keepAlive;
  }

  /** MAX_REQUEST_ID frames sent so far. */
  public long sent() {
    return sent;
  }

  public void stop() {
    if (timer != null) {
      timer.cancel();
      timer = null;
    }
  }

  private void schedule() {
    timer = scheduler.scheduleAfter(periodMicros, this::tick);
  }

  private void tick() {
    timer = null;
    if (session.isClosed()) {
      return;
    }
    if (session.isReady()) {
      nextMaximum++;
      session.send(new MaxRequestId(nextMaximum));
      sent++;
    }
    schedule();
  }
}
