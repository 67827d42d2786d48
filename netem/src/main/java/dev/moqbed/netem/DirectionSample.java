package dev.moqbed.netem;

import dev.moqbed.netsim.LinkDirection;

/**
 * What one direction of the emulator did over a stretch of time: an interval, or the whole run.
 * Delays are in microseconds, from the datagram's arrival at the emulator's socket: {@code queue}
 * is the link model's queuing time (submission to start of serialization), {@code transit} the real
 * time until it left by the other socket (queue + serialization + delay + jitter + whatever the
 * host added).
 *
 * @param direction up (clients to the forward address) or down
 * @param startMicros start of the stretch (the emulator's clock)
 * @param durationMicros its length
 * @param received datagrams read from the socket
 * @param receivedBytes their UDP payload bytes
 * @param forwarded datagrams written to the other socket
 * @param forwardedBytes their bytes
 * @param droppedQueue drop-tail drops of the link model (a black hole's backlog ends here too)
 * @param droppedAqm DualQ drops (overflow or PI2)
 * @param droppedLoss burst losses of the schedule
 * @param droppedOversize datagrams over the 1536 bytes a simulated link passes
 * @param droppedBuffer refused because the direction's buffer budget was spent
 * @param droppedSocket the outgoing socket could not take them
 * @param droppedOther empty datagrams, unknown senders, closed or refused clients
 * @param held datagrams the link holds at the end (queued, on the wire, suspended)
 * @param queueP50Micros median queuing time of forwarded datagrams
 * @param queueP99Micros 99th percentile
 * @param transitP50Micros median time in the emulator
 * @param transitP99Micros 99th percentile
 * @param transitMaxMicros maximum
 */
public record DirectionSample(
    LinkDirection direction,
    long startMicros,
    long durationMicros,
    long received,
    long receivedBytes,
    long forwarded,
    long forwardedBytes,
    long droppedQueue,
    long droppedAqm,
    long droppedLoss,
    long droppedOversize,
    long droppedBuffer,
    long droppedSocket,
    long droppedOther,
    long held,
    long queueP50Micros,
    long queueP99Micros,
    long transitP50Micros,
    long transitP99Micros,
    long transitMaxMicros) {

  /** Every drop, whatever the reason. */
  public long dropped() {
    return droppedQueue
        + droppedAqm
        + droppedLoss
        + droppedOversize
        + droppedBuffer
        + droppedSocket
        + droppedOther;
  }

  /** Bits per second forwarded over the stretch (0 if it has no length). */
  public double forwardedBitsPerSecond() {
    return durationMicros <= 0 ? 0 : forwardedBytes * 8e6 / durationMicros;
  }
}
