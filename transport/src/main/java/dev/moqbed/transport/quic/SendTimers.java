package dev.moqbed.transport.quic;

/**
 * The timers an open connection waits on between datagrams: probe timeout, idle and C4's lost
 * feedback always; then, if it may send 1-RTT packets at all, the pacer's next slot, an immediate
 * send, or the ACK delay. The loss-detection timer is already set by the loss scans.
 */
final class SendTimers {
  private final TimerTable timers;
  private final PathState path;
  private final LossDetection loss;
  private final PacketAssembly assembly;
  private final PacketNumberSpace application;
  private final LostFeedbackTimer lostFeedback;

  SendTimers(
      TimerTable timers,
      PathState path,
      LossDetection loss,
      PacketAssembly assembly,
      PacketNumberSpace application,
      AckFrequencyRequest ackFrequency,
      long startMicros) {
    this.timers = timers;
    this.path = path;
    this.loss = loss;
    this.assembly = assembly;
    this.application = application;
    this.lostFeedback = new LostFeedbackTimer(timers, path, application, ackFrequency, startMicros);
  }

  /**
   * @param idleDeadlineMicros when silence from the peer closes the connection
   * @param applicationKeys whether 1-RTT packets can be built
   * @param amplificationAllows whether the {@link AmplificationLimit} lets a datagram go: when it
   *     holds a server back, the server waits for its client, and its probe timer is not armed (RFC
   *     9002 §6.2.2.1: a probe it could not send would fire again at once, and the host would wake
   *     the connection every microsecond until the client spoke or the idle timeout ended it)
   */
  void arm(
      long nowMicros,
      long idleDeadlineMicros,
      boolean applicationKeys,
      boolean amplificationAllows) {
    if (amplificationAllows) {
      timers.set(ConnectionTimer.PROBE_TIMEOUT, loss.timerDeadlineMicros());
    } else {
      timers.stop(ConnectionTimer.PROBE_TIMEOUT);
    }
    timers.set(ConnectionTimer.IDLE, idleDeadlineMicros);
    lostFeedback.arm(nowMicros);
    timers.stop(ConnectionTimer.PACING);
    timers.stop(ConnectionTimer.SEND);
    timers.stop(ConnectionTimer.ACK_DELAY);
    if (!applicationKeys || !amplificationAllows) {
      return;
    }
    if (!path.pacer().canSend(nowMicros)) {
      // picoquic tests pacing first on every pass and, when refused, wakes at the pacing time
      // whatever the window or the queues hold. That next pass is the one that finds the window
      // full and sets the cwnd-blocked flag (or finds nothing to send and marks the sender
      // limited); without it, a burst that ends on pacing with the window full never reports
      // "blocked", and picoquic's Cubic/NewReno slow start stops growing.
      timers.set(ConnectionTimer.PACING, path.pacer().nextSendTimeMicros(nowMicros));
      return;
    }
    // When the next 1-RTT packet could carry something: now, or when the ACK timer fires.
    boolean windowOpen = path.windowAllows(loss.probeTimeoutPending());
    if (assembly.hasAckOrControlToSend(nowMicros)
        || (windowOpen && assembly.hasAnythingForApplicationPacket())) {
      timers.set(ConnectionTimer.SEND, nowMicros);
    } else {
      timers.set(
          ConnectionTimer.ACK_DELAY, application.receivedPackets.nextAckTimeMicros(nowMicros));
    }
  }
}
