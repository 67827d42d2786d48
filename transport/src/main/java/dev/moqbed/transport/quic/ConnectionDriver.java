package dev.moqbed.transport.quic;

import dev.moqbed.runtime.Scheduler;
import dev.moqbed.runtime.TimerHandle;
import dev.moqbed.transport.Datagram;
import dev.moqbed.transport.DatagramReceiver;

/**
 * Runs a sans-IO {@link QuicConnection} on a {@link Scheduler}: hands it arriving datagrams, sends
 * what it has to the network one datagram at a time, and keeps one timer at its next wake-up. The
 * same driver serves a virtual and a real-time scheduler.
 *
 * <p>As in picoquic's simulator, arrivals are processed before sending: after a datagram arrives
 * the connection is polled in a task of its own, after every other task due at that time.
 */
public final class ConnectionDriver implements DatagramReceiver {
  private final Scheduler scheduler;
  private final QuicConnection connection;
  private final DatagramReceiver network;
  private TimerHandle wakeTimer;
  private long wakeAtMicros = Long.MAX_VALUE;
  private boolean pumpScheduled;

  public ConnectionDriver(
      Scheduler scheduler, QuicConnection connection, DatagramReceiver network) {
    this.scheduler = scheduler;
    this.connection = connection;
    this.network = network;
    connection.setWakeListener(this::schedulePump);
  }

  public QuicConnection connection() {
    return connection;
  }

  /** Starts the connection: a client sends its first Initial now. */
  public void start() {
    schedulePump();
  }

  @Override
  public void receive(long nowMicros, Datagram datagram) {
    connection.receive(nowMicros, datagram);
    schedulePump();
  }

  private void schedulePump() {
    if (!pumpScheduled) {
      pumpScheduled = true;
      scheduler.execute(this::pump);
    }
  }

  /** Sends one datagram, then comes back for the next, as picoquic prepares one per call. */
  private void pump() {
    pumpScheduled = false;
    long now = scheduler.nowMicros();
    Datagram datagram = connection.poll(now);
    if (datagram != null) {
      network.receive(now, datagram);
      schedulePump();
      return;
    }
    armWakeTimer(connection.nextWakeMicros(now));
  }

  /**
   * Keeps one timer at or before the connection's next wake-up. A pending timer that fires earlier
   * than needed is left alone (it re-polls and re-arms), which spares the scheduler a cancel and a
   * new task on almost every send; a later one is replaced.
   */
  private void armWakeTimer(long atMicros) {
    if (atMicros == Long.MAX_VALUE) {
      return; // nothing to wait for; a pending early timer does no harm
    }
    long now = scheduler.nowMicros();
    // A wake-up due now or in the past means "as soon as possible": one microsecond later, so a
    // connection that cannot make progress at this instant does not spin.
    long due = Math.max(atMicros, now + 1);
    if (wakeTimer != null && wakeTimer.isPending()) {
      if (wakeAtMicros <= due) {
        return;
      }
      wakeTimer.cancel();
    }
    wakeAtMicros = due;
    wakeTimer = scheduler.scheduleAt(due, this::onWake);
  }

  private void onWake() {
    wakeTimer = null;
    wakeAtMicros = Long.MAX_VALUE;
    schedulePump();
  }
}
